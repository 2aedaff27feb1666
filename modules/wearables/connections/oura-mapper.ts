// Oura API v2 records → wearable records: daily sleep, activity and readiness (scores kept as Oura's
// own metrics, steps, active energy, temperature deviation), sleep periods (stages, efficiency, HRV,
// lowest heart rate, breathing), workouts (exercise time) and heart rate samples (a daily mean). Each
// names the Oura record it came from.

import type { WearableRecord } from '../readers/accumulator'

type Json = Record<string, unknown>

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export interface OuraData {
  dailySleep: Json[]
  dailyActivity: Json[]
  dailyReadiness: Json[]
  sleep: Json[]
  workouts: Json[]
  /** GET /v2/usercollection/heartrate: samples of `bpm` at a `timestamp` (with its offset) and a `source`. */
  heartrate?: Json[]
}

/** The local calendar day of a timestamp written with its offset (`2026-01-03T07:05:00+02:00`). */
function localDayOf(timestamp: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T/.exec(timestamp)
  return m ? m[1] : new Date(timestamp).toISOString().slice(0, 10)
}

export function mapOura(data: OuraData): WearableRecord[] {
  const out: WearableRecord[] = []
  const push = (
    r: Json,
    ref: string,
    metric: string,
    value: number | null,
    unit: string,
    name: string,
    times?: { start: unknown; end: unknown },
  ) => {
    if (value === null || typeof r.day !== 'string') return
    const start = typeof times?.start === 'string' ? times.start : `${r.day}T00:00:00.000Z`
    out.push({
      metric,
      value,
      unit,
      start: new Date(start).toISOString(),
      end: typeof times?.end === 'string' ? new Date(times.end).toISOString() : null,
      local_date: r.day,
      device: 'oura',
      name,
      ref,
      start_written: start,
    })
  }
  for (const d of data.dailySleep)
    push(d, `oura daily_sleep ${d.id}`, 'oura_sleep_score', num(d.score), '{score}', 'daily_sleep.score')
  for (const d of data.dailyActivity) {
    const ref = `oura daily_activity ${d.id}`
    push(d, ref, 'oura_activity_score', num(d.score), '{score}', 'daily_activity.score')
    push(d, ref, 'steps', num(d.steps), 'count', 'daily_activity.steps')
    push(d, ref, 'active_energy', num(d.active_calories), 'kcal', 'daily_activity.active_calories')
  }
  for (const d of data.dailyReadiness) {
    const ref = `oura daily_readiness ${d.id}`
    push(d, ref, 'oura_readiness_score', num(d.score), '{score}', 'daily_readiness.score')
    push(
      d,
      ref,
      'temperature_deviation',
      num(d.temperature_deviation),
      'Cel',
      'daily_readiness.temperature_deviation',
    )
  }
  for (const s of data.sleep) {
    // Naps and rest periods are not the night's sleep.
    if (s.type !== 'long_sleep') continue
    const ref = `oura sleep ${s.id}`
    const times = { start: s.bedtime_start, end: s.bedtime_end }
    push(s, ref, 'sleep_duration', num(s.total_sleep_duration), 's', 'sleep.total_sleep_duration', times)
    push(s, ref, 'sleep_deep', num(s.deep_sleep_duration), 's', 'sleep.deep_sleep_duration', times)
    push(s, ref, 'sleep_rem', num(s.rem_sleep_duration), 's', 'sleep.rem_sleep_duration', times)
    push(s, ref, 'sleep_light', num(s.light_sleep_duration), 's', 'sleep.light_sleep_duration', times)
    push(s, ref, 'sleep_awake', num(s.awake_time), 's', 'sleep.awake_time', times)
    push(s, ref, 'sleep_efficiency', num(s.efficiency), '%', 'sleep.efficiency', times)
    push(s, ref, 'hrv_rmssd', num(s.average_hrv), 'ms', 'sleep.average_hrv', times)
    push(s, ref, 'resting_heart_rate', num(s.lowest_heart_rate), 'bpm', 'sleep.lowest_heart_rate', times)
    push(s, ref, 'respiratory_rate', num(s.average_breath), '/min', 'sleep.average_breath', times)
  }
  for (const w of data.workouts) {
    const minutes =
      typeof w.start_datetime === 'string' && typeof w.end_datetime === 'string'
        ? (Date.parse(w.end_datetime) - Date.parse(w.start_datetime)) / 60_000
        : null
    push(
      w,
      `oura workout ${w.id}`,
      'exercise_duration',
      minutes !== null && Number.isFinite(minutes) ? minutes : null,
      'min',
      `workout (${w.activity ?? 'activity'})`,
      { start: w.start_datetime, end: w.end_datetime },
    )
  }
  for (const [i, h] of (data.heartrate ?? []).entries()) {
    const bpm = num(h.bpm)
    if (bpm === null || typeof h.timestamp !== 'string' || Number.isNaN(Date.parse(h.timestamp))) continue
    out.push({
      metric: 'heart_rate',
      value: bpm,
      unit: 'bpm',
      start: new Date(h.timestamp).toISOString(),
      end: null,
      local_date: localDayOf(h.timestamp),
      device: 'oura',
      name: `heartrate (${h.source ?? 'sample'})`,
      ref: `oura heartrate sample ${i}`,
    })
  }
  return out
}
