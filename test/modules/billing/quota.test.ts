// Hosted plan quotas (SPEC "Limits"): monthly counters per workspace, checked and taken atomically, so
// parallel requests at the edge get exactly the quota; a used-up quota is a 429 problem naming the
// quota, the reset time and the plan to upgrade to; failed work and dry runs give nothing away; the
// month turning starts a new count; self-hosted (billing off) counts and refuses nothing.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { billingUsage } from '../../../db/schema'
import { consumeQuota } from '../../../modules/billing/quota'
import type { PlanLookup } from '../../../modules/shared/plans'
import type { Tier } from '../../../modules/shared/principal'
import { ProblemError } from '../../../modules/shared/problem'
import { isProblem, scopeOf, type TestApp, testApp } from '../../support/app'

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

/** A plan lookup the tests steer per organization (billing fills the real one). */
function steeredPlans() {
  const tiers = new Map<string, Tier>()
  const lookup: PlanLookup = {
    tierOf: async (org) => tiers.get(org) ?? 'free',
    billingStanding: async () => ({ activePaidSubscription: false, validPaymentMethod: false }),
  }
  return { lookup, tiers }
}

const LAB_LINE = 'Glucose 92 mg/dL\n'

const upload = (t: TestApp, p: Person, body: Record<string, unknown> = {}) =>
  t.call('POST', '/imports/file', {
    token: p.key,
    body: { user_id: p.userId, organization_id: p.organizationId, text: LAB_LINE, ...body },
  })

async function counter(t: TestApp, organizationId: string) {
  const rows = await t.context.db
    .select()
    .from(billingUsage)
    .where(eq(billingUsage.organization_id, organizationId))
  return Object.fromEntries(rows.map((r) => [`${r.period}/${r.quota}`, r.used]))
}

async function seed(t: TestApp, organizationId: string, quota: string, used: number) {
  await t.context.db.insert(billingUsage).values({
    organization_id: organizationId,
    period: '2026-01',
    quota,
    used,
    updated_at: '2026-01-15T09:00:00.000Z',
  })
}

