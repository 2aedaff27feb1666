// Which record types of each on-device store are read, and as what. Quantity types carry a value (and a
// unit, else the one given here); `duration` types count the minutes between start and end; sleep types
// carry a stage in `category` and are filed under the day one wakes up.

import type { UploadStore } from './model'

export type RecordKind =
  | { kind: 'quantity'; metric: string; unit: string; fraction?: boolean }
  | { kind: 'duration'; metric: string }
  | { kind: 'sleep'; stages: Record<string, SleepStage> }

/** A sleep stage: the stage metric it adds to (null: asleep, stage unknown), or not asleep at all. */
export type SleepStage = { metric: string | null; asleep: boolean } | 'in_bed'

const asleep = (metric: string | null): SleepStage => ({ metric, asleep: true })
const AWAKE: SleepStage = { metric: 'sleep_awake', asleep: false }

/** HealthKit HKCategoryValueSleepAnalysis, by name and raw value (react-native-health also says ASLEEP, CORE …). */
const HEALTHKIT_SLEEP: Record<string, SleepStage> = {
  hkcategoryvaluesleepanalysisinbed: 'in_bed',
  '0': 'in_bed',
  inbed: 'in_bed',
  hkcategoryvaluesleepanalysisasleepunspecified: asleep(null),
  hkcategoryvaluesleepanalysisasleep: asleep(null),
  '1': asleep(null),
  asleep: asleep(null),
  hkcategoryvaluesleepanalysisawake: AWAKE,
  '2': AWAKE,
  awake: AWAKE,
  hkcategoryvaluesleepanalysisasleepcore: asleep('sleep_light'),
  '3': asleep('sleep_light'),
  core: asleep('sleep_light'),
  hkcategoryvaluesleepanalysisasleepdeep: asleep('sleep_deep'),
  '4': asleep('sleep_deep'),
  deep: asleep('sleep_deep'),
  hkcategoryvaluesleepanalysisasleeprem: asleep('sleep_rem'),
  '5': asleep('sleep_rem'),
  rem: asleep('sleep_rem'),
}

/** Health Connect SleepSessionRecord stages (STAGE_TYPE_* constants and their names). */
const HEALTH_CONNECT_SLEEP: Record<string, SleepStage> = {
  '': asleep(null),
  '0': asleep(null),
  unknown: asleep(null),
  '1': AWAKE,
  awake: AWAKE,
  '2': asleep(null),
  sleeping: asleep(null),
  '3': 'in_bed',
  out_of_bed: 'in_bed',
  '4': asleep('sleep_light'),
  light: asleep('sleep_light'),
  '5': asleep('sleep_deep'),
  deep: asleep('sleep_deep'),
  '6': asleep('sleep_rem'),
  rem: asleep('sleep_rem'),
  '7': AWAKE,
  awake_in_bed: AWAKE,
}

/** Samsung Health sleep stages (com.samsung.health.sleep_stage: 40001 awake … 40004 REM). */
const SAMSUNG_SLEEP: Record<string, SleepStage> = {
  '': asleep(null),
  '40001': AWAKE,
  awake: AWAKE,
  '40002': asleep('sleep_light'),
  light: asleep('sleep_light'),
  '40003': asleep('sleep_deep'),
  deep: asleep('sleep_deep'),
  '40004': asleep('sleep_rem'),
  rem: asleep('sleep_rem'),
}

const Q = (metric: string, unit: string, fraction?: boolean): RecordKind => ({
  kind: 'quantity',
  metric,
  unit,
  ...(fraction ? { fraction } : {}),
})
const D = (metric: string): RecordKind => ({ kind: 'duration', metric })

export const RECORD_TYPES: Record<UploadStore, Record<string, RecordKind>> = {
  apple_health: {
    HKQuantityTypeIdentifierStepCount: Q('steps', 'count'),
    HKQuantityTypeIdentifierActiveEnergyBurned: Q('active_energy', 'kcal'),
    HKQuantityTypeIdentifierHeartRate: Q('heart_rate', 'count/min'),
    HKQuantityTypeIdentifierRestingHeartRate: Q('resting_heart_rate', 'count/min'),
    HKQuantityTypeIdentifierHeartRateVariabilitySDNN: Q('hrv_sdnn', 'ms'),
    // HealthKit stores oxygen saturation as a fraction (0.97) in the unit "%".
    HKQuantityTypeIdentifierOxygenSaturation: Q('spo2', '%', true),
    HKQuantityTypeIdentifierRespiratoryRate: Q('respiratory_rate', 'count/min'),
    HKQuantityTypeIdentifierVO2Max: Q('vo2max', 'ml/(kg*min)'),
    HKQuantityTypeIdentifierDietaryWater: Q('water_intake', 'mL'),
    HKQuantityTypeIdentifierDietaryEnergyConsumed: Q('energy_intake', 'kcal'),
    HKQuantityTypeIdentifierDietaryProtein: Q('protein_intake', 'g'),
    HKQuantityTypeIdentifierDietaryCaffeine: Q('caffeine_intake', 'mg'),
    HKCategoryTypeIdentifierSleepAnalysis: { kind: 'sleep', stages: HEALTHKIT_SLEEP },
    HKCategoryTypeIdentifierMindfulSession: D('meditation_duration'),
    HKWorkoutTypeIdentifier: D('exercise_duration'),
  },
  health_connect: {
    StepsRecord: Q('steps', 'count'),
    ActiveCaloriesBurnedRecord: Q('active_energy', 'kcal'),
    HeartRateRecord: Q('heart_rate', 'bpm'),
    RestingHeartRateRecord: Q('resting_heart_rate', 'bpm'),
    HeartRateVariabilityRmssdRecord: Q('hrv_rmssd', 'ms'),
    OxygenSaturationRecord: Q('spo2', '%'),
    RespiratoryRateRecord: Q('respiratory_rate', '/min'),
    Vo2MaxRecord: Q('vo2max', 'ml/kg/min'),
    HydrationRecord: Q('water_intake', 'mL'),
    SleepSessionRecord: { kind: 'sleep', stages: HEALTH_CONNECT_SLEEP },
    ExerciseSessionRecord: D('exercise_duration'),
    MindfulnessSessionRecord: D('meditation_duration'),
  },
  samsung_health: {
    // The Samsung Health SDK for Android data types, and the Samsung Health Data SDK's names.
    'com.samsung.health.step_count': Q('steps', 'count'),
    STEPS: Q('steps', 'count'),
    'com.samsung.health.heart_rate': Q('heart_rate', 'bpm'),
    HEART_RATE: Q('heart_rate', 'bpm'),
    'com.samsung.health.oxygen_saturation': Q('spo2', '%'),
    BLOOD_OXYGEN: Q('spo2', '%'),
    'com.samsung.health.water_intake': Q('water_intake', 'mL'),
    WATER_INTAKE: Q('water_intake', 'mL'),
    'com.samsung.health.sleep_stage': { kind: 'sleep', stages: SAMSUNG_SLEEP },
    'com.samsung.health.sleep': { kind: 'sleep', stages: SAMSUNG_SLEEP },
    SLEEP: { kind: 'sleep', stages: SAMSUNG_SLEEP },
    'com.samsung.health.exercise': D('exercise_duration'),
    EXERCISE: D('exercise_duration'),
  },
}

/** The store's own app package/bundle: records it wrote come from the store itself. */
export const STORE_DEVICE: Record<UploadStore, string> = {
  apple_health: 'iphone',
  samsung_health: 'samsung',
  health_connect: 'phone',
}
