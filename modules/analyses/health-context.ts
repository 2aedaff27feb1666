// The health context: a compact, agent-ready summary of everything held about the caller — latest key
// values and flags, genotype highlights, active goals and how fresh each kind of data is — bounded in
// size so it fits in a prompt. Computed on request from the same engine as analyses; nothing stored.

import { listActiveGoals } from '../goals/service'
import { analysisProfile } from '../profiles/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { catalogs } from './catalogs'
import type { HealthContext } from './context-model'
import { runAnalysis } from './engine'
import { gatherInputs, resolveSources } from './gather-inputs'
import { shortCaveat } from './genotype-caveats'
import type { GeneticHighlight } from './model'
import { fmt, unitSuffix } from './ranges'

export const HEALTH_CONTEXT_LIMIT_BYTES = 8192
const DAY_MS = 86_400_000
const STALE_AFTER_DAYS: Record<string, number | null> = {
  biomarkers: 365,
  wearables: 7,
  behavioral: 14,
  genetics: null,
}
const STATUS_ORDER = ['high', 'low', 'indeterminate', 'in_range', 'optimal', 'unknown']
const SEVERITY_ORDER = ['critical', 'high', 'moderate', 'mild', 'none']

const withShortCaveat = (g: GeneticHighlight) => {
  const caveat = shortCaveat(g)
  return caveat ? `${g.label} — ${caveat}.` : g.label
}

export interface HealthContextOptions {
  maxMarkers?: number
}

/** The caller's health context; the MCP server offers it as a resource. */
export async function buildHealthContext(
  app: AppContext,
  scope: Scope,
  options: HealthContextOptions = {},
): Promise<HealthContext> {
  const now = app.clock.now()
  const sources = await resolveSources(app, scope)
  const inputs = await gatherInputs(app, scope, sources)
  const body = runAnalysis('multimodal', inputs, catalogs, {
    profile: await analysisProfile(app, scope),
    baselineDays: 28,
    recentDays: 7,
  })
  const goals = await listActiveGoals(app, scope, 10)

  const urgentCodes = new Set(body.urgent?.findings.map((f) => f.code) ?? [])
  const latest = [...body.observations]
    .sort(
      (a, b) =>
        Number(urgentCodes.has(b.code)) - Number(urgentCodes.has(a.code)) ||
        STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
        a.code.localeCompare(b.code),
    )
    .slice(0, options.maxMarkers ?? 20)
    .map((o) => ({
      code: o.code,
      name: o.name,
      modality: o.modality,
      value: o.value,
      unit: o.unit,
      observed_at: o.observed_at,
      status: o.status,
      source_id: o.sources[0].source_id,
    }))
  const flags = body.interpretations
    .filter((i) => i.severity !== 'none')
    // Critical first, so the size bound trims the mildest flags.
    .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))
    .map((i) => ({
      code: i.code,
      status: i.status,
      statement: i.statement,
      source_ids: [...new Set(i.sources.map((s) => s.source_id))],
    }))
  const genotype_highlights = [
    ...inputs.apoe.map((a) => ({
      gene: 'APOE',
      rsid: null,
      genotype: a.genotype,
      summary: `APOE ${a.genotype}: ${a.note}`,
      evidence_level: 'strong',
      source_id: a.source_id,
    })),
    ...body.genetics.map((g) => ({
      gene: g.gene,
      rsid: g.rsid,
      genotype: g.genotype,
      // An imputed or filtered genotype says so even in one line: an agent reads this without the finding.
      summary: withShortCaveat(g),
      evidence_level: g.evidence.level,
      source_id: g.sources[0].source_id,
    })),
  ]
  const freshness = (['biomarkers', 'wearables', 'behavioral', 'genetics'] as const).map((modality) => {
    const of = sources.filter((s) => s.modality === modality)
    const latestAt =
      of
        .map((s) => s.time_range?.end ?? s.created_at)
        .sort()
        .at(-1) ?? null
    const days = latestAt ? Math.max(0, Math.floor((now.getTime() - Date.parse(latestAt)) / DAY_MS)) : null
    const limit = STALE_AFTER_DAYS[modality]
    return {
      modality,
      sources: of.length,
      latest_at: latestAt,
      days_since: days,
      stale: days !== null && limit !== null && days > limit,
      stale_after_days: limit,
    }
  })
  const context: HealthContext = {
    ...scope,
    generated_at: now.toISOString(),
    urgent: body.urgent
      ? {
          level: body.urgent.level,
          title: body.urgent.title,
          statement: body.urgent.statement,
          codes: body.urgent.findings.map((f) => f.code),
          source_ids: body.urgent.sources.map((s) => s.source_id),
        }
      : null,
    recovery:
      body.recovery && body.recovery.level !== 'insufficient_data'
        ? { level: body.recovery.level, statement: body.recovery.statement }
        : null,
    latest,
    flags,
    genotype_highlights,
    active_goals: goals.map((g) => ({
      id: g.id,
      title: g.title,
      marker: g.marker,
      target:
        g.target_value !== null ? `${g.direction} ${g.target_value}${g.unit ? ` ${g.unit}` : ''}` : null,
      met: g.progress?.met ?? null,
    })),
    freshness,
    text: '',
    truncated: false,
    window_note: inputs.window_notes?.join(' ') || null,
    size: { bytes: 0, limit: HEALTH_CONTEXT_LIMIT_BYTES },
  }
  return bound(context)
}

