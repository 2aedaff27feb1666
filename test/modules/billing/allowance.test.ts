// The introductory allowance (SPEC "Limits", "States and transitions"): the first 100 protected hosted
// requests of a workspace are free; the 101st of a workspace without a paid plan is a 402 carrying what
// a client needs to start checkout; parallel requests at the edge get exactly what is left; billing,
// export and deletion stay available; paying lifts it, cancelling brings the refusal back (never a fresh
// allowance); billing_admin bypasses it; MCP tool calls count one by one; self-hosted counts nothing.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { billingAllowance } from '../../../db/schema'
import { runBillingAdmin } from '../../../modules/billing/admin-command'
import type { PlanLookup } from '../../../modules/shared/plans'
import type { Tier } from '../../../modules/shared/principal'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { type McpHarness, mcpHarness } from '../mcp/harness'

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

function steeredPlans() {
  const tiers = new Map<string, Tier>()
  const lookup: PlanLookup = {
    tierOf: async (org) => tiers.get(org) ?? 'free',
    billingStanding: async () => ({ activePaidSubscription: false, validPaymentMethod: false }),
  }
  return { lookup, tiers }
}

async function used(t: TestApp, organizationId: string): Promise<number | null> {
  const [row] = await t.context.db
    .select()
    .from(billingAllowance)
    .where(eq(billingAllowance.organization_id, organizationId))
  return row?.used ?? null
}

async function seed(t: TestApp, organizationId: string, count: number) {
  await t.context.db
    .insert(billingAllowance)
    .values({ organization_id: organizationId, used: count, updated_at: '2026-01-15T09:00:00.000Z' })
}

const sources = (t: TestApp, p: Person) =>
  t.call('GET', `/sources?user_id=${p.userId}&organization_id=${p.organizationId}`, { token: p.key })

