// The grounded query answers what the data can answer, asked in everyday words (issue 13): "average
// sleep last month", "did my HRV drop this week", "is my blood sugar in prediabetes range", "is my kidney
// function OK", "steps on November 1" (that day, not a weekly average), the APOE genotype it knows; and
// "what is my blood pressure" is refused naming the data that would answer it.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { aggregateOf, intentOf, windowOf } from '../../../modules/analyses/query-intent'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { type TestApp, testApp } from '../../support/app'
import { scopeOf, seedGenetics } from './seed'

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
const ask = async (question: string) =>
  (await t.call('POST', '/query', { token: p.key, body: { question } })).body

beforeAll(async () => {
  t = await testApp()
  t.clock.set('2025-12-10T12:00:00.000Z')
  p = await t.userWithKey()
  const wear: NewObservationInput[] = []
  // 2025-10-01 .. 2025-12-09: sleep 7 h 00 in October, 7 h 30 in November; HRV 60 ms then 35 ms in the
  // last 7 days; steps 8,000 a day except 12,345 on November 1.
  for (let d = 0; d < 70; d++) {
    const day = new Date(Date.UTC(2025, 9, 1 + d))
    const date = day.toISOString().slice(0, 10)
    const at = day.toISOString()
    const add = (code: string, value: number, unit: string) =>
      wear.push({
        modality: 'wearables',
        code,
        original_name: code,
        value,
        unit,
        observed_at: at,
        device: 'apple_watch',
        details: { local_date: date },
      })
    add('sleep_duration', date < '2025-11-01' ? 420 : 450, 'min')
    add('hrv_rmssd', date >= '2025-12-03' ? 35 + (d % 3) : 60 + (d % 5), 'ms')
    add('steps', date === '2025-11-01' ? 12345 : 8000, '{steps}')
  }
  await createSource(t.context, scopeOf(p), { modality: 'wearables', format: 'apple_health_xml' }, wear)
  const lab = (code: string, value: number, unit: string): NewObservationInput => ({
    modality: 'biomarkers',
    code,
    original_name: code,
    value,
    unit,
    observed_at: '2025-11-20T08:00:00.000Z',
  })
  await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
    lab('glucose', 104, 'mg/dL'),
    lab('hba1c', 5.8, '%'),
    lab('egfr', 72, 'mL/min/{1.73_m2}'),
    lab('creatinine', 1.1, 'mg/dL'),
  ])
  await seedGenetics(t, scopeOf(p))
})
afterAll(() => t.cleanup())

describe('reading a question', () => {
  it('finds windows, dates and aggregates in everyday phrasing', () => {
    const now = new Date('2025-12-10T12:00:00Z')
    expect(windowOf('average sleep last month', now)).toMatchObject({ from: '2025-11-01', to: '2025-11-30' })
    expect(windowOf('steps on November 1', now)).toMatchObject({ from: '2025-11-01', to: '2025-11-01' })
    expect(windowOf('steps on 1st of December', now)).toMatchObject({ from: '2025-12-01', to: '2025-12-01' })
    expect(windowOf('did my HRV drop this week', now)).toMatchObject({ from: '2025-12-04', to: '2025-12-10' })
    expect(windowOf('sleep in the last 14 days', now)).toMatchObject({ from: '2025-11-27', to: '2025-12-10' })
    expect(windowOf('steps on December 25', now)).toMatchObject({ from: '2024-12-25' })
    expect(aggregateOf('did my HRV drop this week')).toBe('change')
    expect(aggregateOf('average sleep last month')).toBe('average')
    expect(intentOf('is my kidney function OK', now).aliases.map((a) => a.topic)).toEqual(['kidney_function'])
  })
})

