// One example call per trends operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const trendsExamples = {
  'trends.compute': {
    request: {
      params: {
        user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnhe',
      },
      body: {
        markers: ['ldl_cholesterol'],
        window_days: 200,
      },
    },
    response: {
      user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnhe',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnhf',
      generated_at: '2026-06-01T12:00:00.000Z',
      window_days: 200,
      marker_count: 2,
      improving: 1,
      worsening: 0,
      stable: 0,
      insufficient_data: 1,
      markers: [
        {
          marker: 'ldl_cholesterol',
          name: 'LDL cholesterol',
          first: 139.194,
          latest: 112.1285,
          points: [
            {
              value: 139.194,
              observed_at: '2026-01-15T00:00:00.000Z',
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y6pb',
            },
            {
              value: 112.1285,
              observed_at: '2026-05-01T00:00:00.000Z',
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y6pc',
            },
          ],
          point_count: 2,
          points_thinned: false,
          unit: 'mg/dL',
          kind: 'biomarker',
          direction: 'improving',
          delta: -27.0655,
          delta_percent: -19.44,
          change_percent: -19.44,
          noise_percent: 10,
          better: 'lower',
          status: 'in_range',
          optimal: false,
          reference_range: {
            high: 130,
            high_exclusive: true,
          },
          note: null,
          citation:
            'Executive Summary of the Third Report of the National Cholesterol Education Program (NCEP) Expert Panel on Detection, Evaluation, and Treatment of High Blood Cholesterol in Adults (Adult Treatment Panel III). JAMA 2001;285:2486-2497.',
        },
      ],
      without_data: ['apolipoprotein_b'],
      window_cut: null,
    },
  },
} satisfies Record<string, OperationExample>
