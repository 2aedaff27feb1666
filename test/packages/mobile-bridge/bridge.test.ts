// The mobile bridge package against the running service on a socket: samples in the shapes
// react-native-health, react-native-health-connect and the Samsung Health SDK return are normalized,
// uploaded in batches and land sources; a second sync from the kept anchor sends nothing twice; a
// network error and a 503 are retried; a 401 refreshes the token once through the app's provider; a
// refused batch throws the service's problem; the companion app's device credential works the same way.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { dailySeries } from '../../../modules/wearables/service'
import {
  BridgeClient,
  BridgeError,
  fromHealthConnect,
  fromReactNativeHealth,
  fromSamsungHealth,
  MemoryAnchorStore,
  type UploadRecord,
} from '../../../packages/mobile-bridge/src'
import { scopeOf, type TestApp, testApp } from '../../support/app'
import { pairHealthConnect } from '../../support/health-connect'

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dir, '../../fixtures/mobile-bridge', name), 'utf8'))
const rnHealth = fixture('react-native-health.json')
const rnHealthConnect = fixture('react-native-health-connect.json')
const samsung = fixture('samsung-health.json')

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let base: string
beforeAll(async () => {
  t = await testApp({ tokenEncryptionKeys: [new Uint8Array(32).fill(2)] })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => t.app.handle(request) })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(async () => {
  server.stop(true)
  await t.cleanup()
})

const staticToken = (token: string) => ({ token: async () => token, refresh: async () => token })
const noWait = async () => {}

describe('normalizing the libraries’ shapes', () => {
  it('reads react-native-health samples: ids, zone offsets, devices, sleep stages', () => {
    const steps = fromReactNativeHealth(
      'HKQuantityTypeIdentifierStepCount',
      rnHealth.HKQuantityTypeIdentifierStepCount,
      {
        unit: 'count',
      },
    )
    expect(steps[0]).toEqual({
      id: '8C1E6F2A-0B7D-4E55-9A61-3D2F0E9B1C01',
      type: 'HKQuantityTypeIdentifierStepCount',
      start: '2026-03-03T08:00:00.000Z',
      end: '2026-03-03T08:20:00.000Z',
      zone_offset: '+01:00',
      device: { manufacturer: 'Apple Inc.', model: 'Watch', name: 'Apple Watch' },
      source_app: 'com.apple.health.8E1C',
      value: 1250,
      unit: 'count',
    })
    const sleep = fromReactNativeHealth(
      'HKCategoryTypeIdentifierSleepAnalysis',
      rnHealth.HKCategoryTypeIdentifierSleepAnalysis,
    )
    expect(sleep.map((s) => s.category)).toEqual(['inbed', 'core', 'deep', 'rem'])
  })

  it('reads react-native-health-connect records: samples and stages become records of their own', () => {
    const hr = fromHealthConnect('HeartRate', rnHealthConnect.HeartRate)
    expect(hr.map((r) => [r.id, r.value])).toEqual([
      ['9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c01#0', 58],
      ['9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c01#1', 62],
    ])
    const sleep = fromHealthConnect('SleepSession', rnHealthConnect.SleepSession)
    expect(sleep.map((r) => r.category)).toEqual([4, 5, 1, 6])
    expect(sleep[0]).toMatchObject({
      type: 'SleepSessionRecord',
      zone_offset: '+02:00',
      source_app: 'com.ouraring.oura',
      device: { manufacturer: 'Oura', model: 'Ring 4', type: 'ring' },
    })
    const energy = fromHealthConnect('ActiveCaloriesBurned', rnHealthConnect.ActiveCaloriesBurned)
    expect(energy[0].value).toBe(212.5)
  })

  it('reads Samsung Health SDK records: epoch milliseconds, time_offset, devices by deviceuuid', () => {
    const steps = fromSamsungHealth(
      'com.samsung.health.step_count',
      samsung['com.samsung.health.step_count'],
      {
        devices: samsung.devices,
      },
    )
    expect(steps[0]).toMatchObject({
      id: 'e1d2c3b4-a596-4877-8695-a4b3c2d1e001',
      start: '2026-03-05T07:00:00.000Z',
      zone_offset: '+02:00',
      value: 3000,
      device: { model: 'Galaxy Watch6', type: 'watch' },
    })
  })
})

