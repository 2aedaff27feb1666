// Patterns over several markers that mean more together than apart, each one action in the plan in place
// of its single-marker actions: iron overload (transferrin saturation ≥ 45 % with raised ferritin,
// stronger with an HFE variant), iron deficiency (low ferritin with low haemoglobin) and thyroid (TSH
// read with free T4). Worded as patterns to discuss, never as diagnoses.

import type { Reference } from './citation-model'
import type { Catalogs } from './inputs'
import type { Analysis, Interpretation, ObservationItem } from './model'
import type { ActionCandidate } from './plan-model'
import { fmt, unitSuffix } from './ranges'
import { uniqueReferences } from './references'

const PATTERN_REFERENCES = {
  ironOverload: [
    {
      id: 'pmid:21452290',
      kind: 'guideline',
      title:
        'Bacon BR, et al. Diagnosis and management of hemochromatosis: 2011 practice guideline by the American Association for the Study of Liver Diseases. Hepatology 2011;54:328-343 (transferrin saturation ≥ 45 % with raised ferritin warrants HFE testing and evaluation).',
      url: null,
      pmid: '21452290',
    },
    {
      id: 'easl:haemochromatosis-2022',
      kind: 'guideline',
      title:
        'European Association for the Study of the Liver. EASL Clinical Practice Guidelines on haemochromatosis. J Hepatol 2022;77:479-502.',
      url: null,
      pmid: null,
    },
  ],
  ironDeficiency: [
    {
      id: 'who:ferritin-2020',
      kind: 'guideline',
      title:
        'WHO guideline on use of ferritin concentrations to assess iron status in individuals and populations. Geneva: World Health Organization; 2020.',
      url: null,
      pmid: null,
    },
  ],
  thyroid: [
    {
      id: 'pmid:23246686',
      kind: 'guideline',
      title:
        'Garber JR, et al. Clinical practice guidelines for hypothyroidism in adults: cosponsored by the American Association of Clinical Endocrinologists and the American Thyroid Association. Thyroid 2012;22:1200-1235.',
      url: null,
      pmid: '23246686',
    },
    {
      id: 'pmid:27521067',
      kind: 'guideline',
      title:
        'Ross DS, et al. 2016 American Thyroid Association Guidelines for Diagnosis and Management of Hyperthyroidism and Other Causes of Thyrotoxicosis. Thyroid 2016;26:1343-1421.',
      url: null,
      pmid: '27521067',
    },
  ],
} as const satisfies Record<string, Reference[]>

interface Parts {
  analysis: Analysis
  observation: (code: string) => ObservationItem | undefined
  interpretation: (code: string) => Interpretation | undefined
}

const valueText = (o: ObservationItem) =>
  `${o.name} ${o.value === null ? (o.value_text ?? 'n/a') : fmt(o.value)}${unitSuffix(o.unit)} (${o.observed_at.slice(0, 10)})`

function build(
  parts: Parts,
  input: {
    id: string
    title: string
    statement: string
    steps: string[]
    codes: string[]
    severity: number
    modifiability: number
    extraBasedOn?: string[]
    extraSources?: ActionCandidate['sources']
    references: readonly Reference[]
    retestDays: number
  },
): ActionCandidate {
  const interpretations = input.codes.flatMap((c) => parts.interpretation(c) ?? [])
  const confidence = interpretations.length >= 2 ? 1 : 0.7
  const latest = input.codes
    .flatMap((c) => parts.observation(c)?.observed_at ?? [])
    .sort()
    .at(-1) as string
  return {
    id: input.id,
    title: input.title,
    category: 'lab_follow_up',
    rationale: [input.statement, ...interpretations.map((i) => i.statement)].join(' '),
    steps: input.steps,
    targets: input.codes,
    based_on: [...interpretations.map((i) => i.id), ...(input.extraBasedOn ?? [])],
    score: Number((input.severity * confidence * input.modifiability).toFixed(4)),
    factors: { severity: input.severity, confidence, modifiability: input.modifiability },
    evidence: {
      level: confidence === 1 ? 'strong' : 'moderate',
      summary: `A pattern over ${input.codes.length} marker(s) described by the cited guideline${input.references.length > 1 ? 's' : ''}.`,
    },
    retest: {
      after_days: input.retestDays,
      due_on: new Date(Date.parse(latest) + input.retestDays * 86_400_000).toISOString().slice(0, 10),
      what: 'Repeat the tests of this pattern as the clinician advises.',
    },
    sources: [...interpretations.flatMap((i) => i.sources), ...(input.extraSources ?? [])],
    references: uniqueReferences([...input.references, ...interpretations.flatMap((i) => i.references)]),
  }
}

