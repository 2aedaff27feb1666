// The self-contained HTML page a dashboard URL opens, written for the person the data belongs to and
// for the clinician they may print it for: a one-sentence headline, urgent items first, a short focus
// list, lab markers grouped by body system (value, unit as people write it, zone bar, sparkline, date
// last tested), wearables with their freshness, and sources named by file, lab and date. Inline SVG
// and inline styles only: no scripts, fonts or other external resources; never cached or indexed.

import { escapeHtml } from '../shared/html'
import { humanUnit } from './human-unit'
import type { Card, Chart, DashboardSpec, Design, ProvenanceEntry, Section } from './model'
import { pageStyle } from './page-style'
import { bandsOf, sparkline, zoneBar } from './page-widgets'

const DAY_MS = 86_400_000
/** Wearables report daily; a metric whose last reading is older than this is not shown as current. */
export const STALE_AFTER_DAYS = 14
const FOCUS_LIMIT = 5

/** Body systems in the order a clinician reads a panel. */
const BODY_SYSTEMS: [id: string, title: string][] = [
  ['heart_lipids', 'Heart and lipids'],
  ['metabolic', 'Metabolic'],
  ['kidney', 'Kidney'],
  ['liver', 'Liver'],
  ['thyroid', 'Thyroid'],
  ['blood', 'Blood count'],
  ['iron', 'Iron'],
  ['vitamins', 'Vitamins'],
  ['hormones', 'Hormones'],
  ['inflammation', 'Inflammation'],
  ['other', 'Other results'],
]

const STATUS_TEXT: Record<string, [label: string, cls: string]> = {
  urgent: ['Urgent', 'bad'],
  low: ['Low', 'bad'],
  high: ['High', 'bad'],
  unfavourable: ['Off your usual', 'bad'],
  in_range: ['Normal', 'ok'],
  optimal: ['Optimal', 'good'],
  favourable: ['Better than usual', 'good'],
  neutral: ['As usual', 'ok'],
  indeterminate: ['Needs sex/age', 'muted'],
  unknown: ['No range', 'muted'],
}

const NEEDS_ATTENTION = new Set(['urgent', 'low', 'high', 'unfavourable'])

const badge = (status: string) => {
  const [label, cls] = STATUS_TEXT[status] ?? ['', 'muted']
  return label ? `<span class="badge ${cls}">${escapeHtml(label)}</span>` : ''
}

const codeOf = (id: string) => id.replace(/^(card|chart|flag|deviation)_/, '')
const lastDate = (chart: Chart | undefined) =>
  chart?.series
    .flatMap((s) => s.points.map((p) => p.x))
    .sort()
    .at(-1) ?? null

function ago(date: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(date)) / DAY_MS))
  if (days === 0) return 'today'
  if (days < 14) return `${days} day${days === 1 ? '' : 's'} ago`
  if (days < 60) return `${Math.round(days / 7)} weeks ago`
  const months = Math.round(days / 30.4)
  return months < 24 ? `${months} months ago` : `${Math.round(days / 365)} years ago`
}

