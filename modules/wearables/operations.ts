// Operations of the wearables module: start a provider authorization, complete it at the callback, and
// list the caller's connections. Tokens never appear in a response.

import { defineOperation } from '../shared/operation'
import { hasGrant, scopeOf } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { CREATES, READS } from '../shared/tool-annotations'
import { disconnect } from './connections/disconnect'
import { completeHealthConnect } from './connections/health-connect'
import { listConnections } from './connections/list'
import { refreshConnection } from './connections/refresh'
import { completeConnection, startConnection } from './connections/service'
import { syncConnection } from './connections/sync'
import { getSyncJob } from './connections/sync-jobs'
import { receiveOuraWebhook, receiveWhoopWebhook, verifyOuraSubscription } from './connections/webhooks'
import { wearablesExamples } from './examples'
import {
  OuraVerificationAnswer,
  OuraVerificationQuery,
  WearableCallbackBody,
  WearableCallbackResult,
  WearableConnectionList,
  WearableDisconnected,
  WearableProviderParams,
  WearableRefreshBody,
  WearableRefreshResult,
  WearableStartBody,
  WearableStartResult,
  WearableSyncBody,
  WearableSyncJob,
  WearableSyncJobParams,
  WearableSyncResult,
  WebhookReceived,
} from './model'
import {
  MAX_UPLOAD_RECORDS,
  WearableUploadBody,
  WearableUploadResult,
  WearableUploadStreamResult,
} from './uploads/model'
import { uploadRecords } from './uploads/service'
import { MAX_STREAM_BYTES, uploadStream } from './uploads/stream'

const tags = ['Wearables']

export const wearablesStart = defineOperation(
  {
    id: 'wearables.start',
    example: wearablesExamples['wearables.start'],
    method: 'POST',
    path: '/connections/wearables/start',
    summary: 'Start connecting a wearable: returns the provider authorization URL to open for the user',
    description:
      'The URL carries a signed, single-use `state` bound to the caller that expires after 10 minutes, and a PKCE challenge where the provider takes one. With first-party credentials configured (WHOOP_CLIENT_ID/_SECRET) client_id and redirect_uri may be left out. For `health_connect` the URL opens the console’s approval page, where the signed-in person approves and is shown the connection code the companion app sends to the callback. Needs TOKEN_ENCRYPTION_KEY (503 without).',
    tags,
    grant: 'wearables',
    body: WearableStartBody,
    output: WearableStartResult,
    errors: [501, 503],
  },
  ({ body }, { app, principal }) => startConnection(app, scopeOf(principal), body),
)

export const wearablesCallback = defineOperation(
  {
    id: 'wearables.callback',
    example: wearablesExamples['wearables.callback'],
    method: 'POST',
    path: '/connections/wearables/callback',
    summary:
      'Complete a wearable connection: exchange the authorization code (tokens stored encrypted) or the Health Connect connection code (a device credential)',
    description:
      'WHOOP and Oura need a bearer token with the `wearables` grant: send the `code` (and the `state`) from the provider redirect. Oura connects here directly with your own client_id, client_secret and redirect_uri. Reconnecting replaces the earlier connection. Tokens are stored AES-256-GCM encrypted and never returned.\n\nFor `health_connect` the companion app, which holds no credential yet, calls without a bearer token: the single-use connection code (valid 10 minutes, shown in the console after the person approved) is the proof, and it must be sent with the user_id and organization_id it was shown for. The answer carries `device_credential`, shown once, which may only upload records for that person. Wrong codes are limited to 10 per 10 minutes.',
    tags,
    // Public at the gate: the Health Connect exchange is authorised by its connection code; the OAuth
    // providers are checked in the handler (a bearer token with the wearables grant, own scope).
    grant: null,
    body: WearableCallbackBody,
    output: WearableCallbackResult,
    errors: [401, 403, 429, 501, 502, 503],
  },
  ({ body }, { app, principal, request }) => {
    if (body.source_provider === 'health_connect')
      return completeHealthConnect(
        app,
        { organization_id: body.organization_id, user_id: body.user_id },
        body,
        request.ip,
      )
    if (!principal)
      throw new ProblemError(
        'unauthorized',
        'Completing a WHOOP or Oura connection needs a bearer token: Authorization: Bearer <token>.',
        { headers: { 'www-authenticate': 'Bearer realm="wellness"' } },
      )
    if (!hasGrant(principal.grants, 'wearables'))
      throw new ProblemError(
        'forbidden',
        'The token does not carry the "wearables" grant this operation needs.',
      )
    return completeConnection(app, scopeOf(principal), { ...body, source_provider: body.source_provider })
  },
)

