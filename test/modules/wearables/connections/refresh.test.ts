// POST /connections/{provider}/refresh against the WHOOP stand-in: the rotated refresh token comes back
// in refreshed_token, the old one stops working, a stored connection holding it is updated, and a
// refused refresh token is a clear 422 naming the provider's OAuth error.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { wearableConnections } from '../../../../db/schema'
import { connectionTokens } from '../../../../modules/wearables/connections/service'
import { type TestApp, testApp } from '../../../support/app'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'

const REDIRECT = 'https://app.example.org/whoop/return'
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'integrator-whoop',
  clientSecret: 'integrator-secret-1',
  redirectUris: [REDIRECT],
  providerUserId: 40004,
})
const CREDS = { client_id: 'integrator-whoop', client_secret: 'integrator-secret-1' }

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    tokenEncryptionKeys: [new Uint8Array(32).fill(4)],
    wearableEndpoints: { whoop: whoop.endpoints },
  })
})
afterAll(async () => {
  await t.cleanup()
  whoop.stop()
})

async function connect(p: Awaited<ReturnType<TestApp['userWithKey']>>) {
  const done = await connectWhoopThroughStandin(t, whoop, p, { ...CREDS, redirect_uri: REDIRECT })
  expect(done.body.connection.credentials).toBe('own')
  const row = (await t.context.db.select().from(wearableConnections)).find((r) => r.user_id === p.userId)!
  return (await connectionTokens(t.context, row)).refreshToken!
}

describe('POST /connections/{provider}/refresh', () => {
  it('returns the rotated refresh token, spends the old one and updates the stored connection', async () => {
    const p = await t.userWithKey()
    const original = await connect(p)
    const r = await t.call('POST', '/connections/whoop/refresh', {
      token: p.key,
      body: { refresh_token: original, ...CREDS },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ source_provider: 'whoop', rotated: true, stored_connection_updated: true })
    expect(r.body.refreshed_token).toStartWith('rt-')
    expect(r.body.refreshed_token).not.toBe(original)
    // The only token a response ever carries is the rotated refresh token.
    expect(Object.keys(r.body).filter((k) => k.includes('token'))).toEqual(['refreshed_token'])
    const row = (await t.context.db.select().from(wearableConnections)).find((x) => x.user_id === p.userId)!
    expect((await connectionTokens(t.context, row)).refreshToken).toBe(r.body.refreshed_token)

    const again = await t.call('POST', '/connections/whoop/refresh', {
      token: p.key,
      body: { refresh_token: original, ...CREDS },
    })
    expect(again.status).toBe(422)
    expect(again.body.provider_error).toBe('invalid_grant')
    expect(again.body.detail).not.toContain(original)
  })

  it('refreshes a token the caller holds without a stored connection, and refuses health_connect', async () => {
    const p = await t.userWithKey()
    const held = await connect(p)
    await t.call('POST', '/connections/wearables/whoop/disconnect', { token: p.key })
    const r = await t.call('POST', '/connections/whoop/refresh', {
      token: p.key,
      body: { refresh_token: held, ...CREDS },
    })
    expect(r.status).toBe(200)
    expect(r.body.stored_connection_updated).toBe(false)
    const hc = await t.call('POST', '/connections/health_connect/refresh', {
      token: p.key,
      body: { refresh_token: 'x', ...CREDS },
    })
    // Health Connect has no provider tokens to refresh: its device credential does not expire.
    expect(hc.status).toBe(501)
  })

  it('names wrong client credentials as the provider’s refusal, not a 500', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/connections/whoop/refresh', {
      token: p.key,
      body: { refresh_token: 'rt-unknown', client_id: 'integrator-whoop', client_secret: 'wrong-secret' },
    })
    expect(r.status).toBe(422)
    expect(r.body.provider_error).toBe('invalid_client')
  })
})
