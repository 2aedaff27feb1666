// POST /connections/wearables/sync against the WHOOP and Oura stand-ins: every page of the range is
// read (WHOOP limit 25 with nextToken, Oura next_token), mapped to the wearable metrics with provider
// scores as their own metrics, and landed as one source listed by GET /sources; a 401 refreshes once
// and returns the rotated token; 429/5xx are retried honouring Retry-After, then a problem with
// nothing stored; another user cannot sync someone else's connection.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { wearableConnections } from '../../../../db/schema'
import { listObservations } from '../../../../modules/sources/service'
import { connectionTokens } from '../../../../modules/wearables/connections/service'
import { dailySeries } from '../../../../modules/wearables/service'
import { type TestApp, testApp } from '../../../support/app'
import { ouraData, whoopData } from '../../../support/wearable-provider-data'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'

const REDIRECT = 'https://app.example.org/wearables/return'
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'integrator-whoop',
  clientSecret: 'integrator-secret-1',
  redirectUris: [REDIRECT],
  providerUserId: 10129,
  data: whoopData('2026-01-01', 30),
})
const oura = startProviderStandin({
  provider: 'oura',
  clientId: 'integrator-oura',
  clientSecret: 'integrator-secret-2',
  redirectUris: [REDIRECT],
  providerUserId: 'oura-user-7',
  data: ouraData('2026-01-01', 10),
  pageSize: 4,
})
const WHOOP_CREDS = { client_id: 'integrator-whoop', client_secret: 'integrator-secret-1' }

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    tokenEncryptionKeys: [new Uint8Array(32).fill(5)],
    wearableEndpoints: { whoop: whoop.endpoints, oura: oura.endpoints },
  })
})
afterAll(async () => {
  await t.cleanup()
  whoop.stop()
  oura.stop()
})

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

async function connectWhoop(p: Person) {
  await connectWhoopThroughStandin(t, whoop, p, { ...WHOOP_CREDS, redirect_uri: REDIRECT })
  const row = (await t.context.db.select().from(wearableConnections)).find((r) => r.user_id === p.userId)!
  return (await connectionTokens(t.context, row)).refreshToken!
}

const syncBody = (p: Person, extra: Record<string, unknown> = {}) => ({
  user_id: p.userId,
  organization_id: p.organizationId,
  source_provider: 'whoop',
  provider_user_id: '10129',
  start: '2026-01-01',
  end: '2026-01-30',
  async: false,
  ...extra,
})

async function observationsOf(p: Person, sourceId: string) {
  const r = await t.call('GET', `/sources/${sourceId}/observations?limit=5`, { token: p.key })
  expect(r.status).toBe(200)
  expect(r.body.data[0].source_id).toBe(sourceId)
  // All of them at once, from the store, in the caller's scope.
  const rows = await listObservations(t.context, { organization_id: p.organizationId, user_id: p.userId })
  return rows.filter((o) => o.source_id === sourceId) as {
    code: string
    value: number
    unit: string
    observed_at: string
    device: string
  }[]
}

