// WHOOP API v2 records → wearable records: cycles (strain, energy), recovery (recovery score, resting
// heart rate, HRV, SpO2), sleep (stages, efficiency, performance, respiratory rate) and workouts
// (exercise time), and the body measurement document (weight, maximum heart rate). Only records WHOOP
// has scored are used; each names the WHOOP record it came from.

import type { WearableRecord } from '../readers/accumulator'

type Json = Record<string, unknown>

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {})

/** The local calendar day of a WHOOP timestamp, shifted by its `timezone_offset` (`-05:00`). */
export function whoopLocalDate(iso: string, offset: unknown): string {
  const m = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset) : null
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, 10)
}

export interface WhoopData {
  cycles: Json[]
  recoveries: Json[]
  sleeps: Json[]
  workouts: Json[]
  /** GET /v2/user/measurement/body: the member's current measurements, undated; null when absent. */
  body?: Json | null
  /** The day the body measurements are filed under (they say what holds now, not when measured). */
  bodyDay?: string
}

export function mapWhoop(data: WhoopData): WearableRecord[] {
  const out: WearableRecord[] = []
  const scored = (r: Json) => r.score_state === 'SCORED' && typeof r.start === 'string'
  const push = (r: Json, ref: string, metric: string, value: number | null, unit: string, name: string) => {
    if (value === null) return
    const start = r.start as string
    out.push({
      metric,
      value,
      unit,
      start,
      end: typeof r.end === 'string' ? r.end : null,
      local_date: whoopLocalDate(start, r.timezone_offset),
      device: 'whoop',
      name,
      ref,
    })
  }
  const cycles = new Map<string, Json>()
  for (const c of data.cycles) {
    cycles.set(String(c.id), c)
    if (!scored(c)) continue
    const s = obj(c.score)
    const ref = `whoop cycle ${c.id}`
    push(c, ref, 'whoop_strain', num(s.strain), '{score}', 'cycle.score.strain')
    push(c, ref, 'active_energy', num(s.kilojoule), 'kJ', 'cycle.score.kilojoule')
  }
  for (const r of data.recoveries) {
    // A recovery has no time of its own: it belongs to the cycle it scores.
    const cycle = cycles.get(String(r.cycle_id))
    if (r.score_state !== 'SCORED' || !cycle || typeof cycle.start !== 'string') continue
    const s = obj(r.score)
    const at = { ...cycle, end: null }
    const ref = `whoop recovery of cycle ${r.cycle_id}`
    push(at, ref, 'whoop_recovery_score', num(s.recovery_score), '%', 'recovery.score.recovery_score')
    push(at, ref, 'resting_heart_rate', num(s.resting_heart_rate), 'bpm', 'recovery.score.resting_heart_rate')
    push(at, ref, 'hrv_rmssd', num(s.hrv_rmssd_milli), 'ms', 'recovery.score.hrv_rmssd_milli')
    push(at, ref, 'spo2', num(s.spo2_percentage), '%', 'recovery.score.spo2_percentage')
  }
  for (const sl of data.sleeps) {
    if (!scored(sl) || sl.nap === true) continue
    const s = obj(sl.score)
    const st = obj(s.stage_summary)
    const ref = `whoop sleep ${sl.id}`
    const light = num(st.total_light_sleep_time_milli)
    const deep = num(st.total_slow_wave_sleep_time_milli)
    const rem = num(st.total_rem_sleep_time_milli)
    const asleep = light !== null && deep !== null && rem !== null ? light + deep + rem : null
    push(sl, ref, 'sleep_duration', asleep, 'ms', 'sleep.score.stage_summary (light+slow wave+REM)')
    push(sl, ref, 'sleep_light', light, 'ms', 'sleep.score.stage_summary.total_light_sleep_time_milli')
    push(sl, ref, 'sleep_deep', deep, 'ms', 'sleep.score.stage_summary.total_slow_wave_sleep_time_milli')
    push(sl, ref, 'sleep_rem', rem, 'ms', 'sleep.score.stage_summary.total_rem_sleep_time_milli')
    push(
      sl,
      ref,
      'sleep_awake',
      num(st.total_awake_time_milli),
      'ms',
      'sleep.score.stage_summary.total_awake_time_milli',
    )
    push(
      sl,
      ref,
      'sleep_efficiency',
      num(s.sleep_efficiency_percentage),
      '%',
      'sleep.score.sleep_efficiency_percentage',
    )
    push(
      sl,
      ref,
      'whoop_sleep_performance',
      num(s.sleep_performance_percentage),
      '%',
      'sleep.score.sleep_performance_percentage',
    )
    push(sl, ref, 'respiratory_rate', num(s.respiratory_rate), '/min', 'sleep.score.respiratory_rate')
  }
  for (const w of data.workouts) {
    if (!scored(w) || typeof w.end !== 'string') continue
    const minutes = (Date.parse(w.end) - Date.parse(w.start as string)) / 60_000
    push(
      w,
      `whoop workout ${w.id}`,
      'exercise_duration',
      Number.isFinite(minutes) ? minutes : null,
      'min',
      `workout (${w.sport_name ?? 'activity'})`,
    )
  }
  if (data.body && data.bodyDay) {
    const at = `${data.bodyDay}T12:00:00.000Z`
    const body = data.body
    const add = (metric: string, value: number | null, unit: string, name: string) => {
      if (value !== null)
        out.push({
          metric,
          value,
          unit,
          start: at,
          end: null,
          local_date: data.bodyDay as string,
          device: 'whoop',
          name,
          ref: 'whoop body measurement',
        })
    }
    add('body_weight', num(body.weight_kilogram), 'kg', 'body_measurement.weight_kilogram')
    add('max_heart_rate', num(body.max_heart_rate), 'bpm', 'body_measurement.max_heart_rate')
  }
  return out
}
