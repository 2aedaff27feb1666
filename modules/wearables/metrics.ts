// The wearable metric catalog: what devices measure, in which canonical UCUM unit it is stored, and how
// a day's records combine. Behavioral records (sleep diary, exercise, nutrition, habits) use the same
// shape, so daily series work the same way for both.

import type { WearableMetricDefinition } from './types'

/** Adults should sleep 7 hours or more a night on a regular basis. */
const SLEEP_CONSENSUS =
  'Watson NF, et al. Recommended Amount of Sleep for a Healthy Adult: A Joint Consensus Statement of the American Academy of Sleep Medicine and Sleep Research Society. Sleep 2015;38:843-844.'

/** The 7-9 hours recommended for adults (18-64); more can be appropriate, e.g. when recovering. */
const SLEEP_NSF =
  'Hirshkowitz M, et al. National Sleep Foundation’s sleep time duration recommendations: methodology and results summary. Sleep Health 2015;1:40-43 (7-9 hours for adults aged 18-64).'

export const WEARABLE_METRICS: readonly WearableMetricDefinition[] = Object.freeze([
  { code: 'resting_heart_rate', name: 'Resting heart rate', unit: '/min', daily: 'mean', better: 'lower' },
  { code: 'heart_rate', name: 'Heart rate', unit: '/min', daily: 'mean', better: 'in_range' },
  { code: 'max_heart_rate', name: 'Maximum heart rate', unit: '/min', daily: 'last', better: 'in_range' },
  { code: 'body_weight', name: 'Body weight', unit: 'kg', daily: 'last', better: 'in_range' },
  { code: 'hrv_rmssd', name: 'Heart rate variability (RMSSD)', unit: 'ms', daily: 'mean', better: 'higher' },
  { code: 'hrv_sdnn', name: 'Heart rate variability (SDNN)', unit: 'ms', daily: 'mean', better: 'higher' },
  {
    code: 'sleep_duration',
    name: 'Sleep duration',
    unit: 'min',
    daily: 'sum',
    better: 'in_range',
    reference: { low: 420, high: 540, citation: `${SLEEP_CONSENSUS} ${SLEEP_NSF}` },
  },
  { code: 'sleep_efficiency', name: 'Sleep efficiency', unit: '%', daily: 'mean', better: 'higher' },
  { code: 'sleep_deep', name: 'Deep sleep', unit: 'min', daily: 'sum', better: 'higher' },
  { code: 'sleep_rem', name: 'REM sleep', unit: 'min', daily: 'sum', better: 'higher' },
  { code: 'sleep_light', name: 'Light sleep', unit: 'min', daily: 'sum', better: 'in_range' },
  { code: 'sleep_awake', name: 'Awake time in bed', unit: 'min', daily: 'sum', better: 'lower' },
  { code: 'steps', name: 'Steps', unit: '{steps}', daily: 'sum', better: 'higher' },
  { code: 'active_energy', name: 'Active energy', unit: 'kcal', daily: 'sum', better: 'higher' },
  { code: 'vo2max', name: 'VO2 max', unit: 'mL/(kg.min)', daily: 'last', better: 'higher' },
  { code: 'spo2', name: 'Blood oxygen saturation', unit: '%', daily: 'mean', better: 'higher' },
  { code: 'respiratory_rate', name: 'Respiratory rate', unit: '/min', daily: 'mean', better: 'in_range' },
  {
    code: 'temperature_deviation',
    name: 'Skin temperature deviation from baseline',
    unit: 'Cel',
    daily: 'mean',
    better: 'in_range',
  },
  // Provider scores: each vendor's own composite, kept under its name and never mixed with another's.
  {
    code: 'oura_readiness_score',
    name: 'Readiness score (Oura)',
    unit: '{score}',
    daily: 'last',
    better: 'higher',
  },
  { code: 'oura_sleep_score', name: 'Sleep score (Oura)', unit: '{score}', daily: 'last', better: 'higher' },
  {
    code: 'oura_activity_score',
    name: 'Activity score (Oura)',
    unit: '{score}',
    daily: 'last',
    better: 'higher',
  },
  {
    code: 'whoop_recovery_score',
    name: 'Recovery score (WHOOP)',
    unit: '%',
    daily: 'last',
    better: 'higher',
  },
  {
    code: 'whoop_strain',
    name: 'Day strain (WHOOP, 0-21)',
    unit: '{score}',
    daily: 'last',
    better: 'in_range',
  },
  {
    code: 'whoop_sleep_performance',
    name: 'Sleep performance (WHOOP)',
    unit: '%',
    daily: 'last',
    better: 'higher',
  },
])

/** Self-reported and logged behaviour: a sleep diary, exercise, nutrition and habits. */
export const BEHAVIORAL_METRICS: readonly WearableMetricDefinition[] = Object.freeze([
  {
    code: 'diary_sleep_duration',
    name: 'Sleep duration (diary)',
    unit: 'min',
    daily: 'sum',
    better: 'in_range',
    reference: { low: 420, citation: SLEEP_CONSENSUS },
  },
  {
    code: 'diary_sleep_quality',
    name: 'Sleep quality (diary, 1-5)',
    unit: '{score}',
    daily: 'mean',
    better: 'higher',
  },
  { code: 'exercise_duration', name: 'Exercise duration', unit: 'min', daily: 'sum', better: 'higher' },
  { code: 'energy_intake', name: 'Energy intake', unit: 'kcal', daily: 'sum', better: 'in_range' },
  { code: 'protein_intake', name: 'Protein intake', unit: 'g', daily: 'sum', better: 'in_range' },
  { code: 'carbohydrate_intake', name: 'Carbohydrate intake', unit: 'g', daily: 'sum', better: 'in_range' },
  { code: 'fat_intake', name: 'Fat intake', unit: 'g', daily: 'sum', better: 'in_range' },
  { code: 'fiber_intake', name: 'Fiber intake', unit: 'g', daily: 'sum', better: 'higher' },
  { code: 'alcohol_drinks', name: 'Alcoholic drinks', unit: '{drinks}', daily: 'sum', better: 'lower' },
  { code: 'caffeine_intake', name: 'Caffeine', unit: 'mg', daily: 'sum', better: 'in_range' },
  { code: 'water_intake', name: 'Water intake', unit: 'mL', daily: 'sum', better: 'in_range' },
  { code: 'meditation_duration', name: 'Meditation', unit: 'min', daily: 'sum', better: 'higher' },
  { code: 'mood', name: 'Mood (1-5)', unit: '{score}', daily: 'mean', better: 'higher' },
  { code: 'stress', name: 'Stress (1-5)', unit: '{score}', daily: 'mean', better: 'lower' },
])

const BY_CODE = new Map([...WEARABLE_METRICS, ...BEHAVIORAL_METRICS].map((m) => [m.code, m]))

export function wearableMetricByCode(code: string): WearableMetricDefinition | undefined {
  return BY_CODE.get(code)
}

/** True for codes of the behavioral list (stored with modality `behavioral`). */
export const isBehavioralMetric = (code: string) => BEHAVIORAL_METRICS.some((m) => m.code === code)
