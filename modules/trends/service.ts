// Longitudinal trends across every upload of a user: for each marker, its points in the window (in
// the canonical unit, whatever unit each upload used; the same result uploaded twice counts once),
// first and latest value, delta, direction (noise-aware, knowing which way is better) and the status of
// the latest value against its reference range. Wearable metrics trend over their deduplicated daily
// values.

import { type Judgement, judge } from '../analyses/ranges'
import { findBiomarker } from '../biomarkers/catalog'
import { statusAgainst } from '../biomarkers/ranges'
import type { BiomarkerDefinition, MarkerRange } from '../biomarkers/types'
import { analysisProfile } from '../profiles/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { listObservationFields, type ObservationRow } from '../sources/service'
import { wearableMetricByCode } from '../wearables/metrics'
import { boundedDailySeries } from '../wearables/service'
import type { WearableMetricDefinition } from '../wearables/types'
import { judgeDirection, round } from './direction'
import {
  DEFAULT_WINDOW_DAYS,
  MAX_POINTS_PER_MARKER,
  MAX_TREND_ROWS,
  type MarkerTrend,
  type TrendBody,
  type TrendPoint,
  type TrendResult,
} from './model'

/** Day-to-day variation of wearable metrics below which a change over the window reads as stable. */
export const WEARABLE_NOISE_PERCENT = 5

type Profile = Awaited<ReturnType<typeof analysisProfile>>

type Subject =
  | { kind: 'biomarker'; def: BiomarkerDefinition }
  | { kind: 'wearable'; def: WearableMetricDefinition }

function resolve(names: string[]): Subject[] {
  const subjects = new Map<string, Subject>()
  const errors: { in: string; path: string; message: string }[] = []
  names.forEach((name, i) => {
    const biomarker = findBiomarker(name)
    const metric = biomarker
      ? undefined
      : wearableMetricByCode(
          name
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, '_'),
        )
    if (biomarker) subjects.set(biomarker.code, { kind: 'biomarker', def: biomarker })
    else if (metric) subjects.set(metric.code, { kind: 'wearable', def: metric })
    else
      errors.push({
        in: 'body',
        path: `/markers/${i}`,
        message: `"${name}" is not a biomarker or wearable metric this service knows.`,
      })
  })
  if (errors.length > 0) {
    throw new ProblemError('validation', errors.map((e) => e.message).join(' '), { extra: { errors } })
  }
  return [...subjects.values()]
}

/** What a trend reads of each result: nothing more, so a long window stays cheap to read. */
// The lab's printed interval comes along so the latest value is judged as analyses judge it.
const POINT_FIELDS = [
  'id',
  'code',
  'value',
  'unit',
  'observed_at',
  'source_id',
  'comparator',
  'reference_low',
  'reference_high',
] as const
type PointRow = Pick<ObservationRow, (typeof POINT_FIELDS)[number]>

/** Points of a biomarker: numeric results in the canonical unit, a repeated upload of one result once. */
function biomarkerPoints(rows: PointRow[]): TrendPoint[] {
  const byResult = new Map<string, PointRow>()
  for (const row of rows) {
    if (row.value === null) continue
    const key = `${row.observed_at}|${round(row.value, 3)}`
    const seen = byResult.get(key)
    if (!seen || row.id > seen.id) byResult.set(key, row)
  }
  return [...byResult.values()]
    .sort((a, b) =>
      a.observed_at < b.observed_at ? -1 : a.observed_at > b.observed_at ? 1 : a.id < b.id ? -1 : 1,
    )
    .map((r) => ({
      value: round(r.value as number),
      observed_at: r.observed_at,
      source_id: r.source_id,
      ...(r.comparator ? { comparator: r.comparator } : {}),
    }))
}

/**
 * At most `max` points for a chart: evenly spaced by position, first and latest always kept. Real results
 * are kept rather than averaged so each point still cites the source it came from.
 */
export function thinPoints(points: TrendPoint[], max = MAX_POINTS_PER_MARKER): TrendPoint[] {
  if (points.length <= max) return points
  const step = (points.length - 1) / (max - 1)
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)])
}

