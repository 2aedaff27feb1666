// Uploaded records → the wearable records the accumulator takes: the metric each store type stands for,
// the value in a known unit, the local day (from the record's zone offset; a night under the day one
// wakes up), the device it came from, and a content hash that tells a repeat from a changed record.
// A record that breaks the protocol fails the whole batch (422, naming it); a type or stage this service
// does not read is skipped and named in the answer, so a newer app does not break an older service.

import { createHash } from 'node:crypto'
import { deviceKey, VIA_HUB } from '../devices'
import type { WearableRecord } from '../readers/accumulator'
import { wakeUpDay } from '../readers/wake-up-day'
import type { DeviceMetadata, UploadRecord, UploadStore, WearableUploadBody } from './model'
import { RECORD_TYPES, STORE_DEVICE } from './record-types'

export interface NormalizedRecord {
  id: string
  type: string
  hash: string
  wearables: WearableRecord[]
}

export interface Skipped {
  id: string
  type: string
  reason: string
}

export interface FieldError {
  in: 'body'
  path: string
  message: string
}

/** Apps that write to the stores, by bundle id or package name, and the device key they stand for. */
const APP_DEVICES: Record<string, string> = {
  'com.ouraring.oura': 'oura',
  'com.ouraring.ourakit': 'oura',
  'com.whoop.android': 'whoop',
  'com.whoop.app': 'whoop',
  'com.fitbit.fitbitmobile': 'fitbit',
  'com.fitbit.fitbit': 'fitbit',
  'com.garmin.android.apps.connectmobile': 'garmin',
  'com.garmin.connect.mobile': 'garmin',
  'com.sec.android.app.shealth': 'samsung',
  'com.google.android.apps.fitness': 'google_fit',
  'com.polar.polarflow': 'polar',
  'com.withings.wiscale2': 'withings',
}

/** Device keys that are the phone itself: a hub's copy of the phone's own count is not a second device. */
const PHONE_KEYS = new Set(['phone', 'iphone', 'health_connect', 'google_fit'])

/** The device key of a record: its device metadata, else the app that wrote it, else the store's phone. */
export function deviceOfRecord(
  store: UploadStore,
  device: DeviceMetadata | undefined,
  sourceApp: string | undefined,
): string {
  let key: string | null = null
  if (device?.type === 'phone') key = store === 'apple_health' ? 'iphone' : 'phone'
  else if (device) {
    const described = [device.manufacturer, device.model].filter(Boolean).join(' ') || device.name
    key = deviceKey(described)
  }
  if (!key && sourceApp) key = APP_DEVICES[sourceApp.toLowerCase()] ?? null
  if (!key) key = STORE_DEVICE[store]
  // Health Connect gathers what other apps wrote; marked so that the app's own path (WHOOP or Oura sync,
  // a Samsung Health upload) wins an overlap and the hub's copy only fills gaps (see devices.ts).
  if (store === 'health_connect' && !PHONE_KEYS.has(key)) key = `${key}${VIA_HUB}`
  return key
}

/** `+02:00` from the record's zone_offset, else from its start as written, else UTC. */
function offsetOf(record: UploadRecord): string {
  if (record.zone_offset) return record.zone_offset
  const m = /([+-]\d{2}):?(\d{2})$/.exec(record.start)
  return m ? `${m[1]}:${m[2]}` : '+00:00'
}

/** The local wall time of an instant at an offset, written with that offset (`2026-03-03T09:00:00+01:00`). */
function localTime(instant: number, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1
  const [h, m] = offset.slice(1).split(':').map(Number)
  const local = new Date(instant + sign * (h * 60 + m) * 60_000).toISOString().slice(0, 19)
  return `${local}${offset}`
}

