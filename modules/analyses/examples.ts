// One example call per analyses operation: the request a caller sends and the success response. An
// analysis and its action plan are the sandbox demo person's, made by the engine itself when a document
// first asks (so they cannot fall behind the code); the others are recorded from real runs of the test
// suite (lists cut to one item, tokens replaced by placeholders). All are checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import { DEMO_ANALYSIS_ID } from '../sandbox/hero'
import { heroExample } from '../sandbox/hero-example'
import type { OperationExample } from '../shared/operation'

export const analysesExamples = {
  'analyses.wearables': {
    request: {
      body: {
        metrics: ['steps'],
        baseline_days: 14,
        recent_days: 5,
      },
    },
    response: {
      id: 'an_01kt1gw6g02sc0xx7jcac0y8xd',
      analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y8xd',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y8sv',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y8st',
      created_at: '2026-01-15T09:00:00.000Z',
      kind: 'wearables',
      status: 'complete',
      input: {
        source_ids: ['src_01kt1gw6g02sc0xx7jcac0y8t9'],
        modalities: ['wearables'],
        profile: null,
        baseline_days: 14,
        recent_days: 5,
      },
      summary: {
        sources: 1,
        observations: 40,
        markers: 1,
        flagged: 0,
        deviations: 5,
        links: 0,
        genetic_highlights: 0,
        text: '1 source(s); 1 marker(s); 5 wearable deviation(s).',
      },
      urgent: null,
      recovery: null,
      observations: [
        {
          code: 'steps',
          name: 'Steps',
          modality: 'wearables',
          category: null,
          value: 3000,
          value_text: null,
          unit: '{steps}',
          observed_at: '2026-01-09T00:00:00.000Z',
          status: 'unknown',
          reference_range: null,
          optimal_range: null,
          measurements: 40,
          history: [],
          sources: [
            {
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y8t9',
              observation_ids: ['obs_01kt1gw6g02sc0xx7jcac0y8ws'],
              source_ref: null,
            },
          ],
          references: [],
        },
      ],
      interpretations: [
        {
          id: 'int_steps',
          code: 'steps',
          name: 'Steps',
          modality: 'wearables',
          status: 'low',
          severity: 'moderate',
          statement:
            'Steps averaged 3100 steps over the last 5 day(s), below your 14-day baseline of 8471 steps (z = -2.32, -63.4%); an unfavourable shift relative to your own baseline.',
          change: null,
          evidence: {
            level: 'limited',
            summary: 'Compared with your own baseline of 14 day(s); a personal shift, not a clinical range.',
          },
          sources: [
            {
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y8t9',
              observation_ids: ['obs_01kt1gw6g02sc0xx7jcac0y8vn'],
              source_ref: null,
            },
          ],
          references: [
            {
              id: 'method:personal-baseline',
              kind: 'method',
              title:
                'Personal baseline: mean and standard deviation of the daily values in the baseline window before the recent window; the recent mean is compared as z = (recent mean − baseline mean) / baseline SD, a shift when |z| ≥ 1, and a single day deviates when |z| ≥ 2.',
              url: null,
              pmid: null,
            },
          ],
        },
      ],
      baselines: [
        {
          code: 'steps',
          name: 'Steps',
          unit: '{steps}',
          better: 'higher',
          baseline: {
            start: '2025-12-22',
            end: '2026-01-04',
            days: 14,
            mean: 8471.429,
            sd: 2312.567,
          },
          recent: {
            start: '2026-01-05',
            end: '2026-01-09',
            days: 5,
            mean: 3100,
            sd: 100,
          },
          shift: {
            z: -2.32,
            percent: -63.4,
            direction: 'below',
            assessment: 'unfavourable',
            significant: true,
          },
          series: [
            {
              date: '2025-12-22',
              value: 9250,
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y8t9',
            },
          ],
          sources: [
            {
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y8t9',
              observation_ids: ['obs_01kt1gw6g02sc0xx7jcac0y8vn'],
              source_ref: null,
            },
          ],
          references: [
            {
              id: 'method:personal-baseline',
              kind: 'method',
              title:
                'Personal baseline: mean and standard deviation of the daily values in the baseline window before the recent window; the recent mean is compared as z = (recent mean − baseline mean) / baseline SD, a shift when |z| ≥ 1, and a single day deviates when |z| ≥ 2.',
              url: null,
              pmid: null,
            },
          ],
        },
      ],
      deviations: [
        {
          code: 'steps',
          name: 'Steps',
          date: '2026-01-05',
          value: 3200,
          unit: '{steps}',
          baseline_mean: 8471.429,
          z: -2.28,
          direction: 'below',
          assessment: 'unfavourable',
          sources: [
            {
              source_id: 'src_01kt1gw6g02sc0xx7jcac0y8t9',
              observation_ids: ['obs_01kt1gw6g02sc0xx7jcac0y8wh'],
              source_ref: null,
            },
          ],
          references: [
            {
              id: 'method:personal-baseline',
              kind: 'method',
              title:
                'Personal baseline: mean and standard deviation of the daily values in the baseline window before the recent window; the recent mean is compared as z = (recent mean − baseline mean) / baseline SD, a shift when |z| ≥ 1, and a single day deviates when |z| ≥ 2.',
              url: null,
              pmid: null,
            },
          ],
        },
      ],
      links: [],
      genetics: [],
      limitations: ['Not a diagnosis: discuss results outside their range with a clinician.'],
    },
  },
  'analyses.create': {
    request: {
      body: {},
    },
    // The demo person's analysis (modules/sandbox/hero-example.ts): the engine's own output.
    get response() {
      return heroExample().analysis
    },
  },
  'analyses.list': {
    request: {
      query: {
        limit: 5,
      },
    },
    response: {
      data: [
        {
          id: 'an_01kt1gw6g02sc0xx7jcac0y9ck',
          analysis_id: 'an_01kt1gw6g02sc0xx7jcac0y9ck',
          kind: 'multimodal',
          created_at: '2026-04-01T09:00:00.000Z',
          source_ids: ['src_01kt1gw6g02sc0xx7jcac0y98n'],
          summary: {
            sources: 2,
            observations: 123,
            markers: 5,
            flagged: 3,
            deviations: 14,
            links: 0,
            genetic_highlights: 0,
            text: '2 source(s); 5 marker(s), 3 outside the reference range; 14 wearable deviation(s); 0 cross-modality link(s); 0 genetic highlight(s).',
          },
        },
      ],
      next_cursor: null,
    },
  },
  'analyses.get': {
    request: {
      params: {
        id: DEMO_ANALYSIS_ID,
      },
    },
    get response() {
      return heroExample().analysis
    },
  },
  'analyses.action_plan': {
    request: {
      params: {
        id: DEMO_ANALYSIS_ID,
      },
      body: {},
    },
    get response() {
      return heroExample().action_plan
    },
  },
  'analyses.health_context': {
    request: {
      params: {
        user_id: 'usr_01kt1gw6g02sc0xx7jcac0y935',
      },
      body: {},
    },
    response: {
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y936',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y935',
      generated_at: '2026-01-25T09:00:00.000Z',
      urgent: null,
      recovery: null,
      latest: [
        {
          code: 'ldl_cholesterol',
          name: 'LDL cholesterol',
          modality: 'biomarkers',
          value: 162,
          unit: 'mg/dL',
          observed_at: '2026-01-05T08:00:00.000Z',
          status: 'high',
          source_id: 'src_01kt1gw6g02sc0xx7jcac0y93h',
        },
      ],
      flags: [
        {
          code: 'ldl_cholesterol',
          status: 'high',
          statement:
            'LDL cholesterol 162 mg/dL on 2026-01-05 is above the reference range (≤ 129 mg/dL); up 26.6% from 128 on 2025-07-01 (worsening).',
          source_ids: ['src_01kt1gw6g02sc0xx7jcac0y93e'],
        },
      ],
      genotype_highlights: [
        {
          gene: 'APOE',
          rsid: null,
          genotype: 'e3/e4',
          summary:
            'APOE e3/e4: Carries APOE e4: on average higher LDL cholesterol and a higher risk of late-onset Alzheimer disease; a risk factor, not a diagnosis. rs7412 had no carrier finding and is read as reference; if the file did not cover it, the genotype may differ.',
          evidence_level: 'strong',
          source_id: 'src_01kt1gw6g02sc0xx7jcac0y965',
        },
      ],
      active_goals: [
        {
          id: 'goal_01kt1gw6g02sc0xx7jcac0y967',
          title: 'LDL under 130',
          marker: 'ldl_cholesterol',
          target: 'below 130 mg/dL',
          met: false,
        },
      ],
      freshness: [
        {
          modality: 'biomarkers',
          sources: 2,
          latest_at: '2026-01-05T08:00:00.000Z',
          days_since: 20,
          stale: false,
          stale_after_days: 365,
        },
      ],
      text: 'LDL cholesterol: 162 mg/dL (high, 2026-01-05, src_01kt1gw6g02sc0xx7jcac0y93h)\nGlucose (fasting): 95 mg/dL (in_range, 2026-01-05, src_01kt1gw6g02sc0xx7jcac0y93h)\nResting heart rate: 67 /min (unknown, 2026-01-09, src_01kt1gw6g02sc0xx7jcac0y93m)\nSteps: 3000 steps (unknown, 2026-01-09, src_01kt1gw6g02sc0xx7jcac0y93m)\nGenotype: APOE e3/e4: Carries APOE e4: on average higher LDL cholesterol and a higher risk of late-onset Alzheimer disease; a risk factor, not a diagnosis. rs7412 had no carrier finding and is read as reference; if the file did not cover it, the genotype may differ. e3/e4 (src_01kt1gw6g02sc0xx7jcac0y965)\nGenotype: APOE rs429358 (defines ε4 with rs7412) T/C (src_01kt1gw6g02sc0xx7jcac0y965)\nGoal: LDL under 130 (not met)\nbiomarkers: last data 2026-01-05\nwearables: last data 2026-01-10 (stale)\ngenetics: last data 2026-01-15',
      truncated: false,
      window_note: null,
      size: {
        bytes: 3927,
        limit: 8192,
      },
    },
  },
  'analyses.retest_reminders': {
    request: {
      params: {
        user_id: 'usr_01kt1gw6g02sc0xx7jcac0y935',
      },
    },
    response: {
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y936',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y935',
      generated_at: '2026-01-15T09:00:00.000Z',
      reminders: [
        {
          kind: 'modality',
          code: 'wearables_sync',
          name: 'Wearable sync',
          modality: 'wearables',
          status: 'synced',
          cadence_days: 7,
          last_observed_at: '2026-01-10T00:00:00.000Z',
          next_due_on: '2026-01-17',
          overdue: false,
          days_overdue: 0,
          source_id: 'src_01kt1gw6g02sc0xx7jcac0y93m',
          reason: 'The latest wearables data ends 2026-01-10; baselines need a sync at least every 7 days.',
          reference: null,
        },
      ],
      overdue: 0,
      window_note: null,
    },
  },
  'analyses.query': {
    request: {
      body: {
        question: 'How has my LDL cholesterol changed?',
      },
    },
    response: {
      question: 'How has my LDL cholesterol changed?',
      answerable: true,
      answer:
        "LDL cholesterol 162 mg/dL on 2026-01-05 is above the reference range (≤ 129 mg/dL); up 26.6% from 128 on 2025-07-01 (worsening). The catalog's reference range for LDL cholesterol is ≤ 129 mg/dL; lower values are better. APOE e4 carriers have on average higher LDL cholesterol and ApoB than e3/e3. Your LDL cholesterol 162 mg/dL (high). The genotype is context for reading these values, not a diagnosis; the guideline's LDL targets apply whatever the genotype. Carries APOE e4: on average higher LDL cholesterol and a higher risk of late-onset Alzheimer disease; a risk factor, not a diagnosis. rs7412 had no carrier finding and is read as reference; if the file did not cover it, the genotype may differ.",
      statements: [
        {
          id: 'F1',
          text: 'LDL cholesterol 162 mg/dL on 2026-01-05 is above the reference range (≤ 129 mg/dL); up 26.6% from 128 on 2025-07-01 (worsening).',
          citations: [
            {
              kind: 'source',
              id: 'src_01kt1gw6g02sc0xx7jcac0y8gh',
              observation_ids: ['obs_01kt1gw6g02sc0xx7jcac0y8gj'],
              title: 'line 2',
            },
          ],
        },
      ],
      topics: ['ldl_cholesterol'],
      phrased_by: 'retrieval',
      model: null,
      notes: [],
    },
  },
} satisfies Record<string, OperationExample>
