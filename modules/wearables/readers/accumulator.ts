// Wearable and behavioral records combined per metric, device and local day while a file is read, so a
// large export becomes one observation per day and device (memory grows with days, not samples). Each
// observation names the lines or records it came from. Values are converted to the metric's canonical
// unit as they arrive; a value that cannot be converted is set aside with a warning.

import type { Warnings } from '../../imports/parsed'
import type { NewObservationInput } from '../../sources/service'
import { isBehavioralMetric, wearableMetricByCode } from '../metrics'
import { toMetricUnit } from '../units'

export interface WearableRecord {
  metric: string
  value: number
  /** Unit as written; `auto_duration` guesses seconds, minutes or hours from the size. */
  unit: string | null
  start: string
  end?: string | null
  local_date: string
  device: string | null
  /** The name the export used, kept as original_name. */
  name: string
  /** A line number, or a record path such as `$.data[3]`. */
  ref: number | string
  details?: Record<string, unknown>
  /** The start as the export wrote it (local time with offset), for the hour of summed metrics. */
  start_written?: string
}

interface Group {
  metric: string
  device: string | null
  local_date: string
  name: string
  values: number[]
  last: { start: string; value: number }
  start: string
  end: string
  refs: (number | string)[]
  originalUnit: string | null
  /** The first value as written, kept as original_value when it is the only one. */
  firstRaw: number
  details?: Record<string, unknown>
  /** Summed metrics: the day's total per local hour, so devices can later be merged hour by hour. */
  hours?: Record<string, number>
}

/**
 * Counts made of short samples, merged hour by hour across devices. Sleep and workouts are long
 * segments that an hour of their start cannot stand for, so they keep the whole-day device priority.
 */
const HOURLY_MERGE = new Set(['steps', 'active_energy'])

/** The local hour a record starts in, from a timestamp as written (`2026-03-01 09:00:00 -0800`). */
function localHourOf(written: string | undefined): string | null {
  const m = written ? /^\d{4}-\d{2}-\d{2}[T ](\d{2}):/.exec(written.trim()) : null
  return m ? m[1] : null
}

/** Seconds, minutes or hours from the size of a nightly duration. */
function guessDurationUnit(value: number): string {
  if (value > 1440) return 's'
  if (value <= 24) return 'h'
  return 'min'
}

function describeRefs(refs: (number | string)[]): string {
  if (refs.length === 1) return typeof refs[0] === 'number' ? `line ${refs[0]}` : String(refs[0])
  const lines = refs.filter((r): r is number => typeof r === 'number')
  if (lines.length === refs.length)
    return `lines ${Math.min(...lines)}-${Math.max(...lines)} (${refs.length} records)`
  return `${refs[0]} … ${refs[refs.length - 1]} (${refs.length} records)`
}

export class WearableAccumulator {
  private readonly groups = new Map<string, Group>()
  records = 0

  constructor(private readonly warnings: Warnings) {}

  add(record: WearableRecord): void {
    this.records++
    const metric = wearableMetricByCode(record.metric)
    if (!metric) return
    const line = typeof record.ref === 'number' ? record.ref : undefined
    if (!Number.isFinite(record.value)) {
      this.warnings.add('non_numeric_value', `${record.name}: the value is not a number; skipped.`, line)
      return
    }
    const unit = record.unit === 'auto_duration' ? guessDurationUnit(record.value) : record.unit
    const converted = toMetricUnit(metric, record.value, unit)
    if ('error' in converted) {
      this.warnings.add('unit_not_convertible', `${record.name}: ${converted.error}`, line)
      return
    }
    const key = `${record.metric}|${record.device ?? ''}|${record.local_date}`
    const end = record.end ?? record.start
    const group = this.groups.get(key)
    if (!group) {
      this.groups.set(key, {
        metric: record.metric,
        device: record.device,
        local_date: record.local_date,
        name: record.name,
        values: [converted.value],
        last: { start: record.start, value: converted.value },
        start: record.start,
        end,
        refs: [record.ref],
        originalUnit: record.unit,
        firstRaw: record.value,
        details: record.details,
        ...(HOURLY_MERGE.has(metric.code) ? { hours: {} } : {}),
      })
      this.addHour(this.groups.get(key) as Group, record, converted.value)
      return
    }
    this.addHour(group, record, converted.value)
    group.values.push(converted.value)
    group.refs.push(record.ref)
    if (record.start >= group.last.start) group.last = { start: record.start, value: converted.value }
    if (record.start < group.start) group.start = record.start
    if (end > group.end) group.end = end
  }

  /** Only sample-level records (with a written local start) are kept per hour. */
  private addHour(group: Group, record: WearableRecord, value: number): void {
    if (!group.hours) return
    const hour = localHourOf(record.start_written)
    if (hour === null) {
      group.hours = undefined
      return
    }
    group.hours[hour] = Number(((group.hours[hour] ?? 0) + value).toFixed(4))
  }

  observations(): NewObservationInput[] {
    const out: NewObservationInput[] = []
    for (const g of this.groups.values()) {
      const metric = wearableMetricByCode(g.metric)!
      const sum = g.values.reduce((a, b) => a + b, 0)
      const value =
        metric.daily === 'sum' ? sum : metric.daily === 'mean' ? sum / g.values.length : g.last.value
      out.push({
        modality: isBehavioralMetric(g.metric) ? 'behavioral' : 'wearables',
        code: g.metric,
        original_name: g.name,
        value: Number(value.toFixed(4)),
        unit: metric.unit,
        original_value: g.values.length === 1 ? String(g.firstRaw) : null,
        original_unit: g.originalUnit,
        observed_at: g.start,
        observed_end: g.end !== g.start ? g.end : null,
        device: g.device,
        source_ref: describeRefs(g.refs),
        details: {
          local_date: g.local_date,
          records: g.values.length,
          ...(g.hours && Object.keys(g.hours).length > 0 ? { hours: g.hours } : {}),
          ...(g.details ?? {}),
        },
      })
    }
    return out.sort((a, b) => (a.observed_at < b.observed_at ? -1 : a.observed_at > b.observed_at ? 1 : 0))
  }
}
