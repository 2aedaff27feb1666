// The companion / mobile-bridge upload endpoint over HTTP: a batch from each of the three stores lands
// a source that GET /sources lists and analyses use; sending it again stores nothing twice; overlapping
// devices and stores are merged per hour or day by priority, never added; a bad batch is refused whole
// with problem details; a device credential uploads for its own person only, and nothing else.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { setOrganizationTier } from '../../../../modules/auth/repo'
import { dailySeries } from '../../../../modules/wearables/service'
import { isProblem, scopeOf, type TestApp, testApp } from '../../../support/app'
import { pairHealthConnect } from '../../../support/health-connect'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ tokenEncryptionKeys: [new Uint8Array(32).fill(5)] })
})
afterAll(() => t.cleanup())

const upload = (token: string, body: unknown) =>
  t.call('POST', '/connections/wearables/records', { token, body })

const WATCH = { manufacturer: 'Apple Inc.', model: 'Watch6,1', name: 'Apple Watch', type: 'watch' }
const IPHONE = { manufacturer: 'Apple Inc.', model: 'iPhone15,2', name: 'iPhone', type: 'phone' }

/** A day in Berlin (+01:00) as an iPhone with a paired watch reports it through react-native-health. */
function appleHealthBatch() {
  return {
    source: 'apple_health',
    records: [
      // 09h local: watch 1250, phone 1300 (the same walk); 13h: only the phone (watch charging).
      {
        id: 'A-1',
        type: 'HKQuantityTypeIdentifierStepCount',
        start: '2026-03-03T08:00:00Z',
        end: '2026-03-03T08:20:00Z',
        zone_offset: '+01:00',
        value: 1250,
        unit: 'count',
        device: WATCH,
      },
      {
        id: 'A-2',
        type: 'HKQuantityTypeIdentifierStepCount',
        start: '2026-03-03T08:00:00Z',
        end: '2026-03-03T08:25:00Z',
        zone_offset: '+01:00',
        value: 1300,
        unit: 'count',
        device: IPHONE,
      },
      {
        id: 'A-3',
        type: 'HKQuantityTypeIdentifierStepCount',
        start: '2026-03-03T12:00:00Z',
        end: '2026-03-03T12:30:00Z',
        zone_offset: '+01:00',
        value: 2600,
        unit: 'count',
        device: IPHONE,
      },
      // A night: 22:40 local to 06:40, in stages; the in-bed sample is not sleep.
      {
        id: 'A-4',
        type: 'HKCategoryTypeIdentifierSleepAnalysis',
        start: '2026-03-03T21:30:00Z',
        end: '2026-03-04T05:45:00Z',
        zone_offset: '+01:00',
        category: 'HKCategoryValueSleepAnalysisInBed',
        device: WATCH,
      },
      {
        id: 'A-5',
        type: 'HKCategoryTypeIdentifierSleepAnalysis',
        start: '2026-03-03T21:40:00Z',
        end: '2026-03-03T22:35:00Z',
        zone_offset: '+01:00',
        category: 'HKCategoryValueSleepAnalysisAsleepCore',
        device: WATCH,
      },
      {
        id: 'A-6',
        type: 'HKCategoryTypeIdentifierSleepAnalysis',
        start: '2026-03-03T22:35:00Z',
        end: '2026-03-04T00:05:00Z',
        zone_offset: '+01:00',
        category: 4,
        device: WATCH,
      },
      {
        id: 'A-7',
        type: 'HKCategoryTypeIdentifierSleepAnalysis',
        start: '2026-03-04T00:05:00Z',
        end: '2026-03-04T05:40:00Z',
        zone_offset: '+01:00',
        category: 'HKCategoryValueSleepAnalysisAsleepREM',
        device: WATCH,
      },
      {
        id: 'A-8',
        type: 'HKQuantityTypeIdentifierOxygenSaturation',
        start: '2026-03-04T03:00:00Z',
        zone_offset: '+01:00',
        value: 0.96,
        unit: '%',
        device: WATCH,
      },
      {
        id: 'A-9',
        type: 'HKQuantityTypeIdentifierRestingHeartRate',
        start: '2026-03-04T06:00:00Z',
        zone_offset: '+01:00',
        value: 52,
        unit: 'count/min',
        device: WATCH,
      },
      {
        id: 'A-10',
        type: 'HKQuantityTypeIdentifierBodyMass',
        start: '2026-03-04T06:00:00Z',
        value: 71.5,
        unit: 'kg',
      },
    ],
  }
}