describe('hosted quotas with billing enabled', () => {
  const plans = steeredPlans()
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: true }, { plans: plans.lookup })
  })
  afterAll(() => t.cleanup())

  it('lets the 24 Free analyses left beside one upload through when 50 arrive at once, and refuses the rest with 429', async () => {
    const p = await t.userWithKey()
    expect((await upload(t, p)).status).toBe(201)
    const body = { user_id: p.userId, organization_id: p.organizationId }
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', '/analyses', { token: p.key, body })),
    )
    const statuses = answers.map((a) => a.status)
    // Free caps uploads and analyses together at 25 (SPEC "Limits"): one upload leaves 24 analyses.
    expect(statuses.filter((s) => s === 201)).toHaveLength(24)
    expect(statuses.filter((s) => s === 429)).toHaveLength(26)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 1, '2026-01/analyses': 24 })
    const listed = await t.call(
      'GET',
      `/analyses?user_id=${p.userId}&organization_id=${p.organizationId}&limit=100`,
      { token: p.key },
    )
    expect(listed.body.data).toHaveLength(24)

    const refused = answers.find((a) => a.status === 429)!
    expect(isProblem(refused)).toBe(true)
    expect(refused.body.type).toEndWith('/problems/quota-exceeded')
    expect(refused.body).toMatchObject({
      status: 429,
      quota: 'analyses',
      shared_with: ['uploads', 'analyses'],
      plan: 'free',
      limit: 25,
      used: 25,
      period: '2026-01',
      resets_at: '2026-02-01T00:00:00.000Z',
      activation_source: 'biomarkers',
      upgrade: { tier: 'standard', activation_source: 'biomarkers' },
    })
    expect(refused.body.detail).toContain(
      'used the 25 uploads and analyses its Free plan includes for 2026-01',
    )
    // 2026-01-15T09:00Z to 2026-02-01T00:00Z
    expect(refused.headers.get('retry-after')).toBe(String(16 * 86400 + 15 * 3600))
    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.usage.quotas).toMatchObject({
      uploads: { used: 1, limit: 25 },
      analyses: { used: 24, limit: 25 },
      uploads_and_analyses: { used: 25, limit: 25 },
    })
  })

  it('caps Free uploads and analyses together: 20 uploads leave 5 analyses', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 'uploads', 20)
    const body = { user_id: p.userId, organization_id: p.organizationId }
    expect((await upload(t, p)).status).toBe(201)
    for (let i = 0; i < 4; i++)
      expect((await t.call('POST', '/analyses', { token: p.key, body })).status).toBe(201)
    const refused = await t.call('POST', '/analyses', { token: p.key, body })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ quota: 'analyses', limit: 25, shared_with: ['uploads', 'analyses'] })
    expect((await upload(t, p)).status).toBe(429)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 21, '2026-01/analyses': 4 })
  })

  it('counts Builder uploads and analyses separately (1,000 and 750)', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'builder')
    await seed(t, p.organizationId, 'uploads', 999)
    const body = { user_id: p.userId, organization_id: p.organizationId }
    expect((await upload(t, p)).status).toBe(201)
    expect((await t.call('POST', '/analyses', { token: p.key, body })).status).toBe(201)
    const refused = await upload(t, p)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ quota: 'uploads', limit: 1000, plan: 'builder' })
    expect(refused.body.shared_with).toBeUndefined()
    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.usage.quotas).toMatchObject({
      uploads: { used: 1000, limit: 1000 },
      analyses: { used: 1, limit: 750 },
      uploads_and_analyses: null,
    })
  })

  it('refuses the 26th Free upload of the month and stores nothing for it', async () => {
    const p = await t.userWithKey()
    for (let i = 0; i < 25; i++) expect((await upload(t, p)).status).toBe(201)
    const refused = await upload(t, p)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      quota: 'uploads',
      limit: 25,
      plan: 'free',
      upgrade: { tier: 'standard' },
    })
    const sources = await t.call(
      'GET',
      `/sources?user_id=${p.userId}&organization_id=${p.organizationId}&limit=100`,
      { token: p.key },
    )
    expect(sources.body.data).toHaveLength(25)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 25 })
  })

  it('gives the unit back when the import is refused, and counts nothing for a dry run', async () => {
    const p = await t.userWithKey()
    const bad = await upload(t, p, { text: 'nothing a lab would write' })
    expect(bad.status).toBe(422)
    const dry = await upload(t, p, { dry_run: true })
    expect(dry.status).toBe(200)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 0 })
  })

  it('gives the unit back when an analysis is refused for want of data', async () => {
    const p = await t.userWithKey()
    const body = { user_id: p.userId, organization_id: p.organizationId }
    expect((await t.call('POST', '/analyses', { token: p.key, body })).status).toBe(422)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/analyses': 0 })
  })

  it('starts a new count when the month turns', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 'uploads', 25)
    expect((await upload(t, p)).status).toBe(429)
    const clock = t.clock
    clock.set(new Date('2026-02-01T00:00:00.000Z'))
    try {
      expect((await upload(t, p)).status).toBe(201)
      expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 25, '2026-02/uploads': 1 })
    } finally {
      clock.set(new Date('2026-01-15T09:00:00.000Z'))
    }
  })

  it('counts wearable syncs against the plan: none on Free, 100 on Standard', async () => {
    const p = await t.userWithKey()
    const scope = scopeOf(p)
    const free = await consumeQuota(t.context, scope, 'wearable_syncs').catch((e) => e)
    expect(free).toBeInstanceOf(ProblemError)
    expect(free).toMatchObject({
      status: 429,
      extra: { quota: 'wearable_syncs', limit: 0, activation_source: 'wearable' },
    })
    expect(free.detail).toBe(
      'The Free plan includes no wearable syncs. A Standard plan includes more (upgrade with tier "standard").',
    )

    plans.tiers.set(p.organizationId, 'standard')
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, () => consumeQuota(t.context, scope, 'wearable_syncs')),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason.extra).toMatchObject({ limit: 100, upgrade: { tier: 'builder' } })
  })

  it('counts but never caps an Enterprise workspace', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'enterprise')
    await seed(t, p.organizationId, 'uploads', 5000)
    const r = await upload(t, p)
    expect(r.status).toBe(201)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 5001 })
  })

  it('names Enterprise as the way up from a used-up Growth quota', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'growth')
    await seed(t, p.organizationId, 'uploads', 5000)
    const r = await upload(t, p)
    expect(r.status).toBe(429)
    expect(r.body.upgrade).toEqual({ tier: 'enterprise', activation_source: 'biomarkers' })
  })
})

describe('self-hosted (billing off)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: false })
  })
  afterAll(() => t.cleanup())

  it('neither counts nor refuses, whatever a counter says', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 'uploads', 25)
    for (let i = 0; i < 3; i++) expect((await upload(t, p)).status).toBe(201)
    expect(await counter(t, p.organizationId)).toEqual({ '2026-01/uploads': 25 })
    expect(await consumeQuota(t.context, scopeOf(p), 'wearable_syncs')).toBeNull()
  })
})
