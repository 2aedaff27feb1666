// One example call per sources operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const sourcesExamples = {
  'sources.list': {
    request: {
      query: {
        modality: 'biomarkers',
        limit: 20,
      },
    },
    response: {
      data: [
        {
          id: 'src_01kf0e44m0fadpw922bye0x7nz',
          source_id: 'src_01kf0e44m0fadpw922bye0x7nz',
          organization_id: 'org_01kf0e44m0fadpw922bye0x7nd',
          user_id: 'usr_01kf0e44m0fadpw922bye0x7nc',
          modality: 'biomarkers',
          format: 'lab_text',
          provider: null,
          filename: null,
          record_count: 4,
          time_range: {
            start: '2026-01-02T00:00:00.000Z',
            end: '2026-01-02T00:00:00.000Z',
          },
          warnings: [
            {
              code: 'unknown_marker',
              message: '"Urine culture" is not in the biomarker catalog; it was kept as written.',
              line: 5,
            },
          ],
          details: {
            observation_count: 4,
            markers: ['glucose'],
            unknown_markers: ['Urine culture'],
          },
          created_at: '2026-01-15T09:00:00.000Z',
        },
      ],
      next_cursor: null,
    },
  },
  'sources.get': {
    request: {
      params: {
        id: 'src_01kf0e44m0fadpw922bye0x7ph',
      },
    },
    response: {
      id: 'src_01kf0e44m0fadpw922bye0x7ph',
      source_id: 'src_01kf0e44m0fadpw922bye0x7ph',
      organization_id: 'org_01kf0e44m0fadpw922bye0x7nd',
      user_id: 'usr_01kf0e44m0fadpw922bye0x7nc',
      modality: 'biomarkers',
      format: 'lab_text',
      provider: null,
      filename: null,
      record_count: 4,
      time_range: {
        start: '2026-01-02T00:00:00.000Z',
        end: '2026-01-02T00:00:00.000Z',
      },
      warnings: [
        {
          code: 'unknown_marker',
          message: '"Urine culture" is not in the biomarker catalog; it was kept as written.',
          line: 5,
        },
      ],
      details: {
        observation_count: 4,
        markers: ['glucose'],
        unknown_markers: ['Urine culture'],
      },
      created_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'sources.observations': {
    request: {
      params: {
        id: 'src_01kf0e44m0fadpw922bye0x7nt',
      },
      query: {
        limit: 3,
      },
    },
    response: {
      data: [
        {
          id: 'obs_01kf0e44m0fadpw922bye0x7ny',
          source_id: 'src_01kf0e44m0fadpw922bye0x7nt',
          modality: 'biomarkers',
          code: 'unknown:urine_culture',
          original_name: 'Urine culture',
          original_text: 'Urine culture Negative',
          source_ref: 'line 5',
          observed_at: '2026-01-02T00:00:00.000Z',
          original_value: 'Negative',
          original_unit: null,
          value: null,
          value_text: 'Negative',
          unit: null,
          comparator: null,
          lab_flag: null,
          flag: null,
          specimen: 'urine',
          reference_low: null,
          reference_high: null,
          reference_text: null,
          warnings: [
            {
              code: 'unknown_marker',
              message: '"Urine culture" is not in the biomarker catalog; it was kept as written.',
            },
          ],
        },
      ],
      next_cursor: null,
    },
  },
  'sources.delete': {
    request: {
      params: {
        id: 'src_01kf0e44m0fadpw922bye0x7pb',
      },
    },
    response: {
      id: 'src_01kf0e44m0fadpw922bye0x7pb',
      deleted: true,
      deleted_at: '2026-01-15T09:00:00.000Z',
      observations_deleted: 4,
      analyses_citing: ['an_01kf0e44m0fadpw922bye0x7pg'],
    },
  },
} satisfies Record<string, OperationExample>
