// Capabilities derived from configuration, the plan catalogue, liveness, readiness and the x402 catalogue.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
let withWhoop: TestApp
beforeAll(async () => {
  t = await testApp()
  withWhoop = await testApp({
    wearables: { whoop: { clientId: 'id', clientSecret: 'secret' }, oura: null },
    dbsnpReferencePath: '/refs/dbsnp.vcf.gz',
  })
})
afterAll(async () => {
  await t.cleanup()
  await withWhoop.cleanup()
})

describe('GET /capabilities', () => {
  it('says which wearables can start without client credentials, from configuration', async () => {
    const plain = (await t.call('GET', '/capabilities')).body
    expect(plain.wearables.whoop.first_party_oauth).toBe(false)
    expect(plain.wearables.oura.first_party_oauth).toBe(false)
    expect(plain.wearables.health_connect.first_party_oauth).toBe(true)
    const configured = (await withWhoop.call('GET', '/capabilities')).body
    expect(configured.wearables.whoop.first_party_oauth).toBe(true)
    expect(configured.wearables.oura.first_party_oauth).toBe(false)
  })

  it('names the service version, genetics formats and which annotation depths are available', async () => {
    const plain = (await t.call('GET', '/capabilities')).body
    expect(plain.service.version).toBe('0.5.2')
    expect(plain.genetics.formats).toContain('vcf')
    expect(plain.genetics.formats).toContain('23andme')
    expect(plain.genetics.annotation_depths.find((d: any) => d.depth === 'full_dbsnp').available).toBe(false)
    const provisioned = (await withWhoop.call('GET', '/capabilities')).body
    expect(provisioned.genetics.annotation_depths.find((d: any) => d.depth === 'full_dbsnp').available).toBe(
      true,
    )
  })

  it('does not leak configured secrets', async () => {
    const r = await withWhoop.call('GET', '/capabilities')
    expect(r.text).not.toContain('secret')
  })
})

describe('GET /pricing', () => {
  it('lists the five plans of SPEC "Limits" with their prices and quotas', async () => {
    const r = await t.call('GET', '/pricing')
    expect(r.status).toBe(200)
    const byTier = Object.fromEntries(r.body.plans.map((p: any) => [p.tier, p]))
    expect(Object.keys(byTier)).toEqual(['free', 'standard', 'builder', 'growth', 'enterprise'])
    expect(byTier.standard.price).toEqual({ amount: '9.99', currency: 'USD', interval: 'month' })
    expect(byTier.builder.price.amount).toBe('24.99')
    expect(byTier.growth.price.amount).toBe('49.00')
    expect(byTier.enterprise.price).toEqual({ custom: true })
    expect(
      [byTier.free, byTier.standard, byTier.builder, byTier.growth].map((p: any) => p.quotas.queued_wgs_jobs),
    ).toEqual([1, 5, 15, 50])
    expect(byTier.builder.quotas).toMatchObject({
      uploads_per_month: 1000,
      analyses_per_month: 750,
      wearable_syncs_per_month: 300,
    })
    expect(byTier.free.allows.full_dbsnp_annotation).toBe(false)
    expect(byTier.standard.allows.serve_other_users).toBe(false)
    expect(byTier.builder.allows.serve_other_users).toBe(true)
    expect(byTier.free.quotas.uploads_and_analyses_per_month).toBe(25)
    expect(byTier.standard.quotas.uploads_and_analyses_per_month).toBe(250)
    expect(byTier.builder.quotas.uploads_and_analyses_per_month).toBeNull()
    expect(r.body.introductory_allowance).toMatchObject({ protected_requests: 100, resets: false })
    expect([byTier.free, byTier.standard, byTier.builder].map((p: any) => p.allows.webhooks)).toEqual([
      false,
      false,
      true,
    ])
    expect(r.body.webhooks).toMatchObject({
      from_tier: 'builder',
      event_kinds: ['genetics.job.finished', 'analysis.created', 'wearable.sync.finished', 'import.stored'],
    })
  })
})

describe('health and readiness', () => {
  it('answers /health and /ready when the database answers', async () => {
    expect((await t.call('GET', '/health')).body).toMatchObject({ status: 'ok', version: '0.5.2' })
    expect((await t.call('GET', '/ready')).body).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
    })
  })

  it('answers /ready with 503 when the database is gone', async () => {
    const broken = await testApp()
    broken.close()
    const r = await broken.call('GET', '/ready')
    expect(r.status).toBe(503)
    expect(r.headers.get('content-type')).toStartWith('application/problem+json')
    expect(r.headers.get('retry-after')).toBe('30')
    expect(r.body.detail).toBe('Not ready: database, queue not reachable.')
    expect(r.body.checks).toEqual({ database: 'unavailable', storage: 'ok', queue: 'unavailable' })
  })
})

describe('GET /.well-known/x402.json', () => {
  it('is off by default and lists payable routes from the registry', async () => {
    const r = await t.call('GET', '/.well-known/x402.json')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ x402Version: 2, enabled: false, networks: [] })
    expect(Array.isArray(r.body.routes)).toBe(true)
  })
})
