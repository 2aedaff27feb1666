// The small inline-SVG pictures of the dashboard page: a zone bar (where a value sits against its
// low / normal / optimal bands) and a sparkline of a marker's history. Both carry a text alternative;
// neither needs a script or an external resource.

import { fmt } from '../analyses/ranges'
import { escapeHtml } from '../shared/html'
import type { Chart } from './model'

export interface Bands {
  refLow: number | null
  refHigh: number | null
  optLow: number | null
  optHigh: number | null
}

export function bandsOf(chart: Chart | undefined): Bands {
  const at = (kind: Chart['thresholds'][number]['kind']) =>
    chart?.thresholds.find((t) => t.kind === kind)?.value ?? null
  return {
    refLow: at('reference_low'),
    refHigh: at('reference_high'),
    optLow: at('optimal_low'),
    optHigh: at('optimal_high'),
  }
}

/** "70–99", "below 130", "above 39": a range as a person writes it. */
export function rangeText(low: number | null, high: number | null): string | null {
  if (low !== null && high !== null) return `${fmt(low)}–${fmt(high)}`
  if (high !== null) return `below ${fmt(high)}`
  if (low !== null) return `above ${fmt(low)}`
  return null
}

/** A bar of the low / normal / optimal zones with a mark at the value; empty when no range is known. */
export function zoneBar(value: number, bands: Bands, unit: string): string {
  const bounds = [bands.refLow, bands.refHigh, bands.optLow, bands.optHigh].filter(
    (b): b is number => b !== null,
  )
  if (bounds.length === 0) return ''
  let min = Math.min(value, ...bounds)
  let max = Math.max(value, ...bounds)
  // An open range still shows room on its open side, so the value never sits on the edge.
  const span = max - min || Math.abs(max) || 1
  min = bands.refLow === null && min >= 0 ? Math.max(0, min - span * 0.5) : min - span * 0.25
  max += span * 0.25
  const x = (v: number) => (((v - min) / (max - min)) * 100).toFixed(2)
  const segment = (from: number | null, to: number | null, cls: string) =>
    `<rect class="${cls}" x="${x(from ?? min)}" y="2" width="${(Number(x(to ?? max)) - Number(x(from ?? min))).toFixed(2)}" height="6"/>`
  const optimal = bands.optLow !== null || bands.optHigh !== null
  const reference = rangeText(bands.refLow, bands.refHigh)
  const optimalText = optimal ? rangeText(bands.optLow, bands.optHigh) : null
  const label = `Value ${fmt(value)} ${unit}; normal range ${reference ?? 'not given'}${optimalText ? `; optimal ${optimalText}` : ''}.`
  return `<svg class="zones" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(label)}">
<rect class="z-out" x="0" y="2" width="100" height="6"/>${segment(bands.refLow, bands.refHigh, 'z-normal')}${optimal ? segment(bands.optLow, bands.optHigh, 'z-optimal') : ''}
<rect class="z-mark" x="${Math.min(99, Math.max(0, Number(x(value)) - 0.75)).toFixed(2)}" y="0" width="1.5" height="10"/></svg>
<p class="legend">Normal ${escapeHtml(reference ?? 'not given')}${optimalText ? ` · optimal ${escapeHtml(optimalText)}` : ''}</p>`
}

/** A line through a series' values, oldest first; empty for fewer than two points. */
export function sparkline(values: number[]): string {
  if (values.length < 2) return ''
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min || 1
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * 98 + 1).toFixed(2)},${(22 - ((v - min) / span) * 20).toFixed(2)}`,
    )
    .join(' ')
  return `<svg class="spark" viewBox="0 0 100 24" preserveAspectRatio="none" aria-hidden="true"><polyline points="${points}"/></svg>`
}
