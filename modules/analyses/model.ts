// Models of analyses: the request bodies of POST /analyses and POST /wearables/analyze, the stored
// analysis (observations, interpretations, baselines and deviations, cross-modality links, genetics
// highlights), and the summary GET /analyses lists. Every item cites sources and references.

import { type Static, Type } from '@sinclair/typebox'
import { CallQuality } from '../genetics/model'
import { PageQuery } from '../shared/pagination'
import { Evidence, Nullable, Reference, SourceCitation } from './citation-model'

export const SourceIdList = Type.Array(Type.String({ pattern: '^src_[0-9a-z]{26}$' }), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
  description: 'Analyse only these sources (src_…); default: all of the user’s data.',
})

export const Profile = Type.Object(
  {
    sex: Type.Optional(Type.Union([Type.Literal('female'), Type.Literal('male')])),
    age_years: Type.Optional(Type.Integer({ minimum: 0, maximum: 120 })),
  },
  {
    $id: 'AnalysisProfile',
    description: 'Picks sex- and age-specific reference ranges; without it such markers are `indeterminate`.',
  },
)

const windowFields = {
  baseline_days: Type.Optional(
    Type.Integer({
      minimum: 7,
      maximum: 120,
      default: 28,
      description: 'Wearables: days before the recent window that form the personal baseline (default 28).',
    }),
  ),
  recent_days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 28,
      default: 7,
      description: 'Wearables: the most recent days compared with the baseline (default 7).',
    }),
  ),
}

export const AnalysisCreateBody = Type.Object({
  user_id: Type.Optional(Type.String({ minLength: 1 })),
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  source_ids: Type.Optional(SourceIdList),
  profile: Type.Optional(Profile),
  ...windowFields,
})

export const WearableAnalyzeBody = Type.Object({
  user_id: Type.Optional(Type.String({ minLength: 1 })),
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  source_ids: Type.Optional(SourceIdList),
  metrics: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z0-9_]{1,64}$' }), {
      minItems: 1,
      maxItems: 30,
      uniqueItems: true,
      description:
        'Metric codes (`resting_heart_rate`, `hrv_rmssd`, `steps` …); default: every metric found.',
    }),
  ),
  ...windowFields,
})

export const MarkerStatus = Type.Union(
  [
    Type.Literal('low'),
    Type.Literal('high'),
    Type.Literal('in_range'),
    Type.Literal('optimal'),
    Type.Literal('indeterminate'),
    Type.Literal('unknown'),
  ],
  {
    description:
      '`optimal`: inside the optimal range; `in_range`: inside the reference range (outside the optimal one, or none is defined); `low`/`high`: outside the reference range; `indeterminate`: the range depends on sex or age and the profile does not give them; `unknown`: no range for this marker.',
  },
)

export const Severity = Type.Union([
  Type.Literal('none'),
  Type.Literal('critical'),
  Type.Literal('mild'),
  Type.Literal('moderate'),
  Type.Literal('high'),
])

export const Range = Type.Object({
  low: Nullable(Type.Number()),
  high: Nullable(Type.Number()),
  high_exclusive: Type.Optional(
    Type.Boolean({
      description:
        'True for a half-open guideline cut-off: `high` itself is already outside (`< 100 mg/dL`), compared at full precision.',
    }),
  ),
})

export const UrgencyLevel = Type.Union(
  [Type.Literal('seek_care_now'), Type.Literal('contact_clinician_today')],
  {
    description:
      '`seek_care_now`: go to urgent care or emergency services now; `contact_clinician_today`: reach a clinician today.',
  },
)

export const UrgentFinding = Type.Object({
  code: Type.String(),
  name: Type.String(),
  value: Nullable(Type.Number()),
  value_text: Nullable(Type.String()),
  unit: Nullable(Type.String()),
  observed_at: Type.String({ format: 'date-time' }),
  direction: Type.Union([Type.Literal('low'), Type.Literal('high'), Type.Literal('abnormal')]),
  basis: Type.Union([Type.Literal('critical_limit'), Type.Literal('lab_flag'), Type.Literal('both')], {
    description:
      '`critical_limit`: past a cited critical limit; `lab_flag`: the lab flagged it critical (HH, LL, panic); `both`.',
  }),
  lab_flag: Nullable(Type.String()),
  critical_limit: Nullable(
    Type.String({ description: 'The limit it passed, as people read it: `≥ 6.2 mmol/L`.' }),
  ),
  urgency: UrgencyLevel,
})

export const Modality = Type.Union([
  Type.Literal('biomarkers'),
  Type.Literal('wearables'),
  Type.Literal('behavioral'),
  Type.Literal('genetics'),
])

