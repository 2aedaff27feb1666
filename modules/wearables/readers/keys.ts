// Names wearable exports give their measurements (column headers, JSON keys, Apple HealthKit and Health
// Connect type names) mapped to our metrics with the unit each export uses. Oura reports durations in
// seconds, WHOOP in milliseconds (`_milli`), most CSVs in minutes; `auto_duration` guesses from the
// size of the number where the name does not say.

import { normalizeKey } from '../../imports/header'

export interface MetricKey {
  metric: string
  unit: string
}

const K = (metric: string, unit: string, names: string[]): [string, MetricKey][] =>
  names.map((n) => [normalizeKey(n), { metric, unit }])

export const WEARABLE_KEYS = new Map<string, MetricKey>([
  ...K('steps', '{steps}', ['steps', 'step count', 'total steps', 'daily steps', 'steps count', 'stepcount']),
  ...K('resting_heart_rate', '/min', [
    'resting heart rate',
    'resting hr',
    'rhr',
    'average resting heart rate',
    'resting heart rate bpm',
    'lowest heart rate',
    'resting_heart_rate',
  ]),
  ...K('heart_rate', '/min', [
    'heart rate',
    'hr',
    'average heart rate',
    'avg heart rate',
    'average hr',
    'avg hr',
    'bpm',
  ]),
  ...K('hrv_rmssd', 'ms', [
    'hrv',
    'heart rate variability',
    'average hrv',
    'avg hrv',
    'hrv rmssd',
    'rmssd',
    'hrv ms',
  ]),
  ...K('hrv_rmssd', 'ms', ['hrv rmssd milli']),
  ...K('hrv_sdnn', 'ms', ['sdnn', 'hrv sdnn', 'heart rate variability sdnn']),
  ...K('sleep_duration', 's', ['total sleep duration', 'total sleep', 'total']),
  ...K('sleep_duration', 'ms', ['total sleep time milli', 'total asleep time milli']),
  ...K('sleep_duration', 'min', [
    'asleep duration',
    'time asleep',
    'sleep minutes',
    'total sleep minutes',
    'minutes asleep',
  ]),
  ...K('sleep_duration', 'h', ['sleep hours', 'hours asleep', 'total sleep hours']),
  ...K('sleep_duration', 'auto_duration', ['sleep duration', 'sleep time', 'total sleep time', 'sleep']),
  ...K('sleep_deep', 's', ['deep sleep duration', 'deep']),
  ...K('sleep_deep', 'ms', ['total slow wave sleep time milli']),
  ...K('sleep_deep', 'min', ['deep sws duration', 'deep sleep minutes', 'deep minutes']),
  ...K('sleep_deep', 'auto_duration', ['deep sleep']),
  ...K('sleep_rem', 's', ['rem sleep duration', 'rem']),
  ...K('sleep_rem', 'ms', ['total rem sleep time milli']),
  ...K('sleep_rem', 'min', ['rem duration', 'rem sleep minutes', 'rem minutes']),
  ...K('sleep_rem', 'auto_duration', ['rem sleep']),
  ...K('sleep_light', 's', ['light sleep duration', 'light']),
  ...K('sleep_light', 'ms', ['total light sleep time milli']),
  ...K('sleep_light', 'min', ['light sleep minutes', 'light minutes']),
  ...K('sleep_light', 'auto_duration', ['light sleep']),
  ...K('sleep_awake', 's', ['awake time', 'awake']),
  ...K('sleep_awake', 'ms', ['total awake time milli']),
  ...K('sleep_awake', 'min', ['awake duration', 'awake minutes', 'minutes awake']),
  ...K('sleep_efficiency', '%', ['sleep efficiency', 'efficiency', 'sleep efficiency percentage']),
  ...K('active_energy', 'kcal', [
    'active calories',
    'active energy',
    'active energy burned',
    'active kcal',
    'cal active',
    'activity calories',
    'active calories burned',
  ]),
  ...K('vo2max', 'mL/(kg.min)', ['vo2max', 'vo2 max', 'cardio fitness', 'vo2max ml kg min']),
  ...K('spo2', '%', [
    'spo2',
    'blood oxygen',
    'oxygen saturation',
    'spo2 percentage',
    'average spo2',
    'spo2 average',
  ]),
  ...K('respiratory_rate', '/min', [
    'respiratory rate',
    'breathing rate',
    'average breath',
    'resp rate',
    'breaths per minute',
  ]),
  ...K('temperature_deviation', 'Cel', [
    'temperature deviation',
    'temp deviation',
    'skin temperature deviation',
    'temperature delta',
    'body temperature deviation',
  ]),
  // WHOOP's own scores, kept as WHOOP metrics (its published definitions, not ours to recompute).
  ...K('whoop_recovery_score', '%', ['recovery score']),
  ...K('whoop_strain', '{score}', ['day strain', 'strain']),
  ...K('whoop_sleep_performance', '%', ['sleep performance', 'sleep performance percentage']),
])

/** Oura's daily scores: each section of the export has a `score` field that means a different score. */
export const OURA_SCORES: Record<string, MetricKey> = {
  daily_readiness: { metric: 'oura_readiness_score', unit: '{score}' },
  readiness: { metric: 'oura_readiness_score', unit: '{score}' },
  daily_sleep: { metric: 'oura_sleep_score', unit: '{score}' },
  daily_activity: { metric: 'oura_activity_score', unit: '{score}' },
  activity: { metric: 'oura_activity_score', unit: '{score}' },
}

/** Apple HealthKit quantity types. */
export const HEALTHKIT_TYPES: Record<string, MetricKey> = {
  HKQuantityTypeIdentifierStepCount: { metric: 'steps', unit: '{steps}' },
  HKQuantityTypeIdentifierRestingHeartRate: { metric: 'resting_heart_rate', unit: '/min' },
  HKQuantityTypeIdentifierHeartRate: { metric: 'heart_rate', unit: '/min' },
  HKQuantityTypeIdentifierHeartRateVariabilitySDNN: { metric: 'hrv_sdnn', unit: 'ms' },
  HKQuantityTypeIdentifierActiveEnergyBurned: { metric: 'active_energy', unit: 'kcal' },
  HKQuantityTypeIdentifierVO2Max: { metric: 'vo2max', unit: 'mL/(kg.min)' },
  HKQuantityTypeIdentifierOxygenSaturation: { metric: 'spo2', unit: '%' },
  HKQuantityTypeIdentifierRespiratoryRate: { metric: 'respiratory_rate', unit: '/min' },
}

/** Find the metric a header or key names, trying the name as written and without a trailing unit word. */
export function wearableKey(name: string): MetricKey | undefined {
  return (
    WEARABLE_KEYS.get(name) ??
    HEALTHKIT_TYPES[name] ??
    WEARABLE_KEYS.get(name.replace(/ (ms|bpm|min|mins|minutes|s|sec|seconds|hours|hrs|h|kcal|%)$/, ''))
  )
}
