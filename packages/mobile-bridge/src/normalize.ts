// Samples as the common React Native health libraries return them → upload records.
//   react-native-health (Apple HealthKit): { id, value, startDate, endDate, sourceName, sourceId, device? };
//     sleep samples carry value 'INBED' | 'ASLEEP' | 'CORE' | 'DEEP' | 'REM' | 'AWAKE'.
//   react-native-health-connect (Android Health Connect): readRecords(...).records, e.g.
//     { count, startTime, endTime, metadata: { id, dataOrigin, device? } }, HeartRate { samples[] },
//     SleepSession { stages[] }, energies and volumes as { inKilocalories } / { inMilliliters }.
//   Samsung Health SDK for Android: { datauuid, start_time, end_time (epoch ms), time_offset (ms),
//     deviceuuid, pkg_name, count | heart_rate | spo2 | amount | stage … }.
// Dates become ISO instants with the zone offset kept apart (it decides the local day on the server).

import type { DeviceMetadata, UploadRecord } from './types'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined)

/** `+0100`, `+01:00`, `Z` at the end of a written date → `+01:00`. */
function offsetWritten(date: string): string | undefined {
  if (/Z$/i.test(date)) return '+00:00'
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(date)
  return m ? `${m[1]}${m[2]}:${m[3]}` : undefined
}

/** Seconds east of UTC → `+02:00`. */
function offsetOfSeconds(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+'
  const abs = Math.abs(seconds)
  const h = String(Math.floor(abs / 3600)).padStart(2, '0')
  const m = String(Math.floor((abs % 3600) / 60)).padStart(2, '0')
  return `${sign}${h}:${m}`
}

/** A Health Connect zone offset: `+02:00`, seconds, or `{ totalSeconds }`. */
function zoneOffset(raw: unknown): string | undefined {
  if (typeof raw === 'string' && /^[+-]\d{2}:?\d{2}$/.test(raw)) return offsetWritten(raw)
  if (typeof raw === 'number') return offsetOfSeconds(raw)
  if (isObject(raw) && typeof raw.totalSeconds === 'number') return offsetOfSeconds(raw.totalSeconds)
  return undefined
}

