// One example call per sandbox operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const sandboxExamples = {
  'sandbox.sessions.create': {
    request: {},
    response: {
      sandbox_token: 'wds_sbx_EXAMPLE000000000000000000000000000000000000',
      token_type: 'bearer',
      expires_at: '2026-01-15T10:00:00.000Z',
      grants: ['sandbox'],
      user_id: 'usr_sandbox_01kf0e44m0edxnmbsne39zxesq',
      organization_id: 'org_sandbox',
    },
  },
  'sandbox.hero': {
    request: {
      body: {},
    },
    response: {
      demo: true,
      persisted: false,
      generated_at: '2026-01-15T09:00:00.000Z',
      note: 'Synthetic data of a made-up person; fixed clock and ids, nothing stored. The same request gives the same bytes every time.',
      sources: [
        {
          id: 'src_demo_labs_2025',
          modality: 'biomarkers',
          format: 'lab_csv',
          provider: 'demo_lab',
          created_at: '2025-07-02T10:00:00.000Z',
        },
      ],
      analysis: {
        id: 'an_00000000000000000000000001',
        analysis_id: 'an_00000000000000000000000001',
        organization_id: 'org_sandbox',
        user_id: 'usr_sandbox_demo',
        created_at: '2026-01-15T09:00:00.000Z',
        kind: 'multimodal',
        status: 'complete',
        input: {
          source_ids: ['src_demo_labs_2025'],
          modalities: ['biomarkers'],
          profile: {
            sex: 'female',
            age_years: 46,
          },
          baseline_days: 28,
          recent_days: 7,
        },
        summary: {
          sources: 4,
          observations: 169,
          markers: 9,
          flagged: 5,
          deviations: 28,
          links: 2,
          genetic_highlights: 1,
          text: '4 source(s); 9 marker(s), 5 outside the reference range; 28 wearable deviation(s); 2 cross-modality link(s); 1 genetic highlight(s).',
        },
        urgent: null,
        recovery: null,
        observations: [
          {
            code: 'glucose',
            name: 'Glucose (fasting)',
            modality: 'biomarkers',
            category: 'glucose',
            value: 104,
            value_text: null,
            unit: 'mg/dL',
            observed_at: '2026-01-05T08:00:00.000Z',
            status: 'high',
            reference_range: {
              low: 70,
              high: 99,
            },
            optimal_range: null,
            measurements: 2,
            history: [
              {
                observed_at: '2025-07-01T08:00:00.000Z',
                value: 94,
                source_id: 'src_demo_labs_2025',
                observation_id: 'obs_demo_0003',
              },
            ],
            sources: [
              {
                source_id: 'src_demo_labs_2026',
                observation_ids: ['obs_demo_0007'],
                source_ref: 'line 7',
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
          },
        ],
        interpretations: [
          {
            id: 'int_glucose',
            code: 'glucose',
            name: 'Glucose (fasting)',
            modality: 'biomarkers',
            status: 'high',
            severity: 'mild',
            statement:
              'Glucose (fasting) 104 mg/dL on 2026-01-05 is above the reference range (70–99 mg/dL); up 10.6% from 94 on 2025-07-01.',
            change: {
              direction: 'changed',
              first_value: 94,
              first_observed_at: '2025-07-01T08:00:00.000Z',
              delta: 10,
              delta_percent: 10.6,
              noise_percent: 6,
            },
            evidence: {
              level: 'strong',
              summary: 'Judged against cited catalog ranges, with 2 measurements over time.',
            },
            sources: [
              {
                source_id: 'src_demo_labs_2025',
                observation_ids: ['obs_demo_0003'],
                source_ref: 'line 3',
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
          },
        ],
        baselines: [
          {
            code: 'hrv_rmssd',
            name: 'Heart rate variability (RMSSD)',
            unit: 'ms',
            better: 'higher',
            baseline: {
              start: '2025-12-06',
              end: '2026-01-02',
              days: 28,
              mean: 56.143,
              sd: 2.69,
            },
            recent: {
              start: '2026-01-03',
              end: '2026-01-09',
              days: 7,
              mean: 36.857,
              sd: 0.9,
            },
            shift: {
              z: -7.17,
              percent: -34.4,
              direction: 'below',
              assessment: 'unfavourable',
              significant: true,
            },
            series: [
              {
                date: '2025-12-06',
                value: 60,
                source_id: 'src_demo_wearable',
              },
            ],
            sources: [
              {
                source_id: 'src_demo_wearable',
                observation_ids: ['obs_demo_hrv_rmssd_6'],
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
            code: 'hrv_rmssd',
            name: 'Heart rate variability (RMSSD)',
            date: '2026-01-03',
            value: 36,
            unit: 'ms',
            baseline_mean: 56.143,
            z: -7.49,
            direction: 'below',
            assessment: 'unfavourable',
            sources: [
              {
                source_id: 'src_demo_wearable',
                observation_ids: ['obs_demo_hrv_rmssd_34'],
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
        links: [
          {
            id: 'link_apoe_lipids',
            kind: 'genotype_context',
            title: 'APOE e3/e4 and LDL cholesterol',
            statement:
              "APOE e4 carriers have on average higher LDL cholesterol and ApoB than e3/e3. Your LDL cholesterol 162 mg/dL (high). The genotype is context for reading these values, not a diagnosis; the guideline's LDL targets apply whatever the genotype.",
            modalities: ['genetics'],
            markers: ['ldl_cholesterol'],
            evidence: {
              level: 'moderate',
              summary:
                'APOE genotype explains part of the population variation in LDL cholesterol; the size of the effect in one person is not known.',
            },
            sources: [
              {
                source_id: 'src_demo_genotype',
                observation_ids: ['gf_demo_apoe_rs429358'],
                source_ref: null,
              },
            ],
            references: [
              {
                id: 'pmid:8346443',
                kind: 'genetics_catalog',
                title: 'pmid 8346443',
                url: 'https://pubmed.ncbi.nlm.nih.gov/8346443/',
                pmid: '8346443',
              },
            ],
          },
        ],
        genetics: [
          {
            gene: 'APOE',
            rsid: 'rs429358',
            label: 'APOE rs429358 (defines ε4 with rs7412)',
            category: 'clinical',
            genotype: 'T/C',
            zygosity: 'het',
            interpretation:
              'One copy of the rs429358 C allele: with rs7412 reference, one APOE e4 haplotype.',
            evidence: {
              level: 'strong',
              summary: 'rs429358 and rs7412 together define the APOE e2/e3/e4 haplotypes.',
            },
            sources: [
              {
                source_id: 'src_demo_genotype',
                observation_ids: ['gf_demo_apoe_rs429358'],
                source_ref: 'rs429358',
              },
            ],
            references: [
              {
                id: 'pmid:8346443',
                kind: 'genetics_catalog',
                title: 'pmid 8346443',
                url: 'https://pubmed.ncbi.nlm.nih.gov/8346443/',
                pmid: '8346443',
              },
            ],
          },
        ],
        limitations: ['Not a diagnosis: discuss results outside their range with a clinician.'],
      },
      action_plan: {
        id: 'ap_00000000000000000000000001',
        analysis_id: 'an_00000000000000000000000001',
        organization_id: 'org_sandbox',
        user_id: 'usr_sandbox_demo',
        created_at: '2026-01-15T09:00:00.000Z',
        ranking: {
          method:
            "score = severity × confidence × modifiability (each 0–1), highest first; ties by severity, then id. Severity comes from how far a value is outside its range (suboptimal values inside the reference range count 0.15); confidence from the interpretation's evidence level; modifiability from how much the action can change the marker.",
          severity: {
            none: 0,
            suboptimal: 0.15,
            mild: 0.33,
            moderate: 0.67,
            high: 1,
          },
          confidence: {
            strong: 1,
            moderate: 0.7,
            limited: 0.4,
          },
          modifiability:
            'Per action: lifestyle-responsive markers (LDL, glucose, activity) 0.8–0.9, sleep 0.7, recovery 0.6, clinician follow-up 0.5, largely inherited markers (Lp(a)) 0.2.',
          reference: {
            id: 'method:action-ranking',
            kind: 'method',
            title:
              'Actions ranked by score = severity × confidence × modifiability, each on a 0–1 scale; ties broken by severity, then by code.',
            url: null,
            pmid: null,
          },
        },
        actions: [
          {
            rank: 1,
            id: 'act_ldl_cholesterol',
            title: 'Lower LDL cholesterol',
            category: 'nutrition',
            rationale:
              "LDL cholesterol 162 mg/dL on 2026-01-05 is above the reference range (≤ 129 mg/dL); up 26.6% from 128 on 2025-07-01 (worsening). Context: APOE e4 carriers have on average higher LDL cholesterol and ApoB than e3/e3. Your LDL cholesterol 162 mg/dL (high). The genotype is context for reading these values, not a diagnosis; the guideline's LDL targets apply whatever the genotype.",
            steps: [
              'Replace saturated fat (fatty meat, butter, full-fat dairy) with unsaturated fats; add soluble fibre (oats, legumes).',
            ],
            targets: ['ldl_cholesterol'],
            based_on: ['int_ldl_cholesterol'],
            score: 0.536,
            factors: {
              severity: 0.67,
              confidence: 1,
              modifiability: 0.8,
            },
            evidence: {
              level: 'strong',
              summary: 'Judged against cited catalog ranges, with 2 measurements over time.',
            },
            retest: {
              after_days: 90,
              due_on: '2026-04-05',
              what: 'Retest LDL cholesterol.',
            },
            sources: [
              {
                source_id: 'src_demo_labs_2025',
                observation_ids: ['obs_demo_0001'],
                source_ref: 'line 1',
              },
            ],
            references: [
              {
                id: 'pmid:30586774',
                kind: 'guideline',
                title:
                  '2018 AHA/ACC/AACVPR/AAPA/ABC/ACPM/ADA/AGS/APhA/ASPC/NLA/PCNA Guideline on the Management of Blood Cholesterol (Circulation 2019;139:e1082–e1143)',
                url: 'https://doi.org/10.1161/CIR.0000000000000625',
                pmid: '30586774',
              },
            ],
          },
        ],
        notes: ['Suggestions to discuss with a clinician, not medical advice or a diagnosis.'],
      },
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
      dashboard_spec: {
        analysis_id: 'an_00000000000000000000000001',
        spec_version: 1,
        generated_at: '2026-01-15T09:00:00.000Z',
        title: 'Health dashboard',
        subtitle: 'Analysis an_00000000000000000000000001 of 2026-01-15; 4 source(s).',
        action_plan_id: 'ap_00000000000000000000000001',
        sections: [
          {
            id: 'overview',
            title: 'Overview',
            cards: [
              {
                id: 'card_summary',
                kind: 'summary',
                title: 'Multimodal analysis',
                value: '9',
                unit: 'markers',
                status: 'info',
                detail:
                  '4 source(s); 9 marker(s), 5 outside the reference range; 28 wearable deviation(s); 2 cross-modality link(s); 1 genetic highlight(s).',
                sources: [
                  {
                    source_id: 'src_demo_labs_2025',
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
      },
    },
  },
} satisfies Record<string, OperationExample>
