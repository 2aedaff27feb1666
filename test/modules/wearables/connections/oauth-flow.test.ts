// WHOOP and Oura connections over HTTP against local stand-ins of their OAuth servers: start gives an
// authorization URL with a signed, user-bound, single-use, short-lived state (and PKCE for WHOOP), the
// callback exchanges the code and stores the tokens encrypted, reconnecting replaces, and no token ever
// appears in a response or a log line.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { wearableConnections } from '../../../../db/schema'
import { connectionTokens } from '../../../../modules/wearables/connections/service'
import { type TestApp, testApp } from '../../../support/app'
import { startProviderStandin } from '../../../support/wearable-provider-standin'

const KEY_A = new Uint8Array(32).fill(7)
const BASE = 'https://health.example.com'
const REDIRECT = `${BASE}/console/wearables`
const OWN_REDIRECT = 'https://app.example.org/oura/return'

const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'wds-first-party',
  clientSecret: 'whoop-secret-123',
  redirectUris: [REDIRECT],
  providerUserId: 10129,
})
const oura = startProviderStandin({
  provider: 'oura',
  clientId: 'integrator-oura',
  clientSecret: 'oura-secret-456',
  redirectUris: [OWN_REDIRECT],
  providerUserId: '8f9a5221-639e-4a85-81cb-4065ef23f979',
})

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    publicBaseUrl: BASE,
    tokenEncryptionKeys: [KEY_A],
    wearables: { whoop: { clientId: 'wds-first-party', clientSecret: 'whoop-secret-123' }, oura: null },
    wearableEndpoints: { whoop: whoop.endpoints, oura: oura.endpoints },
  })
})
afterAll(async () => {
  await t.cleanup()
  whoop.stop()
  oura.stop()
})

async function startWhoop(p: { key: string; userId: string }, extra: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/connections/wearables/start', {
    token: p.key,
    body: { user_id: p.userId, source_provider: 'whoop', ...extra },
  })
  expect(r.status).toBe(200)
  return r.body as { authorization_url: string; state: string; expires_at: string; pkce: boolean }
}

function callback(p: { key: string; userId: string; organizationId: string }, body: Record<string, unknown>) {
  return t.call('POST', '/connections/wearables/callback', {
    token: p.key,
    body: { user_id: p.userId, organization_id: p.organizationId, source_provider: 'whoop', ...body },
  })
}

/** Every access and refresh token the stand-ins issued, to look for in responses and logs. */
const issuedTokens = () => [...whoop.accessTokens, ...oura.accessTokens]