describe('apple_health batches', () => {
  let p: Awaited<ReturnType<TestApp['userWithKey']>>
  let sourceId: string
  beforeAll(async () => {
    p = await t.userWithKey()
  })

  it('land one listed source; steps merge hour by hour across watch and phone; the night is filed under the wake-up day', async () => {
    const r = await upload(p.key, appleHealthBatch())
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      source: 'apple_health',
      received: 10,
      accepted: 8,
      duplicates: 0,
      skipped_count: 2,
    })
    expect(r.body.skipped.map((s: { id: string }) => s.id).sort()).toEqual(['A-10', 'A-4'])
    sourceId = r.body.source_id
    const listed = await t.call('GET', '/sources', { token: p.key })
    expect(listed.body.data.map((s: { id: string; provider: string }) => [s.id, s.provider])).toContainEqual([
      sourceId,
      'apple_health',
    ])

    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    // Watch 09h 1250 + phone-only 13h 2600; the phone's 09h is not added.
    expect(steps).toEqual([
      expect.objectContaining({ date: '2026-03-03', value: 3850, device: 'apple_watch' }),
    ])
    const sleep = await dailySeries(t.context, scopeOf(p), 'sleep_duration')
    expect(sleep.map((d) => [d.date, d.value])).toEqual([['2026-03-04', 55 + 90 + 335]])
    const deep = await dailySeries(t.context, scopeOf(p), 'sleep_deep')
    expect(deep.map((d) => [d.date, d.value])).toEqual([['2026-03-04', 90]])
    const spo2 = await dailySeries(t.context, scopeOf(p), 'spo2')
    expect(spo2[0].value).toBe(96)
  })

  it('is idempotent by record id: the same batch again stores nothing and lands no source', async () => {
    const r = await upload(p.key, appleHealthBatch())
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ accepted: 0, duplicates: 8, source_id: null, observation_count: 0 })
    const listed = await t.call('GET', '/sources', { token: p.key })
    expect(listed.body.data.filter((s: { provider: string }) => s.provider === 'apple_health')).toHaveLength(
      1,
    )
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps[0].value).toBe(3850)
  })

  it('names a record sent again with other content instead of adding it, and stores the new ones', async () => {
    const batch = appleHealthBatch()
    batch.records[0].value = 9999
    batch.records.push({
      id: 'A-11',
      type: 'HKQuantityTypeIdentifierStepCount',
      start: '2026-03-03T17:00:00Z',
      end: '2026-03-03T17:15:00Z',
      zone_offset: '+01:00',
      value: 980,
      unit: 'count',
      device: WATCH,
    })
    const r = await upload(p.key, batch)
    expect(r.status).toBe(200)
    expect(r.body.accepted).toBe(1)
    expect(r.body.skipped).toContainEqual({
      id: 'A-1',
      type: 'HKQuantityTypeIdentifierStepCount',
      reason: 'already uploaded with other content; not applied',
    })
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps[0].value).toBe(3850 + 980)
  })

  it('feeds the wearable analysis', async () => {
    const r = await t.call('POST', '/wearables/analyze', { token: p.key, body: {} })
    expect(r.status).toBe(201)
    expect(JSON.stringify(r.body)).toContain(sourceId)
  })
})

