// Records in the WHOOP API v2 and Oura API v2 response shapes (field names, units and nesting as their
// API references document them), generated for a run of days so pagination has several pages to follow.

type Json = Record<string, unknown>

const day = (first: string, i: number) => {
  const d = new Date(`${first}T00:00:00.000Z`)
  d.setUTCDate(d.getUTCDate() + i)
  return d.toISOString().slice(0, 10)
}

/** WHOOP v2: cycles (strain, kJ), recovery per cycle, a night's sleep and a workout each day (UTC-5). */
export function whoopData(first: string, days: number): Record<string, Json[]> {
  const cycle: Json[] = []
  const recovery: Json[] = []
  const sleep: Json[] = []
  const workout: Json[] = []
  for (let i = 0; i < days; i++) {
    const d = day(first, i)
    const id = 93845 + i
    const sleepId = `ecfc6a15-4661-442f-a9a4-f160dd7afa${String(10 + i).padStart(2, '0')}`
    cycle.push({
      id,
      user_id: 10129,
      created_at: `${d}T11:25:44.774Z`,
      updated_at: `${d}T14:25:44.774Z`,
      start: `${d}T10:25:44.774Z`,
      end: `${day(first, i + 1)}T10:25:44.774Z`,
      timezone_offset: '-05:00',
      score_state: 'SCORED',
      score: { strain: 5.2951527 + i / 10, kilojoule: 8288.297, average_heart_rate: 68, max_heart_rate: 141 },
    })
    recovery.push({
      cycle_id: id,
      sleep_id: sleepId,
      user_id: 10129,
      created_at: `${d}T11:25:44.774Z`,
      updated_at: `${d}T14:25:44.774Z`,
      score_state: 'SCORED',
      score: {
        user_calibrating: false,
        recovery_score: 44 + i,
        resting_heart_rate: 64,
        hrv_rmssd_milli: 31.813562,
        spo2_percentage: 95.6875,
        skin_temp_celsius: 33.7,
      },
    })
    sleep.push({
      id: sleepId,
      cycle_id: id,
      user_id: 10129,
      created_at: `${d}T11:25:44.774Z`,
      updated_at: `${d}T14:25:44.774Z`,
      start: `${d}T03:25:44.774Z`,
      end: `${d}T10:25:44.774Z`,
      timezone_offset: '-05:00',
      nap: false,
      score_state: 'SCORED',
      score: {
        stage_summary: {
          total_in_bed_time_milli: 25_200_000,
          total_awake_time_milli: 1_800_000,
          total_no_data_time_milli: 0,
          total_light_sleep_time_milli: 12_600_000,
          total_slow_wave_sleep_time_milli: 5_400_000,
          total_rem_sleep_time_milli: 5_400_000,
          sleep_cycle_count: 4,
          disturbance_count: 6,
        },
        sleep_needed: { baseline_milli: 27_395_716, need_from_sleep_debt_milli: 352_230 },
        respiratory_rate: 16.11328125,
        sleep_performance_percentage: 98,
        sleep_consistency_percentage: 90,
        sleep_efficiency_percentage: 91.69533848,
      },
    })
    workout.push({
      id: `ecfc6a15-4661-442f-a9a4-f160dd7afb${String(10 + i).padStart(2, '0')}`,
      user_id: 10129,
      created_at: `${d}T23:00:00.000Z`,
      updated_at: `${d}T23:00:00.000Z`,
      start: `${d}T22:00:00.000Z`,
      end: `${d}T22:45:00.000Z`,
      timezone_offset: '-05:00',
      sport_name: 'running',
      score_state: 'SCORED',
      score: { strain: 8.25, average_heart_rate: 123, max_heart_rate: 146, kilojoule: 1569.34 },
    })
  }
  // GET /v2/user/measurement/body, as WHOOP's reference shows it.
  const body_measurement = [{ height_meter: 1.8288, weight_kilogram: 90.7185, max_heart_rate: 200 }]
  return { cycle, recovery, sleep, workout, body_measurement }
}

/** Oura v2: daily sleep, activity and readiness documents, a long sleep period and a workout per day. */
export function ouraData(first: string, days: number): Record<string, Json[]> {
  const out: Record<string, Json[]> = {
    daily_sleep: [],
    daily_activity: [],
    daily_readiness: [],
    sleep: [],
    workout: [],
    heartrate: [],
  }
  for (let i = 0; i < days; i++) {
    const d = day(first, i)
    const ts = `${d}T00:00:00+00:00`
    out.daily_sleep.push({
      id: `ds-${d}`,
      day: d,
      score: 80 + i,
      contributors: { deep_sleep: 70 },
      timestamp: ts,
    })
    out.daily_activity.push({
      id: `da-${d}`,
      day: d,
      score: 75,
      active_calories: 420,
      steps: 9000 + i,
      total_calories: 2400,
      timestamp: ts,
    })
    out.daily_readiness.push({
      id: `dr-${d}`,
      day: d,
      score: 70 + i,
      temperature_deviation: -0.12,
      contributors: { hrv_balance: 80 },
      timestamp: ts,
    })
    out.sleep.push({
      id: `sl-${d}`,
      day: d,
      type: 'long_sleep',
      bedtime_start: `${day(first, i - 1)}T23:10:00+02:00`,
      bedtime_end: `${d}T07:05:00+02:00`,
      total_sleep_duration: 25_200,
      deep_sleep_duration: 5_400,
      rem_sleep_duration: 5_700,
      light_sleep_duration: 14_100,
      awake_time: 3_300,
      efficiency: 88,
      average_hrv: 42,
      average_heart_rate: 55.5,
      lowest_heart_rate: 49,
      average_breath: 14.5,
    })
    out.workout.push({
      id: `wo-${d}`,
      activity: 'cycling',
      calories: 300,
      day: d,
      distance: 12000,
      start_datetime: `${d}T17:00:00+02:00`,
      end_datetime: `${d}T17:40:00+02:00`,
      intensity: 'moderate',
      source: 'manual',
    })
  }
  // Heart rate samples (bpm, source, timestamp in UTC as Oura writes them): four a day.
  for (let i = 0; i < days; i++) {
    const d = day(first, i)
    for (const [hour, bpm, source] of [
      ['03', 52, 'rest'],
      ['09', 71, 'awake'],
      ['15', 80, 'awake'],
      ['21', 65, 'awake'],
    ] as const)
      out.heartrate.push({ bpm, source, timestamp: `${d}T${hour}:00:00+00:00` })
  }
  return out
}
