// The audit trail end to end over HTTP: sign-ins (and wrong codes), keys and service tokens created and
// revoked, refused access attempts, exports and the deletion request are recorded with actor, time,
// request id and address; the owner reads them with GET /audit-events; another user cannot; no entry
// carries health data; a deletion keeps only the deletion request, stripped of identity.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import { allOperations } from '../../../modules/app'
import { staleAuditIds } from '../../../modules/audit/events'
import { type TestApp, testApp } from '../../support/app'
import { mcpHarness } from '../mcp/harness'

const LAB_TEXT = 'Test Name,Result,Units\nGlucose,173.25,mg/dL\n'

describe('the audit trail', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp()
  })
  afterAll(() => t.cleanup())

  const events = async (token: string, query = '') => {
    const r = await t.call('GET', `/audit-events${query}`, { token })
    expect(r.status).toBe(200)
    return r.body.data as { event: string; outcome: string; target: string | null; [k: string]: unknown }[]
  }

  it('records sign-in, key and token events with actor, time, request id and address', async () => {
    const alice = await t.userWithKey()
    const minted = await t.call('POST', '/service-tokens', {
      token: alice.key,
      body: { user_id: 'end-user-1', ttl_seconds: 900 },
      headers: { 'x-request-id': 'req-mint-1' },
      ip: '198.51.100.23',
    })
    // Without a Builder plan the mint is refused: that is recorded as a failure, not hidden.
    const revoke = await t.call('POST', `/api-keys/${alice.keyId}/revoke`, { token: alice.session })
    expect(revoke.status).toBe(200)

    const list = await events(alice.session)
    const names = list.map((e) => `${e.event}:${e.outcome}`)
    expect(names).toContain('auth.signed_in:success')
    expect(names).toContain('api_key.created:success')
    expect(names).toContain('api_key.revoked:success')
    const mint = list.find((e) => e.event === 'service_token.minted')!
    expect(mint.outcome).toBe(minted.status === 201 ? 'success' : 'failure')
    expect(mint).toMatchObject({
      request_id: 'req-mint-1',
      ip: '198.51.100.23',
      actor: { kind: 'api_key', credential_id: alice.keyId },
    })
    const created = list.find((e) => e.event === 'api_key.created')!
    expect(created.target).toBe(alice.keyId)
    expect(created.actor).toMatchObject({ kind: 'session' })
    expect(Date.parse(created.at as string)).not.toBeNaN()
    // Newest first.
    expect(list[0].event).toBe('api_key.revoked')
  })

  it('records a wrong sign-in code against the account it was tried on', async () => {
    const bob = await t.signIn()
    await t.call('POST', '/auth/otp/start', { body: { email: bob.email } })
    const wrong = await t.call('POST', '/auth/otp/verify', {
      body: { email: bob.email, token: '00000000' },
      ip: '192.0.2.44',
    })
    expect(wrong.status).toBe(401)
    const failed = (await events(bob.session)).find(
      (e) => e.event === 'auth.signed_in' && e.outcome === 'failure',
    )
    expect(failed).toMatchObject({
      actor: { kind: 'anonymous', credential_id: null },
      ip: '192.0.2.44',
      reason: 'unauthorized',
    })
  })

  it("records refused access: a key naming another user's data", async () => {
    const carol = await t.userWithKey()
    const dave = await t.userWithKey()
    const r = await t.call('POST', `/users/${dave.userId}/trends`, { token: carol.key, body: {} })
    expect(r.status).toBe(403)
    const denied = (await events(carol.session, '?event=access.denied'))[0]
    // 403 plan-required: a personal key may not serve other users.
    expect(denied).toMatchObject({ outcome: 'failure', target: 'trends.compute', reason: 'plan-required' })
    expect(denied.actor).toMatchObject({ kind: 'api_key', credential_id: carol.keyId })
    // Dave's own trail is not touched by Carol's attempt.
    expect((await events(dave.session)).some((e) => e.event === 'access.denied')).toBe(false)
  })

  it('is readable only by its owner, and pages with a cursor', async () => {
    const erin = await t.userWithKey()
    const frank = await t.userWithKey()
    const first = await t.call('GET', '/audit-events?limit=1', { token: erin.key })
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(1)
    expect(typeof first.body.next_cursor).toBe('string')
    const second = await t.call('GET', `/audit-events?limit=1&cursor=${first.body.next_cursor}`, {
      token: erin.key,
    })
    expect(second.body.data[0].id < first.body.data[0].id).toBe(true)
    // Frank with Erin's cursor sees only his own events (nothing of Erin's).
    const foreign = await t.call('GET', `/audit-events?cursor=${first.body.next_cursor}`, {
      token: frank.key,
    })
    expect(foreign.text).not.toContain(erin.keyId)
    expect(foreign.text).not.toContain(erin.userId)
    // Service tokens and sandbox tokens act for others: they cannot read the owner's trail.
    const sandbox = await t.call('POST', '/sandbox/sessions', { body: {} })
    const r = await t.call('GET', '/audit-events', { token: sandbox.body.sandbox_token })
    expect(r.status).toBe(403)
  })

  it('never stores health data, and keeps only the deletion request, without identity, after deletion', async () => {
    const gina = await t.userWithKey()
    const imported = await t.call('POST', '/imports/file', {
      token: gina.key,
      body: { filename: 'glucose.csv', text: LAB_TEXT },
    })
    expect(imported.status).toBe(201)
    const exported = await t.call('GET', `/users/${gina.userId}/data/export`, { token: gina.key })
    expect(exported.status).toBe(200)
    expect((await events(gina.session)).map((e) => e.event)).toContain('data.exported')

    const deleted = await t.call('POST', `/users/${gina.userId}/data/delete`, { token: gina.key, body: {} })
    expect(deleted.status).toBe(200)
    expect(JSON.stringify(deleted.body.receipt.kept)).toContain('audit_events')

    const db = createClient({ url: t.config.databaseUrl })
    try {
      const all = await db.execute('select * from audit_events')
      const text = JSON.stringify(all.rows)
      // No lab value, file name or unit anywhere in the trail.
      expect(text).not.toContain('173.25')
      expect(text).not.toContain('glucose.csv')
      // Nothing of Gina is left but one anonymous deletion record.
      expect(text).not.toContain(gina.userId)
      expect(text).not.toContain(gina.organizationId)
      expect(text).not.toContain(gina.keyId)
      const kept = all.rows.filter((row) => row.event === 'data.deletion_requested')
      expect(kept).toHaveLength(1)
      expect(kept[0]).toMatchObject({
        user_id: 'deleted',
        organization_id: 'deleted',
        ip: null,
        actor_credential_id: null,
      })
    } finally {
      db.close()
    }
  })

  it('records refused tool calls over MCP too', async () => {
    const h = await mcpHarness()
    try {
      const henry = await h.t.userWithKey()
      const client = await h.connect(henry.key)
      const result = (await client.callTool({
        name: 'get_trends',
        arguments: { user_id: 'usr_someone_else' },
      })) as { isError?: boolean }
      expect(result.isError).toBe(true)
      const r = await h.t.call('GET', '/audit-events?event=access.denied', { token: henry.key })
      expect(r.body.data[0]).toMatchObject({ target: 'trends.compute', outcome: 'failure' })
    } finally {
      await h.stop()
    }
  })

  it('lists only operations that exist', () => {
    expect(staleAuditIds(allOperations.map((op) => op.id))).toEqual([])
  })
})
