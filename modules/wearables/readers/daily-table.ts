// Daily tables: one row per day (or per night or per workout) with a date column and one column per
// measurement, as Oura, WHOOP and other apps export them, or a behavioral log (sleep diary, food log,
// exercise log, habit tracker). Each cell becomes a record for the accumulator; bedtime and wake time
// become the diary's sleep duration.

import { ACTIVITY_KEYS, BEDTIME_KEYS, behavioralKey, WAKE_KEYS } from '../../imports/behavioral/keys'
import type { Table } from '../../imports/csv'
import { type ParsedDate, parseDate } from '../../imports/dates'
import { parseHeader } from '../../imports/header'
import { parseResultValue } from '../../imports/labs/lab-row'
import type { Warnings } from '../../imports/parsed'
import type { WearableAccumulator } from './accumulator'
import { type MetricKey, wearableKey } from './keys'

export type DailyKind = 'wearables' | 'behavioral'

export interface DailyColumn {
  index: number
  raw: string
  key: MetricKey
  /** A unit written in the header overrides the key's default. */
  unit: string | null
}

/** Measurement columns of a daily table of the given kind. */
export function dailyColumns(header: string[], dateColumn: number, kind: DailyKind): DailyColumn[] {
  const out: DailyColumn[] = []
  header.forEach((raw, index) => {
    if (index === dateColumn) return
    const h = parseHeader(raw)
    const key = kind === 'wearables' ? wearableKey(h.name) : (behavioralKey(h.name) ?? sleepAsDiary(h.name))
    if (key) out.push({ index, raw, key, unit: h.unit })
  })
  return out
}

/** In a diary, a column a wearable export would call sleep duration is the diary's sleep duration. */
function sleepAsDiary(name: string): MetricKey | undefined {
  const key = wearableKey(name)
  return key?.metric === 'sleep_duration' ? { metric: 'diary_sleep_duration', unit: key.unit } : undefined
}

/** How strongly a header reads as a behavioral log: its behavioral columns plus bedtime/wake/activity. */
export function behavioralScore(header: string[], dateColumn: number): number {
  const special = header.filter((h, i) => {
    if (i === dateColumn) return false
    const name = parseHeader(h).name
    return BEDTIME_KEYS.has(name) || WAKE_KEYS.has(name) || ACTIVITY_KEYS.has(name)
  }).length
  return dailyColumns(header, dateColumn, 'behavioral').length + special
}

const DAY_MS = 86_400_000

function nextDay(date: ParsedDate): string {
  return new Date(new Date(`${date.local_date}T00:00:00.000Z`).getTime() + DAY_MS).toISOString()
}

/** "23:15", "11:15 PM", "7:05" → minutes after midnight; a full date-time → its clock time. */
function clockMinutes(raw: string): number | null {
  const m = /(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?\s*$/i.exec(raw.trim())
  if (!m) return null
  let h = Number(m[1])
  const min = Number(m[2])
  if (m[3]) {
    const pm = m[3].toLowerCase().startsWith('p')
    if (h === 12) h = pm ? 12 : 0
    else if (pm) h += 12
  }
  if (h > 23 || min > 59) return null
  return h * 60 + min
}

export interface DailyContext {
  warnings: Warnings
  device: string | null
}

export function readDailyTable(
  table: Table,
  dateColumn: number,
  kind: DailyKind,
  accumulator: WearableAccumulator,
  ctx: DailyContext,
): void {
  const columns = dailyColumns(table.header, dateColumn, kind)
  const names = table.header.map((h) => parseHeader(h).name)
  const bedtime = kind === 'behavioral' ? names.findIndex((n) => BEDTIME_KEYS.has(n)) : -1
  const wake = kind === 'behavioral' ? names.findIndex((n) => WAKE_KEYS.has(n)) : -1
  const activity = kind === 'behavioral' ? names.findIndex((n) => ACTIVITY_KEYS.has(n)) : -1
  for (const { cells, line } of table.rows) {
    const date = parseDate(cells[dateColumn])
    if (!date) {
      ctx.warnings.add(
        'unreadable_date',
        `The date "${cells[dateColumn] ?? ''}" could not be read; the row was skipped.`,
        line,
      )
      continue
    }
    const details = activity !== -1 && cells[activity] ? { activity: cells[activity] } : undefined
    const base = {
      start: date.iso,
      end: nextDay(date),
      local_date: date.local_date,
      device: ctx.device,
      ref: line,
      details,
    }
    for (const c of columns) {
      const raw = cells[c.index]
      if (raw === undefined || raw === '') continue
      const parsed = parseResultValue(raw)
      if (!parsed) {
        ctx.warnings.add('non_numeric_value', `${c.raw}: "${raw}" is not a number; skipped.`, line)
        continue
      }
      accumulator.add({
        ...base,
        metric: c.key.metric,
        value: parsed.value,
        unit: c.unit ?? c.key.unit,
        name: c.raw,
      })
    }
    if (bedtime !== -1 && wake !== -1 && cells[bedtime] && cells[wake]) {
      const from = clockMinutes(cells[bedtime])
      const to = clockMinutes(cells[wake])
      if (from === null || to === null) {
        ctx.warnings.add(
          'unreadable_time',
          'Bedtime or wake time could not be read; the night was skipped.',
          line,
        )
      } else if (!columns.some((c) => c.key.metric === 'diary_sleep_duration')) {
        const minutes = (to - from + 1440) % 1440
        accumulator.add({
          ...base,
          metric: 'diary_sleep_duration',
          value: minutes,
          unit: 'min',
          name: 'bedtime to wake time',
        })
      }
    }
  }
}
