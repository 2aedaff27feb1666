// Credentials that can be withdrawn: a service token dies with the key that minted it and with the
// workspace's Builder plan; it can be revoked on its own; sign-out revokes the current session; a person
// lists and revokes their sessions. The same holds over MCP, which authenticates the same way.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { eq } from 'drizzle-orm'
import * as authRepo from '../../../modules/auth/repo'
import { apiKeys } from '../../../modules/auth/tables'
import { type McpHarness, mcpHarness } from '../mcp/harness'

let h: McpHarness
const t = () => h.t
beforeAll(async () => {
  h = await mcpHarness()
})
afterAll(() => h.stop())

async function builderWithToken(endUser = 'end-user-1') {
  const integrator = await t().userWithKey()
  await authRepo.setOrganizationTier(t().context.db, integrator.organizationId, 'builder')
  const minted = await t().call('POST', '/service-tokens', {
    token: integrator.key,
    body: { user_id: endUser },
  })
  expect(minted.status).toBe(201)
  expect(minted.body.id).toMatch(/^svc_/)
  expect((await t().call('GET', '/me', { token: minted.body.access_token })).status).toBe(200)
  return { integrator, token: minted.body.access_token as string, tokenId: minted.body.id as string }
}

describe('service tokens that can be withdrawn', () => {
  it('refuses a service token once the key that minted it is revoked', async () => {
    const { integrator, token } = await builderWithToken()
    await t().call('POST', `/api-keys/${integrator.keyId}/revoke`, { token: integrator.session })
    const r = await t().call('GET', '/me', { token })
    expect(r.status).toBe(401)
    expect(r.body.detail).toBe('This service token no longer works: the API key that minted it was revoked.')
    expect(r.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it('refuses a service token once the key that minted it has expired', async () => {
    const { integrator, token } = await builderWithToken()
    await t()
      .context.db.update(apiKeys)
      .set({ expires_at: t().clock.now().toISOString() })
      .where(eq(apiKeys.id, integrator.keyId))
    const r = await t().call('GET', '/sources', { token })
    expect(r.status).toBe(401)
    expect(r.body.detail).toBe('This service token no longer works: the API key that minted it has expired.')
  })

  it('refuses a service token once the workspace drops below Builder, and accepts it again on Builder', async () => {
    const { integrator, token } = await builderWithToken()
    for (const tier of ['standard', 'free'] as const) {
      await authRepo.setOrganizationTier(t().context.db, integrator.organizationId, tier)
      const r = await t().call('GET', '/me', { token })
      expect(r.status).toBe(401)
      expect(r.body.detail).toBe(
        `This service token no longer works: the workspace's ${tier} plan does not include service tokens.`,
      )
    }
    await authRepo.setOrganizationTier(t().context.db, integrator.organizationId, 'growth')
    expect((await t().call('GET', '/me', { token })).body.tier).toBe('growth')
  })

  it('revokes one service token at once, leaving the others and the key working', async () => {
    const { integrator, token, tokenId } = await builderWithToken('end-user-a')
    const other = await t().call('POST', '/service-tokens', {
      token: integrator.key,
      body: { user_id: 'end-user-b' },
    })
    const r = await t().call('POST', `/service-tokens/${tokenId}/revoke`, { token: integrator.key })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      id: tokenId,
      user_id: 'end-user-a',
      organization_id: integrator.organizationId,
      issued_by_key_id: integrator.keyId,
      status: 'revoked',
      revoked_at: t().clock.now().toISOString(),
    })
    const refused = await t().call('GET', '/me', { token })
    expect(refused.status).toBe(401)
    expect(refused.body.detail).toBe('This service token has been revoked.')
    expect((await t().call('GET', '/me', { token: other.body.access_token })).status).toBe(200)
    expect((await t().call('GET', '/me', { token: integrator.key })).status).toBe(200)
    // Revoking again is harmless and answers the same record.
    const again = await t().call('POST', `/service-tokens/${tokenId}/revoke`, { token: integrator.key })
    expect(again.body.revoked_at).toBe(r.body.revoked_at)
  })

  it("answers 404 for another workspace's service token and leaves it working", async () => {
    const { token, tokenId } = await builderWithToken()
    const stranger = await t().userWithKey()
    await authRepo.setOrganizationTier(t().context.db, stranger.organizationId, 'builder')
    const r = await t().call('POST', `/service-tokens/${tokenId}/revoke`, { token: stranger.key })
    expect(r.status).toBe(404)
    expect(r.body.detail).toContain(tokenId)
    expect((await t().call('GET', '/me', { token })).status).toBe(200)
  })

  it('lets only a workspace key revoke a service token', async () => {
    const { token, tokenId } = await builderWithToken()
    const r = await t().call('POST', `/service-tokens/${tokenId}/revoke`, { token })
    expect(r.status).toBe(403)
    expect(r.body.detail).toBe('This operation accepts an API key; the request used a service token.')
  })
})

describe('sign-out and sessions', () => {
  it('signs out: the session token stops working, keys made with it keep working', async () => {
    const person = await t().userWithKey()
    const r = await t().call('POST', '/auth/sign-out', { token: person.session })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ user_id: person.userId, status: 'revoked', current: true })
    const after = await t().call('GET', '/api-keys', { token: person.session })
    expect(after.status).toBe(401)
    expect(after.body.detail).toBe('This session has been revoked.')
    expect((await t().call('GET', '/me', { token: person.key })).status).toBe(200)
  })

  it('lists a person’s active sessions, marks the current one, and revokes another', async () => {
    const email = 'two-devices@example.com'
    const phone = await t().signIn(email)
    const laptop = await t().signIn(email)
    const list = await t().call('GET', '/auth/sessions', { token: laptop.session })
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(2)
    expect(list.text).not.toContain(phone.session)
    expect(list.text).not.toContain(laptop.session)
    const current = list.body.data.find((s: any) => s.current)
    const other = list.body.data.find((s: any) => !s.current)
    expect(current).toMatchObject({ user_id: laptop.userId, status: 'active' })
    const revoked = await t().call('POST', `/auth/sessions/${other.id}/revoke`, { token: laptop.session })
    expect(revoked.body).toMatchObject({ id: other.id, status: 'revoked', current: false })
    expect((await t().call('GET', '/api-keys', { token: phone.session })).status).toBe(401)
    expect((await t().call('GET', '/api-keys', { token: laptop.session })).status).toBe(200)
    const remaining = await t().call('GET', '/auth/sessions', { token: laptop.session })
    expect(remaining.body.data.map((s: any) => s.id)).toEqual([current.id])
  })

  it("answers 404 for someone else's session and leaves it working", async () => {
    const victim = await t().signIn()
    const victimSessions = await t().call('GET', '/auth/sessions', { token: victim.session })
    const attacker = await t().signIn()
    const r = await t().call('POST', `/auth/sessions/${victimSessions.body.data[0].id}/revoke`, {
      token: attacker.session,
    })
    expect(r.status).toBe(404)
    expect((await t().call('GET', '/api-keys', { token: victim.session })).status).toBe(200)
  })

  it('takes sessions only: an API key cannot list or revoke sessions', async () => {
    const person = await t().userWithKey()
    const r = await t().call('GET', '/auth/sessions', { token: person.key })
    expect(r.status).toBe(403)
  })
})

