// Daily wearable or behavioral records as JSON, the way the Oura and WHOOP APIs and app exports
// return them: rows with a day (or a start time) and numeric fields named after what they measure.

import { behavioralKey } from '../../imports/behavioral/keys'
import { COLUMN_NAMES } from '../../imports/columns'
import { type ParsedDate, parseDate } from '../../imports/dates'
import { normalizeKey } from '../../imports/header'
import type { JsonRow } from '../../imports/json-rows'
import type { Warnings } from '../../imports/parsed'
import type { WearableAccumulator } from './accumulator'
import { type MetricKey, OURA_SCORES, wearableKey } from './keys'

const DAY_MS = 86_400_000

function rowDate(fields: Record<string, unknown>): { key: string; date: ParsedDate } | null {
  for (const [k, v] of Object.entries(fields)) {
    if (!COLUMN_NAMES.date.has(normalizeKey(k))) continue
    const date = parseDate(v)
    if (date) return { key: k, date }
  }
  return null
}

function metricOf(key: string, kind: 'wearables' | 'behavioral'): MetricKey | undefined {
  const name = normalizeKey(key)
  return kind === 'wearables' ? wearableKey(name) : behavioralKey(name)
}

/** How many of a row's numeric fields name a metric of this kind. */
export function dailyScore(row: JsonRow, kind: 'wearables' | 'behavioral'): number {
  if (!rowDate(row.fields)) return 0
  return Object.entries(row.fields).filter(([k, v]) => typeof v === 'number' && metricOf(k, kind)).length
}

export function readDailyJson(
  rows: JsonRow[],
  kind: 'wearables' | 'behavioral',
  accumulator: WearableAccumulator,
  ctx: { warnings: Warnings; device: string | null },
): void {
  for (const row of rows) {
    const found = rowDate(row.fields)
    if (!found) continue
    // A "day" field names the calendar day itself; a start time belongs to its local day.
    const end = new Date(new Date(`${found.date.local_date}T00:00:00.000Z`).getTime() + DAY_MS).toISOString()
    for (const [key, value] of Object.entries(row.fields)) {
      if (key === found.key || typeof value !== 'number') continue
      const metric =
        kind === 'wearables' && normalizeKey(key) === 'score' ? OURA_SCORES[row.group] : metricOf(key, kind)
      if (!metric) continue
      accumulator.add({
        metric: metric.metric,
        value,
        unit: metric.unit,
        start: found.date.iso,
        end,
        local_date: found.date.local_date,
        device: ctx.device,
        name: key,
        ref: `${row.path}.${key}`,
      })
    }
  }
}
