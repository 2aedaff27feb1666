// Wearable syncs against the hosted plan quota: a completed sync uses one `wearable_syncs` unit, a sync
// that fails at the provider gives its unit back, and a plan without syncs is refused with a 429 naming
// the quota before the provider is asked for anything.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { billingUsage } from '../../../../db/schema'
import type { PlanLookup } from '../../../../modules/shared/plans'
import type { Tier } from '../../../../modules/shared/principal'
import { type TestApp, testApp } from '../../../support/app'
import { whoopData } from '../../../support/wearable-provider-data'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'

const REDIRECT = 'https://app.example.org/wearables/return'
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'integrator-whoop',
  clientSecret: 'integrator-secret-1',
  redirectUris: [REDIRECT],
  providerUserId: 10129,
  data: whoopData('2026-01-01', 3),
})

const tiers = new Map<string, Tier>()
const lookup: PlanLookup = {
  tierOf: async (org) => tiers.get(org) ?? 'free',
  billingStanding: async () => ({ activePaidSubscription: true, validPaymentMethod: true }),
}
let t: TestApp
beforeAll(async () => {
  t = await testApp(
    {
      billingEnabled: true,
      tokenEncryptionKeys: [new Uint8Array(32).fill(6)],
      wearableEndpoints: { whoop: whoop.endpoints },
    },
    { plans: lookup },
  )
})
afterAll(async () => {
  await t.cleanup()
  whoop.stop()
})

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

async function connect(p: Person) {
  await connectWhoopThroughStandin(t, whoop, p, {
    client_id: 'integrator-whoop',
    client_secret: 'integrator-secret-1',
    redirect_uri: REDIRECT,
  })
}

const sync = (p: Person) =>
  t.call('POST', '/connections/wearables/sync', {
    token: p.key,
    body: {
      user_id: p.userId,
      organization_id: p.organizationId,
      source_provider: 'whoop',
      provider_user_id: '10129',
      start: '2026-01-01',
      end: '2026-01-03',
      async: false,
    },
  })

async function syncsUsed(organizationId: string) {
  const rows = await t.context.db
    .select()
    .from(billingUsage)
    .where(eq(billingUsage.organization_id, organizationId))
  return rows.find((r) => r.quota === 'wearable_syncs')?.used ?? 0
}

describe('wearable syncs and the hosted monthly quota', () => {
  it('counts a completed sync and gives back the unit of one the provider failed', async () => {
    const p = await t.userWithKey()
    tiers.set(p.organizationId, 'builder')
    await connect(p)
    expect((await sync(p)).status).toBe(200)
    expect(await syncsUsed(p.organizationId)).toBe(1)
    whoop.faults.push({ status: 500 }, { status: 500 }, { status: 500 })
    expect((await sync(p)).status).toBe(502)
    expect(await syncsUsed(p.organizationId)).toBe(1)
  })

  it('refuses a plan without wearable syncs with a 429 naming the quota, before asking the provider', async () => {
    const p = await t.userWithKey()
    await connect(p)
    const before = whoop.requests.length
    const r = await sync(p)
    expect(r.status).toBe(429)
    expect(r.body).toMatchObject({ quota: 'wearable_syncs', activation_source: 'wearable' })
    expect(whoop.requests.length).toBe(before)
  })
})
