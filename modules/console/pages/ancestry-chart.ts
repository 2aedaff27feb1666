// An SVG chart of admixture proportions with their confidence intervals: one row per population
// group, a bar for the estimate and a whisker for the interval. Drawn on the server (no script, no
// chart library) and described in text beside it for screen readers.

import { escapeHtml } from '../../shared/html'

export interface AdmixtureComponent {
  code: string
  name: string
  proportion: number
  interval: [number, number] | null
}

const pct = (x: number) => `${Math.round(x * 100)} %`

export function admixtureChart(components: AdmixtureComponent[], confidenceLevel: number | null): string {
  const rows = [...components].sort((a, b) => b.proportion - a.proportion)
  const label = 150
  const width = 360
  const rowHeight = 34
  const height = rows.length * rowHeight + 24
  const x = (v: number) => label + Math.max(0, Math.min(1, v)) * width
  const bars = rows
    .map((c, i) => {
      const y = i * rowHeight + 8
      const whisker = c.interval
        ? `<line x1="${x(c.interval[0])}" x2="${x(c.interval[1])}" y1="${y + 11}" y2="${y + 11}" stroke="currentColor" stroke-width="2"/>
<line x1="${x(c.interval[0])}" x2="${x(c.interval[0])}" y1="${y + 4}" y2="${y + 18}" stroke="currentColor" stroke-width="2"/>
<line x1="${x(c.interval[1])}" x2="${x(c.interval[1])}" y1="${y + 4}" y2="${y + 18}" stroke="currentColor" stroke-width="2"/>`
        : ''
      return `<text x="0" y="${y + 16}" font-size="13">${escapeHtml(c.name)}</text>
<rect x="${label}" y="${y + 3}" width="${x(c.proportion) - label}" height="16" fill="#4a8fe7" opacity="0.8"/>${whisker}
<text x="${label + width + 8}" y="${y + 16}" font-size="13">${pct(c.proportion)}</text>`
    })
    .join('\n')
  const axis = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (t) =>
        `<line x1="${x(t)}" x2="${x(t)}" y1="4" y2="${height - 18}" stroke="currentColor" opacity="0.2"/><text x="${x(t) - 8}" y="${height - 4}" font-size="11">${pct(t)}</text>`,
    )
    .join('')
  const described = rows
    .map(
      (c) =>
        `<li>${escapeHtml(c.name)}: ${pct(c.proportion)}${c.interval ? ` (interval ${pct(c.interval[0])} to ${pct(c.interval[1])})` : ''}</li>`,
    )
    .join('')
  const level = confidenceLevel ? `${Math.round(confidenceLevel * 100)} % ` : ''
  return `<figure><svg role="img" aria-labelledby="ancestry-title" viewBox="0 0 ${label + width + 50} ${height}" width="100%" style="max-width:40rem;color:currentColor">
<title id="ancestry-title">Admixture proportions with ${level}intervals</title>${axis}${bars}</svg>
<figcaption>Bars: estimated proportion; lines: ${level}confidence interval.<ul>${described}</ul></figcaption></figure>`
}