function ironOverload(p: Parts): ActionCandidate | null {
  const tsat = p.observation('transferrin_saturation')
  const ferritin = p.observation('ferritin')
  if (!tsat || tsat.value === null || tsat.value < 45) return null
  const hfe = p.analysis.genetics.filter((g) => g.gene === 'HFE')
  const ferritinRaised = ferritin?.status === 'high'
  if (!ferritinRaised && hfe.length === 0) return null
  const codes = ['transferrin_saturation', ...(ferritin ? ['ferritin'] : [])]
  const hfeText = hfe.length
    ? ` The genotype carries ${hfe.map((g) => `${g.label} (${g.genotype})`).join(' and ')}, which makes iron overload more likely.`
    : ''
  return build(p, {
    id: 'act_iron_overload',
    title: 'Discuss a possible iron-overload pattern with a clinician',
    statement: `Transferrin saturation ${fmt(tsat.value)} % is at or above 45 %${ferritinRaised ? ' with ferritin above its range' : ''}: a pattern the hemochromatosis guidelines ask to evaluate.${hfeText}`,
    steps: [
      'See a clinician about these results; they may repeat transferrin saturation and ferritin fasting and, where not done, test HFE.',
      'Until then, avoid iron and vitamin C supplements and limit alcohol.',
    ],
    codes,
    severity: ferritinRaised && hfe.length ? 1 : ferritinRaised || hfe.length ? 0.8 : 0.67,
    modifiability: 0.6,
    extraBasedOn: [],
    extraSources: hfe.flatMap((g) => g.sources),
    references: PATTERN_REFERENCES.ironOverload,
    retestDays: 30,
  })
}

function ironDeficiency(p: Parts): ActionCandidate | null {
  const ferritin = p.observation('ferritin')
  const hb = p.observation('hemoglobin')
  if (ferritin?.status !== 'low' || hb?.status !== 'low') return null
  return build(p, {
    id: 'act_iron_deficiency',
    title: 'Discuss a possible iron-deficiency pattern with a clinician',
    statement: `${valueText(ferritin)} and ${valueText(hb)} are both below their ranges: together a pattern of iron deficiency with anaemia.`,
    steps: [
      'See a clinician soon: they look for the cause (blood loss, diet, absorption) before iron is started.',
      'Do not start iron on your own before that visit unless a clinician advised it.',
    ],
    codes: ['ferritin', 'hemoglobin'],
    severity: 1,
    modifiability: 0.6,
    references: PATTERN_REFERENCES.ironDeficiency,
    retestDays: 30,
  })
}

function thyroid(p: Parts): ActionCandidate | null {
  const tsh = p.observation('tsh')
  const ft4 = p.observation('free_t4')
  if (!tsh || (tsh.status !== 'high' && tsh.status !== 'low') || !ft4 || ft4.value === null) return null
  const ft4Inside = ft4.status === 'in_range' || ft4.status === 'optimal'
  const pattern =
    tsh.status === 'high'
      ? ft4.status === 'low'
        ? 'consistent with an underactive thyroid'
        : ft4Inside
          ? 'consistent with a mildly (subclinically) underactive thyroid'
          : 'unusual (high TSH with free T4 not low), which a clinician should interpret'
      : ft4.status === 'high'
        ? 'consistent with an overactive thyroid'
        : ft4Inside
          ? 'consistent with a mildly (subclinically) overactive thyroid'
          : 'unusual (low TSH with free T4 not high), which a clinician should interpret'
  return build(p, {
    id: 'act_thyroid',
    title: 'Discuss the thyroid pattern (TSH with free T4) with a clinician',
    statement: `${valueText(tsh)} read with ${valueText(ft4)}: a pattern ${pattern}.`,
    steps: [
      'Discuss both results with a clinician; TSH is usually repeated with free T4 (and thyroid antibodies) before any decision.',
      'Biotin supplements can distort these assays: mention them, and pause them before a repeat test if the clinician agrees.',
    ],
    codes: ['tsh', 'free_t4'],
    severity: ft4Inside ? 0.5 : 1,
    modifiability: 0.5,
    references: PATTERN_REFERENCES.thyroid,
    retestDays: ft4Inside ? 60 : 30,
  })
}

/** The patterns found in an analysis, each as one action; markers in the urgent item are left out. */
export function patternActions(analysis: Analysis, _catalogs: Catalogs): ActionCandidate[] {
  const urgent = new Set(analysis.urgent?.findings.map((f) => f.code) ?? [])
  const parts: Parts = {
    analysis,
    observation: (code) =>
      urgent.has(code) ? undefined : analysis.observations.find((o) => o.code === code),
    interpretation: (code) => analysis.interpretations.find((i) => i.code === code),
  }
  return [ironOverload(parts), ironDeficiency(parts), thyroid(parts)].filter(
    (a): a is ActionCandidate => a !== null,
  )
}
