// One value per day from overlapping records of several devices. Records are grouped by local day and
// device; within a device, the same interval imported twice counts once; across devices, the most
// trusted device for the metric wins and the others are set aside, never added. Summed metrics with an
// hourly breakdown (steps from Apple Health) are merged hour by hour instead: the watch's hours, plus the
// phone's hours when the watch counted nothing.

import type { ObservationRow } from '../sources/service'
import { devicePriority } from './devices'
import type { DailyValue, WearableMetricDefinition } from './types'

/** The local calendar day a record belongs to (importers store it; else the UTC date). */
export function dayOf(row: Pick<ObservationRow, 'observed_at' | 'details'>): string {
  const local = row.details?.local_date
  return typeof local === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(local) ? local : row.observed_at.slice(0, 10)
}

interface DeviceDay {
  device: string | null
  rows: ObservationRow[]
  value: number
}

function combine(metric: WearableMetricDefinition, rows: ObservationRow[]): number {
  const values = rows.map((r) => r.value as number)
  if (metric.daily === 'sum') return values.reduce((a, b) => a + b, 0)
  if (metric.daily === 'mean') return values.reduce((a, b) => a + b, 0) / values.length
  const latest = [...rows].sort((a, b) =>
    a.observed_at < b.observed_at ? -1 : a.observed_at > b.observed_at ? 1 : 0,
  )
  return latest[latest.length - 1].value as number
}

/** The same record imported twice (same device and interval): keep the later import. */
function withoutRepeats(rows: ObservationRow[]): ObservationRow[] {
  const byInterval = new Map<string, ObservationRow>()
  for (const row of rows) {
    const key = `${row.observed_at}|${row.observed_end ?? ''}`
    const seen = byInterval.get(key)
    if (!seen || row.id > seen.id) byInterval.set(key, row)
  }
  return [...byInterval.values()]
}

const round = (n: number) => Number(n.toFixed(4))

/** A device-day's totals per local hour, when every row of it kept them (sample-level imports). */
function hoursOf(rows: ObservationRow[]): Map<string, number> | null {
  const out = new Map<string, number>()
  for (const row of rows) {
    const hours = row.details?.hours
    if (!hours || typeof hours !== 'object') return null
    for (const [hour, value] of Object.entries(hours as Record<string, unknown>))
      if (typeof value === 'number') out.set(hour, (out.get(hour) ?? 0) + value)
  }
  return out
}

/**
 * Summed metrics (steps) merged hour by hour, as the phone's own health app merges overlapping sources:
 * in each hour the most trusted device that counted anything wins; hours only a lower-priority device
 * counted (the watch on its charger) are filled from it. Null when some device-day has no hourly
 * breakdown (a daily summary): then the most trusted device takes the whole day.
 */
function mergeHours(date: string, candidates: DeviceDay[]): DailyValue | null {
  if (candidates.length < 2) return null
  const hourly = candidates.map((c) => ({ c, hours: hoursOf(c.rows) }))
  if (hourly.some((h) => h.hours === null)) return null
  const used = new Map<DeviceDay, number>()
  const allHours = new Set(hourly.flatMap((h) => [...(h.hours as Map<string, number>).keys()]))
  for (const hour of allHours) {
    const winner = hourly.find((h) => (h.hours as Map<string, number>).has(hour)) as (typeof hourly)[number]
    used.set(winner.c, (used.get(winner.c) ?? 0) + (winner.hours as Map<string, number>).get(hour)!)
  }
  const contributors = candidates.filter((c) => used.has(c))
  const chosen = contributors[0]
  const latest = chosen.rows.reduce((a, b) => (b.id > a.id ? b : a))
  const value: DailyValue = {
    date,
    value: round([...used.values()].reduce((a, b) => a + b, 0)),
    device: chosen.device,
    source_id: latest.source_id,
    observation_ids: contributors.flatMap((c) => c.rows.map((r) => r.id)).sort(),
  }
  const filled = contributors.slice(1)
  if (filled.length > 0)
    value.filled_in = filled.map((c) => ({
      device: c.device,
      value: round(used.get(c) as number),
      source_id: c.rows.reduce((a, b) => (b.id > a.id ? b : a)).source_id,
    }))
  const others = candidates.filter((c) => !used.has(c))
  if (others.length > 0)
    value.set_aside = others.map((o) => ({
      device: o.device,
      value: round(o.value),
      source_id: o.rows.reduce((a, b) => (b.id > a.id ? b : a)).source_id,
    }))
  return value
}

/** Deduplicated daily values of one metric, oldest day first. Rows must all be of this metric. */
export function dailyValues(metric: WearableMetricDefinition, rows: readonly ObservationRow[]): DailyValue[] {
  const days = new Map<string, Map<string | null, ObservationRow[]>>()
  for (const row of rows) {
    if (row.code !== metric.code || row.value === null || !Number.isFinite(row.value)) continue
    const day = dayOf(row)
    const devices = days.get(day) ?? new Map<string | null, ObservationRow[]>()
    const list = devices.get(row.device) ?? []
    list.push(row)
    devices.set(row.device, list)
    days.set(day, devices)
  }
  const out: DailyValue[] = []
  for (const [date, devices] of [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const candidates: DeviceDay[] = [...devices.entries()].map(([device, list]) => {
      const kept = withoutRepeats(list)
      return { device, rows: kept, value: combine(metric, kept) }
    })
    candidates.sort(
      (a, b) =>
        devicePriority(metric.code, a.device) - devicePriority(metric.code, b.device) ||
        b.rows.length - a.rows.length ||
        String(a.device).localeCompare(String(b.device)),
    )
    const merged = metric.daily === 'sum' ? mergeHours(date, candidates) : null
    if (merged) {
      out.push(merged)
      continue
    }
    const [chosen, ...others] = candidates
    const latest = chosen.rows.reduce((a, b) => (b.id > a.id ? b : a))
    const value: DailyValue = {
      date,
      value: round(chosen.value),
      device: chosen.device,
      source_id: latest.source_id,
      observation_ids: chosen.rows.map((r) => r.id).sort(),
    }
    if (others.length > 0) {
      value.set_aside = others.map((o) => ({
        device: o.device,
        value: round(o.value),
        source_id: o.rows.reduce((a, b) => (b.id > a.id ? b : a)).source_id,
      }))
    }
    out.push(value)
  }
  return out
}
