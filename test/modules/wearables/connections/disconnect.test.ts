// Disconnecting a wearable revokes access at the provider (WHOOP's DELETE /v2/user/access, Oura's
// /oauth/revoke) and deletes the stored tokens; another user cannot disconnect someone's connection;
// deleting a user's data revokes their provider access too.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { wearableConnections } from '../../../../db/schema'
import { type TestApp, testApp } from '../../../support/app'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'

const BASE = 'https://health.example.com'
const REDIRECT = `${BASE}/console/wearables`
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'wds-first-party',
  clientSecret: 'whoop-secret-123',
  redirectUris: [REDIRECT],
  providerUserId: 20001,
})
const oura = startProviderStandin({
  provider: 'oura',
  clientId: 'integrator-oura',
  clientSecret: 'oura-secret-456',
  redirectUris: ['https://app.example.org/oura/return'],
  providerUserId: 'oura-user-1',
})

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    publicBaseUrl: BASE,
    tokenEncryptionKeys: [new Uint8Array(32).fill(3)],
    wearables: { whoop: { clientId: 'wds-first-party', clientSecret: 'whoop-secret-123' }, oura: null },
    wearableEndpoints: { whoop: whoop.endpoints, oura: oura.endpoints },
  })
})
afterAll(async () => {
  await t.cleanup()
  whoop.stop()
  oura.stop()
})

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

async function connectWhoop(p: Person): Promise<string> {
  await connectWhoopThroughStandin(t, whoop, p)
  return [...whoop.accessTokens].at(-1)!
}

async function connectOura(p: Person): Promise<string> {
  const authorize = new URL(oura.endpoints.authorizationUrl)
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'integrator-oura',
    redirect_uri: 'https://app.example.org/oura/return',
    scope: 'daily',
    state: 'integrator-state',
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
      client_secret: 'oura-secret-456',
      redirect_uri: 'https://app.example.org/oura/return',
    },
  })
  expect(done.status).toBe(200)
  return [...oura.accessTokens].at(-1)!
}

const rowsOf = async (userId: string) =>
  (await t.context.db.select().from(wearableConnections)).filter((r) => r.user_id === userId)

describe('POST /connections/wearables/{provider}/disconnect', () => {
  it('revokes at WHOOP and at Oura and deletes the stored tokens', async () => {
    const p = await t.userWithKey()
    const whoopToken = await connectWhoop(p)
    const ouraToken = await connectOura(p)
    const w = await t.call('POST', '/connections/wearables/whoop/disconnect', { token: p.key })
    expect(w.status).toBe(200)
    expect(w.body).toEqual({ source_provider: 'whoop', disconnected: true, revoked_at_provider: true })
    expect(whoop.revoked).toContain(whoopToken)
    const o = await t.call('POST', '/connections/wearables/oura/disconnect', { token: p.key })
    expect(o.body).toEqual({ source_provider: 'oura', disconnected: true, revoked_at_provider: true })
    expect(oura.revoked).toContain(ouraToken)
    expect(await rowsOf(p.userId)).toEqual([])
    expect((await t.call('GET', '/connections/wearables', { token: p.key })).body.data).toEqual([])
  })

  it('answers 404 when there is nothing to disconnect, and never touches another user’s connection', async () => {
    const owner = await t.userWithKey()
    const other = await t.userWithKey()
    await connectWhoop(owner)
    const r = await t.call('POST', '/connections/wearables/whoop/disconnect', { token: other.key })
    expect(r.status).toBe(404)
    expect(r.headers.get('content-type')).toContain('application/problem+json')
    expect(await rowsOf(owner.userId)).toHaveLength(1)
    const list = await t.call('GET', '/connections/wearables', { token: other.key })
    expect(list.body.data).toEqual([])
  })

  it('deletes the tokens even when the provider cannot be reached, and says the revocation failed', async () => {
    const p = await t.userWithKey()
    await connectWhoop(p)
    const offline = await testApp({
      databaseUrl: t.config.databaseUrl,
      tokenEncryptionKeys: t.config.tokenEncryptionKeys,
      wearableEndpoints: {
        whoop: { ...whoop.endpoints, apiBaseUrl: 'http://127.0.0.1:9/developer' },
      },
    })
    try {
      const r = await offline.call('POST', '/connections/wearables/whoop/disconnect', { token: p.key })
      expect(r.status).toBe(200)
      expect(r.body.revoked_at_provider).toBe(false)
      expect(await rowsOf(p.userId)).toEqual([])
    } finally {
      await offline.cleanup()
    }
  })

  it('refuses an unknown provider with 422', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/connections/wearables/fitbit/disconnect', { token: p.key })
    expect(r.status).toBe(422)
  })
})

describe('privacy deletion', () => {
  it('revokes the person’s provider access before their rows go, and the receipt says so', async () => {
    const p = await t.userWithKey()
    const token = await connectWhoop(p)
    const r = await t.call('POST', `/users/${p.userId}/data/delete`, {
      token: p.key,
      body: { organization_id: p.organizationId },
    })
    expect(r.status).toBe(200)
    expect(whoop.revoked).toContain(token)
    const step = r.body.receipt.removed.steps.find(
      (s: { name: string }) => s.name === 'wearables.revoke_provider_access',
    )
    expect(step).toMatchObject({ count: 1 })
    expect(step.done).toContain('1 of 1')
    expect(await rowsOf(p.userId)).toEqual([])
  })
})
