// Rate limits by route class, per credential and per client address, over HTTP: the IETF RateLimit
// headers on every counted answer, 429 problem+json with Retry-After past the quota, classes counted
// apart, probes never counted, and bad settings refused at start.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { allOperations } from '../../../../modules/app'
import { ConfigError, loadConfig } from '../../../../modules/shared/config'
import { routeClassOf, staleLimitIds } from '../../../../modules/shared/limits/route-class'
import { parseRateLimits } from '../../../../modules/shared/limits/rules'
import { isProblem, type TestApp, testApp } from '../../../support/app'

const rules = (text: string) =>
  parseRateLimits(
    text,
    parseRateLimits('sign_in=1000/60,reads=1000/60,writes=1000/60,imports=1000/60,mcp=1000/60'),
  )

describe('per-credential limits', () => {
  let t: TestApp
  let key: string
  beforeAll(async () => {
    t = await testApp({
      rateLimits: {
        enabled: true,
        perKey: rules('reads=3/60,writes=2/60'),
        perIp: rules(''),
        store: { kind: 'memory' },
        heavyPerWorkspace: 4,
      },
    })
    key = (await t.userWithKey()).key
  })
  afterAll(() => t.cleanup())

  it('tells the caller its quota on every counted answer, then answers 429 with Retry-After', async () => {
    // Each call comes from a new address: only the credential's count can refuse it.
    const first = await t.call('GET', '/goals', { token: key })
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-policy')).toContain('"reads-key";q=3;w=60')
    expect(first.headers.get('ratelimit')).toContain('"reads-key";r=2;t=')
    await t.call('GET', '/goals', { token: key })
    const third = await t.call('GET', '/sources', { token: key })
    expect(third.status).toBe(200)
    expect(third.headers.get('ratelimit')).toContain('"reads-key";r=0;')
    const over = await t.call('GET', '/goals', { token: key })
    expect(over.status).toBe(429)
    expect(isProblem(over)).toBe(true)
    expect(over.body.type).toEndWith('/problems/rate-limited')
    expect(over.body).toMatchObject({ route_class: 'reads', limited_by: 'key' })
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(over.headers.get('ratelimit')).toContain('"reads-key";r=0;')
  })

  it('counts writes apart from reads', async () => {
    const write = await t.call('POST', '/goals', {
      token: key,
      body: { title: 'Walk more', modality: 'wearables', metric: 'steps', target: { min: 8000 } },
    })
    expect(write.status).not.toBe(429)
    expect(write.headers.get('ratelimit-policy')).toContain('"writes-key";q=2;w=60')
  })

  it('keeps another credential of the same person on its own count', async () => {
    const other = await t.userWithKey()
    const r = await t.call('GET', '/goals', { token: other.key })
    expect(r.status).toBe(200)
  })

  it('never counts the health and readiness probes', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.call('GET', '/health', { token: key })
      expect(r.status).toBe(200)
      expect(r.headers.get('ratelimit')).toBeNull()
    }
  })
})

describe('per-address limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({
      rateLimits: {
        enabled: true,
        perKey: rules(''),
        perIp: rules('reads=2/60,sign_in=2/60'),
        store: { kind: 'memory' },
        heavyPerWorkspace: 4,
      },
    })
  })
  afterAll(() => t.cleanup())

  it('limits anonymous callers by their address and leaves other addresses alone', async () => {
    const ip = '203.0.113.7'
    expect((await t.call('GET', '/capabilities', { ip })).status).toBe(200)
    expect((await t.call('GET', '/capabilities', { ip })).status).toBe(200)
    const over = await t.call('GET', '/capabilities', { ip })
    expect(over.status).toBe(429)
    expect(over.body).toMatchObject({ route_class: 'reads', limited_by: 'ip' })
    expect((await t.call('GET', '/capabilities', { ip: '203.0.113.8' })).status).toBe(200)
  })

  it('turns away a flood of bad tokens from one address before authenticating them', async () => {
    const ip = '203.0.113.9'
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await t.call('GET', '/goals', { ip, token: `wds_sk_bad${i}` })).status)
    expect(statuses).toEqual([401, 401, 429, 429])
  })

  it('limits sign-in requests as their own class', async () => {
    const ip = '203.0.113.10'
    const start = (email: string) => t.call('POST', '/auth/otp/start', { ip, body: { email } })
    expect((await start('a@example.com')).status).toBe(200)
    expect((await start('b@example.com')).status).toBe(200)
    const over = await start('c@example.com')
    if (over.status !== 429) console.log(over.text)
    expect(over.status).toBe(429)
    expect(over.body.route_class).toBe('sign_in')
  })
})

