// Honest ranges: guideline cut-offs are half-open and compared at full precision (SI results converted
// to 99.1 mg/dL glucose or 5.63 % HbA1c are not flagged), the lab's printed interval is preferred where
// the catalog only has a typical laboratory interval, and where the lab's flag and the catalog disagree
// the interpretation says both.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeRange, judge } from '../../../modules/analyses/ranges'
import { biomarkerByCode } from '../../../modules/biomarkers/catalog'
import { type TestApp, testApp } from '../../support/app'

const def = (code: string) => biomarkerByCode(code)
const noLab = { low: null, high: null }
const male = { sex: 'male' as const, age_years: 45 }

describe('guideline cut-offs', () => {
  it('are half-open: the cut-off value itself is outside, anything below it inside, at full precision', () => {
    expect(judge(99.1, def('glucose'), noLab, male).status).toBe('in_range')
    expect(judge(99.99, def('glucose'), noLab, male).status).toBe('in_range')
    expect(judge(100, def('glucose'), noLab, male).status).toBe('high')
    expect(judge(5.63, def('hba1c'), noLab, male).status).toBe('in_range')
    expect(judge(5.7, def('hba1c'), noLab, male).status).toBe('high')
    expect(judge(149.7, def('triglycerides'), noLab, male).status).toBe('in_range')
    expect(judge(150, def('triglycerides'), noLab, male).status).toBe('high')
    expect(judge(129.9, def('ldl_cholesterol'), noLab, male).status).toBe('in_range')
    expect(judge(130, def('ldl_cholesterol'), noLab, male).status).toBe('high')
    expect(judge(39.8, def('hdl_cholesterol'), noLab, male).status).toBe('in_range')
    expect(judge(39.5, def('hdl_cholesterol'), noLab, male).status).toBe('low')
  })

  it('are written as people read them', () => {
    const glucose = judge(99.1, def('glucose'), noLab, male)
    expect(glucose.reference).toEqual({ low: 70, high: 100, high_exclusive: true })
    expect(describeRange(glucose.reference!, 'mg/dL')).toBe('70 to below 100 mg/dL')
    expect(describeRange(judge(5, def('hba1c'), noLab, male).reference!, '%')).toBe('< 5.7 %')
  })
})

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let analysis: any
const interpretation = (code: string) => analysis.interpretations.find((i: any) => i.code === code)

beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  const text = readFileSync(
    join(import.meta.dir, '../../fixtures/interpretation/labs-si-cutoffs.tsv'),
    'utf8',
  )
  const imported = await t.call('POST', '/imports/file', { token: p.key, body: { filename: 'si.tsv', text } })
  expect(imported.status).toBe(201)
  analysis = (
    await t.call('POST', '/analyses', { token: p.key, body: { profile: { sex: 'female', age_years: 45 } } })
  ).body
})
afterAll(() => t.cleanup())

describe('an SI lab report', () => {
  it('keeps results just inside the guideline cut-offs in range after conversion', () => {
    for (const code of ['glucose', 'hba1c', 'triglycerides'])
      expect(interpretation(code).status).toBe('in_range')
    expect(interpretation('glucose').statement).toContain(
      '99.1 mg/dL on 2026-03-15 is inside the reference range (70 to below 100 mg/dL)',
    )
  })

  it('prefers the lab’s printed interval over a typical laboratory interval, and says so', () => {
    const ferritin = interpretation('ferritin')
    // The catalog's typical interval for women ends at 150; the lab's own interval is 30-400.
    expect(ferritin.status).toBe('in_range')
    expect(ferritin.statement).toContain('as printed by the lab')
    expect(ferritin.references.map((r: any) => r.id)).toContain(`lab_range:${analysis.input.source_ids[0]}`)
    // WHO's overload threshold for women is context, not the reference range.
    expect(ferritin.statement).toContain('Above 150 µg/L in women, WHO 2020 suggests a risk of iron overload')
  })

  it('says both when the lab’s flag and the catalog disagree', () => {
    const item = analysis.observations.find((o: any) => o.code === 'ldl_cholesterol')
    expect(item).toMatchObject({
      status: 'in_range',
      lab_flag: 'high',
      reference_range: { high: 130, high_exclusive: true },
    })
    expect(item.lab_reference_range.high).toBeCloseTo(100.5, 1)
    const ldl = interpretation('ldl_cholesterol')
    expect(ldl.status).toBe('in_range')
    expect(ldl.statement).toContain('The lab flagged it high, while the catalog range puts it in range')
  })
})