describe('samsung_health and health_connect batches', () => {
  it('merge a Galaxy Watch seen directly and through Health Connect: the direct upload wins, the hub only fills', async () => {
    const p = await t.userWithKey()
    const galaxy = { manufacturer: 'Samsung', model: 'Galaxy Watch6', type: 'watch' }
    const samsung = await upload(p.key, {
      source: 'samsung_health',
      device: galaxy,
      records: [
        {
          id: 'S-1',
          type: 'com.samsung.health.step_count',
          start: '2026-03-05T07:00:00Z',
          end: '2026-03-05T07:30:00Z',
          zone_offset: '+02:00',
          value: 3000,
        },
        {
          id: 'S-2',
          type: 'com.samsung.health.sleep_stage',
          start: '2026-03-04T21:00:00Z',
          end: '2026-03-04T22:00:00Z',
          zone_offset: '+02:00',
          category: 40003,
        },
        {
          id: 'S-3',
          type: 'com.samsung.health.sleep_stage',
          start: '2026-03-04T22:00:00Z',
          end: '2026-03-05T03:00:00Z',
          zone_offset: '+02:00',
          category: 40002,
        },
        {
          id: 'S-4',
          type: 'com.samsung.health.heart_rate',
          start: '2026-03-05T07:10:00Z',
          zone_offset: '+02:00',
          value: 88,
        },
      ],
    })
    expect(samsung.status).toBe(200)
    expect(samsung.body).toMatchObject({ accepted: 4, skipped_count: 0 })

    const device = (await pairHealthConnect(t, p)).token
    const hc = await upload(device, {
      source: 'health_connect',
      records: [
        // The same 09h walk as Samsung Health wrote it to Health Connect, and an hour only Health Connect has.
        {
          id: 'H-1',
          type: 'StepsRecord',
          start: '2026-03-05T07:00:00Z',
          end: '2026-03-05T07:30:00Z',
          zone_offset: '+02:00',
          value: 3000,
          source_app: 'com.sec.android.app.shealth',
          device: galaxy,
        },
        {
          id: 'H-2',
          type: 'StepsRecord',
          start: '2026-03-05T15:00:00Z',
          end: '2026-03-05T15:20:00Z',
          zone_offset: '+02:00',
          value: 700,
          source_app: 'com.sec.android.app.shealth',
          device: galaxy,
        },
        {
          id: 'H-3',
          type: 'SleepSessionRecord',
          start: '2026-03-04T21:00:00Z',
          end: '2026-03-05T03:00:00Z',
          zone_offset: '+02:00',
          source_app: 'com.sec.android.app.shealth',
          device: galaxy,
        },
        {
          id: 'H-4',
          type: 'RestingHeartRateRecord',
          start: '2026-03-05T05:00:00Z',
          zone_offset: '+02:00',
          value: 55,
          source_app: 'com.ouraring.oura',
        },
        { id: 'H-5', type: 'BloodGlucoseRecord', start: '2026-03-05T05:00:00Z', value: 5.4 },
      ],
    })
    expect(hc.status).toBe(200)
    expect(hc.body).toMatchObject({ accepted: 4, skipped_count: 1 })
    expect(hc.body.skipped[0]).toMatchObject({
      id: 'H-5',
      reason: 'health_connect type not read by this service',
    })

    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    // Samsung direct 3000 at 09h; Health Connect's copy of it is not added; its 17h 700 fills in.
    expect(steps).toEqual([expect.objectContaining({ date: '2026-03-05', value: 3700, device: 'samsung' })])
    expect(steps[0].filled_in).toEqual([
      expect.objectContaining({ device: 'samsung.via_health_connect', value: 700 }),
    ])
    const sleep = await dailySeries(t.context, scopeOf(p), 'sleep_duration')
    expect(sleep.map((d) => [d.date, d.value, d.device])).toEqual([['2026-03-05', 360, 'samsung']])
    expect(sleep[0].set_aside).toEqual([
      expect.objectContaining({ device: 'samsung.via_health_connect', value: 360 }),
    ])
    const rhr = await dailySeries(t.context, scopeOf(p), 'resting_heart_rate')
    expect(rhr.map((d) => [d.value, d.device])).toEqual([[55, 'oura.via_health_connect']])

    // The companion app's upload shows as the connection's last sync.
    const connections = await t.call('GET', '/connections/wearables', { token: p.key })
    expect(connections.body.data[0]).toMatchObject({ source_provider: 'health_connect' })
    expect(connections.body.data[0].last_sync_at).not.toBeNull()
  })

  it('accepts a per-user service token from an integrator’s mobile bridge', async () => {
    const integrator = await t.userWithKey()
    await setOrganizationTier(t.context.db, integrator.organizationId, 'builder')
    const minted = await t.call('POST', '/service-tokens', {
      token: integrator.key,
      body: { user_id: 'bridge-end-user', ttl_seconds: 900 },
    })
    expect(minted.status).toBe(201)
    const r = await upload(minted.body.access_token, {
      source: 'health_connect',
      records: [
        {
          id: 'B-1',
          type: 'StepsRecord',
          start: '2026-03-06T10:00:00Z',
          end: '2026-03-06T10:10:00Z',
          value: 400,
        },
      ],
    })
    expect(r.status).toBe(200)
    expect(r.body.accepted).toBe(1)
  })
})

