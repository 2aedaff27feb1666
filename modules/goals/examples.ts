// One example call per goals operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const goalsExamples = {
  'goals.create': {
    request: {
      body: {
        title: 'LDL under 130',
        marker: 'ldl_cholesterol',
        direction: 'below',
        target_value: 130,
        unit: 'mg/dL',
      },
    },
    response: {
      id: 'goal_01kf0hhz8rcga6s3vbfag0mn8e',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mn89',
      user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88',
      title: 'LDL under 130',
      marker: 'ldl_cholesterol',
      direction: 'below',
      target_value: 130,
      unit: 'mg/dL',
      due_date: null,
      notes: null,
      status: 'active',
      created_at: '2026-01-15T09:00:00.000Z',
      progress: {
        latest_value: 142,
        unit: 'mg/dL',
        observed_at: '2026-01-05T08:00:00.000Z',
        source_id: 'src_01kf0hhz8rcga6s3vbfag0mn8c',
        observation_id: 'obs_01kf0hhz8rcga6s3vbfag0mn8d',
        met: false,
      },
    },
  },
  'goals.list': {
    request: { query: { limit: 20 } },
    response: {
      data: [
        {
          id: 'goal_01kf0hhz8rcga6s3vbfag0mn8e',
          organization_id: 'org_01kf0hhz8rcga6s3vbfag0mn89',
          user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88',
          title: 'LDL under 130',
          marker: 'ldl_cholesterol',
          direction: 'below',
          target_value: 130,
          unit: 'mg/dL',
          due_date: null,
          notes: null,
          status: 'active',
          created_at: '2026-01-15T09:00:00.000Z',
          progress: {
            latest_value: 142,
            unit: 'mg/dL',
            observed_at: '2026-01-05T08:00:00.000Z',
            source_id: 'src_01kf0hhz8rcga6s3vbfag0mn8c',
            observation_id: 'obs_01kf0hhz8rcga6s3vbfag0mn8d',
            met: false,
          },
        },
      ],
      next_cursor: null,
    },
  },
  'goals.delete': {
    request: {
      params: {
        id: 'goal_01kf0hhz8rcga6s3vbfag0mn8z',
      },
    },
    response: {
      id: 'goal_01kf0hhz8rcga6s3vbfag0mn8z',
      deleted: true,
      deleted_at: '2026-01-15T09:00:01.000Z',
    },
  },
} satisfies Record<string, OperationExample>