export const wearablesConnections = defineOperation(
  {
    id: 'wearables.connections',
    example: wearablesExamples['wearables.connections'],
    method: 'GET',
    path: '/connections/wearables',
    summary: 'List the caller’s wearable connections with their status and last sync',
    tags,
    grant: 'wearables',
    output: WearableConnectionList,
    mcp: { tool: 'list_wearable_connections', annotations: READS },
  },
  async (_input, { app, principal }) => ({ data: await listConnections(app, scopeOf(principal)) }),
)

export const wearablesDisconnect = defineOperation(
  {
    id: 'wearables.disconnect',
    example: wearablesExamples['wearables.disconnect'],
    method: 'POST',
    path: '/connections/wearables/:provider/disconnect',
    summary: 'Disconnect a wearable: revoke access at the provider and delete the stored tokens (no body)',
    tags,
    grant: 'wearables',
    outsideAllowance: 'Revoking access stays available whatever the plan.',
    params: WearableProviderParams,
    output: WearableDisconnected,
    errors: [404],
  },
  ({ params }, { app, principal }) => disconnect(app, scopeOf(principal), params.provider),
)

export const wearablesRefresh = defineOperation(
  {
    id: 'wearables.refresh',
    example: wearablesExamples['wearables.refresh'],
    method: 'POST',
    path: '/connections/:provider/refresh',
    summary: 'Refresh provider tokens you hold: returns the rotated refresh token in refreshed_token',
    description:
      'For own-credential flows where the caller keeps the tokens. WHOOP and Oura rotate the refresh token: persist `refreshed_token`. When the refresh token is the one of your stored connection, that connection is updated too.',
    tags,
    grant: 'wearables',
    params: WearableProviderParams,
    body: WearableRefreshBody,
    output: WearableRefreshResult,
    errors: [501, 502],
  },
  ({ params, body }, { app, principal }) => refreshConnection(app, scopeOf(principal), params.provider, body),
)

export const wearablesSync = defineOperation(
  {
    id: 'wearables.sync',
    example: wearablesExamples['wearables.sync'],
    method: 'POST',
    path: '/connections/wearables/sync',
    summary: 'Sync a date range from a connected WHOOP or Oura account into a new source',
    description:
      'With `async: true` the sync is queued on the job queue and the answer is the job (status `queued`); GET /connections/wearables/sync-jobs/{id} (MCP `get_wearable_sync_job`) reads its progress and outcome. Otherwise it reads every page of the provider’s data in the range (WHOOP v2 cycles, recovery, sleep, workouts and body measurements; Oura v2 daily sleep, activity and readiness, sleep periods, workouts and heart rate), maps it to the wearable metrics (provider scores kept as their own metrics) and stores one source, listed by GET /sources. On a provider 401 the tokens are refreshed once; when you sent refresh_token the rotated one comes back in `refreshed_token`. Provider 429/5xx are retried a few times honouring Retry-After, then answered 503/502 with nothing stored. Counts one wearable sync against the plan quota.',
    tags,
    grant: 'wearables',
    body: WearableSyncBody,
    output: WearableSyncResult,
    errors: [404, 429, 501, 502, 503],
    // Adds a source each call and reads from the provider's API: open-world.
    mcp: { tool: 'sync_wearable', annotations: { ...CREATES, openWorld: true } },
  },
  ({ body }, { app, principal }) => syncConnection(app, scopeOf(principal), body),
)

export const wearablesUpload = defineOperation(
  {
    id: 'wearables.records.upload',
    example: wearablesExamples['wearables.records.upload'],
    method: 'POST',
    path: '/connections/wearables/records',
    summary:
      'Upload a batch of records from Apple Health, Samsung Health or Health Connect (companion app or mobile bridge)',
    description: `Normalized records read on the phone (HealthKit sample and category types, Samsung Health data types, Health Connect record types), with device and source metadata. Authorised by the Health Connect companion app's device credential, the user's API key or a per-user service token. Idempotent by record id: a record sent again is counted in \`duplicates\` and not stored twice. New records land as one source, listed by GET /sources and used by analyses; where they overlap another source or device the more trusted device wins per hour (steps, energy) or per day, never adding both. A batch holds at most ${MAX_UPLOAD_RECORDS} records; one that breaks the protocol is refused whole (422, naming each record).`,
    tags,
    grant: 'wearable_uploads',
    body: WearableUploadBody,
    output: WearableUploadResult,
    maxBodyBytes: 8 * 1024 * 1024,
    errors: [413],
  },
  ({ body }, { app, principal }) => uploadRecords(app, principal, body),
)

