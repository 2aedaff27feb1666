// Derived markers with their cited formulas: computed from results of the same draw, judged like any
// other marker, citing the records they rest on; a marker the lab reported is never recomputed, and
// eGFR by CKD-EPI 2021 needs the profile's sex and age.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { ckdEpi2021 } from '../../../modules/biomarkers/derived'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { type TestApp, testApp } from '../../support/app'
import { scopeOf } from './seed'

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let analysis: any
let sourceId: string
const item = (code: string) => analysis.observations.find((o: any) => o.code === code)
const interpretation = (code: string) => analysis.interpretations.find((i: any) => i.code === code)

const lab = (code: string, value: number, unit: string): NewObservationInput => ({
  modality: 'biomarkers',
  code,
  original_name: code,
  value,
  unit,
  observed_at: '2026-02-02T08:00:00.000Z',
})

beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  sourceId = (
    await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
      lab('total_cholesterol', 220, 'mg/dL'),
      lab('hdl_cholesterol', 45, 'mg/dL'),
      lab('ldl_cholesterol', 140, 'mg/dL'),
      lab('triglycerides', 180, 'mg/dL'),
      lab('glucose', 100, 'mg/dL'),
      lab('insulin', 12, 'u[IU]/mL'),
      lab('creatinine', 1.0, 'mg/dL'),
      lab('apolipoprotein_b', 110, 'mg/dL'),
      lab('apolipoprotein_a1', 140, 'mg/dL'),
      lab('neutrophils_absolute', 4.2, '10*3/uL'),
      lab('lymphocytes_absolute', 2.1, '10*3/uL'),
    ])
  ).id
  await t.call('PUT', `/users/${p.userId}/profile`, {
    token: p.key,
    body: { sex: 'male', birth_date: '1975-06-01' },
  })
  t.clock.set('2026-03-01T00:00:00.000Z')
  analysis = (await t.call('POST', '/analyses', { token: p.key, body: {} })).body
})
afterAll(() => t.cleanup())

describe('derived markers', () => {
  it('computes each formula from the same draw and judges it like a measured marker', () => {
    expect(item('non_hdl_cholesterol')).toMatchObject({
      value: 175,
      status: 'high',
      formula: 'total cholesterol − HDL cholesterol',
    })
    expect(item('tg_hdl_ratio').value).toBe(4)
    expect(item('remnant_cholesterol').value).toBe(35)
    expect(item('apob_apoa1_ratio').value).toBeCloseTo(0.786, 3)
    expect(item('homa_ir').value).toBeCloseTo(2.963, 3)
    expect(item('nlr').value).toBe(2)
    // CKD-EPI 2021, man of 50 with creatinine 1.0 mg/dL: 92 mL/min/1.73 m² (published calculators agree).
    expect(item('egfr').value).toBeCloseTo(91.7, 1)
    expect(Math.round(ckdEpi2021(0.8, 'female', 60))).toBe(84)
  })

  it('cites the input records and the formula’s source, and says how it was computed', () => {
    const nonHdl = interpretation('non_hdl_cholesterol')
    expect(nonHdl.statement).toContain('Computed as total cholesterol − HDL cholesterol.')
    expect(nonHdl.sources).toHaveLength(1)
    expect(nonHdl.sources[0].source_id).toBe(sourceId)
    expect(nonHdl.sources[0].observation_ids).toHaveLength(2)
    for (const id of nonHdl.sources[0].observation_ids) expect(id).toMatch(/^obs_/)
    expect(interpretation('egfr').references.map((r: any) => r.id)).toContain('pmid:34554658')
    expect(interpretation('homa_ir').references.map((r: any) => r.id)).toContain('pmid:3899825')
  })

  it('never recomputes a marker the lab reported, and leaves eGFR out without sex and age', async () => {
    const q = await t.userWithKey()
    await createSource(t.context, scopeOf(q), { modality: 'biomarkers', format: 'lab_csv' }, [
      lab('total_cholesterol', 200, 'mg/dL'),
      lab('hdl_cholesterol', 50, 'mg/dL'),
      lab('non_hdl_cholesterol', 151, 'mg/dL'),
      lab('creatinine', 1.0, 'mg/dL'),
      lab('urine_albumin_creatinine_ratio', 45, 'mg/g'),
    ])
    const a = (await t.call('POST', '/analyses', { token: q.key, body: {} })).body
    const nonHdl = a.observations.find((o: any) => o.code === 'non_hdl_cholesterol')
    expect(nonHdl.value).toBe(151)
    expect(nonHdl.formula).toBeUndefined()
    expect(a.observations.some((o: any) => o.code === 'egfr')).toBe(false)
    // The urine albumin/creatinine ratio is placed in its KDIGO category.
    const uacr = a.interpretations.find((i: any) => i.code === 'urine_albumin_creatinine_ratio')
    expect(uacr.statement).toContain('It is KDIGO albuminuria category A2 (moderately increased).')
  })
})
