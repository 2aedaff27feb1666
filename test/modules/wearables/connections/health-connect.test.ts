// The Health Connect pairing's refusals over HTTP: the connection code works once, for the person it was
// shown to, within 10 minutes, and guessing is rate-limited; approving needs the person who started;
// pairing again replaces the device; the WHOOP/Oura callback still needs a bearer token with the
// wearables grant now that the callback itself is public for the code exchange.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { ManualClock } from '../../../../modules/shared/clock'
import {
  approveHealthConnect,
  normalizeConnectionCode,
  pendingApproval,
} from '../../../../modules/wearables/connections/health-connect'
import { isProblem, scopeOf, type TestApp, testApp } from '../../../support/app'
import { pairHealthConnect } from '../../../support/health-connect'

const clock = new ManualClock('2026-03-01T09:00:00.000Z')
let t: TestApp
beforeAll(async () => {
  t = await testApp({ tokenEncryptionKeys: [new Uint8Array(32).fill(4)] }, { clock })
})
afterAll(() => t.cleanup())

async function approved(p: { key: string; userId: string; organizationId: string }) {
  const started = await t.call('POST', '/connections/wearables/start', {
    token: p.key,
    body: { user_id: p.userId, source_provider: 'health_connect', state: 'app-41' },
  })
  expect(started.status).toBe(200)
  return {
    state: started.body.state as string,
    ...(await approveHealthConnect(t.context, scopeOf(p), started.body.state)),
  }
}

const exchange = (p: { userId: string; organizationId: string }, code: string, token?: string) =>
  t.call('POST', '/connections/wearables/callback', {
    token,
    body: { user_id: p.userId, organization_id: p.organizationId, source_provider: 'health_connect', code },
  })

describe('Health Connect connection codes', () => {
  it('reads a code as typed: case, spaces, dashes, O for 0 and I or L for 1', () => {
    expect(normalizeConnectionCode('ab0c1-de2fg')).toBe('AB0C1DE2FG')
    expect(normalizeConnectionCode(' abOcL de2fg ')).toBe('AB0C1DE2FG')
  })

  it('works once, and hands back the app’s own state', async () => {
    const p = await t.userWithKey()
    const { code } = await approved(p)
    const first = await exchange(p, code)
    expect(first.status).toBe(200)
    expect(first.body.state).toBe('app-41')
    expect(first.body.connection.provider_user_id).toBe(first.body.device_credential.id)
    const again = await exchange(p, code)
    expect(again.status).toBe(422)
    expect(isProblem(again)).toBe(true)
    expect(again.body.errors[0].path).toBe('/code')
  })

  it('is only for the person it was shown to', async () => {
    const a = await t.userWithKey()
    const b = await t.userWithKey()
    const { code } = await approved(a)
    // B names themselves with A's code: unknown for B.
    expect((await exchange(b, code)).status).toBe(422)
    // B's key naming A: refused before the code is looked at.
    const named = await exchange(a, code, b.key)
    expect(named.status).toBe(403)
    // A's code still works for A afterwards.
    expect((await exchange(a, code)).status).toBe(200)
  })

  it('expires 10 minutes after approval', async () => {
    const p = await t.userWithKey()
    const { code } = await approved(p)
    clock.advance(10 * 60 * 1000 + 1000)
    expect((await exchange(p, code)).status).toBe(422)
  })

  it('limits wrong guesses to 10 per 10 minutes for a person', async () => {
    const p = await t.userWithKey()
    const { code } = await approved(p)
    for (let i = 0; i < 10; i++) expect((await exchange(p, 'AAAAA-AAAAA')).status).toBe(422)
    const limited = await exchange(p, code)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).not.toBeNull()
  })

  it('can only be approved by the person who started, once', async () => {
    const a = await t.userWithKey()
    const b = await t.userWithKey()
    const started = await t.call('POST', '/connections/wearables/start', {
      token: a.key,
      body: { user_id: a.userId, source_provider: 'health_connect' },
    })
    await expect(pendingApproval(t.context, scopeOf(b), started.body.state)).rejects.toThrow(
      'not one you started',
    )
    await expect(approveHealthConnect(t.context, scopeOf(b), started.body.state)).rejects.toThrow()
    await approveHealthConnect(t.context, scopeOf(a), started.body.state)
    await expect(approveHealthConnect(t.context, scopeOf(a), started.body.state)).rejects.toThrow(
      'already approved',
    )
    await expect(pendingApproval(t.context, scopeOf(a), 'forged.state')).rejects.toThrow()
  })

  it('pairing again replaces the device: the earlier credential stops working', async () => {
    const p = await t.userWithKey()
    const first = await pairHealthConnect(t, p)
    const second = await pairHealthConnect(t, p)
    expect(second.callback.replaced).toBe(true)
    const batch = {
      source: 'health_connect',
      records: [
        {
          id: 'r1',
          type: 'StepsRecord',
          start: '2026-03-01T08:00:00Z',
          end: '2026-03-01T08:05:00Z',
          value: 5,
        },
      ],
    }
    const old = await t.call('POST', '/connections/wearables/records', { token: first.token, body: batch })
    expect(old.status).toBe(401)
    const current = await t.call('POST', '/connections/wearables/records', {
      token: second.token,
      body: batch,
    })
    expect(current.status).toBe(200)
    const list = await t.call('GET', '/connections/wearables', { token: p.key })
    expect(list.body.data).toHaveLength(1)
    // Disconnecting over the API ends it too.
    const gone = await t.call('POST', '/connections/wearables/health_connect/disconnect', { token: p.key })
    expect(gone.status).toBe(200)
    const after = await t.call('POST', '/connections/wearables/records', { token: second.token, body: batch })
    expect(after.status).toBe(401)
  })
})

describe('the WHOOP and Oura callback behind the now-public route', () => {
  it('needs a bearer token (401) with the wearables grant (403)', async () => {
    const p = await t.signIn()
    const body = {
      user_id: p.userId,
      organization_id: p.organizationId,
      source_provider: 'whoop',
      code: 'abc',
    }
    const anonymous = await t.call('POST', '/connections/wearables/callback', { body })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer')
    const session = await t.call('POST', '/connections/wearables/callback', { token: p.session, body })
    expect(session.status).toBe(403)
    // A device credential, naming its own person: still not allowed to connect OAuth providers.
    const q = await t.userWithKey()
    const device = await pairHealthConnect(t, q)
    const asDevice = await t.call('POST', '/connections/wearables/callback', {
      token: device.token,
      body: { ...body, user_id: q.userId, organization_id: q.organizationId, source_provider: 'oura' },
    })
    expect(asDevice.status).toBe(403)
    expect(asDevice.body.detail).toContain('"wearables" grant')
  })
})
