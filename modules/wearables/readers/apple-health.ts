// Apple Health `export.xml`, read as a stream with saxes: no document tree is built, and samples are
// combined per day and device as they pass (see the accumulator), so memory follows the number of days,
// not the number of samples. HealthKit quantity records, sleep analysis (with stages) and workouts are
// read; other record types are counted and reported.

import { SaxesParser } from 'saxes'
import { utf16ByteOrder } from '../../../genetics-core/stream/text-encoding'
import { parseDate } from '../../imports/dates'
import type { Warnings } from '../../imports/parsed'
import { unreadable } from '../../imports/problems'
import type { PersonFacts } from '../../profiles/service'
import { deviceKey } from '../devices'
import type { WearableAccumulator } from './accumulator'
import { HEALTHKIT_TYPES } from './keys'
import { wakeUpDay } from './wake-up-day'

const SLEEP_TYPE = 'HKCategoryTypeIdentifierSleepAnalysis'
const SLEEP_STAGES: Record<string, string | null> = {
  HKCategoryValueSleepAnalysisAsleepDeep: 'sleep_deep',
  HKCategoryValueSleepAnalysisAsleepREM: 'sleep_rem',
  HKCategoryValueSleepAnalysisAsleepCore: 'sleep_light',
  HKCategoryValueSleepAnalysisAsleepUnspecified: null,
  HKCategoryValueSleepAnalysisAsleep: null,
  HKCategoryValueSleepAnalysisAwake: 'sleep_awake',
}

/** Quick check on the start of a text: is this an Apple Health export? */
export function looksLikeAppleHealth(head: string): boolean {
  return /<HealthData[\s>]/.test(head) || /<!DOCTYPE\s+HealthData/.test(head)
}

const minutesBetween = (a: string, b: string) => (new Date(b).getTime() - new Date(a).getTime()) / 60_000

export async function readAppleHealth(
  chunks: AsyncIterable<string> | Iterable<string>,
  accumulator: WearableAccumulator,
  warnings: Warnings,
): Promise<{ records: number; person: PersonFacts | null }> {
  const parser = new SaxesParser({ position: true })
  let failure: { message: string; line: number } | null = null
  let sawRoot = false
  let records = 0
  const unsupported = new Map<string, number>()
  let person: PersonFacts | null = null

  parser.on('error', (error) => {
    failure ??= { message: error.message.replace(/^\d+:\d+: /, ''), line: parser.line }
  })
  parser.on('opentag', (node) => {
    if (node.name === 'HealthData') sawRoot = true
    if (node.name === 'Me') {
      person = personOf(node.attributes as Record<string, string>)
      return
    }
    if (node.name !== 'Record' && node.name !== 'Workout') return
    records++
    const a = node.attributes as Record<string, string>
    const line = parser.line
    const start = parseDate(a.startDate)
    const end = parseDate(a.endDate)
    if (!start) {
      warnings.add(
        'unreadable_date',
        `A ${a.type ?? node.name} record has no readable startDate; skipped.`,
        line,
      )
      return
    }
    const device = deviceKey(a.sourceName) ?? deviceKey(a.device)
    const base = {
      start: start.iso,
      end: end?.iso ?? null,
      local_date: start.local_date,
      device,
      ref: line,
      start_written: a.startDate,
    }
    if (node.name === 'Workout') {
      if (end) {
        accumulator.add({
          ...base,
          metric: 'exercise_duration',
          value: minutesBetween(start.iso, end.iso),
          unit: 'min',
          name: a.workoutActivityType ?? 'Workout',
          details: { activity: a.workoutActivityType ?? null },
        })
      }
      return
    }
    const type = a.type ?? ''
    if (type === SLEEP_TYPE) {
      if (!end || !(a.value in SLEEP_STAGES)) return
      // A night belongs to the day one wakes up: a segment ending in the evening (from 18:00 local) is
      // the start of the night that ends the next morning, not part of the day it ends on.
      const night = { ...base, local_date: wakeUpDay(a.endDate, end.local_date), name: a.value, unit: 'min' }
      const minutes = minutesBetween(start.iso, end.iso)
      const stage = SLEEP_STAGES[a.value]
      if (stage) accumulator.add({ ...night, metric: stage, value: minutes })
      if (stage !== 'sleep_awake') accumulator.add({ ...night, metric: 'sleep_duration', value: minutes })
      return
    }
    const key = HEALTHKIT_TYPES[type]
    if (!key) {
      unsupported.set(type, (unsupported.get(type) ?? 0) + 1)
      return
    }
    let value = Number(a.value)
    // HealthKit stores oxygen saturation as a fraction with unit "%".
    if (key.metric === 'spo2' && value <= 1) value *= 100
    accumulator.add({ ...base, metric: key.metric, value, unit: a.unit ?? key.unit, name: type })
  })

  for await (const chunk of chunks) {
    parser.write(chunk)
    if (failure) break
  }
  if (!failure) parser.close()
  const failed = failure as { message: string; line: number } | null
  if (failed) throw unreadable(`The XML is malformed: ${failed.message}`, failed.line)
  if (!sawRoot) throw unreadable('The XML is not an Apple Health export (no <HealthData> element).')
  if (unsupported.size > 0) {
    const total = [...unsupported.values()].reduce((a, b) => a + b, 0)
    const types = [...unsupported.keys()].slice(0, 8).join(', ')
    warnings.add(
      'unsupported_type',
      `${total} records of types this service does not read were skipped (${types}${unsupported.size > 8 ? ', …' : ''}).`,
    )
  }
  return { records, person }
}

const SEXES: Record<string, PersonFacts['sex']> = {
  HKBiologicalSexFemale: 'female',
  HKBiologicalSexMale: 'male',
}

/** Sex and birth date from the export's `<Me>` element (HealthKit characteristics), when stated. */
function personOf(a: Record<string, string>): PersonFacts | null {
  const sex = SEXES[a.HKCharacteristicTypeIdentifierBiologicalSex ?? '']
  const birth = /^\d{4}-\d{2}-\d{2}$/.test(a.HKCharacteristicTypeIdentifierDateOfBirth ?? '')
    ? a.HKCharacteristicTypeIdentifierDateOfBirth
    : undefined
  if (!sex && !birth) return null
  return { ...(sex ? { sex } : {}), ...(birth ? { birth_date: birth } : {}), from: 'Apple Health <Me>' }
}

/**
 * Text chunks of a byte array, decoded 64 KiB at a time: as UTF-8, or as UTF-16 when a byte-order mark
 * says so (an export.xml re-saved by Notepad as "Unicode").
 */
export function* textChunks(bytes: Uint8Array, size = 65_536): Iterable<string> {
  const decoder = new TextDecoder(utf16ByteOrder(bytes) ?? 'utf-8')
  for (let i = 0; i < bytes.length; i += size)
    yield decoder.decode(bytes.subarray(i, i + size), { stream: true })
  const rest = decoder.decode()
  if (rest) yield rest
}