describe('POST /query in everyday words', () => {
  it('averages sleep over last month in hours and minutes', async () => {
    const r = await ask('What was my average sleep last month?')
    expect(r.answerable).toBe(true)
    expect(r.topics).toEqual(['sleep_duration'])
    expect(r.statements[0].text).toBe(
      'Sleep duration averaged 7 h 30 min last month (November 2025) (30 day(s) from 2025-11-01 to 2025-11-30).',
    )
    expect(r.statements[0].citations[0].kind).toBe('source')
  })

  it('tells whether HRV dropped this week against the weeks before', async () => {
    const r = await ask('Did my HRV drop this week?')
    expect(r.topics).toEqual(['hrv_rmssd'])
    expect(r.statements[0].text).toContain('over the last 7 days')
    expect(r.statements[0].text).toContain('down')
    expect(r.statements[0].text).toContain('beyond your usual day-to-day variation')
  })

  it('answers steps on one day with that day, not a weekly average', async () => {
    const r = await ask('How many steps did I take on November 1?')
    expect(r.statements[0].text).toBe('Steps on 2025-11-01: 12,345 steps (apple watch).')
  })

  it('places blood sugar in the ADA categories without diagnosing', async () => {
    const r = await ask('Is my blood sugar in prediabetes range?')
    expect(r.answerable).toBe(true)
    expect(r.topics).toEqual(['glucose', 'hba1c'])
    const text = r.statements.map((s: any) => s.text).join(' ')
    expect(text).toContain('104 mg/dL on 2025-11-20 is above the reference range')
    expect(text).toContain(
      'By ADA categories it is in the range the ADA calls prediabetes (100 to 125 mg/dL).',
    )
    expect(text).toContain('By ADA categories it is in the range the ADA calls prediabetes (5.7 to 6.4 %).')
    expect(text).toContain('not a diagnosis')
  })

  it('answers kidney function with eGFR, creatinine and the KDIGO category', async () => {
    const r = await ask('Is my kidney function OK?')
    expect(r.answerable).toBe(true)
    expect(r.topics).toEqual(['egfr', 'creatinine'])
    const text = r.statements.map((s: any) => s.text).join(' ')
    expect(text).toContain('It is KDIGO GFR category G2 (mildly decreased)')
    expect(text).toContain('not a diagnosis')
  })

  it('states the APOE genotype it knows', async () => {
    const r = await ask('What is my APOE genotype?')
    expect(r.answerable).toBe(true)
    expect(r.statements.map((s: any) => s.text).join(' ')).toContain('Your APOE genotype is ε3/ε4')
  })

  it('refuses blood pressure only for lack of data, and says which data would answer it', async () => {
    const r = await ask('What is my blood pressure?')
    expect(r.answerable).toBe(false)
    expect(r.topics).toEqual(['blood_pressure'])
    expect(r.answer).toStartWith(
      'Your data cannot answer this question: there are no results for blood pressure.',
    )
    expect(r.answer).toContain('a home monitor export')
  })

  it('answers blood pressure from the readings when there are some', async () => {
    const q = await t.userWithKey()
    const bp = (code: string, value: number): NewObservationInput => ({
      modality: 'biomarkers',
      code,
      original_name: code,
      value,
      unit: 'mm[Hg]',
      observed_at: '2025-12-01T08:00:00.000Z',
    })
    await createSource(t.context, scopeOf(q), { modality: 'biomarkers', format: 'fhir_bundle' }, [
      bp('systolic_bp', 120),
      bp('diastolic_bp', 79),
    ])
    const r = (
      await t.call('POST', '/query', { token: q.key, body: { question: 'What is my blood pressure?' } })
    ).body
    expect(r.answerable).toBe(true)
    expect(r.topics).toEqual(['systolic_bp', 'diastolic_bp'])
    const text = r.statements.map((s: any) => s.text).join(' ')
    // ACC/AHA: normal is below 120/80, so 120 systolic is already above it (half-open cut-off).
    expect(text).toContain('120 mmHg')
    expect(text).toContain('above the reference range (< 120 mmHg)')
  })
})
