// Vital signs that arrive in lab and FHIR exports (the blood-pressure panel, weight, BMI, body
// temperature). They are stored as markers of the `vitals` category so that they are not filed as
// unknown lab tests. Heart rate stays a wearable metric (modules/wearables/metrics.ts).

import { below, marker, range } from '../define'
import type { Citation } from '../types'

const ACC_AHA_BP_2017: Citation = {
  title:
    'Whelton PK, Carey RM, Aronow WS, et al. 2017 ACC/AHA/AAPA/ABC/ACPM/AGS/APhA/ASH/ASPC/NMA/PCNA Guideline for the Prevention, Detection, Evaluation, and Management of High Blood Pressure in Adults. Hypertension 2018;71:e13-e115.',
  pmid: '29133356',
  basis: 'guideline',
}

const WHO_BMI: Citation = {
  title:
    'World Health Organization. Obesity: preventing and managing the global epidemic. Report of a WHO consultation. WHO Technical Report Series 894. Geneva: WHO; 2000.',
  basis: 'guideline',
}

const BODY_TEMPERATURE: Citation = {
  title:
    'Typical adult oral body temperature interval (approximate; varies by site of measurement and time of day). See Geneva II, Cuzzo B, Fazili T, Javaid W. Normal Body Temperature: A Systematic Review. Open Forum Infect Dis 2019;6:ofz032.',
  pmid: '30976605',
  basis: 'typical_laboratory_interval',
}

export const VITALS = [
  marker({
    code: 'systolic_bp',
    name: 'Systolic blood pressure',
    category: 'vitals',
    loinc: '8480-6',
    synonyms: [
      'systolic blood pressure',
      'systolic bp',
      'systolic',
      'sbp',
      'bp systolic',
      'blood pressure systolic',
    ],
    unit: 'mm[Hg]',
    reference: [below(120)],
    better: 'lower',
    noise_percent: 8,
    citation: ACC_AHA_BP_2017,
    range_note: 'ACC/AHA 2017: normal below 120/80 mm Hg; a single reading does not establish a diagnosis.',
  }),
  marker({
    code: 'diastolic_bp',
    name: 'Diastolic blood pressure',
    category: 'vitals',
    loinc: '8462-4',
    synonyms: [
      'diastolic blood pressure',
      'diastolic bp',
      'diastolic',
      'dbp',
      'bp diastolic',
      'blood pressure diastolic',
    ],
    unit: 'mm[Hg]',
    reference: [below(80)],
    better: 'lower',
    noise_percent: 8,
    citation: ACC_AHA_BP_2017,
    range_note: 'ACC/AHA 2017: normal below 120/80 mm Hg; a single reading does not establish a diagnosis.',
  }),
  marker({
    code: 'bmi',
    name: 'Body mass index',
    category: 'vitals',
    loinc: '39156-5',
    synonyms: ['bmi', 'body mass index', 'body mass index (bmi)'],
    unit: 'kg/m2',
    // WHO: 18.5 to below 25 is the normal range (25 or more is overweight), compared at full precision.
    reference: [below(25, 18.5)],
    better: 'in_range',
    noise_percent: 2,
    citation: WHO_BMI,
  }),
  marker({
    code: 'body_weight',
    name: 'Body weight',
    category: 'vitals',
    loinc: '29463-7',
    synonyms: ['body weight', 'weight', 'wt', 'body weight measured'],
    unit: 'kg',
    alternate_units: ['[lb_av]', 'g'],
    // Weight has no population reference interval; BMI carries the judgement.
    reference: [],
    better: 'in_range',
    noise_percent: 2,
    citation: WHO_BMI,
    range_note:
      'Body weight has no population reference interval; BMI (weight for height) is judged instead.',
  }),
  marker({
    code: 'body_temperature',
    name: 'Body temperature',
    category: 'vitals',
    loinc: '8310-5',
    synonyms: ['body temperature', 'temperature', 'temp', 'oral temperature'],
    unit: 'Cel',
    alternate_units: ['[degF]'],
    reference: [range(36.1, 37.2)],
    better: 'in_range',
    noise_percent: 1,
    citation: BODY_TEMPERATURE,
  }),
]