function markerTrend(
  subject: Subject,
  points: TrendPoint[],
  profile: Profile,
  latestRow: Pick<ObservationRow, 'reference_low' | 'reference_high'> | undefined,
): MarkerTrend {
  const first = points[0].value
  const latest = points[points.length - 1].value
  // A censored result ("<0.3") is a bound, not a value: "hs-CRP <0.3 → 1.1" is no +267 % change.
  const exact = points.filter((p) => !p.comparator)
  const isBiomarker = subject.kind === 'biomarker'
  // The same judgement analyses make: this person's sex and age, the lab's printed interval where the
  // catalog only has a typical one.
  const judged = isBiomarker
    ? judge(
        latest,
        subject.def,
        { low: latestRow?.reference_low ?? null, high: latestRow?.reference_high ?? null },
        profile,
      )
    : null
  const range: MarkerRange | null = judged
    ? judged.reference
      ? {
          ...(judged.reference.low !== null ? { low: judged.reference.low } : {}),
          ...(judged.reference.high !== null ? { high: judged.reference.high } : {}),
          ...(judged.reference.high_exclusive ? { high_exclusive: true } : {}),
        }
      : null
    : subject.kind === 'wearable' && subject.def.reference
      ? { low: subject.def.reference.low, high: subject.def.reference.high }
      : null
  const noise = isBiomarker ? subject.def.noise_percent : WEARABLE_NOISE_PERCENT
  const moved = judgeDirection(
    exact.map((p) => ({ value: p.value, t: Date.parse(p.observed_at) })),
    subject.def.better,
    noise,
    range,
  )
  const cleanRange = range
    ? {
        ...(range.low !== undefined ? { low: range.low } : {}),
        ...(range.high !== undefined ? { high: range.high } : {}),
        ...(range.high_exclusive ? { high_exclusive: true } : {}),
      }
    : null
  const exactFirst = exact[0]?.value ?? 0
  const delta = exact.length >= 2 ? round(exact[exact.length - 1].value - exactFirst) : 0
  return {
    marker: subject.def.code,
    name: subject.def.name,
    first,
    latest,
    ...(points[0].comparator ? { first_comparator: points[0].comparator } : {}),
    ...(points[points.length - 1].comparator
      ? { latest_comparator: points[points.length - 1].comparator }
      : {}),
    points: thinPoints(points),
    point_count: points.length,
    points_thinned: points.length > MAX_POINTS_PER_MARKER,
    unit: subject.def.unit,
    kind: subject.kind,
    direction: moved.direction,
    delta,
    delta_percent:
      exact.length >= 2 && exactFirst !== 0 ? round((delta / Math.abs(exactFirst)) * 100, 2) : null,
    change_percent: moved.change_percent === null ? null : round(moved.change_percent, 2),
    noise_percent: noise,
    better: subject.def.better,
    status: judged ? trendStatus(judged.status) : (statusAgainst(range, latest) ?? 'unknown'),
    optimal: judged?.optimal ? judged.status === 'optimal' : null,
    note: inRangeMoveNote(moved, noise, judged?.status ?? null),
    reference_range: cleanRange,
    citation: isBiomarker ? subject.def.citation.title : (subject.def.reference?.citation ?? null),
  }
}

const trendStatus = (s: Judgement['status']): MarkerTrend['status'] => (s === 'optimal' ? 'in_range' : s)

/** A large move that stays inside the range is not news for the direction, but it is worth saying. */
function inRangeMoveNote(
  moved: { direction: string; change_percent: number | null },
  noise: number,
  status: Judgement['status'] | null,
): string | null {
  if (moved.direction !== 'stable' || moved.change_percent === null) return null
  if (Math.abs(moved.change_percent) < noise) return null
  if (status !== 'in_range' && status !== 'optimal') return null
  return `Moved ${moved.change_percent > 0 ? '+' : ''}${round(moved.change_percent, 1)}% over the window while staying inside the reference range: more than its ${noise}% test-to-test variation, worth watching.`
}