describe('introductory allowance with billing enabled', () => {
  const plans = steeredPlans()
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: true }, { plans: plans.lookup })
  })
  afterAll(() => t.cleanup())

  it('counts each protected request once, and not refused, unauthenticated, public or billing calls', async () => {
    const p = await t.userWithKey()
    expect(await used(t, p.organizationId)).toBeNull()
    for (let i = 0; i < 3; i++) expect((await sources(t, p)).status).toBe(200)
    expect(await used(t, p.organizationId)).toBe(3)

    expect((await t.call('GET', '/sources')).status).toBe(401)
    expect((await t.call('GET', '/pricing')).status).toBe(200)
    const other = await t.userWithKey()
    expect(
      (await t.call('GET', `/sources?user_id=${other.userId}`, { token: p.key })).status,
    ).toBeGreaterThanOrEqual(403)
    expect((await t.call('GET', '/billing/subscription', { token: p.key })).status).toBe(200)
    // A session managing keys is not hosted API use.
    expect((await t.call('GET', '/api-keys', { token: p.session })).status).toBe(200)
    expect(await used(t, p.organizationId)).toBe(3)

    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.allowance).toEqual({ limit: 100, used: 3, remaining: 97, bypassed: false })
  })

  it('serves the 100th protected request and answers the 101st with 402 and a checkout hint', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 99)
    const hundredth = await sources(t, p)
    expect(hundredth.status).toBe(200)
    expect(await used(t, p.organizationId)).toBe(100)

    const refused = await sources(t, p)
    expect(refused.status).toBe(402)
    expect(isProblem(refused)).toBe(true)
    expect(refused.headers.get('payment-required')).toBeNull()
    expect(refused.body.type).toEndWith('/problems/checkout-required')
    expect(refused.body).toMatchObject({
      status: 402,
      allowance: { limit: 100, used: 100, remaining: 0 },
      activation_source: 'request_limit',
      checkout: {
        method: 'POST',
        href: `${t.config.publicBaseUrl}/billing/checkout`,
        body: { tier: 'standard', activation_source: 'request_limit' },
        tiers: ['standard', 'builder', 'growth'],
      },
    })
    expect(refused.body.detail).toContain('used the 100 free protected requests')
    expect(await used(t, p.organizationId)).toBe(100)

    // The hint is a working request: billing stays reachable (here without Stripe configured: 503).
    const checkout = await t.call('POST', '/billing/checkout', {
      token: p.key,
      body: refused.body.checkout.body,
    })
    expect(checkout.status).toBe(503)
    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.allowance).toMatchObject({ used: 100, remaining: 0 })
  })

  it('lets exactly the 25 requests left through when 50 arrive at once', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 75)
    const answers = await Promise.all(Array.from({ length: 50 }, () => sources(t, p)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(25)
    expect(statuses.filter((s) => s === 402)).toHaveLength(25)
    expect(await used(t, p.organizationId)).toBe(100)
  })

  it('keeps export, deletion and revoking available past the allowance', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 100)
    expect((await sources(t, p)).status).toBe(402)
    const exported = await t.call('GET', `/users/${p.userId}/data/export`, { token: p.key })
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toContain('application/zip')
    const deleted = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
    expect(deleted.status).toBe(200)
  })

  it('lifts with a paid plan and comes back when it is cancelled: cancelling never resets it', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 100)
    expect((await sources(t, p)).status).toBe(402)
    plans.tiers.set(p.organizationId, 'standard')
    for (let i = 0; i < 3; i++) expect((await sources(t, p)).status).toBe(200)
    plans.tiers.set(p.organizationId, 'free') // canceled or delinquent: Free limits
    expect((await sources(t, p)).status).toBe(402)
    expect(await used(t, p.organizationId)).toBe(100)
  })

  it('is bypassed by a billing_admin account, which is neither counted nor refused', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 100)
    expect((await sources(t, p)).status).toBe(402)
    const quiet = { log: console.log, error: console.error }
    console.log = () => {}
    try {
      expect(await runBillingAdmin(['grant', p.email], () => t.config)).toBe(0)
    } finally {
      console.log = quiet.log
    }
    // The steered plan lookup stands in for the database's; the entitlement is on the principal.
    for (let i = 0; i < 3; i++) expect((await sources(t, p)).status).toBe(200)
    expect(await used(t, p.organizationId)).toBe(100)
    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.allowance).toMatchObject({ bypassed: true })
  })
})

describe('introductory allowance over MCP', () => {
  let h: McpHarness
  beforeAll(async () => {
    h = await mcpHarness({ billingEnabled: true })
  })
  afterAll(() => h.stop())

  it('counts each tool call, not the handshake or the tool list, and refuses past the allowance', async () => {
    const p = await h.t.userWithKey()
    const client = await h.connect(p.key)
    await client.listTools()
    expect(await used(h.t, p.organizationId)).toBeNull()
    const listed = await client.callTool({ name: 'list_sources', arguments: {} })
    expect(listed.isError).toBeUndefined()
    expect(await used(h.t, p.organizationId)).toBe(1)

    await h.t.context.db
      .update(billingAllowance)
      .set({ used: 100 })
      .where(eq(billingAllowance.organization_id, p.organizationId))
    const refused = await client.callTool({ name: 'list_sources', arguments: {} })
    expect(refused.isError).toBe(true)
    const text = (refused.content as { text: string }[])[0].text
    expect(text).toStartWith('402 Checkout required:')
    expect(text).toContain('POST /billing/checkout')
    // MCP access itself (Free includes it) stays: the tool list still answers.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    expect(await used(h.t, p.organizationId)).toBe(100)
  })
})

describe('self-hosted (billing off)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: false })
  })
  afterAll(() => t.cleanup())

  it('counts and refuses nothing', async () => {
    const p = await t.userWithKey()
    await seed(t, p.organizationId, 100)
    for (let i = 0; i < 3; i++) expect((await sources(t, p)).status).toBe(200)
    expect(await used(t, p.organizationId)).toBe(100)
    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.allowance).toBeNull()
  })
})
