// Critical limits: values so far outside the reference range that laboratories phone them to a clinician
// at once. A value past one of these limits (or a lab's own critical flag) makes an analysis open with an
// urgent item instead of lifestyle advice. Limits are in each marker's canonical catalog unit.

import type { Citation } from './types'

export const KOST_1990: Citation = {
  title:
    'Kost GJ. Critical limits for urgent clinician notification at US medical centers. JAMA 1990;263:704-707 (survey of the critical limits of 92 US medical centres; the limits below lie within the ranges it reports).',
  pmid: '2296126',
  basis: 'guideline',
}

export const RCPATH_2017: Citation = {
  title:
    'The Royal College of Pathologists. The communication of critical and unexpected pathology results (G150). London: RCPath; 2017.',
  url: 'https://www.rcpath.org/profession/guidelines.html',
  basis: 'guideline',
}

export const KDIGO_G5: Citation = {
  title:
    'KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of Chronic Kidney Disease. Kidney Int Suppl 2013;3:1-150 (GFR category G5, below 15 mL/min/1.73 m², is kidney failure).',
  basis: 'guideline',
}

export const ACC_AHA_CRISIS: Citation = {
  title:
    'Whelton PK, et al. 2017 ACC/AHA Guideline for the Prevention, Detection, Evaluation, and Management of High Blood Pressure in Adults. Hypertension 2018;71:e13-e115 (hypertensive crisis: systolic above 180 and/or diastolic above 120 mm Hg; taken here from 180/120, the conservative side).',
  pmid: '29133356',
  basis: 'guideline',
}

/**
 * How soon to act: `seek_care_now` where the value can be life-threatening within hours (potassium,
 * sodium, glucose, calcium, severe anaemia); `contact_clinician_today` otherwise.
 */
export type Urgency = 'seek_care_now' | 'contact_clinician_today'

export interface CriticalLimit {
  code: string
  /** A value strictly below this is critical. */
  below?: number
  /** A value at or above this is critical. */
  from?: number
  unit: string
  urgency: Urgency
  citation: Citation
}

const limit = (
  code: string,
  unit: string,
  below: number | undefined,
  from: number | undefined,
  urgency: Urgency,
  citation: Citation = KOST_1990,
): CriticalLimit => ({
  code,
  unit,
  ...(below !== undefined ? { below } : {}),
  ...(from !== undefined ? { from } : {}),
  urgency,
  citation,
})

/** Conservative adult critical limits (labs set their own; a lab's critical flag counts as well). */
export const CRITICAL_LIMITS: readonly CriticalLimit[] = [
  limit('potassium', 'mmol/L', 2.5, 6.2, 'seek_care_now'),
  limit('sodium', 'mmol/L', 120, 160, 'seek_care_now'),
  // Lists range from 400 to 500 mg/dL for the upper limit; the lower end is used.
  limit('glucose', 'mg/dL', 50, 400, 'seek_care_now'),
  limit('calcium', 'mg/dL', 6.5, 13, 'seek_care_now'),
  limit('magnesium', 'mg/dL', 1.0, 4.7, 'contact_clinician_today'),
  limit('phosphorus', 'mg/dL', 1.0, undefined, 'contact_clinician_today'),
  limit('bicarbonate', 'mmol/L', 10, 40, 'seek_care_now'),
  limit('hemoglobin', 'g/dL', 7.0, 20, 'seek_care_now'),
  limit('platelets', '10*3/uL', 30, 1000, 'contact_clinician_today'),
  limit('wbc', '10*3/uL', 2.0, 30, 'contact_clinician_today'),
  limit('neutrophils_absolute', '10*3/uL', 0.5, undefined, 'contact_clinician_today', RCPATH_2017),
  // Creatinine 354 µmol/L (4.0 mg/dL) in a person without known kidney disease (RCPath).
  limit('creatinine', 'mg/dL', undefined, 4.0, 'contact_clinician_today', RCPATH_2017),
  limit('egfr', 'mL/min/{1.73_m2}', 15, undefined, 'contact_clinician_today', KDIGO_G5),
  // A hypertensive crisis; with chest pain, breathlessness, weakness or confusion it is an emergency.
  limit('systolic_bp', 'mm[Hg]', undefined, 180, 'contact_clinician_today', ACC_AHA_CRISIS),
  limit('diastolic_bp', 'mm[Hg]', undefined, 120, 'contact_clinician_today', ACC_AHA_CRISIS),
]

const byCode = new Map(CRITICAL_LIMITS.map((l) => [l.code, l]))

export const criticalLimitFor = (code: string): CriticalLimit | undefined => byCode.get(code)

/**
 * Which side of a critical limit a canonical value is on, or null. A censored value (`<0.5`, `>450`)
 * counts only when its bound already lies past the limit on the same side.
 */
export function criticalSide(
  limit: CriticalLimit,
  value: number,
  comparator: '<' | '<=' | '>' | '>=' | null = null,
): 'low' | 'high' | null {
  const upperBoundOnly = comparator === '<' || comparator === '<='
  const lowerBoundOnly = comparator === '>' || comparator === '>='
  if (limit.below !== undefined && value < limit.below && !lowerBoundOnly) return 'low'
  if (limit.from !== undefined && value >= limit.from && !upperBoundOnly) return 'high'
  return null
}
