// Judging one value against a marker's ranges: which catalog range applies to this person (sex, age),
// the status it gives (low, in range, optimal, high, or indeterminate when the range depends on a sex or
// age the profile does not give), and how far outside the range the value is.

import { sideOf } from '../biomarkers/ranges'
import type { BiomarkerDefinition, MarkerRange } from '../biomarkers/types'
import type { AnalysisOptions } from './inputs'
import type { MarkerStatusName, SeverityName } from './model'

/** A range as analyses report it; `high_exclusive` marks a half-open guideline cut-off (`< 100`). */
export interface JudgedRange {
  low: number | null
  high: number | null
  high_exclusive?: boolean
}

export interface Judgement {
  status: MarkerStatusName
  severity: SeverityName
  reference: JudgedRange | null
  optimal: JudgedRange | null
  /** Where the range came from: the catalog, the lab's own printed range, or nowhere. */
  basis: 'catalog' | 'lab' | 'none'
}

type Profile = AnalysisOptions['profile']

/** Ranges that may apply: the profile's sex and age when given, every candidate otherwise. */
function applicable(ranges: MarkerRange[] | undefined, profile: Profile): MarkerRange[] {
  if (!ranges?.length) return []
  const sex = profile?.sex
  const age = profile?.age_years
  let fits = ranges.filter(
    (r) =>
      (r.sex === undefined || sex === undefined || r.sex === sex) &&
      (age === undefined || ((r.age_min ?? 0) <= age && age <= (r.age_max ?? 200))),
  )
  // Prefer the most specific ranges the profile can choose; without a sex, a sex-neutral range wins.
  if (sex !== undefined && fits.some((r) => r.sex === sex)) fits = fits.filter((r) => r.sex === sex)
  if (sex === undefined && fits.some((r) => r.sex === undefined))
    fits = fits.filter((r) => r.sex === undefined)
  if (age !== undefined && fits.some((r) => r.age_min !== undefined || r.age_max !== undefined))
    fits = fits.filter((r) => r.age_min !== undefined || r.age_max !== undefined)
  if (age === undefined && fits.some((r) => r.age_min === undefined && r.age_max === undefined))
    fits = fits.filter((r) => r.age_min === undefined && r.age_max === undefined)
  return fits
}

const toRange = (r: MarkerRange): JudgedRange => ({
  low: r.low ?? null,
  high: r.high ?? null,
  ...(r.high_exclusive ? { high_exclusive: true } : {}),
})
const inside = (v: number, r: MarkerRange) => sideOf(r, v) === 'inside'
const side = (value: number, range: MarkerRange) => sideOf(range, value)

/** How far outside the range, relative to its width (or to the bound when the range is open). */
export function severityOf(
  value: number,
  range: JudgedRange,
  better: BiomarkerDefinition['better'],
): SeverityName {
  const { low, high } = range
  const where = sideOf(range, value)
  const below = where === 'low'
  const above = where === 'high'
  if (!below && !above) return 'none'
  // Outside on the side that is better (very high HDL, very low LDL) is not a concern.
  if ((below && better === 'lower') || (above && better === 'higher')) return 'none'
  const scale =
    low !== null && high !== null && high > low ? high - low : Math.abs((below ? low : high) as number) || 1
  const distance = below ? (low as number) - value : value - (high as number)
  const relative = distance / scale
  return relative < 0.25 ? 'mild' : relative < 0.75 ? 'moderate' : 'high'
}

