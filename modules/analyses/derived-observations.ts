// Derived markers as observations an analysis judges like any other: for each draw (a day) holding
// every input of a formula and not already the result itself, the computed value, citing the input
// records and the formula's source.

import { DERIVED_MARKERS } from '../biomarkers/derived'
import type { AnalysisOptions, ObservationInput } from './inputs'

/** Derived values per draw day; a marker the lab reported that day is never recomputed. */
export function derivedObservations(
  observations: ObservationInput[],
  profile: AnalysisOptions['profile'],
): ObservationInput[] {
  const byDay = new Map<string, Map<string, ObservationInput>>()
  for (const o of observations) {
    if (o.modality !== 'biomarkers' || o.value === null || o.comparator) continue
    const day = o.observed_at.slice(0, 10)
    const codes = byDay.get(day) ?? new Map<string, ObservationInput>()
    const seen = codes.get(o.code)
    if (!seen || o.observed_at > seen.observed_at) codes.set(o.code, o)
    byDay.set(day, codes)
  }
  const out: ObservationInput[] = []
  for (const [day, codes] of byDay) {
    for (const d of DERIVED_MARKERS) {
      if (codes.has(d.code)) continue
      const inputs = d.inputs.map((c) => codes.get(c))
      if (inputs.some((i) => !i)) continue
      const used = inputs as ObservationInput[]
      const values = Object.fromEntries(used.map((i) => [i.code, i.value as number]))
      const value = d.compute(values, profile ?? {})
      if (value === null || !Number.isFinite(value)) continue
      const latest = used.reduce((a, b) => (b.observed_at > a.observed_at ? b : a))
      out.push({
        id: `derived:${d.code}:${day}`,
        source_id: latest.source_id,
        modality: 'biomarkers',
        code: d.code,
        original_name: d.name,
        value: Number(value.toFixed(3)),
        value_text: null,
        unit: d.unit,
        observed_at: latest.observed_at,
        observed_end: null,
        reference_low: null,
        reference_high: null,
        source_ref: `computed: ${d.formula}`,
        derived: { inputs: used, formula: d.formula, citation: d.citation, name: d.name },
      })
    }
  }
  return out
}
