// Reads from a record's INFO whether its genotypes were imputed (estimated from a reference panel) or
// measured, and the imputation tool's own estimate of their accuracy. Only the records that hit a
// target come here, never the scan's hot path.
//
// What the tools write:
// - Minimac (Michigan / TOPMed Imputation Server, Genes for Good): `R2` (Estimated Imputation Accuracy,
//   R-square, Number=1), and one of the flags `IMPUTED` (imputed, not genotyped), `TYPED` (genotyped and
//   imputed) or `TYPED_ONLY` (genotyped, not imputed); typed sites may add `ER2`. Older minimac wrote
//   `R2` without the flags, on imputed output.
// - Beagle 5: `DR2` (dosage R-squared, Number=A: one value per ALT) on every marker, and the flag `IMP`
//   on imputed markers; a marker without `IMP` was in the genotyped input.

import type { SiteCall } from '../types'

export type Imputation = NonNullable<SiteCall['imputation']>

const IMPUTATION_KEYS = new Set(['R2', 'DR2', 'IMPUTED', 'TYPED', 'TYPED_ONLY', 'IMP'])

/** The INFO keys that matter here, read in one pass: a flag is '', a key=value its value. */
function imputationKeys(info: string): Map<string, string> {
  const keys = new Map<string, string>()
  if (info === '.' || info === '') return keys
  for (const part of info.split(';')) {
    const eq = part.indexOf('=')
    const key = eq < 0 ? part : part.slice(0, eq)
    if (IMPUTATION_KEYS.has(key)) keys.set(key, eq < 0 ? '' : part.slice(eq + 1))
  }
  return keys
}

const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/

/**
 * The accuracy that applies to this call. One value (Minimac's R2): that value. One per ALT (Beagle's
 * DR2): the lowest among the ALT alleles the genotype carries (all of them when it carries none), so a
 * multi-allelic record never lends one allele's accuracy to another. Anything unreadable: null.
 */
function accuracy(text: string | undefined, carriedAlts: number[]): number | null {
  if (text === undefined || text === '') return null
  const values = text.split(',')
  const chosen =
    values.length === 1 ? values : carriedAlts.length > 0 ? carriedAlts.map((alt) => values[alt - 1]) : values
  let lowest = Number.POSITIVE_INFINITY
  for (const value of chosen) {
    if (value === undefined || !DECIMAL.test(value)) return null
    lowest = Math.min(lowest, Number(value))
  }
  return Number.isFinite(lowest) ? lowest : null
}

/**
 * Imputation status of a record's calls, or undefined when its INFO has none of the tools' fields.
 * `carriedAlts`: the 1-based ALT indices in the call's genotype (for Beagle's per-ALT DR2).
 * When the fields disagree, imputed wins: a guess must never read as a measurement.
 */
export function imputationFromInfo(info: string, carriedAlts: number[] = []): Imputation | undefined {
  const keys = imputationKeys(info)
  if (keys.size === 0) return undefined
  const r2 = () => accuracy(keys.get('R2'), carriedAlts)
  const dr2 = () => accuracy(keys.get('DR2'), carriedAlts)
  if (keys.has('IMPUTED')) return { imputed: true, r2: r2(), measure: 'R2' }
  if (keys.has('IMP')) return { imputed: true, r2: dr2(), measure: 'DR2' }
  if (keys.has('TYPED') || keys.has('TYPED_ONLY')) return { imputed: false, r2: r2(), measure: 'R2' }
  // R2 without any of Minimac's flags: older minimac output, where every site carries it.
  if (keys.has('R2')) return { imputed: true, r2: r2(), measure: 'R2' }
  // DR2 without IMP: Beagle marks imputed markers, so this one was in the genotyped input.
  if (keys.has('DR2')) return { imputed: false, r2: dr2(), measure: 'DR2' }
  return undefined
}