function contentHash(store: UploadStore, record: UploadRecord, fallbackDevice: DeviceMetadata | undefined) {
  const device = record.device ?? fallbackDevice ?? null
  const canonical = [
    store,
    record.type,
    new Date(record.start).toISOString(),
    record.end ? new Date(record.end).toISOString() : null,
    record.zone_offset ?? null,
    record.value ?? null,
    record.unit ?? null,
    record.category ?? null,
    device ? [device.manufacturer, device.model, device.name, device.type] : null,
    record.source_app ?? null,
  ]
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

export function normalizeBatch(body: WearableUploadBody) {
  const records: NormalizedRecord[] = []
  const skipped: Skipped[] = []
  const errors: FieldError[] = []
  const types = RECORD_TYPES[body.source]
  const seen = new Set<string>()
  const fail = (index: number, field: string, message: string) =>
    errors.push({ in: 'body', path: `/records/${index}${field}`, message })

  for (const [index, record] of body.records.entries()) {
    if (seen.has(record.id)) {
      fail(index, '/id', 'This record id appears twice in the batch.')
      continue
    }
    seen.add(record.id)
    const start = Date.parse(record.start)
    const end = record.end ? Date.parse(record.end) : start
    if (Number.isNaN(start)) {
      fail(index, '/start', 'start is not a date-time.')
      continue
    }
    if (Number.isNaN(end)) {
      fail(index, '/end', 'end is not a date-time.')
      continue
    }
    if (end < start) {
      fail(index, '/end', 'end is before start.')
      continue
    }
    if (end - start > 7 * 86_400_000) {
      fail(index, '/end', 'A record spans at most 7 days.')
      continue
    }
    const kind = types[record.type]
    if (!kind) {
      skipped.push({
        id: record.id,
        type: record.type,
        reason: `${body.source} type not read by this service`,
      })
      continue
    }
    const offset = offsetOf(record)
    const device = deviceOfRecord(body.source, record.device ?? body.device, record.source_app)
    const startWritten = localTime(start, offset)
    const endWritten = localTime(end, offset)
    const base = {
      start: new Date(start).toISOString(),
      end: record.end ? new Date(end).toISOString() : null,
      local_date: startWritten.slice(0, 10),
      device,
      name: record.type,
      ref: `record ${record.id}`,
      start_written: startWritten,
    }
    const minutes = (end - start) / 60_000
    const wearables: WearableRecord[] = []
    if (kind.kind === 'quantity') {
      if (record.value === undefined) {
        fail(index, '/value', `${record.type} needs a value.`)
        continue
      }
      if (record.value < 0) {
        fail(index, '/value', 'The value must not be negative.')
        continue
      }
      // A fraction (0.97) written as a percentage: HealthKit's oxygen saturation.
      const value = kind.fraction && record.value <= 1 ? record.value * 100 : record.value
      wearables.push({ ...base, metric: kind.metric, value, unit: record.unit ?? kind.unit })
    } else if (kind.kind === 'duration') {
      if (!record.end) {
        fail(index, '/end', `${record.type} needs an end.`)
        continue
      }
      wearables.push({ ...base, metric: kind.metric, value: minutes, unit: 'min' })
    } else {
      if (!record.end) {
        fail(index, '/end', `${record.type} needs an end.`)
        continue
      }
      const stage = kind.stages[String(record.category ?? '').toLowerCase()]
      if (!stage) {
        skipped.push({
          id: record.id,
          type: record.type,
          reason: `unknown sleep stage ${String(record.category)}`,
        })
        continue
      }
      if (stage === 'in_bed') {
        skipped.push({ id: record.id, type: record.type, reason: 'time in bed is not counted as sleep' })
        continue
      }
      // A night belongs to the day one wakes up (a segment ending late in the evening to the next day).
      const night = { local_date: wakeUpDay(endWritten, endWritten.slice(0, 10)) }
      if (stage.metric)
        wearables.push({ ...base, ...night, metric: stage.metric, value: minutes, unit: 'min' })
      if (stage.asleep)
        wearables.push({ ...base, ...night, metric: 'sleep_duration', value: minutes, unit: 'min' })
    }
    records.push({
      id: record.id,
      type: record.type,
      hash: contentHash(body.source, record, body.device),
      wearables,
    })
  }
  return { records, skipped, errors }
}