describe('over MCP', () => {
  it('refuses a withdrawn service token before any JSON-RPC is read', async () => {
    const { integrator, token } = await builderWithToken()
    const client = await h.connect(token)
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    await t().call('POST', `/api-keys/${integrator.keyId}/revoke`, { token: integrator.session })
    const error = await h.connect(token).catch((e) => e)
    expect(error).toBeInstanceOf(StreamableHTTPError)
    expect((error as StreamableHTTPError).code).toBe(401)
  })

  it('revokes a service token with the revoke_service_token tool', async () => {
    const { integrator, token, tokenId } = await builderWithToken()
    const client = await h.connect(integrator.key)
    const result = await client.callTool({ name: 'revoke_service_token', arguments: { id: tokenId } })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ id: tokenId, status: 'revoked' })
    expect((await t().call('GET', '/me', { token })).status).toBe(401)
  })

  it('signs out with the sign_out tool when called with a session token', async () => {
    const person = await t().signIn()
    const client = await h.connect(person.session)
    const names = (await client.listTools()).tools.map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['sign_out', 'list_sessions', 'revoke_session']))
    const result = await client.callTool({ name: 'sign_out', arguments: {} })
    expect(result.structuredContent).toMatchObject({ status: 'revoked', current: true })
    expect((await t().call('GET', '/api-keys', { token: person.session })).status).toBe(401)
  })
})
