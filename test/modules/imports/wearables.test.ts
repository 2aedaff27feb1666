// Wearable and behavioral exports: Apple Health (XML and zip, streamed), Health Connect JSON, Oura- and
// WHOOP-style exports, sample series, a sleep diary and a habits log; overlapping devices are kept
// apart at import and deduplicated by source priority when read as a daily series.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { dailySeries } from '../../../modules/wearables/service'
import { type TestApp, testApp } from '../../support/app'
import { fixtureBase64, fixtureText, importer, type Person, scopeOf } from './support'

let t: TestApp
let imports: ReturnType<typeof importer>
beforeAll(async () => {
  t = await testApp()
  imports = importer(t)
})
afterAll(() => t.cleanup())

const pick = (rows: any[], code: string, date?: string) =>
  rows.filter((o) => o.code === code && (!date || o.details?.local_date === date))

describe('POST /imports/file with wearable and behavioral exports', () => {
  it('reads an export.xml re-saved as UTF-16 with a byte-order mark (Notepad\'s "Unicode") as the same export', async () => {
    const p: Person = await t.userWithKey()
    const xml = fixtureText('apple-health-export.xml')
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')])
    const r = await imports.upload(p, { filename: 'export.xml', data_base64: utf16.toString('base64') })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ format: 'apple_health_xml', record_count: 20, observation_count: 15 })
  })

  it('streams an Apple Health export.xml into daily values per device, and dedupes steps by source priority', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, {
      filename: 'export.xml',
      text: fixtureText('apple-health-export.xml'),
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      modality: 'wearables',
      format: 'apple_health_xml',
      provider: 'apple_health',
      record_count: 20,
      observation_count: 15,
    })
    expect(r.body.warnings).toEqual([
      {
        code: 'unsupported_type',
        message:
          '1 records of types this service does not read were skipped (HKQuantityTypeIdentifierBodyMass).',
      },
    ])
    const rows = await imports.observations(p, r.body.source_id)
    expect(pick(rows, 'steps', '2026-03-01').map((o) => [o.device, o.value, o.source_ref])).toEqual([
      ['iphone', 3500, 'lines 27-28 (2 records)'],
      ['apple_watch', 3800, 'lines 29-30 (2 records)'],
    ])
    expect(pick(rows, 'sleep_duration')[0]).toMatchObject({
      value: 435,
      details: { local_date: '2026-03-02' },
    })
    expect(pick(rows, 'sleep_deep')[0].value).toBe(90)
    expect(pick(rows, 'spo2')[0].value).toBe(97)
    expect(pick(rows, 'active_energy')[0]).toMatchObject({
      value: 100,
      original_value: '418.4',
      original_unit: 'kJ',
    })
    expect(pick(rows, 'exercise_duration')[0]).toMatchObject({ modality: 'behavioral', value: 32.5 })

    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps.map((d) => [d.date, d.value, d.device])).toEqual([
      ['2026-03-01', 3800, 'apple_watch'],
      ['2026-03-02', 800, 'iphone'],
    ])
    expect(steps[0].set_aside).toEqual([{ device: 'iphone', value: 3500, source_id: r.body.source_id }])
  })

  it('reads the same export from export.zip, and a second import of it never doubles a day', async () => {
    const p: Person = await t.userWithKey()
    const first = await imports.upload(p, {
      filename: 'export.zip',
      data_base64: fixtureBase64('apple-health-export.zip'),
    })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ format: 'apple_health_zip', record_count: 20, observation_count: 15 })
    const again = await imports.upload(p, { text: fixtureText('apple-health-export.xml') })
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps.map((d) => d.value)).toEqual([3800, 800])
    expect(steps[0].source_id).toBe(again.body.source_id)
  })

  it('reads Health Connect records with zone offsets, devices from metadata, and sleep stages', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, { text: fixtureText('health-connect.json') })
    expect(r.body).toMatchObject({
      modality: 'wearables',
      format: 'health_connect_json',
      provider: 'health_connect',
      record_count: 11,
    })
    const rows = await imports.observations(p, r.body.source_id)
    expect(pick(rows, 'steps').map((o) => [o.device, o.value])).toEqual([
      ['samsung', 7400],
      ['phone', 6900],
    ])
    expect(pick(rows, 'sleep_duration')[0]).toMatchObject({
      value: 460,
      device: 'oura',
      details: { local_date: '2026-03-01' },
    })
    expect(pick(rows, 'heart_rate')[0].value).toBe(72)
    expect(pick(rows, 'energy_intake')[0]).toMatchObject({ modality: 'behavioral', value: 650 })
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps).toHaveLength(1)
    expect(steps[0]).toMatchObject({ value: 7400, device: 'samsung' })
  })

  it('reads an Oura-style JSON export with durations in seconds', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, { text: fixtureText('oura-export.json') })
    expect(r.body).toMatchObject({
      format: 'wearable_daily_json',
      provider: 'oura',
      record_count: 6,
      // 24 measurements plus Oura's own activity and readiness scores, kept as Oura metrics.
      observation_count: 28,
    })
    const readiness = await dailySeries(t.context, scopeOf(p), 'oura_readiness_score')
    expect(readiness.map((d) => [d.date, d.value, d.device])).toEqual([
      ['2026-03-01', 78, 'oura'],
      ['2026-03-02', 74, 'oura'],
    ])
    expect((await dailySeries(t.context, scopeOf(p), 'oura_activity_score')).map((d) => d.value)).toEqual([
      80, 85,
    ])
    const sleep = await dailySeries(t.context, scopeOf(p), 'sleep_duration')
    expect(sleep.map((d) => [d.date, d.value, d.device])).toEqual([
      ['2026-03-01', 435, 'oura'],
      ['2026-03-02', 420, 'oura'],
    ])
    const temp = await dailySeries(t.context, scopeOf(p), 'temperature_deviation')
    expect(temp.map((d) => d.value)).toEqual([-0.12, 0.31])
  })

  it('reads a WHOOP-style cycles CSV with units in the headers', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, { text: fixtureText('whoop-physiological-cycles.csv') })
    expect(r.body).toMatchObject({
      format: 'wearable_daily_csv',
      provider: 'whoop',
      record_count: 2,
      // 22 measurements plus WHOOP's recovery, strain and sleep performance, kept as WHOOP metrics.
      observation_count: 28,
    })
    for (const [code, values] of [
      ['whoop_recovery_score', [67, 55]],
      ['whoop_strain', [12.4, 14.1]],
      ['whoop_sleep_performance', [86, 78]],
    ] as const)
      expect((await dailySeries(t.context, scopeOf(p), code)).map((d) => d.value)).toEqual([...values])
    const hrv = await dailySeries(t.context, scopeOf(p), 'hrv_rmssd')
    expect(hrv.map((d) => [d.value, d.device])).toEqual([
      [61, 'whoop'],
      [52, 'whoop'],
    ])
  })

  it('reads a sample series and combines samples per device and day', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, { text: fixtureText('wearable-samples.csv') })
    expect(r.body).toMatchObject({ format: 'wearable_samples_csv', record_count: 6, observation_count: 4 })
    expect(r.body.warnings[0].code).toBe('unsupported_type')
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps).toEqual([
      expect.objectContaining({
        date: '2026-03-01',
        value: 5500,
        device: 'garmin',
        set_aside: [expect.objectContaining({ device: 'phone', value: 1900 })],
      }),
    ])
  })

  it('reads a sleep diary: bedtime and wake time across midnight become sleep duration', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, { text: fixtureText('sleep-diary.csv') })
    expect(r.body).toMatchObject({ modality: 'behavioral', format: 'behavioral_csv', record_count: 3 })
    const sleep = await dailySeries(t.context, scopeOf(p), 'diary_sleep_duration')
    expect(sleep.map((d) => d.value)).toEqual([450, 435, 450])
    const caffeine = await dailySeries(t.context, scopeOf(p), 'caffeine_intake')
    expect(caffeine.map((d) => d.value)).toEqual([180, 250, 90])
  })

  it('reads a semicolon habits log and adds two workouts of one day', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, { text: fixtureText('habits-log.csv') })
    expect(r.body).toMatchObject({ modality: 'behavioral', format: 'behavioral_csv', record_count: 3 })
    const exercise = await dailySeries(t.context, scopeOf(p), 'exercise_duration')
    expect(exercise.map((d) => [d.date, d.value])).toEqual([
      ['2026-03-01', 35],
      ['2026-03-02', 65],
    ])
  })
})

