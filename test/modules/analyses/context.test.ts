// The health context (compact, bounded, every value naming its source) and retest reminders (cadence by
// status from the catalog, next due dates, overdue flags), for the caller only.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { buildHealthContext } from '../../../modules/analyses'
import { HEALTH_CONTEXT_LIMIT_BYTES } from '../../../modules/analyses/health-context'
import { type TestApp, testApp } from '../../support/app'
import { scopeOf, seedGenetics, seedLabs, seedWearables } from './seed'

let t: TestApp
let owner: Awaited<ReturnType<TestApp['userWithKey']>>
let other: Awaited<ReturnType<TestApp['userWithKey']>>
let labs: Awaited<ReturnType<typeof seedLabs>>

beforeAll(async () => {
  t = await testApp()
  owner = await t.userWithKey()
  other = await t.userWithKey()
  labs = await seedLabs(t, scopeOf(owner))
  await seedWearables(t, scopeOf(owner))
  await seedGenetics(t, scopeOf(owner))
  await t.call('POST', '/goals', {
    token: owner.key,
    body: {
      title: 'LDL under 130',
      marker: 'ldl_cholesterol',
      direction: 'below',
      target_value: 130,
      unit: 'mg/dL',
    },
  })
})
afterAll(() => t.cleanup())

describe('POST /users/{user_id}/health-context', () => {
  it('summarises latest values, flags, genotype, goals and freshness within the size bound', async () => {
    const r = await t.call('POST', `/users/${owner.userId}/health-context`, { token: owner.key, body: {} })
    expect(r.status).toBe(200)
    expect(r.body.latest[0]).toMatchObject({
      code: 'ldl_cholesterol',
      status: 'high',
      value: 162,
      source_id: labs.second.id,
    })
    // The most severe flags first, so the size bound trims the mildest.
    expect(r.body.flags.map((f: any) => f.code)).toEqual(['resting_heart_rate', 'steps', 'ldl_cholesterol'])
    expect(r.body.genotype_highlights[0]).toMatchObject({ gene: 'APOE', genotype: 'e3/e4' })
    expect(r.body.active_goals[0]).toMatchObject({
      title: 'LDL under 130',
      target: 'below 130 mg/dL',
      met: false,
    })
    const byModality = Object.fromEntries(r.body.freshness.map((f: any) => [f.modality, f]))
    expect(byModality.wearables).toMatchObject({
      sources: 1,
      latest_at: '2026-01-10T00:00:00.000Z',
      days_since: 5,
      stale: false,
    })
    expect(byModality.biomarkers).toMatchObject({ sources: 2, stale: false })
    expect(byModality.behavioral).toMatchObject({ sources: 0, latest_at: null, stale: false })
    expect(r.body.text).toContain(`LDL cholesterol: 162 mg/dL (high, 2026-01-05, ${labs.second.id})`)
    expect(r.body.size.bytes).toBe(
      Buffer.byteLength(JSON.stringify({ ...r.body, size: { bytes: 0, limit: HEALTH_CONTEXT_LIMIT_BYTES } })),
    )
    expect(r.body.size.bytes).toBeLessThanOrEqual(HEALTH_CONTEXT_LIMIT_BYTES)
    expect(r.text.length).toBeLessThanOrEqual(HEALTH_CONTEXT_LIMIT_BYTES)
  })

  it('is the same object the exported buildHealthContext gives the MCP server', async () => {
    const r = await t.call('POST', `/users/${owner.userId}/health-context`, { token: owner.key, body: {} })
    expect(await buildHealthContext(t.context, scopeOf(owner))).toEqual(r.body)
    const few = await buildHealthContext(t.context, scopeOf(owner), { maxMarkers: 1 })
    expect(few.latest).toHaveLength(1)
  })

  it('marks wearable data stale once it is more than a week old', async () => {
    t.clock.advance(10 * 86_400_000)
    const r = await t.call('POST', `/users/${owner.userId}/health-context`, { token: owner.key, body: {} })
    expect(r.body.freshness.find((f: any) => f.modality === 'wearables')).toMatchObject({
      days_since: 15,
      stale: true,
    })
    t.clock.advance(-10 * 86_400_000)
  })

  it('is empty for a user with no data, and refuses another user’s id with 403', async () => {
    const mine = await t.call('POST', `/users/${other.userId}/health-context`, { token: other.key, body: {} })
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ latest: [], flags: [], genotype_highlights: [], active_goals: [] })
    const theirs = await t.call('POST', `/users/${owner.userId}/health-context`, {
      token: other.key,
      body: {},
    })
    expect(theirs.status).toBe(403)
    expect(theirs.text).not.toContain('ldl')
  })
})

describe('GET /users/{user_id}/retest-reminders', () => {
  it('gives each marker its cadence by status and each synced modality a check-in, with due dates', async () => {
    const r = await t.call('GET', `/users/${owner.userId}/retest-reminders`, { token: owner.key })
    expect(r.status).toBe(200)
    const byCode = Object.fromEntries(r.body.reminders.map((x: any) => [x.code, x]))
    expect(byCode.ldl_cholesterol).toMatchObject({
      kind: 'marker',
      status: 'high',
      cadence_days: 90,
      next_due_on: '2026-04-05',
      overdue: false,
      source_id: labs.second.id,
    })
    expect(byCode.ldl_cholesterol.reference.id).toBe('catalog:ldl_cholesterol')
    expect(byCode.glucose).toMatchObject({ status: 'in_range', overdue: false })
    expect(byCode.glucose.cadence_days).toBeGreaterThan(90)
    expect(byCode.wearables_sync).toMatchObject({
      kind: 'modality',
      cadence_days: 7,
      next_due_on: '2026-01-17',
      overdue: false,
    })
    const dates = r.body.reminders.map((x: any) => x.next_due_on)
    expect([...dates].sort()).toEqual(dates)
  })

  it('flags overdue reminders as time passes', async () => {
    t.clock.advance(100 * 86_400_000)
    const r = await t.call('GET', `/users/${owner.userId}/retest-reminders`, { token: owner.key })
    const ldl = r.body.reminders.find((x: any) => x.code === 'ldl_cholesterol')
    expect(ldl).toMatchObject({ overdue: true, days_overdue: 20 })
    expect(r.body.overdue).toBe(2)
    t.clock.advance(-100 * 86_400_000)
  })

  it('refuses another user’s id with 403 and gives an empty list to a user with no data', async () => {
    expect(
      (await t.call('GET', `/users/${owner.userId}/retest-reminders`, { token: other.key })).status,
    ).toBe(403)
    const mine = await t.call('GET', `/users/${other.userId}/retest-reminders`, { token: other.key })
    expect(mine.body).toMatchObject({ reminders: [], overdue: 0 })
  })
})
