// GET /billing/subscription: the stored and effective tier, the billing_admin entitlement and this
// month's metered quotas beside the plan's limits; API key only; on self-hosted, no usage at all.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { users } from '../../../db/schema'
import { isProblem, type TestApp, testApp } from '../../support/app'

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

const upload = (t: TestApp, p: Person) =>
  t.call('POST', '/imports/file', {
    token: p.key,
    body: { user_id: p.userId, organization_id: p.organizationId, text: 'Glucose 92 mg/dL\n' },
  })

describe('subscription status with billing enabled', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: true })
  })
  afterAll(() => t.cleanup())

  it('shows the Free plan with this month’s usage beside its limits', async () => {
    const p = await t.userWithKey()
    expect((await upload(t, p)).status).toBe(201)
    const r = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      billing_enabled: true,
      tier: 'free',
      effective_tier: 'free',
      billing_admin: false,
      subscription: null,
      allowance: { limit: 100, used: 1, remaining: 99, bypassed: false },
      usage: {
        period: '2026-01',
        resets_at: '2026-02-01T00:00:00.000Z',
        quotas: {
          uploads: { used: 1, limit: 25 },
          analyses: { used: 0, limit: 25 },
          wearable_syncs: { used: 0, limit: 0 },
          uploads_and_analyses: { used: 1, limit: 25 },
        },
      },
    })
  })

  it('shows a billing_admin account as effective Enterprise without changing its stored tier', async () => {
    const p = await t.userWithKey()
    await t.context.db.update(users).set({ billing_admin: true }).where(eq(users.id, p.userId))
    const r = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(r.body).toMatchObject({ tier: 'free', effective_tier: 'enterprise', billing_admin: true })
    expect(r.body.usage.quotas.uploads).toEqual({ used: 0, limit: null })
    expect(r.body.usage.quotas.uploads_and_analyses).toBeNull()
    expect(r.body.allowance).toMatchObject({ bypassed: true })
  })

  it('answers only an API key: 401 without a token, 403 for a session', async () => {
    const anonymous = await t.call('GET', '/billing/subscription')
    expect(anonymous.status).toBe(401)
    expect(isProblem(anonymous)).toBe(true)
    const person = await t.signIn()
    const session = await t.call('GET', '/billing/subscription', { token: person.session })
    expect(session.status).toBe(403)
    expect(isProblem(session)).toBe(true)
  })
})

describe('subscription status on a self-hosted deployment', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: false })
  })
  afterAll(() => t.cleanup())

  it('says billing is off and reports no usage', async () => {
    const p = await t.userWithKey()
    expect((await upload(t, p)).status).toBe(201)
    const r = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(r.body).toEqual({
      billing_enabled: false,
      tier: 'free',
      effective_tier: 'free',
      billing_admin: false,
      subscription: null,
      allowance: null,
      usage: null,
    })
  })
})
