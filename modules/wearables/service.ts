// Wearable and behavioral series for analyses: one deduplicated value per day of a metric, read from
// the caller's own observations across every upload and sync.

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { listObservations } from '../sources/service'
import { dailyValues } from './dedupe'
import { isBehavioralMetric, wearableMetricByCode } from './metrics'
import type { DailyValue } from './types'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Shift a YYYY-MM-DD date by whole days. */
function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

function invalid(path: string, message: string): ProblemError {
  return new ProblemError('validation', message, { extra: { errors: [{ in: 'body', path, message }] } })
}

/**
 * Daily values of a wearable or behavioral metric, oldest first, deduplicated by source priority.
 * `range` bounds are local calendar dates (YYYY-MM-DD), both inclusive.
 */
export async function dailySeries(
  app: AppContext,
  scope: Scope,
  code: string,
  range: { from?: string; to?: string } = {},
): Promise<DailyValue[]> {
  return (await boundedDailySeries(app, scope, code, range)).values
}

/**
 * Daily values as `dailySeries`, reading at most the newest `newest` observations of the metric; when
 * that bound was reached, `cut_from` is the oldest observation read (older days are missing or partial
 * and are left out).
 */
export async function boundedDailySeries(
  app: AppContext,
  scope: Scope,
  code: string,
  range: { from?: string; to?: string } = {},
  newest?: number,
): Promise<{ values: DailyValue[]; cut_from: string | null }> {
  const metric = wearableMetricByCode(code)
  if (!metric) throw invalid('/metric', `Unknown wearable metric "${code}".`)
  for (const [key, value] of Object.entries(range)) {
    if (value !== undefined && !DATE.test(value))
      throw invalid(`/${key}`, `${key} must be a date (YYYY-MM-DD).`)
  }
  // Local days can sit up to a day either side of their UTC timestamps, so read a day wider.
  const rows = await listObservations(app, scope, {
    codes: [code],
    modality: isBehavioralMetric(code) ? 'behavioral' : 'wearables',
    from: range.from ? shiftDate(range.from, -1) : undefined,
    to: range.to ? `${shiftDate(range.to, 1)}T23:59:59.999Z` : undefined,
    newest,
  })
  const cutFrom = newest !== undefined && rows.length >= newest ? rows[0].observed_at : null
  // Days near the oldest record read may hold only some of their records (a local day spans up to a day
  // either side of its UTC date), so they are dropped with everything before them.
  const firstWholeDay = cutFrom ? shiftDate(cutFrom.slice(0, 10), 2) : undefined
  const values = dailyValues(metric, rows).filter(
    (d) =>
      (!range.from || d.date >= range.from) &&
      (!range.to || d.date <= range.to) &&
      (!firstWholeDay || d.date >= firstWholeDay),
  )
  return { values, cut_from: cutFrom }
}

export { dailyValues } from './dedupe'
export { BEHAVIORAL_METRICS, WEARABLE_METRICS, wearableMetricByCode } from './metrics'