/** Judge a value by the catalog (for this profile), falling back to the lab's printed range. */
export function judge(
  value: number | null,
  def: BiomarkerDefinition | undefined,
  lab: { low: number | null; high: number | null },
  profile: Profile,
): Judgement {
  const none: Judgement = {
    status: 'unknown',
    severity: 'none',
    reference: null,
    optimal: null,
    basis: 'none',
  }
  if (value === null) return none
  const better = def?.better ?? 'in_range'
  const labRange = lab.low !== null || lab.high !== null
  // A typical laboratory interval yields to the interval printed on the user's own report (labs differ
  // by method); a guideline cut-off does not.
  const labFirst = labRange && def?.citation.basis === 'typical_laboratory_interval'
  const references = labFirst ? [] : applicable(def?.reference, profile)
  if (references.length > 0) {
    const sides = new Set(references.map((r) => side(value, r)))
    if (sides.size > 1) {
      // The ranges for the possible sexes or ages disagree about this value; the lab's own interval
      // (printed for this person) decides when there is one.
      if (labRange) return judgeByLab(value, lab, better)
      return { ...none, status: 'indeterminate', reference: null, basis: 'catalog' }
    }
    const reference = toRange(references[0])
    const optimals = applicable(def?.optimal, profile)
    const optimal = optimals.length === 1 ? toRange(optimals[0]) : null
    const where = [...sides][0]
    const status: MarkerStatusName =
      where === 'inside'
        ? optimals.length === 1 && inside(value, optimals[0])
          ? 'optimal'
          : 'in_range'
        : where
    return { status, severity: severityOf(value, reference, better), reference, optimal, basis: 'catalog' }
  }
  if (labRange) return judgeByLab(value, lab, better)
  return none
}

function judgeByLab(
  value: number,
  lab: { low: number | null; high: number | null },
  better: BiomarkerDefinition['better'],
): Judgement {
  const range: MarkerRange = { low: lab.low ?? undefined, high: lab.high ?? undefined }
  const where = side(value, range)
  return {
    status: where === 'inside' ? 'in_range' : where,
    severity: severityOf(value, lab, better),
    reference: { low: lab.low, high: lab.high },
    optimal: null,
    basis: 'lab',
  }
}

/** "≤ 130 mg/dL", "3.5–5.0 mmol/L", "≥ 40 mg/dL". */
export function describeRange(range: JudgedRange, unit: string | null): string {
  const u = unitSuffix(unit)
  if (range.low !== null && range.high !== null)
    return range.high_exclusive
      ? `${fmt(range.low)} to below ${fmt(range.high)}${u}`
      : `${fmt(range.low)}–${fmt(range.high)}${u}`
  if (range.high !== null) return `${range.high_exclusive ? '<' : '≤'} ${fmt(range.high)}${u}`
  if (range.low !== null) return `≥ ${fmt(range.low)}${u}`
  return 'no bounds'
}

/** Numbers as people read them: at most 3 significant decimals, no trailing zeros. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const abs = Math.abs(n)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3
  return String(Number(n.toFixed(digits)))
}

/** Round for output so the JSON stays readable and stable. */
export const round = (n: number, digits = 3) => Number(n.toFixed(digits))

/**
 * A UCUM unit as people read it: annotations lose their braces (`{steps}` → `steps`,
 * `mL/min/{1.73_m2}` → `mL/min/1.73 m²`), `u` becomes µ, `[IU]` IU and `10*3` ×10³.
 */
export function displayUnit(unit: string | null): string {
  // Dimensionless annotations say nothing a person needs: "3.43", not "3.43 ratio".
  if (!unit || unit === '{ratio}' || unit === '{index}') return ''
  return unit
    .replace(/\{1\.73_m2\}/g, '1.73 m²')
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/\[([^\]]*)\]/g, '$1')
    .replace(/10\*(\d+)/g, (_, e: string) => `×10${[...e].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]).join('')}`)
    .replace(/\bu(?=[a-zA-Z])/g, 'µ')
    .replace(/\bmu(?=[A-Z])/g, 'µ')
}

/** A value as a person reads it: sleep durations in h:mm, counts with thousands separators. */
export function humanValue(code: string, unit: string | null, value: number): string {
  if (unit === 'min' && (code.startsWith('sleep') || code.endsWith('sleep_duration'))) {
    const total = Math.round(value)
    return `${Math.floor(total / 60)} h ${String(total % 60).padStart(2, '0')} min`
  }
  if (unit === '{steps}') return `${Math.round(value).toLocaleString('en-US')} steps`
  if (unit === '/min' && code.includes('heart_rate')) return `${fmt(value)} bpm`
  if (unit === '/min' && code === 'respiratory_rate') return `${fmt(value)} breaths/min`
  return `${fmt(value)}${unitSuffix(unit)}`
}

/** " mg/dL" after a number, or nothing for a unit people do not write (ratios, indices). */
export function unitSuffix(unit: string | null): string {
  const shown = displayUnit(unit)
  return shown ? ` ${shown}` : ''
}