export const ObservationItem = Type.Object({
  code: Type.String(),
  name: Type.String(),
  modality: Modality,
  category: Nullable(Type.String()),
  value: Nullable(Type.Number()),
  value_text: Nullable(Type.String()),
  comparator: Type.Optional(
    Nullable(
      Type.Union([Type.Literal('<'), Type.Literal('<='), Type.Literal('>'), Type.Literal('>=')], {
        description: 'Set when the lab reported a bound (`<0.3`), not an exact value: `value` is that bound.',
      }),
    ),
  ),
  unit: Nullable(Type.String()),
  observed_at: Type.String({ format: 'date-time' }),
  status: MarkerStatus,
  reference_range: Nullable(Range),
  optimal_range: Nullable(Range),
  lab_reference_range: Type.Optional(Nullable(Range)),
  lab_flag: Type.Optional(
    Nullable(
      Type.String({
        description: 'The lab’s own flag on the latest result, normalized (high, critical_low …).',
      }),
    ),
  ),
  measurements: Type.Integer({ description: 'How many values of this marker the analysis saw.' }),
  formula: Type.Optional(
    Type.String({ description: 'Present on a derived marker: the formula it was computed with (cited).' }),
  ),
  history: Type.Array(
    Type.Object({
      observed_at: Type.String({ format: 'date-time' }),
      value: Type.Number(),
      source_id: Type.String(),
      observation_id: Type.String(),
    }),
    { description: 'Numeric values of this marker over time, oldest first (at most the 50 most recent).' },
  ),
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const Change = Type.Object({
  direction: Type.Union([
    Type.Literal('improving'),
    Type.Literal('worsening'),
    Type.Literal('stable'),
    Type.Literal('changed'),
  ]),
  first_value: Type.Number(),
  first_observed_at: Type.String({ format: 'date-time' }),
  delta: Type.Number(),
  delta_percent: Nullable(Type.Number()),
  noise_percent: Nullable(Type.Number()),
})

export const Interpretation = Type.Object({
  id: Type.String({ description: 'Stable within the analysis: `int_<code>`.' }),
  code: Type.String(),
  name: Type.String(),
  modality: Modality,
  status: MarkerStatus,
  severity: Severity,
  statement: Type.String(),
  change: Nullable(Change),
  evidence: Evidence,
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const WindowStats = Type.Object({
  start: Type.String({ format: 'date' }),
  end: Type.String({ format: 'date' }),
  days: Type.Integer(),
  mean: Type.Number(),
  sd: Nullable(Type.Number()),
})

export const Assessment = Type.Union([
  Type.Literal('favourable'),
  Type.Literal('unfavourable'),
  Type.Literal('neutral'),
])

export const Baseline = Type.Object({
  code: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  better: Type.Union([Type.Literal('lower'), Type.Literal('higher'), Type.Literal('in_range')]),
  baseline: Nullable(WindowStats),
  recent: WindowStats,
  shift: Nullable(
    Type.Object({
      z: Type.Number({ description: '(recent mean − baseline mean) / baseline SD.' }),
      percent: Nullable(Type.Number()),
      direction: Type.Union([Type.Literal('above'), Type.Literal('below'), Type.Literal('within')]),
      assessment: Assessment,
      significant: Type.Boolean({ description: 'True when |z| ≥ 1 over the recent window.' }),
    }),
  ),
  series: Type.Array(
    Type.Object({ date: Type.String({ format: 'date' }), value: Type.Number(), source_id: Type.String() }),
  ),
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const Deviation = Type.Object({
  code: Type.String(),
  name: Type.String(),
  date: Type.String({ format: 'date' }),
  value: Type.Number(),
  unit: Type.String(),
  baseline_mean: Type.Number(),
  z: Type.Number(),
  direction: Type.Union([Type.Literal('above'), Type.Literal('below')]),
  assessment: Assessment,
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const GeneticHighlight = Type.Object({
  gene: Nullable(Type.String()),
  rsid: Nullable(Type.String()),
  label: Type.String(),
  category: Type.String(),
  genotype: Type.String(),
  zygosity: Type.String(),
  interpretation: Type.String({
    description:
      "The finding's interpretation; when the genotype was imputed, did not pass the file's quality filter or rests on a low-quality sequencing call, followed by a sentence saying so (with the estimated accuracy R², or the reads and genotype quality that fall short) and that a clinical-grade test confirms it.",
  }),
  imputed: Type.Boolean({
    description:
      'True when the genotype was imputed (estimated from a reference panel by an imputation tool), not measured, as the genetic finding says.',
  }),
  imputation_r2: Nullable(
    Type.Number({
      description:
        "The imputation tool's estimated accuracy for the site (R², 0 to 1); null when measured or the file gave none.",
    }),
  ),
  filter: Nullable(
    Type.String({ description: "The file's FILTER for the call when it was not PASS; null otherwise." }),
  ),
  call_quality: Type.Union([CallQuality, Type.Null()], {
    description:
      "The sequencing call's quality as the genetic finding has it (GQ, depth, ALT read share and `concerns`: `low_gq`, `low_depth`, `allele_balance`); when `concerns` is not empty the interpretation says so. Null for consumer arrays, calls without these fields, and analyses made before it was kept.",
  }),
  evidence: Evidence,
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const CrossModalityLink = Type.Object({
  id: Type.String({ description: 'Stable within the analysis: `link_<topic>`.' }),
  kind: Type.Union([Type.Literal('genotype_context'), Type.Literal('behavior_context')]),
  title: Type.String(),
  statement: Type.String(),
  modalities: Type.Array(Modality),
  markers: Type.Array(Type.String(), { description: 'Codes of the markers or metrics the link is about.' }),
  evidence: Evidence,
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const AnalysisSummary = Type.Object({
  sources: Type.Integer(),
  observations: Type.Integer(),
  markers: Type.Integer(),
  flagged: Type.Integer({ description: 'Markers outside their reference range.' }),
  deviations: Type.Integer(),
  links: Type.Integer(),
  genetic_highlights: Type.Integer(),
  text: Type.String(),
})

export const Urgent = Type.Object(
  {
    id: Type.Literal('urgent'),
    level: UrgencyLevel,
    title: Type.String(),
    statement: Type.String(),
    steps: Type.Array(Type.String()),
    findings: Type.Array(UrgentFinding),
    sources: Type.Array(SourceCitation),
    references: Type.Array(Reference),
  },
  {
    $id: 'UrgentItem',
    description:
      'Present when the latest value of any marker is past a critical limit or flagged critical by the lab: one item for all of them, shown before everything else.',
  },
)

export const RecoverySignal = Type.Object(
  {
    level: Type.Union(
      [
        Type.Literal('strained'),
        Type.Literal('watch'),
        Type.Literal('normal'),
        Type.Literal('insufficient_data'),
      ],
      { description: '`strained`: two or more inputs moved the adverse way; `watch`: one; `normal`: none.' },
    ),
    statement: Type.String(),
    components: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        baseline_mean: Type.Number(),
        recent_mean: Type.Number(),
        z: Type.Number(),
        percent: Nullable(Type.Number()),
        adverse: Type.Boolean(),
      }),
    ),
    sources: Type.Array(SourceCitation),
    references: Type.Array(Reference),
  },
  {
    $id: 'RecoverySignal',
    description:
      'HRV, resting heart rate, respiratory rate and skin temperature against the personal baseline; the method is in references.',
  },
)

export const AnalysisKind = Type.Union([Type.Literal('multimodal'), Type.Literal('wearables')])

export const Analysis = Type.Object(
  {
    id: Type.String({ description: 'Analysis id (an_…); the same value as analysis_id.' }),
    analysis_id: Type.String(),
    organization_id: Type.String(),
    user_id: Type.String(),
    kind: AnalysisKind,
    status: Type.Literal('complete'),
    created_at: Type.String({ format: 'date-time' }),
    input: Type.Object({
      source_ids: Type.Array(Type.String(), { description: 'The sources the analysis read.' }),
      modalities: Type.Array(Modality),
      profile: Nullable(Profile),
      baseline_days: Type.Integer(),
      recent_days: Type.Integer(),
    }),
    summary: AnalysisSummary,
    urgent: Nullable(Urgent),
    recovery: Nullable(RecoverySignal),
    deleted_sources: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Sources this analysis read that have since been deleted (DELETE /sources/{id}); what it says about them no longer rests on stored data.',
      }),
    ),
    observations: Type.Array(ObservationItem),
    interpretations: Type.Array(Interpretation),
    baselines: Type.Array(Baseline),
    deviations: Type.Array(Deviation),
    links: Type.Array(CrossModalityLink),
    genetics: Type.Array(GeneticHighlight),
    limitations: Type.Array(Type.String()),
  },
  { $id: 'Analysis' },
)

export const AnalysisListItem = Type.Object(
  {
    id: Type.String(),
    analysis_id: Type.String(),
    kind: AnalysisKind,
    created_at: Type.String({ format: 'date-time' }),
    source_ids: Type.Array(Type.String()),
    summary: AnalysisSummary,
  },
  { $id: 'AnalysisListItem' },
)

export const AnalysisListQuery = Type.Object({ kind: Type.Optional(AnalysisKind), ...PageQuery })

export const AnalysisIdParams = Type.Object({ id: Type.String({ pattern: '^an_[0-9a-z]{26}$' }) })

export type Analysis = Static<typeof Analysis>
export type UrgentItem = Static<typeof Urgent>
export type RecoverySignal = Static<typeof RecoverySignal>
export type UrgentFindingItem = Static<typeof UrgentFinding>
export type AnalysisListItem = Static<typeof AnalysisListItem>
export type AnalysisCreateBody = Static<typeof AnalysisCreateBody>
export type WearableAnalyzeBody = Static<typeof WearableAnalyzeBody>
export type ObservationItem = Static<typeof ObservationItem>
export type Interpretation = Static<typeof Interpretation>
export type Baseline = Static<typeof Baseline>
export type Deviation = Static<typeof Deviation>
export type GeneticHighlight = Static<typeof GeneticHighlight>
export type CrossModalityLink = Static<typeof CrossModalityLink>
export type MarkerStatusName = Static<typeof MarkerStatus>
export type SeverityName = Static<typeof Severity>
export type ModalityName = Static<typeof Modality>
export type ProfileInput = Static<typeof Profile>
export type AssessmentName = Static<typeof Assessment>