describe('wearable connections: WHOOP with first-party credentials', () => {
  it('starts with a signed state and a PKCE challenge, and the callback stores an encrypted connection', async () => {
    const p = await t.userWithKey()
    const started = await startWhoop(p, { state: 'app-session-41' })
    const url = new URL(started.authorization_url)
    expect(`${url.origin}${url.pathname}`).toBe(whoop.endpoints.authorizationUrl)
    expect(url.searchParams.get('client_id')).toBe('wds-first-party')
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT)
    expect(url.searchParams.get('scope')).toContain('offline')
    expect(url.searchParams.get('state')).toBe(started.state)
    expect(started.state).toMatch(/^wau_[0-9a-z]{26}\.[A-Za-z0-9_-]{43}$/)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(started.pkce).toBe(true)
    expect(started.expires_at).toBe('2026-01-15T09:10:00.000Z')

    const back = await whoop.approve(started.authorization_url)
    expect(back.searchParams.get('state')).toBe(started.state)
    const done = await callback(p, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      replaced: false,
      state: 'app-session-41',
      connection: {
        source_provider: 'whoop',
        provider_user_id: '10129',
        status: 'active',
        credentials: 'first_party',
        has_refresh_token: true,
        token_expires_at: '2026-01-15T10:00:00.000Z',
        last_sync_at: null,
      },
    })
    expect(done.body.connection.id).toMatch(/^wcn_[0-9a-z]{26}$/)
    // The stand-in checked the PKCE verifier against the challenge; the verifier was sent.
    const tokenRequest = whoop.requests.filter((r) => r.method === 'POST').at(-1)!
    expect(tokenRequest.form?.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/)

    const list = await t.call('GET', '/connections/wearables', { token: p.key })
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([done.body.connection])

    // At rest the tokens are sealed: the stored value is not the token and opens back to it.
    const [row] = await t.context.db.select().from(wearableConnections)
    const accessToken = [...whoop.accessTokens].at(-1)!
    expect(row!.access_token).toStartWith('v1.')
    expect(row!.access_token).not.toContain(accessToken)
    expect((await connectionTokens(t.context, row!)).accessToken).toBe(accessToken)
  })

  it('refuses a state used twice, an altered one, an expired one, and another user’s', async () => {
    const p = await t.userWithKey()
    const first = await startWhoop(p)
    const back = await whoop.approve(first.authorization_url)
    expect((await callback(p, { code: back.searchParams.get('code'), state: first.state })).status).toBe(200)
    const replay = await callback(p, { code: 'another-code', state: first.state })
    expect(replay.status).toBe(422)
    expect(replay.body.detail).toContain('already used')
    expect(replay.body.errors).toEqual([
      { in: 'body', path: '/state', message: 'Unknown, used or expired state.' },
    ])

    const second = await startWhoop(p)
    const altered = `${second.state.slice(0, -2)}${second.state.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await callback(p, { code: 'x', state: altered })).status).toBe(422)

    const other = await t.userWithKey()
    const stolen = await callback(other, { code: 'x', state: second.state })
    expect(stolen.status).toBe(422)
    // And a token acting for one user cannot name another.
    const named = await t.call('POST', '/connections/wearables/start', {
      token: other.key,
      body: { user_id: p.userId, source_provider: 'whoop' },
    })
    expect(named.status).toBe(403)
    expect(named.headers.get('content-type')).toContain('application/problem+json')

    t.clock.advance(11 * 60 * 1000)
    const late = await callback(p, { code: 'x', state: second.state })
    expect(late.status).toBe(422)
    expect(late.body.detail).toContain('expired')
    // Nothing was connected for the other user.
    expect((await t.call('GET', '/connections/wearables', { token: other.key })).body.data).toEqual([])
  })

  it('replaces the connection on reconnect instead of adding a second one', async () => {
    const p = await t.userWithKey()
    const ids: string[] = []
    for (const expected of [false, true]) {
      const started = await startWhoop(p)
      const back = await whoop.approve(started.authorization_url)
      const done = await callback(p, { code: back.searchParams.get('code'), state: started.state })
      expect(done.status).toBe(200)
      expect(done.body.replaced).toBe(expected)
      ids.push(done.body.connection.id)
    }
    expect(ids[0]).toBe(ids[1])
    expect((await t.call('GET', '/connections/wearables', { token: p.key })).body.data).toHaveLength(1)
  })

  it('completes the newest pending authorization when the callback carries no state', async () => {
    const p = await t.userWithKey()
    const started = await startWhoop(p)
    const back = await whoop.approve(started.authorization_url)
    const done = await callback(p, { code: back.searchParams.get('code') })
    expect(done.status).toBe(200)
    // That authorization is now used: its state no longer works.
    expect((await callback(p, { code: 'x', state: started.state })).status).toBe(422)
  })

  it('answers a refused code with the provider’s OAuth error, not a 500', async () => {
    const p = await t.userWithKey()
    const started = await startWhoop(p)
    const r = await callback(p, { code: 'not-a-real-code', state: started.state })
    expect(r.status).toBe(422)
    expect(r.headers.get('content-type')).toContain('application/problem+json')
    expect(r.body.provider_error).toBe('invalid_grant')
    expect(r.body.detail).toContain('WHOOP refused the token request')
  })
})

describe('wearable connections: Oura with the integrator’s own credentials', () => {
  it('connects through the callback alone with client_id, client_secret and redirect_uri', async () => {
    const p = await t.userWithKey()
    const authorize = new URL(oura.endpoints.authorizationUrl)
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'integrator-oura',
      redirect_uri: OWN_REDIRECT,
      scope: 'daily heartrate',
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
        redirect_uri: OWN_REDIRECT,
      },
    })
    expect(done.status).toBe(200)
    expect(done.body.connection).toMatchObject({
      source_provider: 'oura',
      provider_user_id: '8f9a5221-639e-4a85-81cb-4065ef23f979',
      credentials: 'own',
      scopes: ['daily', 'heartrate'],
      has_refresh_token: true,
    })
    // No PKCE for Oura: its token request carried no verifier.
    expect(oura.requests.filter((r) => r.method === 'POST').at(-1)!.form?.code_verifier).toBeUndefined()
  })

  it('names the missing own credentials when there are no first-party ones', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/connections/wearables/callback', {
      token: p.key,
      body: { user_id: p.userId, organization_id: p.organizationId, source_provider: 'oura', code: 'abc' },
    })
    expect(r.status).toBe(422)
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual([
      '/client_id',
      '/client_secret',
      '/redirect_uri',
    ])
  })
})

describe('wearable connections: refusals', () => {
  it('starts health_connect at the console approval page, and refuses oura at the start with 422', async () => {
    const p = await t.userWithKey()
    const hc = await t.call('POST', '/connections/wearables/start', {
      token: p.key,
      body: { user_id: p.userId, source_provider: 'health_connect' },
    })
    expect(hc.status).toBe(200)
    const url = new URL(hc.body.authorization_url)
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/console/wearables/health-connect`)
    expect(url.searchParams.get('request')).toBe(hc.body.state)
    const oura = await t.call('POST', '/connections/wearables/start', {
      token: p.key,
      body: { user_id: p.userId, source_provider: 'oura' },
    })
    expect(oura.status).toBe(422)
  })

  it('refuses to connect without TOKEN_ENCRYPTION_KEY rather than store tokens in clear', async () => {
    const bare = await testApp({
      wearables: { whoop: { clientId: 'wds-first-party', clientSecret: 'whoop-secret-123' }, oura: null },
      wearableEndpoints: { whoop: whoop.endpoints },
    })
    try {
      const p = await bare.userWithKey()
      const r = await bare.call('POST', '/connections/wearables/start', {
        token: p.key,
        body: { user_id: p.userId, source_provider: 'whoop' },
      })
      expect(r.status).toBe(503)
      expect(r.body.detail).toContain('TOKEN_ENCRYPTION_KEY')
    } finally {
      await bare.cleanup()
    }
  })

  it('asks for client_id and redirect_uri when the deployment has no first-party credentials', async () => {
    const own = await testApp({ tokenEncryptionKeys: [KEY_A], wearableEndpoints: { whoop: whoop.endpoints } })
    try {
      const p = await own.userWithKey()
      const r = await own.call('POST', '/connections/wearables/start', {
        token: p.key,
        body: { user_id: p.userId, source_provider: 'whoop' },
      })
      expect(r.status).toBe(422)
      expect(r.body.errors[0].path).toBe('/client_id')
      const ok = await own.call('POST', '/connections/wearables/start', {
        token: p.key,
        body: {
          user_id: p.userId,
          source_provider: 'whoop',
          client_id: 'mine',
          redirect_uri: 'https://a.example/cb',
        },
      })
      expect(ok.status).toBe(200)
      expect(new URL(ok.body.authorization_url).searchParams.get('client_id')).toBe('mine')
    } finally {
      await own.cleanup()
    }
  })

  it('never writes a provider token or client secret into a log line', () => {
    expect(issuedTokens().length).toBeGreaterThan(0)
    const logged = t.log.lines.join('\n')
    for (const token of issuedTokens()) expect(logged).not.toContain(token)
    for (const secret of ['whoop-secret-123', 'oura-secret-456']) expect(logged).not.toContain(secret)
    expect(t.log.lines.length).toBeGreaterThan(0)
  })
})