describe('bad batches and other people', () => {
  it('refuses a batch that breaks the protocol whole, naming each record, as problem+json', async () => {
    const p = await t.userWithKey()
    const r = await upload(p.key, {
      source: 'health_connect',
      records: [
        {
          id: 'X-1',
          type: 'StepsRecord',
          start: '2026-03-06T10:00:00Z',
          end: '2026-03-06T09:00:00Z',
          value: 10,
        },
        {
          id: 'X-1',
          type: 'StepsRecord',
          start: '2026-03-06T10:00:00Z',
          end: '2026-03-06T10:05:00Z',
          value: 10,
        },
        { id: 'X-3', type: 'StepsRecord', start: '2026-03-06T10:00:00Z', end: '2026-03-06T10:05:00Z' },
        { id: 'X-4', type: 'SleepSessionRecord', start: '2026-03-06T10:00:00Z' },
      ],
    })
    expect(r.status).toBe(422)
    expect(isProblem(r)).toBe(true)
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual([
      '/records/0/end',
      '/records/1/id',
      '/records/2/value',
      '/records/3/end',
    ])
    const listed = await t.call('GET', '/sources', { token: p.key })
    expect(listed.body.data).toEqual([])

    for (const body of [
      { source: 'health_connect', records: [] },
      {
        source: 'google_fit',
        records: [{ id: 'a', type: 'StepsRecord', start: '2026-03-06T10:00:00Z', value: 1 }],
      },
      { source: 'health_connect', records: [{ id: 'a', type: 'StepsRecord', start: 'yesterday', value: 1 }] },
      {
        source: 'health_connect',
        records: [
          { id: 'a', type: 'StepsRecord', start: '2026-03-06T10:00:00Z', zone_offset: 'CET', value: 1 },
        ],
      },
    ]) {
      const bad = await upload(p.key, body)
      expect(bad.status).toBe(422)
      expect(isProblem(bad)).toBe(true)
    }
    const anonymous = await t.call('POST', '/connections/wearables/records', {
      body: { source: 'health_connect', records: [] },
    })
    expect(anonymous.status).toBe(401)
  })

  it('lets no one write into another person’s data: not with a key, not with a device credential', async () => {
    const a = await t.userWithKey()
    const b = await t.userWithKey()
    const bDevice = (await pairHealthConnect(t, b)).token
    const batch = {
      user_id: a.userId,
      organization_id: a.organizationId,
      source: 'health_connect',
      records: [
        {
          id: 'Z-1',
          type: 'StepsRecord',
          start: '2026-03-06T10:00:00Z',
          end: '2026-03-06T10:10:00Z',
          value: 99,
        },
      ],
    }
    for (const token of [b.key, bDevice]) {
      const r = await upload(token, batch)
      expect(r.status).toBe(403)
      expect(isProblem(r)).toBe(true)
    }
    // Without naming anyone, B's device writes into B's own data only.
    const { user_id: _u, organization_id: _o, ...own } = batch
    const mine = await upload(bDevice, own)
    expect(mine.status).toBe(200)
    expect((await t.call('GET', '/sources', { token: a.key })).body.data).toEqual([])
    expect((await t.call('GET', '/sources', { token: b.key })).body.data).toHaveLength(1)
  })

  it('gives a device credential nothing but uploads', async () => {
    const p = await t.userWithKey()
    const device = (await pairHealthConnect(t, p)).token
    for (const [method, path, body] of [
      ['GET', '/sources', undefined],
      ['GET', '/connections/wearables', undefined],
      ['POST', '/connections/wearables/start', { user_id: p.userId, source_provider: 'health_connect' }],
      ['POST', '/wearables/analyze', {}],
      ['POST', '/api-keys', {}],
    ] as const) {
      const r = await t.call(method, path, { token: device, body })
      expect([path, r.status]).toEqual([path, 403])
    }
  })
})

