// One example call per dashboards operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const dashboardsExamples = {
  'dashboards.designs': {
    request: {},
    response: {
      data: [
        {
          id: 'clinical_summary',
          name: 'Clinical summary',
          layout: {
            columns: 2,
            density: 'comfortable',
            theme: 'light',
            section_order: ['overview'],
            chart_height: 180,
          },
        },
      ],
    },
  },
  'dashboards.spec': {
    request: {
      params: {
        analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y82w',
      },
    },
    response: {
      analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y82w',
      spec_version: 1,
      generated_at: '2026-01-15T09:00:00.000Z',
      title: 'Health dashboard',
      subtitle: 'Analysis an_01kt1gw6g02sc0xx7jcac0y82w of 2026-01-15; 3 source(s).',
      action_plan_id: 'ap_01kt1gw6g02sc0xx7jcac0y82x',
      sections: [
        {
          id: 'overview',
          title: 'Overview',
          cards: [
            {
              id: 'card_summary',
              kind: 'summary',
              title: 'Multimodal analysis',
              value: '4',
              unit: 'markers',
              status: 'info',
              detail:
                '3 source(s); 4 marker(s), 1 outside the reference range; 14 wearable deviation(s); 0 cross-modality link(s); 0 genetic highlight(s).',
              sources: [
                {
                  source_id: 'src_01kt1gw6g02sc0xx7jcac0y805',
                  observation_ids: [],
                  source_ref: null,
                },
              ],
            },
          ],
          charts: [],
        },
      ],
      references: [
        {
          id: 'catalog:glucose',
          kind: 'biomarker_catalog',
          title:
            'Glucose (fasting) ranges: American Diabetes Association Professional Practice Committee. 2. Diagnosis and Classification of Diabetes: Standards of Care in Diabetes-2024. Diabetes Care 2024;47(Suppl 1):S20-S42.',
          url: null,
          pmid: null,
        },
      ],
      disclaimer:
        'Source-backed summary of your own data; not a diagnosis. Discuss results outside their range with a clinician.',
      provenance: [
        {
          source_id: 'src_01kt1gw6g02sc0xx7jcac0y805',
          modality: 'biomarkers',
          file_name: 'panel-2025.csv',
          provider: null,
          format: 'lab_csv',
          collected_from: '2025-07-01',
          collected_to: '2025-07-01',
          added_on: '2026-01-15',
        },
      ],
    },
  },
  'dashboards.links.create': {
    request: {
      body: {
        analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y82w',
        design_id: 'clinical_summary',
      },
    },
    response: {
      id: 'dash_01kt1gw6g02sc0xx7jcac0y82z',
      dashboard_url:
        'https://wellness.example/dashboards/wds_dash_EXAMPLE000000000000000000000000000000000000',
      analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y82w',
      design: {
        id: 'clinical_summary',
        name: 'Clinical summary',
        layout: {
          columns: 2,
          density: 'comfortable',
          theme: 'light',
          section_order: ['overview'],
          chart_height: 180,
        },
      },
      visibility: 'private_by_possession',
      expires_at: '2026-01-22T09:00:00.000Z',
      sharing: {
        default: 'private',
        optional: true,
        note: 'Anyone who holds this URL can open the dashboard until it expires or is revoked. Keep it private unless you choose to share it.',
      },
      created_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'dashboards.links.list': {
    request: { query: { limit: 20 } },
    response: {
      data: [
        {
          id: 'dash_01kt1gw6g02sc0xx7jcac0y832',
          analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y82w',
          design: {
            id: 'clinical_summary',
            name: 'Clinical summary',
            layout: {
              columns: 2,
              density: 'comfortable',
              theme: 'light',
              section_order: ['overview'],
              chart_height: 180,
            },
          },
          visibility: 'private_by_possession',
          created_at: '2026-01-16T09:00:00.000Z',
          expires_at: '2026-01-23T09:00:00.000Z',
          revoked_at: '2026-01-16T09:00:00.000Z',
          status: 'revoked',
        },
      ],
      next_cursor: null,
    },
  },
  'dashboards.links.revoke': {
    request: {
      params: {
        id: 'dash_01kt1gw6g02sc0xx7jcac0y832',
      },
    },
    response: {
      id: 'dash_01kt1gw6g02sc0xx7jcac0y832',
      analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y82w',
      design: {
        id: 'clinical_summary',
        name: 'Clinical summary',
        layout: {
          columns: 2,
          density: 'comfortable',
          theme: 'light',
          section_order: ['overview'],
          chart_height: 180,
        },
      },
      visibility: 'private_by_possession',
      created_at: '2026-01-16T09:00:00.000Z',
      expires_at: '2026-01-23T09:00:00.000Z',
      revoked_at: '2026-01-16T09:00:00.000Z',
      status: 'revoked',
    },
  },
  'dashboards.page': {
    request: {
      params: {
        token: 'wds_dash_EXAMPLE000000000000000000000000000000000',
      },
    },
    response:
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n<meta name="robots" content="noindex, nofollow, noarchive">\n<title>Health dashboard</title>…</head>\n<body><main>\n<header><h1>Health dashboard</h1>\n<p class="headline attention" id="summary">2 results need attention: LDL cholesterol (high), Glucose (fasting) (high).</p>…</header>\n…</main></body></html>',
  },
} satisfies Record<string, OperationExample>
