// Trends across three uploads in different unit systems and layouts: one canonical unit, points citing
// their sources, noise-aware direction that knows which way is better, counts that match the markers,
// and nobody else's data.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { judgeDirection } from '../../../modules/trends/direction'
import { type TestApp, testApp } from '../../support/app'
import { fixtureText, importer, type Person } from '../imports/support'

let t: TestApp
let imports: ReturnType<typeof importer>
let p: Person
const sources: string[] = []

const US_CSV = `Test,Result,Units,Date
LDL Cholesterol,160,mg/dL,2025-09-01
Hemoglobin A1c,5.9,%,2025-09-01
HDL Cholesterol,45,mg/dL,2025-09-01
Vitamin D 25-OH,18,ng/mL,2025-09-01
TSH,2.0,uIU/mL,2025-09-01
Glucose,88,mg/dL,2025-09-01
`
const SI_TSV = `Analyte\tValue\tUnit\tCollected
LDL cholesterol\t3.6\tmmol/L\t15.01.2026
HbA1c\t39\tmmol/mol\t15.01.2026
HDL cholesterol\t1.2\tmmol/L\t15.01.2026
25-OH vitamin D\t60\tnmol/L\t15.01.2026
TSH\t2.05\tmIU/L\t15.01.2026
Glucose\t5.83\tmmol/L\t15.01.2026
`
const PASTED = `Collected: 2026-05-01
LDL 2.9 mmol/L
HbA1c 5.5%
HDL 47 mg/dL
Vitamin D 32 ng/mL
Ferritin 80 ng/mL
Glucose 112 mg/dL
`

beforeAll(async () => {
  t = await testApp()
  imports = importer(t)
  p = await t.userWithKey()
  for (const text of [US_CSV, SI_TSV, PASTED]) {
    const r = await imports.upload(p, { text })
    if (r.status !== 201) throw new Error(r.text)
    sources.push(r.body.source_id)
  }
  t.clock.set(new Date('2026-06-01T12:00:00.000Z'))
})
afterAll(() => t.cleanup())

const trends = (body: Record<string, unknown>, who: Person = p, userId = who.userId) =>
  t.call('POST', `/users/${userId}/trends`, { token: who.key, body })
const markerOf = (body: any, code: string) => body.markers.find((m: any) => m.marker === code)

