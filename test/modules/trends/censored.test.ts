// Censored results in trends: "hs-CRP <0.3" is a bound. It is shown with its comparator, and a change
// from it is not a measured change: "<0.3 → 1.1" is not "+267 %".

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { importer, type Person } from '../imports/support'

let t: TestApp
let p: Person
beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  const imports = importer(t)
  const r = await imports.upload(p, {
    text: 'Test,Result,Units,Date\nhs-CRP,<0.3,mg/L,2026-01-10\nhs-CRP,1.1,mg/L,2026-04-10\nFerritin,40,ng/mL,2026-01-10\nFerritin,>2000,ng/mL,2026-03-01\nFerritin,60,ng/mL,2026-04-10\n',
  })
  if (r.status !== 201) throw new Error(JSON.stringify(r.body))
  t.clock.set(new Date('2026-06-01T12:00:00.000Z'))
})
afterAll(() => t.cleanup())

const trendOf = async (code: string) => {
  const r = await t.call('POST', `/users/${p.userId}/trends`, { token: p.key, body: {} })
  expect(r.status).toBe(200)
  return r.body.markers.find((m: any) => m.marker === code)
}

describe('censored results in trends', () => {
  it('shows a censored point with its comparator and reports no change from it', async () => {
    const crp = await trendOf('hs_crp')
    expect(crp.points.map((x: any) => [x.value, x.comparator ?? null])).toEqual([
      [0.3, '<'],
      [1.1, null],
    ])
    expect(crp).toMatchObject({
      first: 0.3,
      first_comparator: '<',
      latest: 1.1,
      direction: 'insufficient_data',
      delta: 0,
      delta_percent: null,
    })
  })

  it('leaves a censored point out of the delta between exact results', async () => {
    const ferritin = await trendOf('ferritin')
    expect(ferritin.points).toHaveLength(3)
    expect(ferritin.points[1]).toMatchObject({ value: 2000, comparator: '>' })
    expect(ferritin).toMatchObject({ first: 40, latest: 60, delta: 20, delta_percent: 50 })
    expect(ferritin.latest_comparator).toBeUndefined()
  })
})
