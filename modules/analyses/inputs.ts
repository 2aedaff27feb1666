// What the analysis engine reads: observations, deduplicated daily wearable series, genetic findings and
// the sources they came from, plus the catalogs that judge them. The service gathers these from the
// other modules; the sandbox builds them from synthetic data. The engine itself touches no database.

import type { BiomarkerDefinition, Citation, Sex } from '../biomarkers/types'
import type { CallQualityFields } from '../genetics/call-quality-words'
import type { LabFlag } from '../sources/service'
import type { DailyValue, WearableMetricDefinition } from '../wearables/types'

export interface SourceInput {
  id: string
  modality: 'biomarkers' | 'wearables' | 'genetics' | 'behavioral'
  format: string
  provider: string | null
  created_at: string
}

/** A normalized observation, as the sources module stores it. */
export interface ObservationInput {
  id: string
  source_id: string
  modality: 'biomarkers' | 'wearables' | 'behavioral'
  code: string
  original_name: string
  value: number | null
  value_text: string | null
  unit: string | null
  observed_at: string
  observed_end: string | null
  reference_low: number | null
  reference_high: number | null
  /** A censored result (`<0.5`): `value` is then a bound. */
  comparator?: '<' | '<=' | '>' | '>=' | null
  /** The lab's own flag, normalized (HH → critical_high). */
  lab_flag?: LabFlag | null
  source_ref: string | null
  /** A value computed from other observations (non-HDL, HOMA-IR …): what it rests on. */
  derived?: { inputs: ObservationInput[]; formula: string; citation: Citation; name: string }
}

export interface WearableSeries {
  code: string
  values: DailyValue[]
}

/** A genetic finding as the genetics module reports it (carriers of catalog variants). */
export interface GeneticFindingInput {
  id: string
  source_id: string
  rsid: string | null
  gene: string | null
  label: string
  category: string
  genotype: string
  zygosity: string
  /** Copies of the catalog's ALT allele, when known. */
  alt_copies: number | null
  interpretation: string
  evidence: { level: 'strong' | 'moderate' | 'limited'; summary: string }
  citations: { kind: string; id: string; title?: string }[]
  /** The genotype was imputed (estimated from a reference panel), not measured: said wherever it is used. */
  imputed: boolean
  /** The imputation tool's estimated accuracy (R²); null when measured or the file gave none. */
  imputation_r2: number | null
  /** The file's FILTER when the call did not pass it (null: PASS or none). */
  filter: string | null
  /**
   * The sequencing call's GQ, depth and ALT read share with what falls short, as the finding has it;
   * null for consumer arrays, calls without these fields, and findings stored before it was kept.
   */
  call_quality: CallQualityFields | null
}

/** APOE ε genotype of a genetics source, when both defining sites were read. */
export interface ApoeInput {
  source_id: string
  genotype: string
  e4_copies: number
  e2_copies: number
  ambiguous: boolean
  /** Says the genotype rests on imputed sites, when it does (the cross-link adds `caveat` only). */
  note: string
  /** Either defining site was imputed (estimated, not measured). */
  imputed: boolean
  /** What makes the genotype less certain than a measured one (imputed or filtered sites); null if nothing. */
  caveat: string | null
  finding_ids: string[]
  citations: { kind: string; id: string; title?: string }[]
}

export interface AnalysisInputs {
  sources: SourceInput[]
  observations: ObservationInput[]
  wearables: WearableSeries[]
  findings: GeneticFindingInput[]
  apoe: ApoeInput[]
  /** Set when a read was bounded (read-window.ts): what was left out, said in the answer's limitations. */
  window_notes?: string[]
  /** What a source says that limits the answer (a multi-sample file read for its first person). */
  source_notes?: string[]
}

export interface Catalogs {
  biomarker(code: string): BiomarkerDefinition | undefined
  metric(code: string): WearableMetricDefinition | undefined
}

export interface AnalysisOptions {
  profile: { sex?: Sex; age_years?: number } | null
  baselineDays: number
  recentDays: number
}