/** The page's view of a spec: sections by id, charts by code, sources by id. */
class View {
  readonly sections = new Map<string, Section>()
  readonly charts = new Map<string, Chart>()
  readonly sources = new Map<string, ProvenanceEntry>()
  constructor(
    readonly spec: DashboardSpec,
    readonly now: Date,
  ) {
    for (const s of spec.sections) {
      this.sections.set(s.id, s)
      for (const c of s.charts) this.charts.set(codeOf(c.id), c)
    }
    for (const p of spec.provenance ?? []) this.sources.set(p.source_id, p)
  }
  cards = (section: string) => this.sections.get(section)?.cards ?? []
  /** True when a wearable metric's newest reading is too old to be called current. */
  isStale(code: string): boolean {
    const last = lastDate(this.charts.get(code))
    return last !== null && this.now.getTime() - Date.parse(last) > STALE_AFTER_DAYS * DAY_MS
  }
  /** Text with any source id replaced by the file it names (reference titles cite the lab report). */
  readable(text: string): string {
    return text.replace(/src_[0-9a-z]{26}/g, (id) => {
      const p = this.sources.get(id)
      return p ? (p.file_name ?? `${p.provider ?? p.format} data`) : 'an uploaded file'
    })
  }
  /** The end of the old wearable data an item cites, when it cites any (null when all it cites is current). */
  staleWearableEnd(card: Card): string | null {
    const ends = card.sources
      .map((s) => this.sources.get(s.source_id))
      .filter((p) => p?.modality === 'wearables' && p.collected_to !== null)
      .map((p) => p!.collected_to!)
      .filter((end) => this.now.getTime() - Date.parse(end) > STALE_AFTER_DAYS * DAY_MS)
      .sort()
    return ends.at(-1) ?? null
  }
  /** True when everything an item rests on is such old wearable data. */
  restsOnlyOnStale(card: Card): boolean {
    return (
      card.sources.length > 0 &&
      this.staleWearableEnd(card) !== null &&
      card.sources.every((s) => {
        const p = this.sources.get(s.source_id)
        return p?.modality === 'wearables' && this.staleWearableEnd({ ...card, sources: [s] }) !== null
      })
    )
  }
  /** A note on an item that rests wholly or partly on old wearable data; empty otherwise. */
  staleNote(card: Card): string {
    const end = this.staleWearableEnd(card)
    if (!end) return ''
    return `<p class="note">${this.restsOnlyOnStale(card) ? 'Based on' : 'Partly based on'} wearable data that ends ${escapeHtml(end)} (${ago(end, this.now)}); check it against recent data before acting on it.</p>`
  }
  wearableCodes = () => new Set(this.cards('wearables').map((c) => codeOf(c.id)))
  /** "panel-2026.csv (collected 2026-01-05)"; the src_ id stays in the JSON spec only. */
  provenance(card: { sources: Card['sources'] }, also: string[] = []): string {
    const entries = [...new Set([...card.sources.map((s) => s.source_id), ...also])]
      .flatMap((id) => this.sources.get(id) ?? [])
      // Newest collection first: the file the shown value came from leads.
      .sort((a, b) => (b.collected_to ?? b.added_on).localeCompare(a.collected_to ?? a.added_on))
    const labels = entries.map((p) => {
      const name = p.file_name ?? (p.provider ? `${p.provider} data` : `${p.format} upload`)
      const lab = p.file_name && p.provider ? `, ${p.provider}` : ''
      const when =
        p.collected_from === null
          ? `added ${p.added_on}`
          : p.collected_from === p.collected_to
            ? `collected ${p.collected_from}`
            : `collected ${p.collected_from} to ${p.collected_to}`
      return `${name} (${when}${lab})`
    })
    if (labels.length === 0) return ''
    const shown = labels.slice(0, 2)
    const more = labels.length - shown.length
    return `<p class="from">From ${escapeHtml(shown.join('; '))}${more > 0 ? ` and ${more} earlier file${more === 1 ? '' : 's'}` : ''}</p>`
  }
}

/** Findings that need attention now: out-of-range results and fresh wearable shifts, in spec order. */
function attention(view: View): Card[] {
  const wearables = view.wearableCodes()
  return view
    .cards('flags')
    .filter((c) => NEEDS_ATTENTION.has(c.status))
    .filter(
      (c) => !(c.id.startsWith('deviation_') || wearables.has(codeOf(c.id))) || !view.isStale(codeOf(c.id)),
    )
}

const actionTitle = (c: Card) => c.title.replace(/^\d+\.\s*/, '')

