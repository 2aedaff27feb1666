// Sample series in a table: one measurement per row with a type, value, unit, start (and end) time and
// the device that recorded it, as Apple Health CSV converters and other tools write them.

import { behavioralKey } from '../../imports/behavioral/keys'
import { findColumn } from '../../imports/columns'
import type { Table } from '../../imports/csv'
import { parseDate } from '../../imports/dates'
import { normalizeKey } from '../../imports/header'
import { parseResultValue } from '../../imports/labs/lab-row'
import type { Warnings } from '../../imports/parsed'
import { deviceKey } from '../devices'
import type { WearableAccumulator } from './accumulator'
import { HEALTHKIT_TYPES, type MetricKey, wearableKey } from './keys'

/** The column naming each row's measurement: a type/metric column, else a name column. */
export function typeColumn(header: string[]): number {
  const type = findColumn(header, 'type')
  return type !== -1 ? type : findColumn(header, 'name')
}

export function sampleKey(raw: string): MetricKey | undefined {
  const trimmed = raw.trim()
  return (
    HEALTHKIT_TYPES[trimmed] ?? wearableKey(normalizeKey(trimmed)) ?? behavioralKey(normalizeKey(trimmed))
  )
}

const SLEEP = new Set([
  'sleep_duration',
  'sleep_deep',
  'sleep_rem',
  'sleep_light',
  'sleep_awake',
  'diary_sleep_duration',
])

export function readSampleTable(
  table: Table,
  accumulator: WearableAccumulator,
  ctx: { warnings: Warnings; device: string | null },
): void {
  const h = table.header
  const col = {
    type: typeColumn(h),
    value: findColumn(h, 'value'),
    unit: findColumn(h, 'unit'),
    start: findColumn(h, 'date'),
    end: findColumn(h, 'end'),
    device: findColumn(h, 'device'),
  }
  const skipped = new Map<string, number>()
  for (const { cells, line } of table.rows) {
    const type = cells[col.type] ?? ''
    const key = sampleKey(type)
    if (!key) {
      skipped.set(type, (skipped.get(type) ?? 0) + 1)
      continue
    }
    const start = parseDate(cells[col.start])
    const end = col.end !== -1 ? parseDate(cells[col.end]) : null
    if (!start) {
      ctx.warnings.add(
        'unreadable_date',
        `The time "${cells[col.start] ?? ''}" could not be read; the row was skipped.`,
        line,
      )
      continue
    }
    const value = parseResultValue(cells[col.value])
    if (!value) {
      ctx.warnings.add(
        'non_numeric_value',
        `${type}: "${cells[col.value] ?? ''}" is not a number; skipped.`,
        line,
      )
      continue
    }
    accumulator.add({
      metric: key.metric,
      value: value.value,
      unit: col.unit !== -1 && cells[col.unit] ? cells[col.unit] : key.unit,
      start: start.iso,
      end: end?.iso ?? null,
      // A night belongs to the day one wakes up.
      local_date: SLEEP.has(key.metric) && end ? end.local_date : start.local_date,
      device: (col.device !== -1 ? deviceKey(cells[col.device]) : null) ?? ctx.device,
      name: type,
      ref: line,
    })
  }
  for (const [type, n] of skipped) {
    ctx.warnings.add(
      'unsupported_type',
      `${n} rows of type "${type}" are not a metric this service reads; they were skipped.`,
    )
  }
}
