// The shape of a biomarker definition in the catalog (modules/biomarkers/catalog*.ts): what imports use
// to recognise and convert a lab result, and what trends and analyses use to judge it.

export type Sex = 'female' | 'male'

/** A range for one population; omitted bounds are open. */
export interface MarkerRange {
  sex?: Sex
  /** Inclusive age bounds in years, where the range depends on age. */
  age_min?: number
  age_max?: number
  /** Lowest value inside the range (a value below it is low). */
  low?: number
  /** Highest value inside the range, or with `high_exclusive` the first value above it. */
  high?: number
  /**
   * Guideline cut-offs are half-open (`< 100 mg/dL`, `< 5.7 %`): the bound itself is already high, and
   * the comparison is made at full precision, so 99.1 is inside and 100 is not.
   */
  high_exclusive?: boolean
}

export interface BiomarkerDefinition {
  /** Canonical key, snake_case: `ldl_cholesterol`, `hba1c`, `tsh`. */
  code: string
  name: string
  category:
    | 'lipids'
    | 'glucose'
    | 'cbc'
    | 'metabolic'
    | 'liver'
    | 'kidney'
    | 'thyroid'
    | 'iron'
    | 'vitamins'
    | 'hormones'
    | 'inflammation'
    | 'other'
    | 'vitals'
  /** LOINC code of the usual test. */
  loinc: string
  /** Lower-case names and abbreviations a lab report may use. */
  synonyms: string[]
  /** Canonical UCUM unit values are stored in. */
  unit: string
  /** Other UCUM units this marker is reported in and converts from (mass ↔ molar uses molar_mass). */
  alternate_units: string[]
  /** g/mol, for mass ↔ substance conversions through UCUM. */
  molar_mass?: number
  reference: MarkerRange[]
  optimal?: MarkerRange[]
  /** Which way is better: lower, higher, or inside the range. */
  better: 'lower' | 'higher' | 'in_range'
  /** Typical between-test variation (percent) below which a change is noise. */
  noise_percent: number
  /** Days until a retest is due, by status. */
  retest_days: { in_range: number; out_of_range: number }
  /** Where the ranges come from. */
  citation: Citation
  /** Caveats about the ranges (which bound comes from where, assay dependence, cycle phase). */
  range_note?: string
  /**
   * Published thresholds that are context, not the reference range (WHO ferritin for depletion and
   * overload): a value past one adds its sentence to the interpretation.
   */
  context_thresholds?: ContextThreshold[]
  /**
   * Conversions UCUM cannot do from the unit alone (IFCC ↔ NGSP HbA1c, insulin units ↔ pmol/L,
   * mEq/L of a divalent ion): canonical = value × factor + offset.
   */
  linear_units?: LinearUnit[]
}

export interface ContextThreshold {
  sex?: Sex
  /** Applies to a value strictly below this. */
  below?: number
  /** Applies to a value above this. */
  above?: number
  text: string
  citation: Citation
}

/** A published source for a marker's ranges. */
export interface Citation {
  title: string
  url?: string
  pmid?: string
  /**
   * `guideline`: a clinical guideline or consensus statement gives the cut-offs;
   * `typical_laboratory_interval`: the range is a typical adult laboratory interval (labs differ by
   * method and population; the interval printed on the user's own report takes precedence).
   */
  basis: 'guideline' | 'typical_laboratory_interval'
}

export interface LinearUnit {
  unit: string
  factor: number
  offset?: number
  /** Why this conversion holds, with its source. */
  note: string
}
