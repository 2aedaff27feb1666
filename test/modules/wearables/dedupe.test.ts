// Overlapping records from several devices become one value per day by source priority: steps are
// never added across devices, a re-imported interval counts once, and each day cites its source.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { deviceKey, devicePriority } from '../../../modules/wearables/devices'
import { WEARABLE_METRICS, wearableMetricByCode } from '../../../modules/wearables/metrics'
import { dailySeries } from '../../../modules/wearables/service'
import { toMetricUnit } from '../../../modules/wearables/units'
import { scopeOf, type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

function obs(
  code: string,
  value: number,
  day: string,
  device: string,
  hour = 0,
  hours = 24,
): NewObservationInput {
  const start = new Date(`${day}T00:00:00.000Z`)
  start.setUTCHours(hour)
  const end = new Date(start.getTime() + hours * 3600_000)
  return {
    modality: 'wearables',
    code,
    original_name: code,
    value,
    unit: wearableMetricByCode(code)!.unit,
    observed_at: start.toISOString(),
    observed_end: end.toISOString(),
    device,
    details: { local_date: day },
  }
}

describe('wearable metric catalog', () => {
  it('covers the metrics the service promises, each with a canonical UCUM unit', () => {
    const codes = WEARABLE_METRICS.map((m) => m.code)
    for (const c of [
      'resting_heart_rate',
      'hrv_rmssd',
      'hrv_sdnn',
      'sleep_duration',
      'sleep_efficiency',
      'sleep_deep',
      'sleep_rem',
      'steps',
      'active_energy',
      'vo2max',
      'spo2',
      'respiratory_rate',
      'temperature_deviation',
    ]) {
      expect(codes).toContain(c)
    }
    expect(wearableMetricByCode('steps')).toMatchObject({ unit: '{steps}', daily: 'sum' })
  })

  it('converts export units to the canonical ones', () => {
    expect(toMetricUnit(wearableMetricByCode('sleep_duration')!, 7.5, 'hr')).toEqual({ value: 450 })
    expect(toMetricUnit(wearableMetricByCode('sleep_duration')!, 3600, 's')).toEqual({ value: 60 })
    expect(toMetricUnit(wearableMetricByCode('resting_heart_rate')!, 52, 'count/min')).toEqual({ value: 52 })
    expect(toMetricUnit(wearableMetricByCode('temperature_deviation')!, 0.9, 'degF')).toEqual({ value: 0.5 })
    const kj = toMetricUnit(wearableMetricByCode('active_energy')!, 418.4, 'kJ')
    expect('value' in kj && kj.value).toBeCloseTo(100, 3)
    expect(toMetricUnit(wearableMetricByCode('steps')!, 10, 'parsecs')).toHaveProperty('error')
  })

  it('recognises devices by the names exports give them', () => {
    expect(deviceKey("Jane's Apple Watch")).toBe('apple_watch')
    expect(deviceKey('iPhone 15 Pro')).toBe('iphone')
    expect(deviceKey('Oura Ring Gen3')).toBe('oura')
    expect(devicePriority('steps', 'apple_watch')).toBeLessThan(devicePriority('steps', 'iphone'))
    expect(devicePriority('sleep_duration', 'oura')).toBeLessThan(
      devicePriority('sleep_duration', 'apple_watch'),
    )
  })
})

describe('dailySeries', () => {
  it('takes the most trusted device per day for steps and never adds devices together', async () => {
    const p = await t.userWithKey()
    const phone = await createSource(
      t.context,
      scopeOf(p),
      { modality: 'wearables', format: 'test', provider: 'apple_health' },
      [
        obs('steps', 4000, '2026-03-01', 'iphone', 8, 2),
        obs('steps', 3000, '2026-03-01', 'iphone', 14, 2),
        obs('steps', 9000, '2026-03-02', 'iphone'),
      ],
    )
    const watch = await createSource(
      t.context,
      scopeOf(p),
      { modality: 'wearables', format: 'test', provider: 'apple_health' },
      [
        obs('steps', 5000, '2026-03-01', 'apple_watch', 8, 2),
        obs('steps', 3500, '2026-03-01', 'apple_watch', 14, 2),
      ],
    )
    const series = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(series.map((d) => [d.date, d.value, d.device])).toEqual([
      ['2026-03-01', 8500, 'apple_watch'],
      ['2026-03-02', 9000, 'iphone'],
    ])
    expect(series[0].source_id).toBe(watch.id)
    expect(series[0].observation_ids).toHaveLength(2)
    expect(series[0].set_aside).toEqual([{ device: 'iphone', value: 7000, source_id: phone.id }])
    expect(series[1].source_id).toBe(phone.id)
  })

  it('counts the same interval imported twice once, and cites the later import', async () => {
    const p = await t.userWithKey()
    await createSource(t.context, scopeOf(p), { modality: 'wearables', format: 'test' }, [
      obs('steps', 6000, '2026-03-05', 'oura'),
    ])
    const again = await createSource(t.context, scopeOf(p), { modality: 'wearables', format: 'test' }, [
      obs('steps', 6000, '2026-03-05', 'oura'),
    ])
    const series = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(series).toHaveLength(1)
    expect(series[0]).toMatchObject({ value: 6000, source_id: again.id })
  })

  it('prefers the ring for sleep and averages mean metrics within the chosen device', async () => {
    const p = await t.userWithKey()
    await createSource(t.context, scopeOf(p), { modality: 'wearables', format: 'test' }, [
      obs('sleep_duration', 420, '2026-03-10', 'apple_watch'),
      obs('sleep_duration', 440, '2026-03-10', 'oura'),
      obs('hrv_rmssd', 40, '2026-03-10', 'apple_watch', 2, 1),
      obs('hrv_rmssd', 50, '2026-03-10', 'apple_watch', 4, 1),
    ])
    expect((await dailySeries(t.context, scopeOf(p), 'sleep_duration'))[0]).toMatchObject({
      value: 440,
      device: 'oura',
    })
    expect((await dailySeries(t.context, scopeOf(p), 'hrv_rmssd'))[0]).toMatchObject({
      value: 45,
      device: 'apple_watch',
    })
  })

  it('filters by local date range and never returns another user’s data', async () => {
    const p = await t.userWithKey()
    const other = await t.userWithKey()
    await createSource(t.context, scopeOf(p), { modality: 'wearables', format: 'test' }, [
      obs('steps', 1000, '2026-04-01', 'garmin'),
      obs('steps', 2000, '2026-04-02', 'garmin'),
      obs('steps', 3000, '2026-04-03', 'garmin'),
    ])
    const mid = await dailySeries(t.context, scopeOf(p), 'steps', { from: '2026-04-02', to: '2026-04-02' })
    expect(mid.map((d) => d.value)).toEqual([2000])
    expect(await dailySeries(t.context, scopeOf(other), 'steps')).toEqual([])
  })

  it('refuses an unknown metric or a malformed date with a validation problem', async () => {
    const p = await t.userWithKey()
    await expect(dailySeries(t.context, scopeOf(p), 'telepathy')).rejects.toMatchObject({ status: 422 })
    await expect(dailySeries(t.context, scopeOf(p), 'steps', { from: 'yesterday' })).rejects.toMatchObject({
      status: 422,
    })
  })
})