/** The action plan without repeats: the same advice for several metrics is one item. */
function distinctActions(view: View): Card[] {
  const seen = new Set<string>()
  return view.cards('actions').filter((c) => {
    const key = actionTitle(c).toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function headline(urgent: Card[], flagged: Card[]): string {
  if (urgent.length > 0) {
    // The urgent item's own title says how soon (issue 13: "seek care now" or "contact a clinician today").
    const now = urgent.some((c) => c.title.startsWith('Seek'))
    return `<p class="headline urgent" id="summary">Urgent: ${escapeHtml(urgent.map((c) => c.title).join('; '))}. ${now ? 'Seek care now if no clinician has acted on it yet' : 'Contact a clinician today'}; this is not something to wait for a routine retest.</p>`
  }
  if (flagged.length === 0)
    return `<p class="headline" id="summary">Nothing in this analysis is outside its range or off your usual pattern.</p>`
  const names = flagged.map((c) => `${c.title} (${(STATUS_TEXT[c.status]?.[0] ?? c.status).toLowerCase()})`)
  const list =
    names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`
  return `<p class="headline attention" id="summary">${flagged.length} result${flagged.length === 1 ? ' needs' : 's need'} attention: ${escapeHtml(list)}.</p>`
}

function urgentPanel(urgent: Card[]): string {
  if (urgent.length === 0) return ''
  return `<section class="urgent-panel" id="urgent" aria-labelledby="urgent-h"><h2 id="urgent-h">Needs prompt medical attention</h2>
${urgent.map((c) => `<h3>${escapeHtml(c.title)}</h3><p>${escapeHtml(c.detail)}</p>`).join('\n')}</section>`
}

/** At most five items: results needing attention, then distinct actions (none beside an urgent item). */
function focusList(view: View, flagged: Card[], urgent: boolean): string {
  const actions = urgent ? [] : distinctActions(view).filter((c) => !view.restsOnlyOnStale(c))
  const items = [
    ...flagged.map((c) => ({ title: c.title, status: c.status, detail: c.detail })),
    ...actions.map((c) => ({ title: actionTitle(c), status: 'action', detail: c.detail })),
  ].slice(0, FOCUS_LIMIT)
  if (items.length === 0) return ''
  return `<section id="focus" aria-labelledby="focus-h"><h2 id="focus-h">Your focus</h2><ol class="focus">
${items
  .map(
    (i) =>
      `<li><details><summary>${i.status === 'action' ? '' : `${badge(i.status)} `}${escapeHtml(i.title)}</summary><p>${escapeHtml(i.detail)}</p></details></li>`,
  )
  .join('\n')}</ol></section>`
}

function markerCard(view: View, card: Card, flag: Card | undefined): string {
  const code = codeOf(card.id)
  const chart = view.charts.get(code)
  const unit = humanUnit(card.unit)
  const values = chart?.series[0]?.points.map((p) => p.y) ?? []
  const numeric = card.value !== null && values.length > 0 ? values[values.length - 1] : null
  const tested = lastDate(chart) ?? /Measured (\d{4}-\d{2}-\d{2})/.exec(card.detail)?.[1] ?? null
  return `<article class="card" id="m-${escapeHtml(code)}">
<header><h3>${escapeHtml(card.title)}</h3>${badge(card.status)}</header>
${card.value !== null ? `<p class="value">${escapeHtml(card.value)}${unit ? ` <small>${escapeHtml(unit)}</small>` : ''}</p>` : ''}
${numeric !== null ? zoneBar(numeric, bandsOf(chart), unit) : ''}
<div class="trend">${sparkline(values)}<p class="when">${tested ? `Last tested ${escapeHtml(tested)}` : ''}${values.length > 1 ? ` · ${values.length} tests` : ''}</p></div>
<details class="more"><summary>Details</summary>${flag ? `<p>${escapeHtml(flag.detail)}</p>` : ''}<p>${escapeHtml(card.detail)}</p>${view.provenance(
    card,
    chart?.series.flatMap((s) => s.points.map((p) => p.source_id)),
  )}</details>
</article>`
}

function markerSections(view: View): string {
  const cards = view.cards('biomarkers')
  if (cards.length === 0) return ''
  const flags = new Map(view.cards('flags').map((c) => [codeOf(c.id), c]))
  const groups = BODY_SYSTEMS.map(([id, title]) => ({
    id,
    title,
    cards: cards.filter((c) => (BODY_SYSTEMS.some(([g]) => g === c.group) ? c.group : 'other') === id),
  })).filter((g) => g.cards.length > 0)
  return `<section id="markers" aria-labelledby="markers-h"><h2 id="markers-h">Lab results by body system</h2>
${groups
  .map((g) => {
    const off = g.cards.filter((c) => NEEDS_ATTENTION.has(c.status)).length
    return `<details class="system" id="sys-${g.id}"${off > 0 ? ' open' : ''}><summary>${escapeHtml(g.title)} <span class="note">· ${g.cards.length} marker${g.cards.length === 1 ? '' : 's'}${off > 0 ? `, ${off} outside range` : ', all within range'}</span></summary>
<div class="grid">${g.cards.map((c) => markerCard(view, c, flags.get(codeOf(c.id)))).join('\n')}</div></details>`
  })
  .join('\n')}</section>`
}

function wearableCard(view: View, card: Card): string {
  const code = codeOf(card.id)
  const chart = view.charts.get(code)
  const last = lastDate(chart)
  const stale = view.isStale(code)
  const unit = humanUnit(card.unit)
  const values = chart?.series[0]?.points.map((p) => p.y) ?? []
  const freshness = last
    ? stale
      ? `Not current: last reading ${escapeHtml(last)}, ${ago(last, view.now)}.`
      : `Last reading ${escapeHtml(last)} (${ago(last, view.now)}).`
    : ''
  return `<article class="card${stale ? ' stale' : ''}" id="w-${escapeHtml(code)}">
<header><h3>${escapeHtml(card.title)}</h3>${stale ? '<span class="badge warn">Stale</span>' : badge(card.status)}</header>
${card.value !== null ? `<p class="value">${stale ? '<small>then </small>' : ''}${escapeHtml(card.value)}${unit ? ` <small>${escapeHtml(unit)}</small>` : ''}</p>` : ''}
<div class="trend">${sparkline(values)}<p class="when">${freshness}</p></div>
<details class="more"><summary>Details</summary><p>${escapeHtml(card.detail)}</p>${view.provenance(card)}</details>
</article>`
}

function wearableSection(view: View): string {
  const cards = view.cards('wearables')
  if (cards.length === 0) return ''
  const grid = `<div class="grid">${cards.map((c) => wearableCard(view, c)).join('\n')}</div>`
  const newest = cards
    .map((c) => lastDate(view.charts.get(codeOf(c.id))))
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1)
  // When every metric is old, one line says so and the old values stay folded away.
  const allStale = newest !== undefined && cards.every((c) => view.isStale(codeOf(c.id)))
  return `<section id="wearables" aria-labelledby="wearables-h"><h2 id="wearables-h">Wearables</h2>
${
  allStale
    ? `<details class="system"><summary><span class="badge warn">Stale</span> Wearable data ends ${escapeHtml(newest)}, ${ago(newest, view.now)}; not current <span class="note">· ${cards.length} metrics</span></summary>${grid}</details>`
    : grid
}</section>`
}

function findingList(view: View, id: string, title: string, cards: Card[]): string {
  if (cards.length === 0) return ''
  return `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${escapeHtml(title)}</h2><ul class="plain">
${cards
  .map(
    (c) =>
      `<li><details><summary>${escapeHtml(c.title)}${c.value !== null && c.kind === 'genetic' ? ` <span class="note">${escapeHtml(c.value)}</span>` : ''}</summary>${view.staleNote(c)}<p>${escapeHtml(c.detail)}</p>${view.provenance(c)}</details></li>`,
  )
  .join('\n')}</ul></section>`
}

function planSection(view: View, actions: Card[]): string {
  if (actions.length === 0) return ''
  const item = (a: Card) => {
    const old = view.restsOnlyOnStale(a)
    return `<li><details><summary>${old ? '<span class="badge warn">Old data</span> ' : ''}${escapeHtml(actionTitle(a))}</summary>${view.staleNote(a)}<p>${escapeHtml(view.readable(a.detail))}</p>${view.provenance(a)}</details></li>`
  }
  return `<section id="plan" aria-labelledby="plan-h"><h2 id="plan-h">Action plan</h2><ol class="focus">${actions.map(item).join('\n')}</ol></section>`
}

function sourcesSection(spec: DashboardSpec, view: View): string {
  const entries = spec.provenance ?? []
  const references = spec.references
    .map(
      (r) =>
        `<li>${escapeHtml(view.readable(r.title))}${r.pmid ? ` PMID ${escapeHtml(r.pmid)}` : ''}${r.url ? ` <span class="note">${escapeHtml(r.url)}</span>` : ''}</li>`,
    )
    .join('\n')
  return `<section id="sources" aria-labelledby="sources-h"><h2 id="sources-h">Where these numbers come from</h2>
${entries.length ? `<ul class="plain">${entries.map((p) => `<li>${view.provenance({ sources: [{ source_id: p.source_id, observation_ids: [], source_ref: null }] }).replace(/^<p class="from">From /, '<p>')}</li>`).join('\n')}</ul>` : ''}
${references ? `<details><summary>References (${spec.references.length})</summary><ol>${references}</ol></details>` : ''}</section>`
}

export function renderDashboardPage(
  spec: DashboardSpec,
  design: Design,
  expiresAt: string,
  now = new Date(),
): string {
  const view = new View(spec, now)
  // Issue 13's urgent tier arrives as a section with id `urgent`; it leads the page whatever the design.
  const urgent = view.cards('urgent')
  const flagged = attention(view)
  const fresh = (c: Card) => !c.id.startsWith('deviation_') || !view.isStale(codeOf(c.id))
  const otherFindings = view.cards('flags').filter((c) => !NEEDS_ATTENTION.has(c.status) && fresh(c))
  const actions = distinctActions(view)
  const lower: Record<string, string> = {
    biomarkers: markerSections(view),
    wearables: wearableSection(view),
    genetics: findingList(view, 'genetics', 'Genetics', view.cards('genetics')),
  }
  // The design orders the detail sections; summary, urgent items and focus always come first.
  const order = design.layout.section_order.filter((id) => id in lower)
  const nav = [
    urgent.length ? ['urgent', 'Urgent'] : null,
    ['focus', 'Focus'],
    ...order.map((id) =>
      lower[id]
        ? [
            id === 'biomarkers' ? 'markers' : id,
            id === 'biomarkers' ? 'Lab results' : id === 'wearables' ? 'Wearables' : 'Genetics',
          ]
        : null,
    ),
    actions.length ? ['plan', 'Plan'] : null,
    ['sources', 'Sources'],
  ].filter((x): x is string[] => x !== null)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow, noarchive">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(spec.title)}</title>
<style>${pageStyle(design)}</style></head>
<body><main>
<header><h1>${escapeHtml(spec.title)}</h1>
<p class="sub">Analysis of ${escapeHtml(spec.generated_at.slice(0, 10))}. Private link; works until ${escapeHtml(expiresAt.replace('T', ' ').slice(0, 16))} UTC.</p>
${headline(urgent, flagged)}
<nav aria-label="Sections"><ul>${nav.map(([id, label]) => `<li><a href="#${id}">${label}</a></li>`).join('')}</ul></nav></header>
${urgentPanel(urgent)}
${focusList(view, flagged, urgent.length > 0)}
${order.map((id) => lower[id]).join('\n')}
${findingList(view, 'other', 'Other findings', otherFindings)}
${planSection(view, actions)}
${sourcesSection(spec, view)}
<footer><p>${escapeHtml(spec.disclaimer)}</p></footer>
</main></body></html>`
}