describe('uploading to the running service', () => {
  it('lands a source per store, and a second sync from the anchor sends nothing twice', async () => {
    const p = await t.userWithKey()
    const anchors = new MemoryAnchorStore()
    const apple = new BridgeClient({
      baseUrl: base,
      store: 'apple_health',
      tokens: staticToken(p.key),
      anchors,
      batchSize: 3,
    })
    const appleRecords: UploadRecord[] = [
      ...fromReactNativeHealth(
        'HKQuantityTypeIdentifierStepCount',
        rnHealth.HKQuantityTypeIdentifierStepCount,
        { unit: 'count' },
      ),
      ...fromReactNativeHealth(
        'HKQuantityTypeIdentifierHeartRate',
        rnHealth.HKQuantityTypeIdentifierHeartRate,
        { unit: 'count/min' },
      ),
      ...fromReactNativeHealth(
        'HKCategoryTypeIdentifierSleepAnalysis',
        rnHealth.HKCategoryTypeIdentifierSleepAnalysis,
      ),
    ]
    // The app's reader: everything after the anchor (here: a count of records already read).
    const read = async (anchor: string | null) => ({
      records: appleRecords.slice(Number(anchor ?? 0)),
      anchor: String(appleRecords.length),
    })
    const first = await apple.syncType('apple:all', read)
    expect(first.results).toHaveLength(3) // 8 records in batches of 3
    expect(first.results.reduce((n, r) => n + r.accepted, 0)).toBe(7) // in bed is not sleep
    expect(await anchors.get('apple:all')).toBe('8')
    const again = await apple.syncType('apple:all', read)
    expect(again.results).toEqual([])
    // A replayed batch (the app lost the anchor) is counted as duplicates, not stored twice.
    const replay = await apple.upload(appleRecords)
    expect(replay.reduce((n, r) => n + r.duplicates, 0)).toBe(7)

    const hc = new BridgeClient({ baseUrl: base, store: 'health_connect', tokens: staticToken(p.key) })
    const [hcResult] = await hc.upload(
      ['Steps', 'HeartRate', 'SleepSession', 'ActiveCaloriesBurned'].flatMap((type) =>
        fromHealthConnect(type, rnHealthConnect[type]),
      ),
    )
    expect(hcResult).toMatchObject({ source: 'health_connect', accepted: 9, skipped_count: 0 })

    const sh = new BridgeClient({ baseUrl: base, store: 'samsung_health', tokens: staticToken(p.key) })
    const [shResult] = await sh.upload(
      [
        'com.samsung.health.step_count',
        'com.samsung.health.heart_rate',
        'com.samsung.health.sleep_stage',
      ].flatMap((type) => fromSamsungHealth(type, samsung[type], { devices: samsung.devices })),
    )
    expect(shResult).toMatchObject({ source: 'samsung_health', accepted: 4 })

    const sources = await t.call('GET', '/sources', { token: p.key })
    expect(new Set(sources.body.data.map((s: { provider: string }) => s.provider))).toEqual(
      new Set(['apple_health', 'health_connect', 'samsung_health']),
    )
    // The Galaxy Watch's 3000 steps came both directly and through Health Connect: counted once; the
    // Pixel's 700 only Health Connect had.
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps.find((d) => d.date === '2026-03-05')).toMatchObject({ value: 3700, device: 'samsung' })
  })

  it('retries a network error and a 503, and refreshes the token once on a 401', async () => {
    const p = await t.userWithKey()
    let calls = 0
    const flaky = async (url: string, init: RequestInit) => {
      calls++
      if (calls === 1) throw new TypeError('network down')
      if (calls === 2) return new Response('{}', { status: 503, headers: { 'retry-after': '0' } })
      return fetch(url, init)
    }
    let refreshes = 0
    const tokens = {
      token: async () => 'wds_sk_expired-or-revoked-key',
      refresh: async () => {
        refreshes++
        return p.key
      },
    }
    const client = new BridgeClient({
      baseUrl: base,
      store: 'health_connect',
      tokens,
      fetch: flaky,
      sleep: noWait,
    })
    const [result] = await client.upload(fromHealthConnect('Steps', rnHealthConnect.Steps))
    expect(result.accepted).toBe(2)
    expect(calls).toBe(4) // network error, 503, 401, then the refreshed token
    expect(refreshes).toBe(1)
  })

  it('throws the service’s problem for a refused batch, without retrying', async () => {
    const p = await t.userWithKey()
    let calls = 0
    const counting = (url: string, init: RequestInit) => {
      calls++
      return fetch(url, init)
    }
    const client = new BridgeClient({
      baseUrl: base,
      store: 'health_connect',
      tokens: staticToken(p.key),
      fetch: counting,
    })
    const bad: UploadRecord = {
      id: 'x',
      type: 'StepsRecord',
      start: '2026-03-05T08:00:00Z',
      end: '2026-03-05T07:00:00Z',
      value: 5,
    }
    const error = await client.upload([bad]).catch((e) => e)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error.status).toBe(422)
    expect(error.problem.errors[0].path).toBe('/records/0/end')
    expect(calls).toBe(1)
  })

  it('uploads with the companion app’s device credential', async () => {
    const p = await t.userWithKey()
    const device = (await pairHealthConnect(t, p)).token
    const client = new BridgeClient({ baseUrl: base, store: 'health_connect', tokens: staticToken(device) })
    const [result] = await client.upload(fromHealthConnect('SleepSession', rnHealthConnect.SleepSession))
    expect(result.accepted).toBe(4)
    const sleep = await dailySeries(t.context, scopeOf(p), 'sleep_duration')
    expect(sleep.map((d) => [d.date, d.value])).toEqual([['2026-03-05', 90 + 90 + 225]])
  })
})
