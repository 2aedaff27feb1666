// Names a sleep diary, exercise log, food log or habit tracker gives its columns, mapped to behavioral
// metrics. Bedtime and wake time are read together into the diary's sleep duration.

import type { MetricKey } from '../../wearables/readers/keys'
import { normalizeKey } from '../header'

const K = (metric: string, unit: string, names: string[]): [string, MetricKey][] =>
  names.map((n) => [normalizeKey(n), { metric, unit }])

export const BEHAVIORAL_KEYS = new Map<string, MetricKey>([
  ...K('diary_sleep_quality', '{score}', ['sleep quality', 'quality', 'sleep rating']),
  ...K('diary_sleep_duration', 'h', ['hours slept', 'sleep hours', 'hours of sleep']),
  ...K('diary_sleep_duration', 'min', ['minutes slept', 'sleep minutes']),
  ...K('exercise_duration', 'min', [
    'exercise minutes',
    'exercise duration',
    'exercise min',
    'workout minutes',
    'workout duration',
    'activity minutes',
    'duration min',
    'duration minutes',
    'duration',
    'minutes',
  ]),
  ...K('energy_intake', 'kcal', [
    'calories',
    'energy',
    'energy kcal',
    'calories kcal',
    'kcal',
    'food calories',
    'energy intake',
    'calories eaten',
  ]),
  ...K('protein_intake', 'g', ['protein', 'protein g', 'protein grams']),
  ...K('carbohydrate_intake', 'g', ['carbs', 'carbohydrates', 'carbohydrate', 'carbs g', 'carbohydrates g']),
  ...K('fat_intake', 'g', ['fat', 'fat g', 'total fat']),
  ...K('fiber_intake', 'g', ['fiber', 'fibre', 'fiber g']),
  ...K('alcohol_drinks', '{drinks}', [
    'alcohol',
    'alcohol drinks',
    'drinks',
    'alcoholic drinks',
    'units of alcohol',
  ]),
  ...K('caffeine_intake', 'mg', ['caffeine', 'caffeine mg']),
  ...K('water_intake', 'mL', ['water', 'water ml', 'hydration', 'water intake']),
  ...K('meditation_duration', 'min', [
    'meditation',
    'meditation minutes',
    'meditation min',
    'mindfulness minutes',
    'mindful minutes',
  ]),
  ...K('mood', '{score}', ['mood', 'mood score']),
  ...K('stress', '{score}', ['stress', 'stress level', 'stress score']),
])

export const BEDTIME_KEYS = new Set(
  ['bedtime', 'bed time', 'went to bed', 'lights out', 'sleep start'].map(normalizeKey),
)
export const WAKE_KEYS = new Set(
  ['wake time', 'waketime', 'wake up', 'woke up', 'rise time', 'wake', 'sleep end'].map(normalizeKey),
)
/** Columns naming the kind of activity on an exercise log row. */
export const ACTIVITY_KEYS = new Set(
  ['activity', 'exercise', 'workout', 'workout type', 'activity type', 'sport'].map(normalizeKey),
)

export function behavioralKey(name: string): MetricKey | undefined {
  return (
    BEHAVIORAL_KEYS.get(name) ??
    BEHAVIORAL_KEYS.get(name.replace(/ (g|mg|ml|min|mins|minutes|kcal|h|hours)$/, ''))
  )
}
