// Android Health Connect records as JSON, in the shape of the Jetpack Health Connect record classes
// (StepsRecord.count, HeartRateRecord.samples[].beatsPerMinute, SleepSessionRecord.stages[] ...), as the
// companion app and bridge SDKs upload them: `{ "records": [ { "recordType": "StepsRecord", ... } ] }`.
// Local days come from each record's zone offset; the device from its metadata.

import { parseDate } from '../../imports/dates'
import type { Warnings } from '../../imports/parsed'
import { deviceKey } from '../devices'
import type { WearableAccumulator, WearableRecord } from './accumulator'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export function healthConnectRecords(doc: unknown): { record: Json; path: string }[] | null {
  const list = Array.isArray(doc) ? doc : isObject(doc) && Array.isArray(doc.records) ? doc.records : null
  if (!list || list.length === 0) return null
  const path = Array.isArray(doc) ? '$' : '$.records'
  const typed = list.filter((r) => isObject(r) && /Record$/.test(String(r.recordType ?? r.type ?? '')))
  if (typed.length < list.length / 2) return null
  return list.flatMap((r, i) => (isObject(r) ? [{ record: r, path: `${path}[${i}]` }] : []))
}

/** Package names of the apps that write to Health Connect. */
const PACKAGES: Record<string, string> = {
  'com.ouraring.oura': 'oura',
  'com.whoop.android': 'whoop',
  'com.fitbit.fitbitmobile': 'fitbit',
  'com.garmin.android.apps.connectmobile': 'garmin',
  'com.sec.android.app.shealth': 'samsung',
  'com.google.android.apps.fitness': 'google_fit',
  'com.google.android.apps.healthdata': 'health_connect',
}

function deviceOf(record: Json): string | null {
  const metadata = isObject(record.metadata) ? record.metadata : {}
  const device = isObject(metadata.device) ? metadata.device : null
  if (device) {
    // Health Connect device types: 1 watch, 2 phone, 4 ring, 6 fitness band.
    if (device.type === 2) return 'phone'
    const described = deviceKey([device.manufacturer, device.model].filter(Boolean).join(' '))
    if (described && described !== 'phone') return described
  }
  const origin = isObject(metadata.dataOrigin) ? metadata.dataOrigin.packageName : metadata.dataOrigin
  if (typeof origin === 'string') return PACKAGES[origin.toLowerCase()] ?? deviceKey(origin)
  return device ? deviceKey(String(device.type ?? 'phone')) : null
}

/** Seconds or "+02:00" → "+02:00". */
function offsetOf(raw: unknown): string | null {
  if (typeof raw === 'number') {
    const sign = raw < 0 ? '-' : '+'
    const abs = Math.abs(raw)
    return `${sign}${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String(Math.floor((abs % 3600) / 60)).padStart(2, '0')}`
  }
  return typeof raw === 'string' && /^[+-]\d{2}:?\d{2}$/.test(raw) ? raw : null
}

/** The local calendar day of an instant, given the record's zone offset. */
function localDay(iso: string, offset: string | null): string {
  if (!offset) return iso.slice(0, 10)
  const sign = offset.startsWith('-') ? -1 : 1
  const [h, m] = offset.slice(1).split(':').map(Number)
  return new Date(new Date(iso).getTime() + sign * (h * 60 + (m || 0)) * 60_000).toISOString().slice(0, 10)
}

/** Energy, mass and volume fields: a number, or { inKilocalories | inGrams | inMilliliters | value }. */
function amount(raw: unknown, key: string): number | null {
  if (typeof raw === 'number') return raw
  if (isObject(raw)) {
    const v = raw[key] ?? raw.value
    return typeof v === 'number' ? v : null
  }
  return null
}

const STAGES: Record<string, string | null> = {
  '1': 'sleep_awake',
  '7': 'sleep_awake',
  '4': 'sleep_light',
  '5': 'sleep_deep',
  '6': 'sleep_rem',
  '2': null,
  awake: 'sleep_awake',
  awake_in_bed: 'sleep_awake',
  light: 'sleep_light',
  deep: 'sleep_deep',
  rem: 'sleep_rem',
  sleeping: null,
}

const minutesBetween = (a: string, b: string) => (new Date(b).getTime() - new Date(a).getTime()) / 60_000

