// Guideline categories a value falls in, said beside the reference range: ADA glycaemia categories for
// fasting glucose and HbA1c, KDIGO GFR categories for eGFR and albuminuria categories for the urine
// albumin/creatinine ratio. Laboratory categories, never diagnoses.

import type { Citation } from './types'

export const ADA_CATEGORIES: Citation = {
  title:
    'American Diabetes Association. 2. Diagnosis and Classification of Diabetes: Standards of Care in Diabetes-2024. Diabetes Care 2024;47(Suppl 1):S20-S42.',
  basis: 'guideline',
}

export const KDIGO_CATEGORIES: Citation = {
  title:
    'KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of Chronic Kidney Disease. Kidney Int Suppl 2013;3:1-150.',
  basis: 'guideline',
}

export interface Category {
  /** Short name: `prediabetes range`, `G2`, `A2`. */
  name: string
  text: string
  citation: Citation
}

function glucose(v: number): Category {
  const [name, band] =
    v < 100
      ? ['normal range', 'the normal range (below 100 mg/dL)']
      : v < 126
        ? ['prediabetes range', 'the range the ADA calls prediabetes (100 to 125 mg/dL)']
        : [
            'diabetes range',
            'the diabetes range (126 mg/dL or more, if fasting and confirmed by a second test)',
          ]
  return { name, text: `By ADA categories it is in ${band}.`, citation: ADA_CATEGORIES }
}

function hba1c(v: number): Category {
  const [name, band] =
    v < 5.7
      ? ['normal range', 'the normal range (below 5.7 %)']
      : v < 6.5
        ? ['prediabetes range', 'the range the ADA calls prediabetes (5.7 to 6.4 %)']
        : ['diabetes range', 'the diabetes range (6.5 % or more, confirmed by a second test)']
  return { name, text: `By ADA categories it is in ${band}.`, citation: ADA_CATEGORIES }
}

function egfr(v: number): Category {
  const [name, words] =
    v >= 90
      ? ['G1', 'normal or high']
      : v >= 60
        ? ['G2', 'mildly decreased']
        : v >= 45
          ? ['G3a', 'mildly to moderately decreased']
          : v >= 30
            ? ['G3b', 'moderately to severely decreased']
            : v >= 15
              ? ['G4', 'severely decreased']
              : ['G5', 'kidney failure range']
  return {
    name,
    text: `It is KDIGO GFR category ${name} (${words}); a category counts as chronic kidney disease only when it lasts over 3 months${name === 'G1' || name === 'G2' ? ' and comes with other signs of kidney damage such as albumin in the urine' : ''}.`,
    citation: KDIGO_CATEGORIES,
  }
}

function uacr(v: number): Category {
  const [name, words] =
    v < 30
      ? ['A1', 'normal to mildly increased']
      : v <= 300
        ? ['A2', 'moderately increased']
        : ['A3', 'severely increased']
  return { name, text: `It is KDIGO albuminuria category ${name} (${words}).`, citation: KDIGO_CATEGORIES }
}

const BY_CODE: Partial<Record<string, (v: number) => Category>> = {
  glucose,
  hba1c,
  egfr,
  urine_albumin_creatinine_ratio: uacr,
}

/** The guideline category of a canonical value, or null for markers without one. */
export function categoryOf(code: string, value: number | null): Category | null {
  const f = BY_CODE[code]
  return f && value !== null ? f(value) : null
}