describe('POST /users/{user_id}/trends', () => {
  it('computes every marker across three uploads in mixed units, with counts matching the markers', async () => {
    const r = await trends({})
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      user_id: p.userId,
      organization_id: p.organizationId,
      generated_at: '2026-06-01T12:00:00.000Z',
      window_days: 365,
      marker_count: 7,
      improving: 3,
      worsening: 1,
      stable: 2,
      insufficient_data: 1,
      without_data: [],
    })
    const directions = Object.fromEntries(r.body.markers.map((m: any) => [m.marker, m.direction]))
    expect(directions).toEqual({
      ferritin: 'insufficient_data',
      glucose: 'worsening',
      hba1c: 'improving',
      hdl_cholesterol: 'stable',
      ldl_cholesterol: 'improving',
      tsh: 'stable',
      vitamin_d_25oh: 'improving',
    })
    for (const d of ['improving', 'worsening', 'stable', 'insufficient_data']) {
      expect(r.body[d]).toBe(r.body.markers.filter((m: any) => m.direction === d).length)
    }
  })

  it('puts every point in the canonical unit and cites the upload it came from', async () => {
    const r = await trends({ markers: ['LDL-C'] })
    const ldl = markerOf(r.body, 'ldl_cholesterol')
    expect(ldl).toMatchObject({
      name: 'LDL cholesterol',
      unit: 'mg/dL',
      first: 160,
      kind: 'biomarker',
      better: 'lower',
    })
    expect(
      ldl.points.map((pt: any) => [Math.round(pt.value * 10) / 10, pt.observed_at, pt.source_id]),
    ).toEqual([
      [160, '2025-09-01T00:00:00.000Z', sources[0]],
      [139.2, '2026-01-15T00:00:00.000Z', sources[1]],
      [112.1, '2026-05-01T00:00:00.000Z', sources[2]],
    ])
    expect(ldl.latest).toBeCloseTo(112.13, 1)
    expect(ldl.delta).toBeCloseTo(-47.87, 1)
    expect(ldl.delta_percent).toBeCloseTo(-29.9, 1)
    expect(ldl).toMatchObject({
      status: 'in_range',
      optimal: false,
      reference_range: { high: 130, high_exclusive: true },
      noise_percent: 10,
    })
    expect(ldl.citation).toContain('Adult Treatment Panel III')
  })

  it('reads a change within measurement noise as stable, and a move out of range as worsening', async () => {
    const r = await trends({ markers: ['hdl_cholesterol', 'tsh', 'glucose'] })
    expect(markerOf(r.body, 'hdl_cholesterol')).toMatchObject({ direction: 'stable', noise_percent: 8 })
    expect(markerOf(r.body, 'tsh').points).toHaveLength(2)
    expect(markerOf(r.body, 'glucose')).toMatchObject({ direction: 'worsening', status: 'high', latest: 112 })
    expect(r.body.markers.map((m: any) => m.marker)).toEqual(['hdl_cholesterol', 'tsh', 'glucose'])
  })

  it('counts a result uploaded twice once', async () => {
    const again = await imports.upload(p, { text: SI_TSV })
    const r = await trends({ markers: ['ldl_cholesterol'] })
    const ldl = markerOf(r.body, 'ldl_cholesterol')
    expect(ldl.points).toHaveLength(3)
    expect(ldl.points[1].source_id).toBe(again.body.source_id)
  })

  it('limits points to the window and lists requested markers without data', async () => {
    const r = await trends({ markers: ['ldl_cholesterol', 'apob', 'ferritin'], window_days: 200 })
    expect(r.body.window_days).toBe(200)
    expect(markerOf(r.body, 'ldl_cholesterol').points).toHaveLength(2)
    expect(r.body.without_data).toEqual(['apolipoprotein_b'])
    expect(r.body.marker_count).toBe(2)
  })

  it('trends a wearable metric over its deduplicated daily values', async () => {
    const q = await t.userWithKey()
    await imports.upload(q, { text: fixtureText('apple-health-export.xml') })
    t.clock.set(new Date('2026-03-05T00:00:00.000Z'))
    const r = await trends({ markers: ['steps', 'resting_heart_rate'], window_days: 30 }, q)
    t.clock.set(new Date('2026-06-01T12:00:00.000Z'))
    expect(r.status).toBe(200)
    const steps = markerOf(r.body, 'steps')
    expect(steps).toMatchObject({
      kind: 'wearable',
      unit: '{steps}',
      first: 3800,
      latest: 800,
      direction: 'worsening',
      status: 'unknown',
    })
    expect(markerOf(r.body, 'resting_heart_rate')).toMatchObject({
      first: 58,
      latest: 56,
      direction: 'stable',
    })
  })

  it('refuses unknown markers and out-of-range windows with 422 naming the field', async () => {
    const unknown = await trends({ markers: ['ldl_cholesterol', 'unobtainium'] })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual([
      {
        in: 'body',
        path: '/markers/1',
        message: '"unobtainium" is not a biomarker or wearable metric this service knows.',
      },
    ])
    expect((await trends({ window_days: 0 })).status).toBe(422)
    expect((await trends({ window_days: 4000 })).status).toBe(422)
    expect((await trends({ markers: 'ldl' })).status).toBe(422)
  })

  it('answers 401 without a token, 403 for another user or workspace, and never shows another user’s data', async () => {
    const other = await t.userWithKey()
    expect((await t.call('POST', `/users/${p.userId}/trends`, { body: {} })).status).toBe(401)
    const theirs = await trends({}, other, p.userId)
    expect(theirs.status).toBe(403)
    expect(JSON.stringify(theirs.body)).not.toContain('ldl')
    expect((await trends({ organization_id: p.organizationId }, other)).status).toBe(403)
    const own = await trends({}, other)
    expect(own.body).toMatchObject({ marker_count: 0, markers: [], improving: 0, worsening: 0, stable: 0 })
  })
})

describe('judgeDirection', () => {
  const pts = (...values: number[]) => values.map((value, i) => ({ value, t: i * 86_400_000 }))
  it('knows which way is better', () => {
    expect(judgeDirection(pts(100, 80), 'lower', 10, null).direction).toBe('improving')
    expect(judgeDirection(pts(100, 80), 'higher', 10, null).direction).toBe('worsening')
    expect(judgeDirection(pts(100, 95), 'lower', 10, null).direction).toBe('stable')
  })

  it('judges in-range markers by the distance to the range', () => {
    expect(judgeDirection(pts(60, 80), 'in_range', 5, { low: 70, high: 99 }).direction).toBe('improving')
    expect(judgeDirection(pts(75, 95), 'in_range', 5, { low: 70, high: 99 }).direction).toBe('stable')
    expect(judgeDirection(pts(95, 130), 'in_range', 5, { low: 70, high: 99 }).direction).toBe('worsening')
  })

  it('reads the change from a fitted line, so one odd middle result does not flip it', () => {
    expect(judgeDirection(pts(100, 160, 100), 'lower', 10, null).direction).toBe('stable')
    expect(judgeDirection(pts(5), 'lower', 10, null)).toEqual({
      direction: 'insufficient_data',
      change_percent: null,
    })
  })
})