export const wearablesUploadStream = defineOperation(
  {
    id: 'wearables.records.stream',
    example: wearablesExamples['wearables.records.stream'],
    method: 'POST',
    path: '/connections/wearables/records/stream',
    summary: 'Upload a large number of records as a stream (NDJSON): a header line, then one record per line',
    description:
      'For uploads beyond one batch (a first sync of years of data). `application/x-ndjson`: the first line is `{"source": …, "device"?: …}`, each further line one record in the shape of POST /connections/wearables/records. Read as it arrives and stored in chunks of 5000 records, each a source, idempotent by record id; at most 256 MiB. A line that is not a record is 422 naming it (`/lines/12`); chunks before it are stored, so send the corrected stream again (they count as duplicates).',
    tags,
    grant: 'wearable_uploads',
    rawBody: {
      mediaTypes: ['application/x-ndjson'],
      description: 'A header line, then one upload record per line (JSON each).',
    },
    maxBodyBytes: MAX_STREAM_BYTES,
    output: WearableUploadStreamResult,
    errors: [413, 415],
  },
  (_input, { app, principal, request }) => uploadStream(app, principal, request.raw),
)

export const wearablesSyncJob = defineOperation(
  {
    id: 'wearables.sync_jobs.get',
    example: wearablesExamples['wearables.sync_jobs.get'],
    method: 'GET',
    path: '/connections/wearables/sync-jobs/:id',
    summary: 'Read a queued wearable sync: its progress, the source it landed, or why it failed',
    tags,
    grant: 'wearables',
    params: WearableSyncJobParams,
    output: WearableSyncJob,
    errors: [404],
    mcp: { tool: 'get_wearable_sync_job', annotations: READS },
  },
  ({ params }, { app, principal }) => getSyncJob(app, scopeOf(principal), params.id),
)

export const wearablesWhoopWebhook = defineOperation(
  {
    id: 'wearables.webhooks.whoop',
    example: wearablesExamples['wearables.webhooks.whoop'],
    method: 'POST',
    path: '/connections/wearables/webhooks/whoop',
    summary: 'Receive a WHOOP v2 webhook (called by WHOOP, authorised by its signature): queues a sync',
    description:
      'For the deployment’s own WHOOP app (WHOOP_CLIENT_ID/_SECRET): X-WHOOP-Signature must be the base64 HMAC-SHA256 of X-WHOOP-Signature-Timestamp followed by the raw body, keyed with the client secret, and the timestamp within five minutes. Each valid event queues an async sync of yesterday and today for every first-party connection to that WHOOP member; a bad signature is 400 and queues nothing.',
    tags,
    grant: null,
    rawBody: { mediaTypes: ['application/json'], description: 'The WHOOP event exactly as WHOOP sent it.' },
    output: WebhookReceived,
    errors: [413, 503],
  },
  (_input, { app, request }) => receiveWhoopWebhook(app, request.raw),
)

export const wearablesOuraWebhook = defineOperation(
  {
    id: 'wearables.webhooks.oura',
    example: wearablesExamples['wearables.webhooks.oura'],
    method: 'POST',
    path: '/connections/wearables/webhooks/oura',
    summary: 'Receive an Oura v2 webhook (called by Oura, authorised by its signature): queues a sync',
    description:
      'For the deployment’s own Oura app (OURA_CLIENT_ID/_SECRET): x-oura-signature must be the upper-case hex HMAC-SHA256 of x-oura-timestamp followed by the raw body, keyed with the client secret, and the timestamp within five minutes. Each valid event queues an async sync of yesterday and today for every first-party connection to that Oura member.',
    tags,
    grant: null,
    rawBody: { mediaTypes: ['application/json'], description: 'The Oura event exactly as Oura sent it.' },
    output: WebhookReceived,
    errors: [413, 503],
  },
  (_input, { app, request }) => receiveOuraWebhook(app, request.raw),
)

export const wearablesOuraVerification = defineOperation(
  {
    id: 'wearables.webhooks.oura_verify',
    example: wearablesExamples['wearables.webhooks.oura_verify'],
    method: 'GET',
    path: '/connections/wearables/webhooks/oura',
    summary: 'Answer Oura’s webhook subscription check (called by Oura): echoes the challenge',
    description:
      'Oura calls this when a subscription is created, with the verification_token given then (OURA_WEBHOOK_VERIFICATION_TOKEN) and a challenge; the answer is `{"challenge": …}`. Another token is 403.',
    tags,
    grant: null,
    query: OuraVerificationQuery,
    output: OuraVerificationAnswer,
    errors: [403],
  },
  ({ query }, { app }) => verifyOuraSubscription(app, query),
)

export const wearablesOperations = [
  wearablesStart,
  wearablesCallback,
  wearablesConnections,
  wearablesDisconnect,
  wearablesRefresh,
  wearablesSync,
  wearablesSyncJob,
  wearablesUpload,
  wearablesUploadStream,
  wearablesWhoopWebhook,
  wearablesOuraWebhook,
  wearablesOuraVerification,
]
