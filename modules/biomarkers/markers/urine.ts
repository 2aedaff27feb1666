// Urine tests that share a name with a blood test: a urine glucose must never be filed as blood
// glucose. Qualitative strip results ("Negative", "1+") are kept as text by the importer.

import { TYPICAL_INTERVAL } from '../citations'
import { marker, range } from '../define'

export const URINE = [
  marker({
    code: 'urine_glucose',
    name: 'Glucose (urine)',
    category: 'kidney',
    loinc: '2350-7',
    synonyms: [
      'urine glucose',
      'glucose urine',
      'glucose ua',
      'ua glucose',
      'glucose urinalysis',
      'urine glucose qualitative',
      'glucose in urine',
      'urin-glukose',
      'glukose im urin',
      'glucose urinaire',
      'glucosa en orina',
      'glucosio urine',
    ],
    unit: 'mg/dL',
    alternate_units: ['mmol/L'],
    molar_mass: 180.156,
    reference: [range(undefined, 15)],
    better: 'lower',
    noise_percent: 20,
    citation: TYPICAL_INTERVAL,
    range_note:
      'Glucose is normally not detectable in urine (a strip reads "Negative", below about 15 mg/dL).',
  }),
]

/** Codes of markers measured in urine: a urine specimen only ever maps to one of these. */
export const URINE_MARKER_CODES = new Set(['urine_glucose', 'urine_albumin_creatinine_ratio'])
