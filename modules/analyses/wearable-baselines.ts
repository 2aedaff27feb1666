// Wearable and behavioral daily series → a personal baseline per metric, the shift of the recent window
// against it, and the single days that deviate strongly. Each result cites the daily values (and the
// observations behind them) it was computed from.

import type { WearableMetricDefinition } from '../wearables/types'
import type { SourceCitation } from './citation-model'
import type { AnalysisOptions, Catalogs, WearableSeries } from './inputs'
import { dedupeCitations } from './marker-findings'
import type { AssessmentName, Baseline, Deviation } from './model'
import { round } from './ranges'
import { METHODS } from './references'

const DAY_MS = 86_400_000
const MIN_BASELINE_DAYS = 7
const SHIFT_Z = 1
const DEVIATION_Z = 2

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

function stats(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const sd =
    values.length > 1
      ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1))
      : null
  return { mean, sd }
}

/**
 * Whether a move is good for the person. For a metric with a recommended range (sleep 7-9 h), landing
 * or staying inside it is never unfavourable, and moving toward it is favourable; without a range an
 * in-range metric's move away from the baseline is unfavourable.
 */
function assess(
  direction: 'above' | 'below' | 'within',
  better: WearableMetricDefinition['better'],
  reference?: WearableMetricDefinition['reference'],
  means?: { from: number; to: number },
): AssessmentName {
  if (direction === 'within') return 'neutral'
  if (better === 'in_range' && reference && means) {
    const distance = (v: number) =>
      reference.low !== undefined && v < reference.low
        ? reference.low - v
        : reference.high !== undefined && v > reference.high
          ? v - reference.high
          : 0
    const before = distance(means.from)
    const after = distance(means.to)
    if (after === 0) return before === 0 ? 'neutral' : 'favourable'
    return after < before ? 'favourable' : 'unfavourable'
  }
  if (better === 'in_range') return 'unfavourable'
  return (direction === 'above') === (better === 'higher') ? 'favourable' : 'unfavourable'
}

const cite = (values: WearableSeries['values']): SourceCitation[] =>
  dedupeCitations(
    values.map((v) => ({ source_id: v.source_id, observation_ids: v.observation_ids, source_ref: null })),
  )

export interface WearableFindings {
  baselines: Baseline[]
  deviations: Deviation[]
  limitations: string[]
}

/** Baseline, recent window, shift and deviating days for each series the catalog knows. */
export function wearableFindings(
  series: WearableSeries[],
  catalogs: Catalogs,
  options: AnalysisOptions,
): WearableFindings {
  const baselines: Baseline[] = []
  const deviations: Deviation[] = []
  const limitations: string[] = []
  for (const s of [...series].sort((a, b) => a.code.localeCompare(b.code))) {
    const def = catalogs.metric(s.code)
    const values = [...s.values]
      .filter((v) => Number.isFinite(v.value))
      .sort((a, b) => a.date.localeCompare(b.date))
    if (values.length === 0) continue
    const name = def?.name ?? s.code
    const unit = def?.unit ?? ''
    const better = def?.better ?? 'in_range'
    const lastDay = dayNumber(values[values.length - 1].date)
    const recentStart = lastDay - options.recentDays + 1
    const baselineStart = recentStart - options.baselineDays
    const recent = values.filter((v) => dayNumber(v.date) >= recentStart)
    const base = values.filter((v) => dayNumber(v.date) >= baselineStart && dayNumber(v.date) < recentStart)
    const r = stats(recent.map((v) => v.value))
    const window = (
      list: typeof values,
      from: number,
      to: number,
      st: { mean: number; sd: number | null },
    ) => ({
      start: dateOf(from),
      end: dateOf(to),
      days: list.length,
      mean: round(st.mean),
      sd: st.sd === null ? null : round(st.sd),
    })
    let baseline: Baseline['baseline'] = null
    let shift: Baseline['shift'] = null
    const references = [METHODS.personalBaseline]
    if (base.length >= MIN_BASELINE_DAYS) {
      const b = stats(base.map((v) => v.value))
      baseline = window(base, baselineStart, recentStart - 1, b)
      // A perfectly flat baseline has no spread; 1% of its mean stands in so z stays finite.
      const sd = b.sd && b.sd > 0 ? b.sd : Math.max(Math.abs(b.mean) * 0.01, 1e-6)
      const z = (r.mean - b.mean) / sd
      const direction = Math.abs(z) < SHIFT_Z ? 'within' : z > 0 ? 'above' : 'below'
      shift = {
        z: round(z, 2),
        percent: b.mean !== 0 ? round(((r.mean - b.mean) / Math.abs(b.mean)) * 100, 1) : null,
        direction,
        assessment: assess(direction, better, def?.reference, { from: b.mean, to: r.mean }),
        significant: Math.abs(z) >= SHIFT_Z,
      }
      for (const v of recent) {
        const dz = (v.value - b.mean) / sd
        if (Math.abs(dz) < DEVIATION_Z) continue
        const dir = dz > 0 ? 'above' : 'below'
        deviations.push({
          code: s.code,
          name,
          date: v.date,
          value: round(v.value),
          unit,
          baseline_mean: round(b.mean),
          z: round(dz, 2),
          direction: dir,
          assessment: assess(dir, better, def?.reference, { from: b.mean, to: v.value }),
          sources: cite([v]),
          references,
        })
      }
    } else {
      limitations.push(
        `${name}: ${base.length} day(s) before the recent window, fewer than the ${MIN_BASELINE_DAYS} a baseline needs; no shift or deviations computed.`,
      )
    }
    const shown = values.filter((v) => dayNumber(v.date) >= baselineStart)
    baselines.push({
      code: s.code,
      name,
      unit,
      better,
      baseline,
      recent: window(recent, recentStart, lastDay, r),
      shift,
      series: shown.map((v) => ({ date: v.date, value: round(v.value), source_id: v.source_id })),
      sources: cite(shown),
      references,
    })
  }
  return { baselines, deviations, limitations }
}
