// Idempotency-Key on key-authenticated POSTs: the same key with the same request replays the stored
// response (one write); the same key with another body is a 422; keys are per user.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { IDEMPOTENCY_RETENTION_MS } from '../../../modules/payments/fulfilment'
import type { ManualClock } from '../../../modules/shared/clock'
import { testApp } from '../../support/app'

let t: Awaited<ReturnType<typeof testApp>>
beforeAll(async () => {
  t = await testApp()
})
afterAll(async () => {
  await t.close()
})

const goal = {
  title: 'LDL under 130',
  marker: 'ldl_cholesterol',
  direction: 'below',
  target_value: 130,
  unit: 'mg/dL',
}

describe('Idempotency-Key on authenticated POSTs', () => {
  it('replays the stored response for the same key and body, and writes once', async () => {
    const user = await t.userWithKey()
    const headers = { 'idempotency-key': 'goal-2026-05-01' }
    const first = await t.call('POST', '/goals', { token: user.key, body: goal, headers })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await t.call('POST', '/goals', { token: user.key, body: goal, headers })
    expect(again.status).toBe(201)
    expect(again.text).toBe(first.text)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const list = await t.call('GET', '/goals', { token: user.key })
    expect(list.body.data).toHaveLength(1)
  })

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const user = await t.userWithKey()
    const headers = { 'idempotency-key': 'k-1' }
    expect((await t.call('POST', '/goals', { token: user.key, body: goal, headers })).status).toBe(201)
    const other = await t.call('POST', '/goals', {
      token: user.key,
      body: { ...goal, target_value: 120 },
      headers,
    })
    expect(other.status).toBe(422)
    expect(other.headers.get('content-type')).toContain('application/problem+json')
    expect(other.body.detail).toContain('already used for a different request')
    expect((await t.call('GET', '/goals', { token: user.key })).body.data).toHaveLength(1)
  })

  it('keeps keys per user: another user with the same key gets a write of their own', async () => {
    const a = await t.userWithKey()
    const b = await t.userWithKey()
    const headers = { 'idempotency-key': 'shared-key' }
    const first = await t.call('POST', '/goals', { token: a.key, body: goal, headers })
    const second = await t.call('POST', '/goals', { token: b.key, body: goal, headers })
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(first.body.id)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
  })

  it('writes twice without a key, and refuses a malformed key', async () => {
    const user = await t.userWithKey()
    await t.call('POST', '/goals', { token: user.key, body: goal })
    await t.call('POST', '/goals', { token: user.key, body: goal })
    expect((await t.call('GET', '/goals', { token: user.key })).body.data).toHaveLength(2)
    const bad = await t.call('POST', '/goals', {
      token: user.key,
      body: goal,
      headers: { 'idempotency-key': 'x'.repeat(256) },
    })
    expect(bad.status).toBe(422)
    expect((await t.call('GET', '/goals', { token: user.key })).body.data).toHaveLength(2)
  })

  it('forgets a stored response after the retention week: the key then makes a new write', async () => {
    const user = await t.userWithKey()
    const headers = { 'idempotency-key': 'weekly-goal' }
    const first = await t.call('POST', '/goals', { token: user.key, body: goal, headers })
    ;(t.clock as ManualClock).advance(IDEMPOTENCY_RETENTION_MS + 2 * 3600 * 1000)
    // Another caller's write prunes old rows (pruning runs as rows are written).
    const other = await t.userWithKey()
    await t.call('POST', '/goals', { token: other.key, body: goal, headers: { 'idempotency-key': 'other' } })
    const later = await t.call('POST', '/goals', { token: user.key, body: goal, headers })
    expect(later.status).toBe(201)
    expect(later.body.id).not.toBe(first.body.id)
    expect(later.headers.get('idempotent-replayed')).toBeNull()
  })

  it('does not store a failed request: a retry after a 4xx runs again', async () => {
    const user = await t.userWithKey()
    const headers = { 'idempotency-key': 'retry-after-404' }
    const missing = await t.call('POST', '/analyses/an_01kt1gw6g02sc0xx7jcac0y8ww/action-plan', {
      token: user.key,
      body: {},
      headers,
    })
    expect(missing.status).toBe(404)
    const again = await t.call('POST', '/analyses/an_01kt1gw6g02sc0xx7jcac0y8ww/action-plan', {
      token: user.key,
      body: {},
      headers,
    })
    expect(again.status).toBe(404)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
  })
})