describe('POST /connections/wearables/sync (WHOOP)', () => {
  it('reads every page with limit 25, maps recovery, strain and sleep, and lands one listed source', async () => {
    const p = await t.userWithKey()
    await connectWhoop(p)
    const before = whoop.requests.length
    const r = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: syncBody(p) })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ status: 'completed', source_provider: 'whoop', provider_user_id: '10129' })
    expect(r.body.refreshed_token).toBeUndefined()
    const cycleCalls = whoop.requests.slice(before).filter((q) => q.path.endsWith('/v2/cycle'))
    // 30 cycles at 25 a page: two pages, the second asked for with WHOOP's nextToken.
    expect(cycleCalls).toHaveLength(2)
    expect(cycleCalls.every((q) => new URLSearchParams(q.query).get('limit') === '25')).toBe(true)
    expect(new URLSearchParams(cycleCalls[1].query).get('nextToken')).toBeTruthy()

    const sources = await t.call('GET', '/sources', { token: p.key })
    expect(sources.body.data.map((s: { source_id: string }) => s.source_id)).toContain(r.body.source_id)
    const obs = await observationsOf(p, r.body.source_id)
    const of = (code: string) => obs.filter((o) => o.code === code)
    expect(of('whoop_recovery_score')).toHaveLength(30)
    expect(of('whoop_recovery_score')[0]).toMatchObject({ value: 44, unit: '%', device: 'whoop' })
    expect(of('whoop_strain')).toHaveLength(30)
    expect(of('hrv_rmssd')[0].value).toBeCloseTo(31.81, 1)
    // Light 3.5 h + slow wave 1.5 h + REM 1.5 h of sleep, in minutes.
    expect(of('sleep_duration')[0]).toMatchObject({ value: 390, unit: 'min' })
    expect(of('active_energy')[0].value).toBeCloseTo(8288.297 / 4.184, 0)
    expect(of('exercise_duration')[0].value).toBe(45)
    // Body measurements (one undated document) are filed under today, by the test clock 2026-01-15.
    expect(of('body_weight')).toEqual([expect.objectContaining({ value: 90.7185, unit: 'kg' })])
    expect(of('max_heart_rate')).toEqual([expect.objectContaining({ value: 200, unit: '/min' })])
    expect(of('body_weight')[0].observed_at).toBe('2026-01-15T12:00:00.000Z')
    // Connection shows the sync.
    const list = await t.call('GET', '/connections/wearables', { token: p.key })
    expect(list.body.data[0].last_sync_at).toBe(r.body.synced_at)
  })

  it('refreshes once on a 401 and returns the rotated token in refreshed_token', async () => {
    const p = await t.userWithKey()
    const original = await connectWhoop(p)
    whoop.accessTokens.clear()
    const r = await t.call('POST', '/connections/wearables/sync', {
      token: p.key,
      body: syncBody(p, { start: '2026-01-01', end: '2026-01-03', refresh_token: original, ...WHOOP_CREDS }),
    })
    expect(r.status).toBe(200)
    expect(r.body.refreshed_token).toStartWith('rt-')
    expect(r.body.refreshed_token).not.toBe(original)
    expect(whoop.refreshTokens.has(original)).toBe(false)
    expect(r.body.observation_count).toBeGreaterThan(0)
    // refreshed_token is the only token a response carries, and no token reaches the log.
    expect(Object.keys(r.body).filter((k) => k.includes('token'))).toEqual(['refreshed_token'])
    const logged = t.log.lines.join('\n')
    for (const token of [original, r.body.refreshed_token, ...whoop.accessTokens])
      expect(logged).not.toContain(token)
  })

  it('without a way to refresh, a 401 is a clear problem and stores nothing', async () => {
    const p = await t.userWithKey()
    await connectWhoop(p)
    whoop.accessTokens.clear()
    // The stored refresh token belongs to the integrator's own client, whose secret is not sent.
    const r = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: syncBody(p) })
    expect(r.status).toBe(422)
    expect(r.headers.get('content-type')).toContain('application/problem+json')
    expect(r.body.detail).toContain('refresh')
    const sources = await t.call('GET', '/sources', { token: p.key })
    expect(sources.body.data).toHaveLength(0)
  })

  it('retries a 429 honouring Retry-After, then succeeds', async () => {
    const p = await t.userWithKey()
    await connectWhoop(p)
    whoop.faults.push({ status: 429, retryAfter: '0' }, { status: 503 })
    const r = await t.call('POST', '/connections/wearables/sync', {
      token: p.key,
      body: syncBody(p, { end: '2026-01-02' }),
    })
    expect(r.status).toBe(200)
    expect(r.body.observation_count).toBeGreaterThan(0)
  })

  it('answers 503 with Retry-After after repeated 429s and 502 after repeated 5xx, storing nothing', async () => {
    const p = await t.userWithKey()
    await connectWhoop(p)
    whoop.faults.push(
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
    )
    const limited = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: syncBody(p) })
    expect(limited.status).toBe(503)
    expect(limited.body.detail).toContain('nothing was stored')
    expect(limited.headers.get('retry-after')).toBe('0')
    whoop.faults.push({ status: 500 }, { status: 502 }, { status: 500 })
    const broken = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: syncBody(p) })
    expect(broken.status).toBe(502)
    expect((await t.call('GET', '/sources', { token: p.key })).body.data).toHaveLength(0)
  })

  it('does not sync another user’s connection, and refuses bad ranges, also for async syncs', async () => {
    const a = await t.userWithKey()
    await connectWhoop(a)
    const b = await t.userWithKey()
    const r = await t.call('POST', '/connections/wearables/sync', { token: b.key, body: syncBody(b) })
    expect(r.status).toBe(404)
    const backwards = await t.call('POST', '/connections/wearables/sync', {
      token: a.key,
      body: syncBody(a, { start: '2026-02-01', end: '2026-01-01' }),
    })
    expect(backwards.status).toBe(422)
    expect(backwards.body.errors[0].path).toBe('/end')
    const notDate = await t.call('POST', '/connections/wearables/sync', {
      token: a.key,
      body: syncBody(a, { start: 'yesterday' }),
    })
    expect(notDate.status).toBe(422)
    // An async sync is checked the same way before anything is queued.
    const otherAsync = await t.call('POST', '/connections/wearables/sync', {
      token: b.key,
      body: syncBody(b, { async: true }),
    })
    expect(otherAsync.status).toBe(404)
    const backwardsAsync = await t.call('POST', '/connections/wearables/sync', {
      token: a.key,
      body: syncBody(a, { start: '2026-02-01', end: '2026-01-01', async: true }),
    })
    expect(backwardsAsync.status).toBe(422)
  })
})

