// One example call per webhooks operation: the request a caller sends and the success response;
// test/modules/discovery/examples.test.ts checks them against the schemas.

import type { OperationExample } from '../shared/operation'

const endpoint = {
  id: 'whe_01jhk2m3n4p5q6r7s8t9v0w1x2',
  url: 'https://hooks.example.com/wellness',
  events: ['analysis.created', 'genetics.job.finished'],
  description: 'Our backend',
  created_at: '2026-01-15T09:00:00.000Z',
}

const delivery = {
  id: 'whd_01jhk2m3n4p5q6r7s8t9v0w1x3',
  endpoint_id: endpoint.id,
  event_id: 'msg_3f2a9c0d1e4b5a6978c0d1e2f3',
  kind: 'analysis.created',
  status: 'delivered',
  attempts: 2,
  last_status_code: 200,
  last_error: null,
  replay_of: null,
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:04.000Z',
  delivered_at: '2026-01-15T09:00:04.000Z',
}

export const webhooksExamples = {
  'webhooks.endpoints.create': {
    request: {
      body: {
        url: endpoint.url,
        events: endpoint.events,
        description: endpoint.description,
      },
    },
    response: { ...endpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7n0aP2YJwNs=' },
  },
  'webhooks.endpoints.list': {
    request: { query: { limit: 20 } },
    response: { data: [endpoint], next_cursor: null },
  },
  'webhooks.endpoints.delete': {
    request: { params: { id: endpoint.id } },
    response: { id: endpoint.id, deleted: true },
  },
  'webhooks.deliveries.list': {
    request: { query: { endpoint_id: endpoint.id, limit: 20 } },
    response: { data: [delivery], next_cursor: null },
  },
  'webhooks.deliveries.replay': {
    request: { params: { id: delivery.id } },
    response: {
      ...delivery,
      id: 'whd_01jhk2m3n4p5q6r7s8t9v0w1x4',
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      delivered_at: null,
      replay_of: delivery.id,
    },
  },
} satisfies Record<string, OperationExample>
