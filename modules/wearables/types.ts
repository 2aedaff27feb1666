// The shape of a wearable metric definition: canonical units and how overlapping devices are reconciled.

export interface WearableMetricDefinition {
  /** Canonical key: `steps`, `resting_heart_rate`, `hrv_rmssd`, `sleep_duration` ... */
  code: string
  name: string
  /** Canonical UCUM unit. */
  unit: string
  /** How values of one day combine: summed (steps, energy) or averaged/one value (resting HR, HRV). */
  daily: 'sum' | 'mean' | 'last'
  better: 'lower' | 'higher' | 'in_range'
  /** A recommended range where a consensus gives one (daily values, canonical unit). */
  reference?: { low?: number; high?: number; citation: string }
}

/** One value per day after deduplication, citing the observation it came from. */
export interface DailyValue {
  date: string
  value: number
  device: string | null
  source_id: string
  observation_ids: string[]
  /** Other devices that recorded the same day and were set aside by source priority (never added). */
  set_aside?: { device: string | null; value: number; source_id: string }[]
  /** Lower-priority devices whose hours filled gaps the main device did not count (summed metrics). */
  filled_in?: { device: string | null; value: number; source_id: string }[]
}
