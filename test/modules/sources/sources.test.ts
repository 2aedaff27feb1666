// Sources are stored under (organization_id, user_id): listed newest first with filters and cursors,
// read by id, and never visible to another user.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource, listObservations } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

async function labSource(p: { userId: string; organizationId: string }, value: number) {
  return createSource(
    t.context,
    scopeOf(p),
    { modality: 'biomarkers', format: 'lab_csv', filename: 'panel.csv' },
    [
      {
        modality: 'biomarkers',
        code: 'ldl_cholesterol',
        original_name: 'LDL-C',
        value,
        unit: 'mg/dL',
        observed_at: '2026-01-10T08:00:00.000Z',
        source_ref: 'line 2',
      },
    ],
  )
}

describe('sources', () => {
  it('lists the caller’s sources newest first, with a time range from the observations', async () => {
    const p = await t.userWithKey()
    const a = await labSource(p, 130)
    t.clock.advance(1000)
    const b = await createSource(
      t.context,
      scopeOf(p),
      { modality: 'wearables', format: 'oura_json', provider: 'oura' },
      [
        {
          modality: 'wearables',
          code: 'steps',
          original_name: 'steps',
          value: 9000,
          unit: '{steps}',
          observed_at: '2026-01-01T00:00:00.000Z',
          observed_end: '2026-01-02T00:00:00.000Z',
        },
        {
          modality: 'wearables',
          code: 'steps',
          original_name: 'steps',
          value: 7000,
          unit: '{steps}',
          observed_at: '2026-01-02T00:00:00.000Z',
          observed_end: '2026-01-03T00:00:00.000Z',
        },
      ],
    )
    const r = await t.call('GET', '/sources', { token: p.key })
    expect(r.status).toBe(200)
    expect(r.body.data.map((s: any) => s.id)).toEqual([b.id, a.id])
    expect(r.body.data[0]).toMatchObject({
      source_id: b.id,
      modality: 'wearables',
      provider: 'oura',
      record_count: 2,
      time_range: { start: '2026-01-01T00:00:00.000Z', end: '2026-01-03T00:00:00.000Z' },
    })
    expect(r.body.next_cursor).toBeNull()
  })

  it('filters by modality and pages with a cursor', async () => {
    const p = await t.userWithKey()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await labSource(p, 100 + i)).id)
    const first = await t.call('GET', '/sources?modality=biomarkers&limit=2', { token: p.key })
    expect(first.body.data.map((s: any) => s.id)).toEqual([ids[4], ids[3]])
    const second = await t.call(
      'GET',
      `/sources?modality=biomarkers&limit=2&cursor=${first.body.next_cursor}`,
      { token: p.key },
    )
    expect(second.body.data.map((s: any) => s.id)).toEqual([ids[2], ids[1]])
    const none = await t.call('GET', '/sources?modality=genetics', { token: p.key })
    expect(none.body.data).toEqual([])
  })

  it('refuses a bad modality, limit or cursor with 422', async () => {
    const p = await t.userWithKey()
    expect((await t.call('GET', '/sources?modality=dreams', { token: p.key })).status).toBe(422)
    expect((await t.call('GET', '/sources?limit=0', { token: p.key })).status).toBe(422)
    const cursor = await t.call('GET', '/sources?cursor=garbage', { token: p.key })
    expect(cursor.status).toBe(422)
    expect(cursor.body.errors[0]).toMatchObject({ in: 'query', path: '/cursor' })
  })

  it('reads one source, and answers 404 for another user’s source without revealing it', async () => {
    const owner = await t.userWithKey()
    const other = await t.userWithKey()
    const source = await labSource(owner, 140)
    const mine = await t.call('GET', `/sources/${source.id}`, { token: owner.key })
    expect(mine.status).toBe(200)
    expect(mine.body.id).toBe(source.id)
    const theirs = await t.call('GET', `/sources/${source.id}`, { token: other.key })
    expect(theirs.status).toBe(404)
    expect(theirs.body.detail).toBe(`Source ${source.id} was not found.`)
    expect((await t.call('GET', '/sources', { token: other.key })).body.data).toEqual([])
    expect(await listObservations(t.context, scopeOf(other))).toEqual([])
    expect((await listObservations(t.context, scopeOf(owner))).map((o) => o.value)).toEqual([140])
  })
})
