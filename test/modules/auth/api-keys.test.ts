// API keys: created with a session only, shown once and stored as a hash, listed without secrets,
// revoked at once, expiring after 365 days; forged, malformed and foreign tokens are refused.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { apiKeys } from '../../../modules/auth/tables'
import { API_KEY_GRANTS } from '../../../modules/shared/principal'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

describe('creating keys', () => {
  it('creates a key for the signed-in user and their personal workspace, shown once', async () => {
    const person = await t.signIn()
    const r = await t.call('POST', '/api-keys', { token: person.session, body: {} })
    expect(r.status).toBe(201)
    expect(r.body.api_key).toMatch(/^wds_sk_[A-Za-z0-9_-]{43}$/)
    expect(r.body.created).toEqual({ user_id: person.userId, organization_id: person.organizationId })
    expect(r.body.grants).toEqual(API_KEY_GRANTS)
    const lifetime = Date.parse(r.body.expires_at) - t.clock.now().getTime()
    expect(lifetime).toBe(365 * 24 * 3600 * 1000)
    const [row] = await t.context.db.select().from(apiKeys).where(eq(apiKeys.id, r.body.id))
    expect(JSON.stringify(row)).not.toContain(r.body.api_key)
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('lets the key call protected operations as its owner', async () => {
    const person = await t.userWithKey()
    const me = await t.call('GET', '/me', { token: person.key })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      kind: 'api_key',
      user_id: person.userId,
      organization_id: person.organizationId,
      tier: 'free',
    })
    expect(me.body.grants).toContain('imports')
    expect(me.body.grants).toContain('deletion')
  })

  it('refuses to create a key with an API key instead of a session', async () => {
    const person = await t.userWithKey()
    const r = await t.call('POST', '/api-keys', { token: person.key, body: {} })
    expect(r.status).toBe(403)
    expect(r.body.detail).toBe('This operation accepts a sign-in session token; the request used an API key.')
  })

  it('refuses a key name of the wrong type with 422', async () => {
    const person = await t.signIn()
    const r = await t.call('POST', '/api-keys', { token: person.session, body: { name: 7 } })
    expect(r.status).toBe(422)
    expect(r.body.errors[0]).toMatchObject({ in: 'body', path: '/name' })
  })
})

describe('listing and revoking keys', () => {
  it('lists only the caller’s keys, without secrets', async () => {
    const person = await t.signIn()
    const a = await t.call('POST', '/api-keys', { token: person.session, body: { name: 'laptop' } })
    await t.call('POST', '/api-keys', { token: person.session, body: { name: 'agent' } })
    await t.userWithKey() // someone else's key
    const list = await t.call('GET', '/api-keys', { token: person.session })
    expect(list.status).toBe(200)
    expect(list.body.data.map((k: any) => k.name)).toEqual(['agent', 'laptop'])
    expect(list.text).not.toContain(a.body.api_key)
    expect(list.body.data[1]).toMatchObject({
      id: a.body.id,
      status: 'active',
      display_prefix: `${a.body.api_key.slice(0, 13)}…`,
    })
  })

  it('revokes a key at once', async () => {
    const person = await t.userWithKey()
    expect((await t.call('GET', '/me', { token: person.key })).status).toBe(200)
    const revoked = await t.call('POST', `/api-keys/${person.keyId}/revoke`, { token: person.session })
    expect(revoked.status).toBe(200)
    expect(revoked.body.status).toBe('revoked')
    const after = await t.call('GET', '/me', { token: person.key })
    expect(after.status).toBe(401)
    expect(after.body.detail).toBe('This API key has been revoked.')
    expect(after.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it('answers 404 for another user’s key id, and does not revoke it', async () => {
    const owner = await t.userWithKey()
    const other = await t.signIn()
    const r = await t.call('POST', `/api-keys/${owner.keyId}/revoke`, { token: other.session })
    expect(r.status).toBe(404)
    expect((await t.call('GET', '/me', { token: owner.key })).status).toBe(200)
  })
})

describe('refused tokens', () => {
  it('refuses a missing token with 401 and a Bearer challenge', async () => {
    const r = await t.call('GET', '/me')
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe(
      `Bearer realm="wellness", resource_metadata="${t.config.publicBaseUrl}/.well-known/oauth-protected-resource"`,
    )
  })

  it('refuses a forged key, a malformed header and an unknown token kind', async () => {
    const forged = await t.call('GET', '/me', { token: `wds_sk_${'A'.repeat(43)}` })
    expect(forged.status).toBe(401)
    expect(forged.body.detail).toBe('The bearer token is not recognised.')
    const malformed = await t.call('GET', '/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(malformed.status).toBe(401)
    expect(malformed.body.detail).toBe('The Authorization header must be "Bearer <token>".')
    const jwtWithoutIssuer = await t.call('GET', '/me', { token: 'aaa.bbb.ccc' })
    expect(jwtWithoutIssuer.status).toBe(401)
  })

  it('refuses an expired key and an expired session', async () => {
    const person = await t.userWithKey()
    t.clock.advance(13 * 3600 * 1000)
    const session = await t.call('GET', '/api-keys', { token: person.session })
    expect(session.status).toBe(401)
    expect(session.body.detail).toBe('This session has expired.')
    expect((await t.call('GET', '/me', { token: person.key })).status).toBe(200)
    t.clock.advance(365 * 24 * 3600 * 1000)
    const key = await t.call('GET', '/me', { token: person.key })
    expect(key.status).toBe(401)
    expect(key.body.detail).toBe('This API key has expired.')
  })
})