export function readHealthConnect(
  records: { record: Json; path: string }[],
  accumulator: WearableAccumulator,
  warnings: Warnings,
): void {
  const unsupported = new Map<string, number>()
  for (const { record, path } of records) {
    const type = String(record.recordType ?? record.type ?? '')
    const device = deviceOf(record)
    const start = parseDate(record.startTime ?? record.time)
    const end = parseDate(record.endTime ?? record.time)
    if (!start) {
      warnings.add('unreadable_date', `${path} (${type}) has no readable time; skipped.`)
      continue
    }
    const startOffset = offsetOf(record.startZoneOffset ?? record.zoneOffset)
    const endOffset = offsetOf(record.endZoneOffset ?? record.zoneOffset)
    const base = {
      start: start.iso,
      end: end?.iso ?? null,
      local_date: localDay(start.iso, startOffset),
      device,
      name: type,
      ref: path,
    }
    const add = (metric: string, value: number | null, unit: string, extra: Partial<WearableRecord> = {}) => {
      if (value !== null && Number.isFinite(value))
        accumulator.add({ ...base, metric, value, unit, ...extra })
    }
    switch (type) {
      case 'StepsRecord':
        add('steps', amount(record.count, 'count'), '{steps}')
        break
      case 'HeartRateRecord':
        for (const [i, s] of (Array.isArray(record.samples) ? record.samples : []).entries()) {
          const at = isObject(s) ? parseDate(s.time) : null
          if (at && isObject(s) && typeof s.beatsPerMinute === 'number') {
            accumulator.add({
              ...base,
              metric: 'heart_rate',
              value: s.beatsPerMinute,
              unit: '/min',
              start: at.iso,
              end: null,
              local_date: localDay(at.iso, startOffset),
              ref: `${path}.samples[${i}]`,
            })
          }
        }
        break
      case 'RestingHeartRateRecord':
        add('resting_heart_rate', amount(record.beatsPerMinute, 'beatsPerMinute'), '/min')
        break
      case 'HeartRateVariabilityRmssdRecord':
        add('hrv_rmssd', amount(record.heartRateVariabilityMillis, 'value'), 'ms')
        break
      case 'ActiveCaloriesBurnedRecord':
        add('active_energy', amount(record.energy, 'inKilocalories'), 'kcal')
        break
      case 'Vo2MaxRecord':
        add('vo2max', amount(record.vo2MillilitersPerMinuteKilogram, 'value'), 'mL/(kg.min)')
        break
      case 'OxygenSaturationRecord':
        add('spo2', amount(record.percentage, 'value'), '%')
        break
      case 'RespiratoryRateRecord':
        add('respiratory_rate', amount(record.rate, 'value'), '/min')
        break
      case 'SkinTemperatureRecord':
        for (const d of Array.isArray(record.deltas) ? record.deltas : []) {
          if (isObject(d)) add('temperature_deviation', amount(d.delta, 'inCelsius'), 'Cel')
        }
        break
      case 'SleepSessionRecord': {
        if (!end) break
        // A night belongs to the day one wakes up.
        const night = { local_date: localDay(end.iso, endOffset) }
        const stages = Array.isArray(record.stages) ? record.stages.filter(isObject) : []
        let asleep = 0
        for (const stage of stages) {
          const from = parseDate(stage.startTime)
          const to = parseDate(stage.endTime)
          if (!from || !to) continue
          const metric = STAGES[String(stage.stage).toLowerCase()]
          const minutes = minutesBetween(from.iso, to.iso)
          if (metric) add(metric, minutes, 'min', night)
          if (metric !== 'sleep_awake') asleep += minutes
        }
        add('sleep_duration', stages.length > 0 ? asleep : minutesBetween(start.iso, end.iso), 'min', night)
        break
      }
      case 'ExerciseSessionRecord':
        if (end)
          add('exercise_duration', minutesBetween(start.iso, end.iso), 'min', {
            details: { activity: record.title ?? record.exerciseType ?? null },
          })
        break
      case 'NutritionRecord':
        add('energy_intake', amount(record.energy, 'inKilocalories'), 'kcal')
        add('protein_intake', amount(record.protein, 'inGrams'), 'g')
        add('carbohydrate_intake', amount(record.totalCarbohydrate, 'inGrams'), 'g')
        add('fat_intake', amount(record.totalFat, 'inGrams'), 'g')
        add('fiber_intake', amount(record.dietaryFiber, 'inGrams'), 'g')
        break
      case 'HydrationRecord':
        add('water_intake', amount(record.volume, 'inMilliliters'), 'mL')
        break
      default:
        unsupported.set(type, (unsupported.get(type) ?? 0) + 1)
    }
  }
  for (const [type, n] of unsupported) {
    warnings.add(
      'unsupported_type',
      `${n} ${type || 'untyped'} records are not a metric this service reads; they were skipped.`,
    )
  }
}
