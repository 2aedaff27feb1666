// Health goals: created with an optional marker target, listed with progress from the latest value,
// deleted with POST /goals/{id}/delete (no body), and never visible to another user.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

describe('goals', () => {
  it('creates a marker goal and reports progress from the latest value, citing it', async () => {
    const p = await t.userWithKey()
    const source = await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
      {
        modality: 'biomarkers',
        code: 'ldl_cholesterol',
        original_name: 'LDL-C',
        value: 142,
        unit: 'mg/dL',
        observed_at: '2026-01-05T08:00:00.000Z',
      },
    ])
    const created = await t.call('POST', '/goals', {
      token: p.key,
      body: {
        title: 'LDL under 130',
        marker: 'ldl_cholesterol',
        direction: 'below',
        target_value: 130,
        unit: 'mg/dL',
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.id).toMatch(/^goal_[0-9a-z]{26}$/)
    expect(created.body).toMatchObject({
      title: 'LDL under 130',
      status: 'active',
      user_id: p.userId,
      progress: { latest_value: 142, unit: 'mg/dL', source_id: source.id, met: false },
    })
    const list = await t.call('GET', '/goals', { token: p.key })
    expect(list.status).toBe(200)
    expect(list.body.data.map((g: any) => g.id)).toEqual([created.body.id])
    expect(list.body.next_cursor).toBeNull()
  })

  it('compares a target set in SI units with the catalog conversion, against the latest result by date', async () => {
    const p = await t.userWithKey()
    const ldl = (value: number, at: string) => ({
      modality: 'biomarkers' as const,
      code: 'ldl_cholesterol',
      original_name: 'LDL-C',
      value,
      unit: 'mg/dL',
      observed_at: at,
    })
    // The newer result (120 mg/dL) was uploaded before an older one (150 mg/dL).
    const newer = await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
      ldl(120, '2026-02-01T08:00:00.000Z'),
    ])
    await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
      ldl(150, '2025-06-01T08:00:00.000Z'),
    ])
    const r = await t.call('POST', '/goals', {
      token: p.key,
      // 3.4 mmol/L is 131.5 mg/dL.
      body: {
        title: 'LDL under 3.4 mmol/L',
        marker: 'ldl_cholesterol',
        direction: 'below',
        target_value: 3.4,
        unit: 'mmol/L',
      },
    })
    expect(r.body.progress).toMatchObject({ latest_value: 120, source_id: newer.id, met: true })
  })

  it('accepts a goal without a target and leaves its progress empty', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/goals', { token: p.key, body: { title: 'Sleep more regularly' } })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ marker: null, target_value: null, progress: null })
  })

  it('refuses a target without a marker or direction, naming the fields', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/goals', { token: p.key, body: { title: 'x', target_value: 5 } })
    expect(r.status).toBe(422)
    expect(r.body.errors.map((e: any) => e.path).sort()).toEqual(['/direction', '/marker'])
    const empty = await t.call('POST', '/goals', { token: p.key, body: {} })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.some((e: any) => e.path === '/title')).toBe(true)
  })

  it('deletes a goal with no body; the goal is gone from the list and a second delete is 404', async () => {
    const p = await t.userWithKey()
    const goal = (await t.call('POST', '/goals', { token: p.key, body: { title: 'Walk daily' } })).body
    t.clock.advance(1000)
    const deleted = await t.call('POST', `/goals/${goal.id}/delete`, { token: p.key })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ id: goal.id, deleted: true, deleted_at: t.clock.now().toISOString() })
    expect((await t.call('GET', '/goals', { token: p.key })).body.data).toEqual([])
    const again = await t.call('POST', `/goals/${goal.id}/delete`, { token: p.key })
    expect(again.status).toBe(404)
  })

  it('never shows or deletes another user’s goal, and refuses to create one for another user', async () => {
    const owner = await t.userWithKey()
    const other = await t.userWithKey()
    const goal = (await t.call('POST', '/goals', { token: owner.key, body: { title: 'Mine' } })).body
    const steal = await t.call('POST', `/goals/${goal.id}/delete`, { token: other.key })
    expect(steal.status).toBe(404)
    expect(steal.body.detail).toBe(`Goal ${goal.id} was not found.`)
    expect((await t.call('GET', '/goals', { token: other.key })).body.data).toEqual([])
    expect((await t.call('GET', '/goals', { token: owner.key })).body.data).toHaveLength(1)
    const forOther = await t.call('POST', '/goals', {
      token: other.key,
      body: { title: 'x', user_id: owner.userId },
    })
    expect(forOther.status).toBe(403)
  })

  it('needs a bearer token', async () => {
    expect((await t.call('GET', '/goals')).status).toBe(401)
  })
})
