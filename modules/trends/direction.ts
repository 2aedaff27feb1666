// Which way a marker is heading, and whether that is good. The change is read from a least-squares
// line through the points (robust to one odd result) or, with two points, from their difference; a
// change within the marker's measurement noise is stable. For markers where lower or higher is better
// the sign decides; for in-range markers, moving toward the reference range is improving and moving
// away from it worsening, while moves inside the range are stable.

import type { MarkerRange } from '../biomarkers/types'

export type Direction = 'improving' | 'worsening' | 'stable' | 'insufficient_data'

export interface Point {
  value: number
  t: number
}

/** Fitted values at the first and last time of a least-squares line through the points. */
export function fittedEnds(points: readonly Point[]): { start: number; end: number } {
  const n = points.length
  const meanT = points.reduce((a, p) => a + p.t, 0) / n
  const meanV = points.reduce((a, p) => a + p.value, 0) / n
  let num = 0
  let den = 0
  for (const p of points) {
    num += (p.t - meanT) * (p.value - meanV)
    den += (p.t - meanT) ** 2
  }
  const slope = den === 0 ? 0 : num / den
  const at = (t: number) => meanV + slope * (t - meanT)
  return { start: at(points[0].t), end: at(points[n - 1].t) }
}

/** How far a value is outside a range (0 inside it). */
function distanceFrom(range: MarkerRange | null, value: number): number {
  if (!range) return 0
  if (range.low !== undefined && value < range.low) return range.low - value
  if (range.high !== undefined && value > range.high) return value - range.high
  return 0
}

export function judgeDirection(
  points: readonly Point[],
  better: 'lower' | 'higher' | 'in_range',
  noisePercent: number,
  range: MarkerRange | null,
): { direction: Direction; change_percent: number | null } {
  if (points.length < 2) return { direction: 'insufficient_data', change_percent: null }
  const { start, end } =
    points.length === 2 ? { start: points[0].value, end: points[1].value } : fittedEnds(points)
  const change = end - start
  const base = Math.abs(start) > 1e-9 ? Math.abs(start) : Math.abs(end)
  const changePercent = base > 1e-9 ? (change / base) * 100 : null
  if (changePercent === null || Math.abs(changePercent) < noisePercent) {
    return { direction: 'stable', change_percent: changePercent === null ? null : round(changePercent) }
  }
  let direction: Direction
  if (better === 'lower') direction = change < 0 ? 'improving' : 'worsening'
  else if (better === 'higher') direction = change > 0 ? 'improving' : 'worsening'
  else {
    const before = distanceFrom(range, start)
    const after = distanceFrom(range, end)
    direction = after < before ? 'improving' : after > before ? 'worsening' : 'stable'
  }
  return { direction, change_percent: round(changePercent) }
}

export const round = (n: number, digits = 4) => Number(n.toFixed(digits))