describe('switched off', () => {
  it('sends no RateLimit headers and never answers 429 with RATE_LIMITS_ENABLED=false', async () => {
    const t = await testApp({
      rateLimits: {
        enabled: false,
        perKey: rules('reads=1/60'),
        perIp: rules('reads=1/60'),
        store: { kind: 'memory' },
        heavyPerWorkspace: 1,
      },
    })
    try {
      for (let i = 0; i < 3; i++) {
        const r = await t.call('GET', '/capabilities', { ip: '198.51.100.1' })
        expect(r.status).toBe(200)
        expect(r.headers.get('ratelimit')).toBeNull()
      }
    } finally {
      await t.cleanup()
    }
  })
})

describe('route classes', () => {
  it('lists only operations that exist', () => {
    expect(staleLimitIds(allOperations)).toEqual([])
  })

  it('classes reads sent as POST as reads, uploads as imports, MCP as mcp', () => {
    const byId = new Map(allOperations.map((op) => [op.id, op]))
    expect(routeClassOf(byId.get('trends.compute')!)).toBe('reads')
    expect(routeClassOf(byId.get('imports.file')!)).toBe('imports')
    expect(routeClassOf(byId.get('mcp.post')!)).toBe('mcp')
    expect(routeClassOf(byId.get('goals.create')!)).toBe('writes')
    expect(routeClassOf(byId.get('auth.otp.verify')!)).toBe('sign_in')
    expect(routeClassOf(byId.get('discovery.health')!)).toBeNull()
  })
})

describe('configuration', () => {
  it('reads partial rule lists over the defaults', () => {
    const config = loadConfig({ RATE_LIMITS: 'reads=10/1', RATE_LIMITS_PER_IP: 'imports=5/300' })
    expect(config.rateLimits.perKey.reads).toEqual({ points: 10, seconds: 1 })
    expect(config.rateLimits.perKey.writes).toEqual({ points: 300, seconds: 60 })
    expect(config.rateLimits.perIp.imports).toEqual({ points: 5, seconds: 300 })
    expect(config.rateLimits.store).toEqual({ kind: 'memory' })
  })

  it('uses Redis when REDIS_URL is set, PostgreSQL when asked', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimits.store.kind).toBe('redis')
    const pg = loadConfig({ RATE_LIMIT_STORE: 'postgres', QUEUE_DATABASE_URL: 'postgres://127.0.0.1/test' })
    expect(pg.rateLimits.store).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1/test' })
  })

  it.each([
    [{ RATE_LIMITS: 'reads=ten/60' }, 'RATE_LIMITS: "reads=ten/60" is not of the form'],
    [{ RATE_LIMITS: 'downloads=5/60' }, 'unknown route class "downloads"'],
    [{ RATE_LIMITS_PER_IP: 'reads=0/60' }, 'at least 1'],
    [{ RATE_LIMIT_STORE: 'redis' }, 'RATE_LIMIT_STORE=redis needs REDIS_URL'],
    [{ RATE_LIMIT_STORE: 'postgres' }, 'needs RATE_LIMIT_DATABASE_URL'],
    [{ HEAVY_WORK_PER_WORKSPACE: '0' }, 'HEAVY_WORK_PER_WORKSPACE must be at least 1'],
  ])('refuses %p at start', (env, message) => {
    expect(() => loadConfig(env as Record<string, string>)).toThrow(ConfigError)
    expect(() => loadConfig(env as Record<string, string>)).toThrow(message)
  })
})
