// One example call per wearables operation: the request a caller sends and the success response.
// Recorded from runs of test/modules/wearables against the local WHOOP stand-in (ids and the signed
// state shortened to placeholders) and checked against each operation's schemas by
// test/modules/discovery/examples.test.ts.

import type { OperationExample } from '../shared/operation'

const connection = {
  id: 'wcn_01kf0hhz8rcga6s3vbfag0mn9a',
  source_provider: 'whoop',
  provider_user_id: '10129',
  status: 'active',
  scopes: ['offline', 'read:profile', 'read:cycles', 'read:recovery', 'read:sleep', 'read:workout'],
  credentials: 'first_party',
  token_expires_at: '2026-01-15T10:00:00.000Z',
  has_refresh_token: true,
  connected_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:00.000Z',
  last_sync_at: null,
}

const state = 'wau_01kf0hhz8rcga6s3vbfag0mn99.q6bWk1m2bq0n1Yl3T7zY0sZ4i6c8p2Xo7dQ5vJ9kR1E'

export const wearablesExamples = {
  'wearables.start': {
    request: {
      body: { user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88', source_provider: 'whoop', state: 'app-session-41' },
    },
    response: {
      authorization_url: `https://api.prod.whoop.com/oauth/oauth2/auth?response_type=code&client_id=wds-client&redirect_uri=https%3A%2F%2Fhealth.example.com%2Fconsole%2Fwearables&scope=offline+read%3Aprofile+read%3Acycles+read%3Arecovery+read%3Asleep+read%3Aworkout+read%3Abody_measurement&state=${state}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`,
      source_provider: 'whoop',
      state,
      expires_at: '2026-01-15T09:10:00.000Z',
      pkce: true,
    },
  },
  'wearables.callback': {
    request: {
      body: {
        user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88',
        organization_id: 'org_01kf0hhz8rcga6s3vbfag0mn89',
        source_provider: 'whoop',
        code: 'authorization-code-from-redirect',
        state,
      },
    },
    response: { connection, replaced: false, state: 'app-session-41' },
  },
  'wearables.connections': {
    request: {},
    response: { data: [connection] },
  },
  'wearables.disconnect': {
    request: { params: { provider: 'whoop' } },
    response: { source_provider: 'whoop', disconnected: true, revoked_at_provider: true },
  },
  'wearables.refresh': {
    request: {
      params: { provider: 'whoop' },
      body: {
        refresh_token: '<refresh token>',
        client_id: 'your-client-id',
        client_secret: '<client secret>',
      },
    },
    response: {
      source_provider: 'whoop',
      refreshed_token: '<new refresh token>',
      rotated: true,
      expires_at: '2026-01-15T10:00:00.000Z',
      scopes: ['offline', 'read:recovery'],
      stored_connection_updated: false,
    },
  },
  'wearables.sync': {
    request: {
      body: {
        user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88',
        organization_id: 'org_01kf0hhz8rcga6s3vbfag0mn89',
        source_provider: 'whoop',
        provider_user_id: '10129',
        start: '2026-01-10',
        end: '2026-01-14',
        async: false,
      },
    },
    response: {
      status: 'completed',
      source_provider: 'whoop',
      provider_user_id: '10129',
      start: '2026-01-10',
      end: '2026-01-14',
      source_id: 'src_01kf0hj4m2p8c1v7x3n5q9r2td',
      record_count: 60,
      observation_count: 60,
      warnings: [],
      synced_at: '2026-01-15T09:05:00.000Z',
    },
  },
  'wearables.sync_jobs.get': {
    request: { params: { id: 'wsj_01kf0hj4m2p8c1v7x3n5q9r2tf' } },
    response: {
      id: 'wsj_01kf0hj4m2p8c1v7x3n5q9r2tf',
      status: 'succeeded',
      source_provider: 'whoop',
      provider_user_id: '10129',
      start: '2026-01-10',
      end: '2026-01-14',
      trigger: 'request',
      progress: { stage: 'done', percent: 100 },
      source_id: 'src_01kf0hj4m2p8c1v7x3n5q9r2td',
      record_count: 60,
      observation_count: 60,
      error: null,
      created_at: '2026-01-15T09:05:00.000Z',
      started_at: '2026-01-15T09:05:01.000Z',
      finished_at: '2026-01-15T09:05:03.000Z',
    },
  },
  'wearables.webhooks.whoop': {
    request: {
      body: {
        user_id: 10129,
        id: 'ecfc6a15-4661-442f-a9a4-f160dd7afa10',
        type: 'recovery.updated',
        trace_id: 'e369c784-5100-49e8-8098-75d35c47b31b',
      },
    },
    response: { received: true, event: 'recovery.updated', syncs_queued: 1 },
  },
  'wearables.webhooks.oura': {
    request: {
      body: {
        event_type: 'update',
        data_type: 'daily_sleep',
        object_id: 'ds-2026-01-14',
        event_time: '2026-01-15T07:31:02+00:00',
        user_id: '8f9a5221-639e-4a85-81cb-4065ef23f979',
      },
    },
    response: { received: true, event: 'update daily_sleep', syncs_queued: 1 },
  },
  'wearables.webhooks.oura_verify': {
    request: { query: { verification_token: 'a-long-verification-token', challenge: 'ch-5f2b9c' } },
    response: { challenge: 'ch-5f2b9c' },
  },
  'wearables.records.stream': {
    request: {},
    response: {
      source: 'health_connect',
      received: 12000,
      accepted: 12000,
      duplicates: 0,
      skipped_count: 0,
      observation_count: 1460,
      source_ids: [
        'src_01kf0hj4m2p8c1v7x3n5q9r2tg',
        'src_01kf0hj4m2p8c1v7x3n5q9r2th',
        'src_01kf0hj4m2p8c1v7x3n5q9r2tj',
      ],
    },
  },
  'wearables.records.upload': {
    request: {
      body: {
        source: 'apple_health',
        device: { manufacturer: 'Apple Inc.', model: 'Watch', name: 'Apple Watch', type: 'watch' },
        records: [
          {
            id: '6B1C2F5E-4F0A-4C55-9F43-1E2D9C0A7B11',
            type: 'HKQuantityTypeIdentifierStepCount',
            start: '2026-03-03T08:00:00.000Z',
            end: '2026-03-03T08:10:00.000Z',
            zone_offset: '+01:00',
            value: 1250,
            unit: 'count',
            source_app: 'com.apple.health',
          },
          {
            id: '0F7E3A9C-2B64-4D8E-A1C5-77B0E2D4F931',
            type: 'HKCategoryTypeIdentifierSleepAnalysis',
            start: '2026-03-03T23:05:00.000Z',
            end: '2026-03-04T00:35:00.000Z',
            zone_offset: '+01:00',
            category: 'HKCategoryValueSleepAnalysisAsleepDeep',
          },
        ],
      },
    },
    response: {
      source: 'apple_health',
      received: 2,
      accepted: 2,
      duplicates: 0,
      skipped: [],
      skipped_count: 0,
      source_id: 'src_01kf0hj4m2p8c1v7x3n5q9r2te',
      observation_count: 3,
      warnings: [],
    },
  },
} satisfies Record<string, OperationExample>
