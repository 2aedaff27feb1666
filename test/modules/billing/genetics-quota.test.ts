// Genetics upload sessions against the hosted monthly quotas: a session counts as an upload when it is
// opened, a full-dbSNP session also as a full-dbSNP job; past either quota the session is refused with a
// 429 naming it and activation_source "genetics"; a refused session uses nothing up.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { billingUsage } from '../../../db/schema'
import type { PlanLookup } from '../../../modules/shared/plans'
import type { Tier } from '../../../modules/shared/principal'
import { type TestApp, testApp } from '../../support/app'
import { createSession, FIXTURES, fixture, VCF_GZ } from '../genetics/helpers'

const bytes = fixture(VCF_GZ)

async function counts(t: TestApp, organizationId: string) {
  const rows = await t.context.db
    .select()
    .from(billingUsage)
    .where(eq(billingUsage.organization_id, organizationId))
  return Object.fromEntries(rows.map((r) => [r.quota, r.used]))
}

describe('genetics upload sessions and the hosted monthly quotas', () => {
  const tiers = new Map<string, Tier>()
  const lookup: PlanLookup = {
    tierOf: async (org) => tiers.get(org) ?? 'free',
    billingStanding: async () => ({ activePaidSubscription: true, validPaymentMethod: true }),
  }
  let t: TestApp
  beforeAll(async () => {
    // Any existing file stands in for a provisioned reference; no job runs here.
    t = await testApp({ billingEnabled: true, dbsnpReferencePath: join(FIXTURES, VCF_GZ) }, { plans: lookup })
  })
  afterAll(() => t.cleanup())

  it('counts a compact session as an upload and a full_dbsnp session also as a full-dbSNP job', async () => {
    const p = await t.userWithKey()
    tiers.set(p.organizationId, 'builder')
    expect((await createSession(t, p, bytes)).status).toBe(201)
    expect((await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })).status).toBe(201)
    expect(await counts(t, p.organizationId)).toEqual({ uploads: 2, full_dbsnp_jobs: 1 })
  })

  it('refuses the 16th full-dbSNP job of a Builder month and gives its upload unit back', async () => {
    const p = await t.userWithKey()
    tiers.set(p.organizationId, 'builder')
    await t.context.db.insert(billingUsage).values({
      organization_id: p.organizationId,
      period: '2026-01',
      quota: 'full_dbsnp_jobs',
      used: 15,
      updated_at: '2026-01-15T09:00:00.000Z',
    })
    const r = await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })
    expect(r.status).toBe(429)
    expect(r.body).toMatchObject({
      quota: 'full_dbsnp_jobs',
      plan: 'builder',
      limit: 15,
      activation_source: 'genetics',
      upgrade: { tier: 'growth', activation_source: 'genetics' },
    })
    expect(await counts(t, p.organizationId)).toEqual({ uploads: 0, full_dbsnp_jobs: 15 })
  })
})