describe('streamed uploads (NDJSON)', () => {
  const stream = (token: string, lines: unknown[], contentType = 'application/x-ndjson') =>
    t.call('POST', '/connections/wearables/records/stream', {
      token,
      rawBody: `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`,
      headers: { 'content-type': contentType },
    })
  const steps = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => {
      const at = Date.UTC(2026, 0, 1) + (from + i) * 15 * 60_000
      return {
        id: `stream-${from + i}`,
        type: 'StepsRecord',
        start: new Date(at).toISOString(),
        end: new Date(at + 10 * 60_000).toISOString(),
        value: 10,
      }
    })

  it('stores a stream larger than one batch in chunks of 5000, each a source, idempotent on resend', async () => {
    const p = await t.userWithKey()
    const records = steps(12_000)
    const r = await stream(p.key, [{ source: 'health_connect' }, ...records])
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      source: 'health_connect',
      received: 12_000,
      accepted: 12_000,
      duplicates: 0,
    })
    expect(r.body.source_ids).toHaveLength(3)
    const total = (await dailySeries(t.context, scopeOf(p), 'steps')).reduce((n, d) => n + d.value, 0)
    expect(total).toBe(120_000)
    const again = await stream(p.key, [{ source: 'health_connect' }, ...records])
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 12_000, source_ids: [] })
  })

  it('refuses a bad line by number, a missing header, another media type and another person', async () => {
    const p = await t.userWithKey()
    const bad = await stream(p.key, [{ source: 'health_connect' }, ...steps(2), '{"id":"x"}'])
    expect(bad.status).toBe(422)
    expect(isProblem(bad)).toBe(true)
    expect(bad.body.errors[0].path).toBe('/lines/4')
    const notJson = await stream(p.key, [{ source: 'health_connect' }, 'not json'])
    expect(notJson.body.errors[0].path).toBe('/lines/2')
    const noHeader = await stream(p.key, steps(1))
    expect(noHeader.status).toBe(422)
    expect(noHeader.body.detail).toContain('header')
    const asJson = await stream(p.key, [{ source: 'health_connect' }], 'application/json')
    expect(asJson.status).toBe(415)
    const other = await t.userWithKey()
    const foreign = await stream(other.key, [
      { source: 'health_connect', user_id: p.userId, organization_id: p.organizationId },
      ...steps(1),
    ])
    expect(foreign.status).toBe(403)
    // The bad line came before the first chunk was full: nothing of p's was stored, nor by the other.
    expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
  })
})
