// One example call per imports operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const importsExamples = {
  'imports.file': {
    request: {
      body: {
        user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnhe',
        organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnhf',
        text: 'Collected: 2026-05-01\nLDL 2.9 mmol/L\nHbA1c 5.5%\nHDL 47 mg/dL\nVitamin D 32 ng/mL\nFerritin 80 ng/mL\nGlucose 112 mg/dL\n',
      },
    },
    response: {
      dry_run: false,
      source_id: 'src_01kf0hhz8rcga6s3vbfag0mnj0',
      modality: 'biomarkers',
      format: 'lab_text',
      provider: null,
      filename: null,
      record_count: 6,
      observation_count: 6,
      time_range: {
        start: '2026-05-01T00:00:00.000Z',
        end: '2026-05-01T00:00:00.000Z',
      },
      markers: ['ferritin'],
      unknown_markers: [],
      warnings: [],
      created_at: '2026-01-15T09:00:00.000Z',
    },
  },
} satisfies Record<string, OperationExample>