function textOf(c: HealthContext): string {
  const lines = [
    ...(c.urgent ? [`URGENT — ${c.urgent.title}. ${c.urgent.statement}`] : []),
    ...(c.recovery && c.recovery.level !== 'normal'
      ? [`Recovery (${c.recovery.level}): ${c.recovery.statement}`]
      : []),
    ...c.latest.map(
      (l) =>
        `${l.name}: ${l.value === null ? 'n/a' : fmt(l.value)}${unitSuffix(l.unit)} (${l.status}, ${l.observed_at.slice(0, 10)}, ${l.source_id})`,
    ),
    ...c.genotype_highlights.map((g) => `Genotype: ${g.summary} ${g.genotype} (${g.source_id})`),
    ...c.active_goals.map((g) => `Goal: ${g.title}${g.met === null ? '' : g.met ? ' (met)' : ' (not met)'}`),
    ...c.freshness
      .filter((f) => f.sources > 0)
      .map((f) => `${f.modality}: last data ${f.latest_at?.slice(0, 10)}${f.stale ? ' (stale)' : ''}`),
    ...(c.window_note ? [c.window_note] : []),
  ]
  return lines.join('\n')
}

/** Drop the least important items until the JSON fits the bound, and say so. */
function bound(context: HealthContext): HealthContext {
  let c = context
  const measure = (x: HealthContext) => Buffer.byteLength(JSON.stringify(x), 'utf8')
  for (;;) {
    c = { ...c, text: textOf(c) }
    c.size = { bytes: 0, limit: HEALTH_CONTEXT_LIMIT_BYTES }
    c.size.bytes = measure(c)
    if (c.size.bytes <= HEALTH_CONTEXT_LIMIT_BYTES) return c
    const trimmed = { ...c, truncated: true }
    if (trimmed.flags.length > 3) trimmed.flags = trimmed.flags.slice(0, -1)
    else if (trimmed.latest.length > 5) trimmed.latest = trimmed.latest.slice(0, -1)
    else if (trimmed.genotype_highlights.length > 3)
      trimmed.genotype_highlights = trimmed.genotype_highlights.slice(0, -1)
    else if (trimmed.active_goals.length > 3) trimmed.active_goals = trimmed.active_goals.slice(0, -1)
    else return { ...c, truncated: true }
    c = trimmed
  }
}
