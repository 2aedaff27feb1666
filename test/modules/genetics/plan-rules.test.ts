// Plan rules of genetics uploads (SPEC "Limits"): queued WGS jobs per plan, and the four conditions of
// full dbSNP annotation, each refused with a problem naming the unmet condition; billing_admin skips
// the billing conditions only; a self-hosted deployment (billing off) checks only the reference.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { PlanLookup } from '../../../modules/shared/plans'
import type { Tier } from '../../../modules/shared/principal'
import { type TestApp, testApp } from '../../support/app'
import { createSession, FIXTURES, fixture, VCF_GZ } from './helpers'

/** A plan lookup the tests steer: tier and billing standing per organization. */
function steeredPlans() {
  const tiers = new Map<string, Tier>()
  const standing = new Map<string, { activePaidSubscription: boolean; validPaymentMethod: boolean }>()
  const lookup: PlanLookup = {
    tierOf: async (org) => tiers.get(org) ?? 'free',
    billingStanding: async (org) =>
      standing.get(org) ?? { activePaidSubscription: false, validPaymentMethod: false },
  }
  return { lookup, tiers, standing }
}

// Any existing file stands in for a provisioned reference; these tests never run a full_dbsnp job.
const REFERENCE = join(FIXTURES, VCF_GZ)
const bytes = fixture(VCF_GZ)

describe('genetics plan rules with billing enabled', () => {
  const plans = steeredPlans()
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: true, dbsnpReferencePath: REFERENCE }, { plans: plans.lookup })
  })
  afterAll(() => t.cleanup())

  for (const [tier, limit] of [
    ['free', 1],
    ['standard', 5],
    ['builder', 15],
    ['growth', 50],
  ] as [Tier, number][]) {
    it(`lets a ${tier} workspace have ${limit} queued WGS job(s) and refuses the next`, async () => {
      const p = await t.userWithKey()
      plans.tiers.set(p.organizationId, tier)
      for (let i = 0; i < limit; i++) expect((await createSession(t, p, bytes)).status).toBe(201)
      const refused = await createSession(t, p, bytes)
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ rule: 'queued_wgs_jobs', plan: tier, limit, queued: limit })
      expect(refused.body.detail).toContain(`allows ${limit} queued WGS`)
    })
  }

  it('lets an enterprise workspace queue beyond the largest plan', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'enterprise')
    for (let i = 0; i < 51; i++) expect((await createSession(t, p, bytes)).status).toBe(201)
  })

  it('frees a queued-job slot when an open session expires', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'free')
    expect((await createSession(t, p, bytes)).status).toBe(201)
    expect((await createSession(t, p, bytes)).status).toBe(403)
    t.clock.advance(t.config.genetics.uploadTtlSeconds * 1000 + 1000)
    expect((await createSession(t, p, bytes)).status).toBe(201)
  })

  it('refuses full_dbsnp without an active paid subscription', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'builder')
    const r = await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })
    expect(r.status).toBe(403)
    expect(r.body.unmet_condition).toBe('active_paid_subscription')
  })

  it('refuses full_dbsnp without a valid payment method', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'builder')
    plans.standing.set(p.organizationId, { activePaidSubscription: true, validPaymentMethod: false })
    const r = await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })
    expect(r.status).toBe(403)
    expect(r.body.unmet_condition).toBe('valid_payment_method')
  })

  it('refuses full_dbsnp on a compact-only plan (Standard)', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'standard')
    plans.standing.set(p.organizationId, { activePaidSubscription: true, validPaymentMethod: true })
    const r = await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })
    expect(r.status).toBe(403)
    expect(r.body.unmet_condition).toBe('full_dbsnp_quota')
    expect(r.body.detail).toContain('compact-only')
  })

  it('accepts full_dbsnp for a paid Builder workspace in good standing', async () => {
    const p = await t.userWithKey()
    plans.tiers.set(p.organizationId, 'builder')
    plans.standing.set(p.organizationId, { activePaidSubscription: true, validPaymentMethod: true })
    const r = await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })
    expect(r.status).toBe(201)
    expect(r.body.annotation_depth).toBe('full_dbsnp')
  })

  it('lets billing_admin skip the billing conditions but not the reference', async () => {
    const p = await t.userWithKey()
    // The entitlement is on the account; its workspace's effective tier is enterprise.
    await t.context.db.run(sql`update users set billing_admin = 1 where id = ${p.userId}`)
    plans.tiers.set(p.organizationId, 'enterprise')
    const r = await createSession(t, p, bytes, { annotation_depth: 'full_dbsnp' })
    expect(r.status).toBe(201)
    const noReference = await testApp(
      { billingEnabled: true, dbsnpReferencePath: null },
      { plans: plans.lookup },
    )
    try {
      const admin = await noReference.userWithKey()
      await noReference.context.db.run(sql`update users set billing_admin = 1 where id = ${admin.userId}`)
      const refused = await createSession(noReference, admin, bytes, { annotation_depth: 'full_dbsnp' })
      expect(refused.status).toBe(422)
      expect(refused.body.unmet_condition).toBe('dbsnp_reference')
    } finally {
      await noReference.cleanup()
    }
  })
})

describe('genetics plan rules on a self-hosted deployment (billing off)', () => {
  it('skips plan quotas and billing conditions, and still needs a provisioned reference', async () => {
    const withReference = await testApp({ billingEnabled: false, dbsnpReferencePath: REFERENCE })
    const without = await testApp({ billingEnabled: false, dbsnpReferencePath: '/nonexistent/dbsnp.vcf.gz' })
    try {
      const p = await withReference.userWithKey()
      for (let i = 0; i < 3; i++) expect((await createSession(withReference, p, bytes)).status).toBe(201)
      const full = await createSession(withReference, p, bytes, { annotation_depth: 'full_dbsnp' })
      expect(full.status).toBe(201)
      const q = await without.userWithKey()
      const refused = await createSession(without, q, bytes, { annotation_depth: 'full_dbsnp' })
      expect(refused.status).toBe(422)
      expect(refused.body).toMatchObject({ unmet_condition: 'dbsnp_reference' })
      expect(refused.body.errors[0].path).toBe('/annotation_depth')
      expect((await createSession(without, q, bytes)).status).toBe(201)
    } finally {
      await withReference.cleanup()
      await without.cleanup()
    }
  })
})
