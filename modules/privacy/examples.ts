// One example call per privacy operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const privacyExamples = {
  'privacy.export_job': {
    request: {
      params: {
        user_id: 'usr_01m87ner5zfehgmg63m3a93n3f',
        job_id: 'exp_01m87nerzp3ytw5xbz9dbpm74h',
      },
    },
    response: {
      job_id: 'exp_01m87nerzp3ytw5xbz9dbpm74h',
      state: 'succeeded',
      stage: 'done',
      percent: 100,
      bytes_total: 38736,
      archive_bytes: 49137,
      download_url:
        'http://localhost:3000/privacy/exports/exp_01m87nerzp3ytw5xbz9dbpm74h/archive?token=abafd5e1f1064ec58af636b24dead674ecd4cbd52a4e4c1f8d5f3ba91061a24a',
      download_expires_at: '2026-01-15T09:15:00.000Z',
      error: null,
    },
  },
  'privacy.delete': {
    request: {
      params: {
        user_id: 'usr_01m87newaq6qpysb26cdw7v40h',
      },
      body: {},
    },
    response: {
      user_id: 'usr_01m87newaq6qpysb26cdw7v40h',
      receipt: {
        deletion_id: 'del_01m87nf0qgfkfwfyh6gzk74baq',
        state: 'completed',
        requested_at: '2026-01-15T09:00:00.000Z',
        completed_at: '2026-01-15T09:00:00.000Z',
        removed: {
          tables: [
            {
              table: 'memberships',
              rows: 1,
            },
          ],
          blobs: 0,
          multipart_uploads_aborted: 0,
          queued_jobs: 0,
          workspaces: 1,
          steps: [
            {
              name: 'test.revoke_provider_tokens',
              done: 'provider tokens revoked at the provider',
              count: 1,
            },
          ],
        },
        kept: [
          {
            what: '1 row(s) of test_invoices, without health data or identity',
            reason: 'Invoices are kept for the period tax law requires.',
          },
        ],
      },
    },
  },
  'privacy.export': {
    request: {
      params: {
        user_id: 'usr_01m87ner5zfehgmg63m3a93n3f',
      },
    },
    response:
      'PK\u0003\u0004… (binary zip: manifest.json, tables/<table>.json, raw/<upload id>/<file>, fhir/observations.json)',
  },
  'privacy.export_post': {
    request: {
      params: {
        user_id: 'usr_01m87ner5zfehgmg63m3a93n3f',
      },
    },
    response:
      'PK\u0003\u0004… (binary zip: manifest.json, tables/<table>.json, raw/<upload id>/<file>, fhir/observations.json)',
  },
  'privacy.export_archive': {
    request: {
      params: {
        id: 'exp_01m87nerzp3ytw5xbz9dbpm74h',
      },
      query: {
        token: 'ExampleDownloadToken0000000000000000000000',
      },
    },
    response:
      'PK\u0003\u0004… (binary zip: manifest.json, tables/<table>.json, raw/<upload id>/<file>, fhir/observations.json)',
  },
} satisfies Record<string, OperationExample>
