// Which of a marker's ranges applies to a person (by sex and age), and where a value falls: below,
// within or above the reference range, and whether it is in the optimal range where one is defined.

import type { BiomarkerDefinition, MarkerRange, Sex } from './types'

export interface Person {
  sex?: Sex | null
  age?: number | null
}

export type RangeStatus = 'low' | 'in_range' | 'high'

/**
 * The most specific range for the person: one matching sex and age beats one matching sex only,
 * which beats a range for everyone. Without sex, a sex-specific marker uses the widest span of its
 * ranges, so nobody is flagged on a bound meant for the other sex.
 */
export function rangeFor(
  ranges: readonly MarkerRange[] | undefined,
  person: Person = {},
): MarkerRange | null {
  if (!ranges || ranges.length === 0) return null
  const ageFits = (r: MarkerRange) =>
    person.age == null
      ? r.age_min === undefined && r.age_max === undefined
      : (r.age_min ?? 0) <= person.age && person.age <= (r.age_max ?? 200)
  const scored = ranges
    .filter((r) => (r.sex === undefined || r.sex === person.sex) && ageFits(r))
    .map((r) => ({
      r,
      score: (r.sex ? 2 : 0) + (r.age_min !== undefined || r.age_max !== undefined ? 1 : 0),
    }))
    .sort((a, b) => b.score - a.score)
  if (scored.length > 0) return scored[0].r
  // No exact fit (sex or age unknown): the envelope of the candidate ranges.
  const candidates = ranges.filter((r) => r.sex === undefined || !person.sex || r.sex === person.sex)
  if (candidates.length === 0) return null
  const lows = candidates.map((r) => r.low)
  const highs = candidates.map((r) => r.high)
  const out: MarkerRange = {}
  if (lows.every((l) => l !== undefined)) out.low = Math.min(...(lows as number[]))
  if (highs.every((h) => h !== undefined)) {
    out.high = Math.max(...(highs as number[]))
    // Exclusive only when every candidate with that bound is; an inclusive one is the more lenient.
    if (candidates.every((r) => r.high !== out.high || r.high_exclusive)) out.high_exclusive = true
  }
  return out
}

/** Where a value falls against one range; the upper bound honours `high_exclusive`. */
export function sideOf(
  range: { low?: number | null; high?: number | null; high_exclusive?: boolean },
  value: number,
): 'low' | 'inside' | 'high' {
  if (range.low != null && value < range.low) return 'low'
  if (range.high != null && (range.high_exclusive ? value >= range.high : value > range.high)) return 'high'
  return 'inside'
}

/** Where a canonical value falls against a range; null when there is no range. */
export function statusAgainst(range: MarkerRange | null, value: number): RangeStatus | null {
  if (!range) return null
  const side = sideOf(range, value)
  return side === 'inside' ? 'in_range' : side
}

/** The reference status of a value for a person, and whether it is optimal where an optimal range exists. */
export function classify(marker: BiomarkerDefinition, value: number, person: Person = {}) {
  const reference = rangeFor(marker.reference, person)
  const optimal = rangeFor(marker.optimal, person)
  return {
    status: statusAgainst(reference, value),
    reference,
    optimal: optimal ? statusAgainst(optimal, value) === 'in_range' : null,
  }
}
