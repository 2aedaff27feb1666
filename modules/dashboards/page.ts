// The self-contained HTML page a dashboard URL opens: the stored snapshot of a dashboard spec laid out
// by its design, with inline SVG charts and inline styles. No scripts, fonts or other external
// resources, readable on a phone, never cached and never indexed.

import { escapeHtml } from '../shared/html'
import type { Card, DashboardSpec, Design, Section } from './model'
import { chartSvg } from './svg-chart'

const STATUS_LABEL: Record<Card['status'], string> = {
  low: 'Low',
  high: 'High',
  in_range: 'In range',
  optimal: 'Optimal',
  indeterminate: 'Needs sex/age',
  unknown: 'No range',
  favourable: 'Favourable',
  unfavourable: 'Unfavourable',
  neutral: 'As usual',
  info: '',
}

const STATUS_CLASS: Record<Card['status'], string> = {
  low: 'bad',
  high: 'bad',
  unfavourable: 'bad',
  in_range: 'ok',
  optimal: 'good',
  favourable: 'good',
  neutral: 'ok',
  indeterminate: 'muted',
  unknown: 'muted',
  info: 'muted',
}

function card(c: Card): string {
  const label = STATUS_LABEL[c.status]
  const sources = c.sources.map((s) => s.source_id).filter((id, i, all) => all.indexOf(id) === i)
  return `<article class="card ${c.kind}">
<header><h3>${escapeHtml(c.title)}</h3>${label ? `<span class="badge ${STATUS_CLASS[c.status]}">${escapeHtml(label)}</span>` : ''}</header>
${c.value !== null ? `<p class="value">${escapeHtml(c.value)}${c.unit ? ` <small>${escapeHtml(c.unit)}</small>` : ''}</p>` : ''}
<p>${escapeHtml(c.detail)}</p>
${sources.length ? `<p class="src">Source: ${sources.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ')}</p>` : ''}
</article>`
}

function section(s: Section, design: Design): string {
  if (s.cards.length === 0 && s.charts.length === 0) return ''
  const charts = s.charts
    .map(
      (c) =>
        `<figure class="figure">${chartSvg(c, design.layout.chart_height)}<figcaption>${escapeHtml(c.title)}${c.unit ? ` (${escapeHtml(c.unit)})` : ''}</figcaption></figure>`,
    )
    .join('\n')
  return `<section id="${escapeHtml(s.id)}"><h2>${escapeHtml(s.title)}</h2>
<div class="grid">${s.cards.map(card).join('\n')}</div>
${charts ? `<div class="charts">${charts}</div>` : ''}
</section>`
}

export function renderDashboardPage(spec: DashboardSpec, design: Design, expiresAt: string): string {
  const order = design.layout.section_order
  const sections = [...spec.sections].sort(
    (a, b) => (order.indexOf(a.id) + 1 || 99) - (order.indexOf(b.id) + 1 || 99),
  )
  const compact = design.layout.density === 'compact'
  const references = spec.references
    .map(
      (r) =>
        `<li>${escapeHtml(r.title)}${r.pmid ? ` PMID ${escapeHtml(r.pmid)}` : ''}${r.url ? ` <span class="url">${escapeHtml(r.url)}</span>` : ''}</li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow, noarchive">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(spec.title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:${compact ? 15 : 16}px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f6f8fa}
main{max-width:64rem;margin:0 auto;overflow-wrap:anywhere;padding:${compact ? '.75rem' : '1.25rem'}}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.4rem 0 .6rem}h3{font-size:1rem;margin:0}
.sub{color:#57606a;margin:0 0 .5rem}
.grid{display:grid;gap:${compact ? '.5rem' : '.75rem'};grid-template-columns:repeat(${design.layout.columns},minmax(0,1fr))}
.charts{display:grid;gap:.75rem;grid-template-columns:repeat(${design.layout.columns},minmax(0,1fr));margin-top:.75rem}
@media (max-width:40rem){.grid,.charts{grid-template-columns:1fr}}
.card{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:${compact ? '.6rem .75rem' : '.8rem 1rem'};overflow-wrap:anywhere}
.card header{display:flex;justify-content:space-between;gap:.5rem;align-items:baseline}
.card p{margin:.35rem 0}.value{font-size:1.6rem;font-weight:600}.value small{font-size:.9rem;color:#57606a;font-weight:400}
.badge{font-size:.75rem;padding:.1rem .5rem;border-radius:1rem;white-space:nowrap}
.bad{background:#ffebe9;color:#a40e26}.good{background:#dafbe1;color:#116329}.ok{background:#ddf4ff;color:#0a3069}.muted{background:#eaeef2;color:#57606a}
.src{font-size:.8rem;color:#57606a}code{font-size:.8rem}
figure{margin:0;background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:.5rem}
figcaption{font-size:.85rem;color:#57606a;text-align:center}
svg.chart{width:100%;height:auto;display:block}
footer{color:#57606a;font-size:.85rem;margin-top:2rem}footer li{margin:.3rem 0;overflow-wrap:anywhere}
</style></head>
<body><main>
<h1>${escapeHtml(spec.title)}</h1>
<p class="sub">${escapeHtml(spec.subtitle)} Private link; works until ${escapeHtml(expiresAt.replace('T', ' ').slice(0, 16))} UTC.</p>
${sections.map((s) => section(s, design)).join('\n')}
<footer><p>${escapeHtml(spec.disclaimer)}</p>
${references ? `<h2>References</h2><ol>${references}</ol>` : ''}
</footer>
</main></body></html>`
}