export async function computeTrends(app: AppContext, scope: Scope, body: TrendBody): Promise<TrendResult> {
  const now = app.clock.now()
  const windowDays = body.window_days ?? DEFAULT_WINDOW_DAYS
  const from = new Date(now.getTime() - windowDays * 86_400_000)
  const requested = body.markers && body.markers.length > 0 ? resolve(body.markers) : null

  const biomarkers = requested
    ? requested.filter((s) => s.kind === 'biomarker').map((s) => s.def.code)
    : undefined
  const rows =
    !requested || (biomarkers && biomarkers.length > 0)
      ? await listObservationFields(
          app,
          scope,
          {
            modality: 'biomarkers',
            codes: biomarkers,
            from: from.toISOString(),
            to: now.toISOString(),
            newest: MAX_TREND_ROWS,
          },
          POINT_FIELDS,
        )
      : []
  const cuts: { kind: 'biomarker' | 'wearable'; from: string }[] = []
  if (rows.length >= MAX_TREND_ROWS) cuts.push({ kind: 'biomarker', from: rows[0].observed_at })
  // Grouped in one pass, each row appended in place: linear in the rows read.
  const rowsByCode = new Map<string, PointRow[]>()
  for (const row of rows) {
    const list = rowsByCode.get(row.code)
    if (list) list.push(row)
    else rowsByCode.set(row.code, [row])
  }

  const subjects: Subject[] =
    requested ??
    [...rowsByCode.keys()]
      .map((code) => findBiomarker(code))
      .filter((d): d is BiomarkerDefinition => d !== undefined)
      .map((def) => ({ kind: 'biomarker' as const, def }))

  const profile = await analysisProfile(app, scope)
  const markers: MarkerTrend[] = []
  const withoutData: string[] = []
  for (const subject of subjects) {
    const points =
      subject.kind === 'biomarker'
        ? biomarkerPoints((rowsByCode.get(subject.def.code) ?? []).filter((r) => r.unit === subject.def.unit))
        : await wearablePoints(app, scope, subject.def.code, from, now, cuts)
    if (points.length === 0) withoutData.push(subject.def.code)
    else {
      const last = points[points.length - 1]
      const latestRow = (rowsByCode.get(subject.def.code) ?? []).find(
        (r) => r.observed_at === last.observed_at && r.source_id === last.source_id,
      )
      markers.push(markerTrend(subject, points, profile, latestRow))
    }
  }
  if (!requested) markers.sort((a, b) => (a.marker < b.marker ? -1 : 1))
  const count = (d: MarkerTrend['direction']) => markers.filter((m) => m.direction === d).length
  return {
    user_id: scope.user_id,
    organization_id: scope.organization_id,
    generated_at: now.toISOString(),
    window_days: windowDays,
    marker_count: markers.length,
    improving: count('improving'),
    worsening: count('worsening'),
    stable: count('stable'),
    insufficient_data: count('insufficient_data'),
    markers,
    without_data: withoutData,
    window_cut: windowCut(cuts),
  }
}

async function wearablePoints(
  app: AppContext,
  scope: Scope,
  code: string,
  from: Date,
  now: Date,
  cuts: { kind: 'biomarker' | 'wearable'; from: string }[],
): Promise<TrendPoint[]> {
  const series = await boundedDailySeries(
    app,
    scope,
    code,
    { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) },
    MAX_TREND_ROWS,
  )
  if (series.cut_from) cuts.push({ kind: 'wearable', from: series.cut_from })
  return series.values.map((d) => ({
    value: d.value,
    observed_at: `${d.date}T00:00:00.000Z`,
    source_id: d.source_id,
  }))
}

/** Where the window was cut because it held more observations than one request reads, if anywhere. */
function windowCut(cuts: { kind: 'biomarker' | 'wearable'; from: string }[]): TrendResult['window_cut'] {
  if (cuts.length === 0) return null
  const coveredFrom = cuts.map((c) => c.from).sort()[cuts.length - 1]
  return {
    covered_from: coveredFrom,
    kinds: [...new Set(cuts.map((c) => c.kind))],
    max_rows: MAX_TREND_ROWS,
    detail: `More than ${MAX_TREND_ROWS} observations fell in the window, so only the newest were read (from ${coveredFrom}); older results were not considered. Ask for a shorter window_days or fewer markers to see all of them.`,
  }
}