describe('POST /imports/file with behavioral JSON', () => {
  it('reads dated habit records as behavioral observations', async () => {
    const p: Person = await t.userWithKey()
    const text = JSON.stringify({
      entries: [
        { date: '2026-03-01', mood: 4, caffeine_mg: 120, meditation_minutes: 10 },
        { date: '2026-03-02', mood: 2, caffeine_mg: 300, alcohol_drinks: 3 },
      ],
    })
    const r = await imports.upload(p, { text })
    expect(r.body).toMatchObject({
      modality: 'behavioral',
      format: 'behavioral_json',
      record_count: 2,
      observation_count: 6,
    })
    const mood = await dailySeries(t.context, scopeOf(p), 'mood')
    expect(mood.map((d) => [d.date, d.value, d.device])).toEqual([
      ['2026-03-01', 4, 'diary'],
      ['2026-03-02', 2, 'diary'],
    ])
  })
})

describe('POST /imports/file with genotype files', () => {
  it('hands a 23andMe file to the genetics module and answers with a genetics source', async () => {
    const p: Person = await t.userWithKey()
    const r = await imports.upload(p, {
      filename: 'genome.txt',
      text: fixtureText('genotype-23andme-2011-first1000.txt'),
      provider: '23andme',
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ modality: 'genetics', filename: 'genome.txt', observation_count: 0 })
    expect(r.body.record_count).toBeGreaterThan(900)
    const source = await t.call('GET', `/sources/${r.body.source_id}`, { token: p.key })
    expect(source.body.modality).toBe('genetics')
  })
})
