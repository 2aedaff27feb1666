// Draws one chart of a dashboard spec as inline SVG: a line chart with its threshold lines, or a range
// chart (a single value against its reference band). No scripts and no external resources; the SVG
// scales with its container through its viewBox.

import { fmt } from '../analyses/ranges'
import { escapeHtml } from '../shared/html'
import type { Chart } from './model'

const WIDTH = 600
const PAD = { left: 52, right: 16, top: 14, bottom: 28 }
const COLORS = {
  line: '#1f6feb',
  point: '#1f6feb',
  reference: '#cf222e',
  optimal: '#1a7f37',
  baseline: '#8250df',
  axis: '#8c959f',
  band: '#dafbe1',
}

function thresholdColor(kind: Chart['thresholds'][number]['kind']): string {
  if (kind.startsWith('reference')) return COLORS.reference
  if (kind.startsWith('optimal')) return COLORS.optimal
  return COLORS.baseline
}

function lineChart(chart: Chart, height: number): string {
  const points = chart.series.flatMap((s) => s.points)
  const ys = [...points.map((p) => p.y), ...chart.thresholds.map((t) => t.value)]
  let min = Math.min(...ys)
  let max = Math.max(...ys)
  if (min === max) {
    min -= Math.abs(min) * 0.1 || 1
    max += Math.abs(max) * 0.1 || 1
  }
  const span = max - min
  min -= span * 0.08
  max += span * 0.08
  const dates = points.map((p) => Date.parse(p.x))
  const t0 = Math.min(...dates)
  const t1 = Math.max(...dates)
  const x = (date: string) =>
    PAD.left + (t1 === t0 ? 0.5 : (Date.parse(date) - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right)
  const y = (v: number) => PAD.top + (1 - (v - min) / (max - min)) * (height - PAD.top - PAD.bottom)
  const parts: string[] = []
  parts.push(
    `<line x1="${PAD.left}" y1="${height - PAD.bottom}" x2="${WIDTH - PAD.right}" y2="${height - PAD.bottom}" stroke="${COLORS.axis}" stroke-width="1"/>`,
  )
  for (const v of [min + (max - min) * 0.1, (min + max) / 2, max - (max - min) * 0.1]) {
    parts.push(
      `<text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="${COLORS.axis}">${escapeHtml(fmt(v))}</text>`,
    )
  }
  for (const t of chart.thresholds) {
    const ty = y(t.value).toFixed(1)
    parts.push(
      `<line class="threshold" x1="${PAD.left}" y1="${ty}" x2="${WIDTH - PAD.right}" y2="${ty}" stroke="${thresholdColor(t.kind)}" stroke-width="1.2" stroke-dasharray="5 4"><title>${escapeHtml(`${t.label}: ${fmt(t.value)}`)}</title></line>`,
    )
  }
  for (const s of chart.series) {
    const path = s.points.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ')
    parts.push(
      `<polyline class="series" fill="none" stroke="${COLORS.line}" stroke-width="2" points="${path}"/>`,
    )
    if (s.points.length <= 60) {
      for (const p of s.points)
        parts.push(
          `<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="3" fill="${COLORS.point}"><title>${escapeHtml(`${p.x}: ${fmt(p.y)}`)}</title></circle>`,
        )
    }
  }
  const first = points[0]?.x ?? ''
  const last = points[points.length - 1]?.x ?? ''
  parts.push(
    `<text x="${PAD.left}" y="${height - 8}" font-size="11" fill="${COLORS.axis}">${escapeHtml(first)}</text>`,
    `<text x="${WIDTH - PAD.right}" y="${height - 8}" text-anchor="end" font-size="11" fill="${COLORS.axis}">${escapeHtml(last)}</text>`,
  )
  return parts.join('')
}

function rangeChart(chart: Chart, height: number): string {
  const value = chart.series[0]?.points.at(-1)?.y ?? 0
  const low = chart.thresholds.find((t) => t.kind === 'reference_low')?.value
  const high = chart.thresholds.find((t) => t.kind === 'reference_high')?.value
  const candidates = [value, low, high].filter((v): v is number => v !== undefined)
  let min = Math.min(...candidates)
  let max = Math.max(...candidates)
  if (min === max) {
    min -= Math.abs(min) * 0.5 || 1
    max += Math.abs(max) * 0.5 || 1
  }
  const span = max - min
  min -= span * 0.25
  max += span * 0.25
  const x = (v: number) => PAD.left + ((v - min) / (max - min)) * (WIDTH - PAD.left - PAD.right)
  const mid = height / 2
  const parts = [
    `<rect x="${PAD.left}" y="${mid - 8}" width="${WIDTH - PAD.left - PAD.right}" height="16" rx="8" fill="#eaeef2"/>`,
  ]
  const bandFrom = x(low ?? min)
  const bandTo = x(high ?? max)
  parts.push(
    `<rect class="threshold" x="${bandFrom.toFixed(1)}" y="${mid - 8}" width="${(bandTo - bandFrom).toFixed(1)}" height="16" fill="${COLORS.band}"><title>Reference range</title></rect>`,
  )
  for (const [bound, label] of [
    [low, 'low'],
    [high, 'high'],
  ] as const) {
    if (bound === undefined) continue
    parts.push(
      `<text x="${x(bound).toFixed(1)}" y="${mid + 26}" text-anchor="middle" font-size="11" fill="${COLORS.axis}">${escapeHtml(`${label} ${fmt(bound)}`)}</text>`,
    )
  }
  parts.push(
    `<circle class="series" cx="${x(value).toFixed(1)}" cy="${mid}" r="7" fill="${COLORS.line}"><title>${escapeHtml(fmt(value))}</title></circle>`,
    `<text x="${x(value).toFixed(1)}" y="${mid - 14}" text-anchor="middle" font-size="12" font-weight="600" fill="#1b1f24">${escapeHtml(fmt(value))}</text>`,
  )
  return parts.join('')
}

/** The chart as an inline SVG element with an accessible title. */
export function chartSvg(chart: Chart, height: number): string {
  const body =
    chart.kind === 'line' && chart.series.some((s) => s.points.length > 1)
      ? lineChart(chart, height)
      : rangeChart(chart, height)
  const label = `${chart.title}${chart.unit ? ` (${chart.unit})` : ''}`
  return `<svg class="chart" role="img" viewBox="0 0 ${WIDTH} ${height}" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg" data-chart="${escapeHtml(chart.id)}"><title>${escapeHtml(label)}</title>${body}</svg>`
}