describe('POST /connections/wearables/sync (Oura)', () => {
  it('follows next_token through every collection and keeps Oura scores as their own metrics', async () => {
    const p = await t.userWithKey()
    const authorize = new URL(oura.endpoints.authorizationUrl)
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'integrator-oura',
      redirect_uri: REDIRECT,
      scope: 'daily personal',
      state: 'app-state-123',
    }).toString()
    const back = await oura.approve(authorize.href)
    const done = await t.call('POST', '/connections/wearables/callback', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        source_provider: 'oura',
        code: back.searchParams.get('code'),
        client_id: 'integrator-oura',
        client_secret: 'integrator-secret-2',
        redirect_uri: REDIRECT,
      },
    })
    expect(done.status).toBe(200)
    const r = await t.call('POST', '/connections/wearables/sync', {
      token: p.key,
      body: {
        ...syncBody(p, { source_provider: 'oura', provider_user_id: 'oura-user-7' }),
        end: '2026-01-10',
      },
    })
    expect(r.status).toBe(200)
    const pages = oura.requests.filter((q) => q.path.endsWith('/daily_readiness'))
    expect(pages).toHaveLength(3)
    const obs = await observationsOf(p, r.body.source_id)
    const of = (code: string) => obs.filter((o) => o.code === code)
    expect(of('oura_readiness_score')).toHaveLength(10)
    expect(of('oura_sleep_score')[0]).toMatchObject({ value: 80, unit: '{score}', device: 'oura' })
    expect(of('steps')[0].value).toBe(9000)
    expect(of('sleep_duration')[0]).toMatchObject({ value: 420, unit: 'min' })
    expect(of('resting_heart_rate')[0].value).toBe(49)
    // Heart rate samples (heartrate, filtered by start_datetime/end_datetime): one daily mean per day.
    const hr = oura.requests.filter((q) => q.path.endsWith('/heartrate'))
    expect(new URLSearchParams(hr[0].query).get('start_datetime')).toBe('2025-12-31T00:00:00Z')
    expect(of('heart_rate')).toHaveLength(10)
    expect(of('heart_rate')[0]).toMatchObject({ value: 67, unit: '/min', device: 'oura' })

    // Syncing the same range again lands a second source, but a day's steps still count once.
    const again = await t.call('POST', '/connections/wearables/sync', {
      token: p.key,
      body: {
        ...syncBody(p, { source_provider: 'oura', provider_user_id: 'oura-user-7' }),
        end: '2026-01-10',
      },
    })
    expect(again.status).toBe(200)
    expect(again.body.source_id).not.toBe(r.body.source_id)
    const scope = { organization_id: p.organizationId, user_id: p.userId }
    const steps = await dailySeries(t.context, scope, 'steps', { from: '2026-01-01', to: '2026-01-02' })
    expect(steps.map((d) => [d.date, d.value])).toEqual([
      ['2026-01-01', 9000],
      ['2026-01-02', 9001],
    ])
  })
})
