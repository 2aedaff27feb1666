// Service-account mode: a Builder-or-higher workspace key mints short-lived per-user tokens; a Free or
// Standard personal key cannot act for another user (403 naming the plan rule).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import * as authRepo from '../../../modules/auth/repo'
import { SERVE_OTHERS_RULE } from '../../../modules/shared/plans'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

async function keyOnPlan(tier: 'free' | 'standard' | 'builder' | 'growth' | 'enterprise') {
  const person = await t.userWithKey()
  await authRepo.setOrganizationTier(t.context.db, person.organizationId, tier)
  return person
}

describe('minting service tokens', () => {
  for (const tier of ['free', 'standard'] as const) {
    it(`refuses a ${tier} key with 403 naming the plan rule`, async () => {
      const person = await keyOnPlan(tier)
      const r = await t.call('POST', '/service-tokens', {
        token: person.key,
        body: { user_id: 'end-user-1' },
      })
      expect(r.status).toBe(403)
      expect(r.body.detail).toBe(SERVE_OTHERS_RULE)
      expect(r.body.plan).toBe(tier)
      expect(r.body.type).toEndWith('/problems/plan-required')
    })
  }

  it('mints a token on Builder that acts for that end user in the same workspace', async () => {
    const integrator = await keyOnPlan('builder')
    const r = await t.call('POST', '/service-tokens', {
      token: integrator.key,
      body: { user_id: 'end-user-42', ttl_seconds: 600 },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      token_type: 'bearer',
      user_id: 'end-user-42',
      organization_id: integrator.organizationId,
    })
    expect(r.body.grants).not.toContain('billing')
    expect(Date.parse(r.body.expires_at) - t.clock.now().getTime()).toBe(600_000)
    const me = await t.call('GET', '/me', { token: r.body.access_token })
    expect(me.body).toMatchObject({
      kind: 'service_token',
      user_id: 'end-user-42',
      organization_id: integrator.organizationId,
      tier: 'builder',
    })
    t.clock.advance(601_000)
    const expired = await t.call('GET', '/me', { token: r.body.access_token })
    expect(expired.status).toBe(401)
    expect(expired.body.detail).toBe('This service token has expired.')
  })

  it('treats a billing_admin owner as enterprise', async () => {
    const person = await t.userWithKey()
    await authRepo.setBillingAdmin(t.context.db, person.userId, true)
    const me = await t.call('GET', '/me', { token: person.key })
    expect(me.body).toMatchObject({ tier: 'enterprise', billing_admin: true })
    expect(
      (await t.call('POST', '/service-tokens', { token: person.key, body: { user_id: 'x' } })).status,
    ).toBe(201)
  })

  it('does not let a service token mint more tokens', async () => {
    const integrator = await keyOnPlan('growth')
    const minted = await t.call('POST', '/service-tokens', { token: integrator.key, body: { user_id: 'u1' } })
    const r = await t.call('POST', '/service-tokens', {
      token: minted.body.access_token,
      body: { user_id: 'u2' },
    })
    expect(r.status).toBe(403)
  })

  it('validates the end-user id and lifetime', async () => {
    const integrator = await keyOnPlan('builder')
    const r = await t.call('POST', '/service-tokens', {
      token: integrator.key,
      body: { user_id: 'has spaces', ttl_seconds: 10 },
    })
    expect(r.status).toBe(422)
    expect(r.body.errors.map((e: any) => e.path).sort()).toEqual(['/ttl_seconds', '/user_id'])
  })
})