describe('wearable connections: key rotation', () => {
  it('keeps working after TOKEN_ENCRYPTION_KEY rotates and re-seals the stored tokens under the new key', async () => {
    const KEY_B = new Uint8Array(32).fill(9)
    const p = await t.userWithKey()
    const started = await startWhoop(p)
    const back = await whoop.approve(started.authorization_url)
    expect((await callback(p, { code: back.searchParams.get('code'), state: started.state })).status).toBe(
      200,
    )
    const accessToken = [...whoop.accessTokens].at(-1)!
    // The same database, restarted with the new key first and the old one after it.
    const rotated = await testApp({ databaseUrl: t.config.databaseUrl, tokenEncryptionKeys: [KEY_B, KEY_A] })
    try {
      const find = async (app: TestApp) =>
        (await app.context.db.select().from(wearableConnections)).find((r) => r.user_id === p.userId)!
      const before = await find(rotated)
      expect((await connectionTokens(rotated.context, before)).accessToken).toBe(accessToken)
      const after = await find(rotated)
      expect(after.access_token).not.toBe(before.access_token)
      const newOnly = await testApp({ databaseUrl: t.config.databaseUrl, tokenEncryptionKeys: [KEY_B] })
      try {
        expect((await connectionTokens(newOnly.context, await find(newOnly))).accessToken).toBe(accessToken)
      } finally {
        await newOnly.cleanup()
      }
    } finally {
      await rotated.cleanup()
    }
  })
})
