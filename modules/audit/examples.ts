// One example call per audit operation, checked against the schemas by test/modules/discovery/examples.test.ts.

import type { OperationExample } from '../shared/operation'

export const auditExamples = {
  'audit.events.list': {
    request: { query: { limit: 1 } },
    response: {
      data: [
        {
          id: 'aud_01kf0hhz8rcga6s3vbfag0mn8e',
          at: '2026-01-15T09:00:00.000Z',
          event: 'api_key.created',
          outcome: 'success',
          actor: { kind: 'session', credential_id: 'ses_01kf0hhz8rcga6s3vbfag0mn8a' },
          target: 'key_01kf0hhz8rcga6s3vbfag0mn8b',
          reason: null,
          request_id: 'req_5b0c6f2f1b7e4a0c9d3e8f1a2b3c4d5e',
          ip: '203.0.113.7',
        },
      ],
      next_cursor: 'YXVkXzAxa2YwaGh6OHJjZ2E2czN2YmZhZzBtbjhl',
    },
  },
} satisfies Record<string, OperationExample>
