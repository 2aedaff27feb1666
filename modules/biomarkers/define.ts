// Small builders for catalog entries, so each marker file reads as data: defaults for the fields most
// markers share, and range helpers by sex and age.

import type { BiomarkerDefinition, MarkerRange, Sex } from './types'

type MarkerInput = Omit<BiomarkerDefinition, 'alternate_units' | 'noise_percent' | 'retest_days'> &
  Partial<Pick<BiomarkerDefinition, 'alternate_units' | 'noise_percent' | 'retest_days'>>

/** A marker with the usual defaults: 10 % noise, retest yearly in range and after 90 days out of it. */
export function marker(input: MarkerInput): BiomarkerDefinition {
  return {
    alternate_units: [],
    noise_percent: 10,
    retest_days: { in_range: 365, out_of_range: 90 },
    ...input,
  }
}

/** A range for everyone. */
export const range = (low?: number, high?: number): MarkerRange => bounds({}, low, high)

/** A half-open guideline range: values from `low` (when given) up to but not including `high`. */
export const below = (high: number, low?: number): MarkerRange => ({
  ...bounds({}, low, high),
  high_exclusive: true,
})

/** A range for one sex, optionally within an age band (inclusive years). */
export const forSex = (sex: Sex, low?: number, high?: number, ages?: [number, number?]): MarkerRange =>
  bounds(
    { sex, ...(ages ? { age_min: ages[0], ...(ages[1] !== undefined ? { age_max: ages[1] } : {}) } : {}) },
    low,
    high,
  )

/** A range for an age band, both sexes. */
export const forAge = (ages: [number, number?], low?: number, high?: number): MarkerRange =>
  bounds({ age_min: ages[0], ...(ages[1] !== undefined ? { age_max: ages[1] } : {}) }, low, high)

function bounds(base: MarkerRange, low?: number, high?: number): MarkerRange {
  const out: MarkerRange = { ...base }
  if (low !== undefined) out.low = low
  if (high !== undefined) out.high = high
  return out
}