const iso = (raw: unknown): string | undefined => {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined
  const t = typeof raw === 'number' ? raw : Date.parse(raw.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined
}

/** A stable id for samples a library returns without one (aggregates): type, interval and source. */
const derivedId = (...parts: (string | undefined)[]) => parts.map((p) => p ?? '').join('|')

/**
 * react-native-health samples of one HealthKit type (its identifier, e.g.
 * `HKQuantityTypeIdentifierStepCount`), with the unit the values were asked in.
 */
export function fromReactNativeHealth(
  type: string,
  samples: readonly Json[],
  options: { unit?: string; device?: DeviceMetadata } = {},
): UploadRecord[] {
  const sleep = type === 'HKCategoryTypeIdentifierSleepAnalysis'
  const out: UploadRecord[] = []
  for (const s of samples) {
    const startWritten = str(s.startDate)
    const start = iso(s.startDate)
    if (!startWritten || !start) continue
    const end = iso(s.endDate)
    const device: DeviceMetadata | undefined = isObject(s.device)
      ? { manufacturer: str(s.device.manufacturer), model: str(s.device.model), name: str(s.device.name) }
      : typeof s.device === 'string'
        ? { name: s.device }
        : options.device
    const record: UploadRecord = {
      id: str(s.id) ?? derivedId(type, start, end, str(s.sourceId)),
      type,
      start,
      ...(end ? { end } : {}),
      ...(offsetWritten(startWritten) ? { zone_offset: offsetWritten(startWritten) } : {}),
      ...(device ? { device } : {}),
      ...(str(s.sourceId) ? { source_app: str(s.sourceId) } : {}),
    }
    if (sleep) record.category = String(s.value ?? '').toLowerCase()
    else {
      const value = num(s.value) ?? num(s.quantity)
      if (value === undefined) continue
      record.value = value
      if (options.unit) record.unit = options.unit
    }
    out.push(record)
  }
  return out
}

/** Health Connect device types (Device.TYPE_*) → the protocol's device kinds. */
const HC_DEVICE_TYPES: Record<number, DeviceMetadata['type']> = {
  0: 'unknown',
  1: 'watch',
  2: 'phone',
  3: 'scale',
  4: 'ring',
  6: 'band',
  7: 'chest_strap',
}

/** Where a Health Connect record's value lives, by record type (react-native-health-connect names). */
const HC_VALUES: Record<string, (r: Json) => number | undefined> = {
  Steps: (r) => num(r.count),
  ActiveCaloriesBurned: (r) => (isObject(r.energy) ? num(r.energy.inKilocalories) : num(r.energy)),
  RestingHeartRate: (r) => num(r.beatsPerMinute),
  HeartRateVariabilityRmssd: (r) => num(r.heartRateVariabilityMillis),
  OxygenSaturation: (r) => (isObject(r.percentage) ? num(r.percentage.value) : num(r.percentage)),
  RespiratoryRate: (r) => num(r.rate),
  Vo2Max: (r) => num(r.vo2MillilitersPerMinuteKilogram),
  Hydration: (r) => (isObject(r.volume) ? num(r.volume.inMilliliters) : num(r.volume)),
}

/** react-native-health-connect records of one record type (`Steps`, `HeartRate`, `SleepSession` …). */
export function fromHealthConnect(recordType: string, records: readonly Json[]): UploadRecord[] {
  const type = `${recordType}Record`
  const out: UploadRecord[] = []
  for (const r of records) {
    const metadata = isObject(r.metadata) ? r.metadata : {}
    const id = str(metadata.id)
    const start = iso(r.startTime ?? r.time)
    if (!id || !start) continue
    const end = iso(r.endTime)
    const d = isObject(metadata.device) ? metadata.device : null
    const device: DeviceMetadata | undefined = d
      ? {
          manufacturer: str(d.manufacturer),
          model: str(d.model),
          ...(typeof d.type === 'number' ? { type: HC_DEVICE_TYPES[d.type] ?? 'unknown' } : {}),
        }
      : undefined
    const origin = isObject(metadata.dataOrigin) ? metadata.dataOrigin.packageName : metadata.dataOrigin
    const zone = zoneOffset(r.startZoneOffset ?? r.zoneOffset)
    const base = {
      ...(zone ? { zone_offset: zone } : {}),
      ...(device ? { device } : {}),
      ...(str(origin) ? { source_app: str(origin) } : {}),
    }
    if (recordType === 'HeartRate') {
      const samples = Array.isArray(r.samples) ? r.samples.filter(isObject) : []
      samples.forEach((s, i) => {
        const at = iso(s.time)
        const bpm = num(s.beatsPerMinute)
        if (at && bpm !== undefined) out.push({ id: `${id}#${i}`, type, start: at, value: bpm, ...base })
      })
      continue
    }
    if (recordType === 'SleepSession') {
      const stages = Array.isArray(r.stages) ? r.stages.filter(isObject) : []
      if (stages.length === 0 && end) out.push({ id, type, start, end, ...base })
      stages.forEach((s, i) => {
        const from = iso(s.startTime)
        const to = iso(s.endTime)
        if (from && to)
          out.push({
            id: `${id}#stage${i}`,
            type,
            start: from,
            end: to,
            category: s.stage as number,
            ...base,
          })
      })
      continue
    }
    if (recordType === 'ExerciseSession' || recordType === 'MindfulnessSession') {
      if (end) out.push({ id, type, start, end, ...base })
      continue
    }
    const value = HC_VALUES[recordType]?.(r)
    if (value === undefined) continue
    out.push({ id, type, start, ...(end ? { end } : {}), value, ...base })
  }
  return out
}

/** Samsung Health data types → the field holding the value. */
const SAMSUNG_VALUES: Record<string, string> = {
  'com.samsung.health.step_count': 'count',
  'com.samsung.health.heart_rate': 'heart_rate',
  'com.samsung.health.oxygen_saturation': 'spo2',
  'com.samsung.health.water_intake': 'amount',
}

/** Samsung Health SDK records of one data type; `devices` names the devices by their deviceuuid. */
export function fromSamsungHealth(
  dataType: string,
  records: readonly Json[],
  options: { devices?: Record<string, DeviceMetadata> } = {},
): UploadRecord[] {
  const out: UploadRecord[] = []
  for (const r of records) {
    const id = str(r.datauuid)
    const start = iso(num(r.start_time))
    if (!id || !start) continue
    const end = iso(num(r.end_time))
    const offset = num(r.time_offset)
    const device = str(r.deviceuuid) ? options.devices?.[r.deviceuuid as string] : undefined
    const record: UploadRecord = {
      id,
      type: dataType,
      start,
      ...(end ? { end } : {}),
      ...(offset !== undefined ? { zone_offset: offsetOfSeconds(offset / 1000) } : {}),
      ...(device ? { device } : {}),
      ...(str(r.pkg_name) ? { source_app: str(r.pkg_name) } : {}),
    }
    if (dataType === 'com.samsung.health.sleep_stage') record.category = num(r.stage) ?? str(r.stage)
    else if (dataType !== 'com.samsung.health.sleep' && dataType !== 'com.samsung.health.exercise') {
      const value = num(r[SAMSUNG_VALUES[dataType] ?? 'value'])
      if (value === undefined) continue
      record.value = value
    }
    out.push(record)
  }
  return out
}
