// One judgement everywhere (issue 13, point 8): trends and analyses give a marker the same status and
// the same change rule, a large move inside the range (TSH −60 %) is said rather than called stable, the
// same file uploaded twice counts once in analyses as in trends, and text for people uses human units.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'

const panel = (tsh: string, date: string, vitaminD: number) =>
  `Test Name,Result,Units,Reference Range,Flag,Collected\nTSH,${tsh},uIU/mL,0.45-4.5,,${date}\nTestosterone,250,ng/dL,264-916,L,${date}\n25-OH Vitamin D,${vitaminD},ng/mL,30-100,${vitaminD < 30 ? 'L' : ''},${date}\n`

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let analysis: any
let trends: any

beforeAll(async () => {
  t = await testApp()
  t.clock.set('2026-03-01T00:00:00.000Z')
  p = await t.userWithKey()
  const upload = (text: string) =>
    t.call('POST', '/imports/file', { token: p.key, body: { filename: 'p.csv', text } })
  await upload(panel('3.5', '2025-09-01', 14))
  await upload(panel('1.4', '2026-02-01', 42))
  // The same file again: it must not count twice.
  await upload(panel('1.4', '2026-02-01', 42))
  analysis = (await t.call('POST', '/analyses', { token: p.key, body: {} })).body
  trends = (
    await t.call('POST', `/users/${p.userId}/trends`, {
      token: p.key,
      body: { markers: ['tsh', 'testosterone_total'], window_days: 365 },
    })
  ).body
})
afterAll(() => t.cleanup())

const trend = (code: string) => trends.markers.find((m: any) => m.marker === code)
const interpretation = (code: string) => analysis.interpretations.find((i: any) => i.code === code)

describe('one judgement for trends and analyses', () => {
  it('gives the same status, and says a large move inside the range instead of calling it stable', () => {
    expect(interpretation('tsh').status).toBe('in_range')
    expect(trend('tsh').status).toBe('in_range')
    expect(interpretation('tsh').change.direction).toBe('changed')
    expect(interpretation('tsh').statement).toContain('down 60% from 3.5 on 2025-09-01')
    expect(interpretation('tsh').statement).toContain('while staying inside the range: worth watching')
    expect(trend('tsh').note).toContain('Moved -60% over the window while staying inside the reference range')
  })

  it('judges a sex-specific marker by the lab’s printed interval in both when there is no profile', () => {
    expect(interpretation('testosterone_total').status).toBe('low')
    expect(interpretation('testosterone_total').statement).toContain('as printed by the lab')
    expect(trend('testosterone_total').status).toBe('low')
    expect(trend('testosterone_total').reference_range).toEqual({ low: 264, high: 916 })
  })

  it('counts an identical re-upload once', () => {
    const tsh = analysis.observations.find((o: any) => o.code === 'tsh')
    expect(tsh.measurements).toBe(2)
    expect(trend('tsh').points).toHaveLength(2)
  })

  it('keeps superseded results out of the health context and reminders', async () => {
    const context = (await t.call('POST', `/users/${p.userId}/health-context`, { token: p.key, body: {} }))
      .body
    expect(context.flags.map((f: any) => f.code)).not.toContain('vitamin_d_25oh')
    expect(context.latest.find((l: any) => l.code === 'vitamin_d_25oh')).toMatchObject({
      value: 42,
      status: 'optimal',
    })
    const reminders = (await t.call('GET', `/users/${p.userId}/retest-reminders`, { token: p.key })).body
    const vitaminD = reminders.reminders.find((r: any) => r.code === 'vitamin_d_25oh')
    // Retested in range on 2026-02-01: next due a year later, not overdue from the low result of 2025-09-01.
    expect(vitaminD).toMatchObject({ last_observed_at: '2026-02-01T00:00:00.000Z', overdue: false })
  })

  it('writes units as people read them', () => {
    expect(interpretation('tsh').statement).toContain('1.4 mIU/L on 2026-02-01')
    expect(JSON.stringify(analysis.interpretations)).not.toMatch(/\[IU\]|\{steps\}|10\*3/)
  })
})

describe('censored results in analyses (issue 12)', () => {
  it('shows the bound with its comparator and measures no change from it', async () => {
    const q = await t.userWithKey()
    const csv = (value: string, date: string) =>
      `Test Name,Result,Units,Reference Range,Collected\nhs-CRP,${value},mg/L,0.0-3.0,${date}\n`
    for (const [value, date] of [
      ['<0.3', '2025-10-01'],
      ['1.1', '2026-01-10'],
    ])
      expect(
        (
          await t.call('POST', '/imports/file', {
            token: q.key,
            body: { filename: 'crp.csv', text: csv(value, date) },
          })
        ).status,
      ).toBe(201)
    const later = (await t.call('POST', '/analyses', { token: q.key, body: {} })).body
    const crp = later.interpretations.find((i: any) => i.code === 'hs_crp')
    // The only exact value is the latest, so there is no change to state: never "+267 %".
    expect(crp.change).toBeNull()
    expect(crp.statement).not.toContain('%')

    await t.call('POST', '/imports/file', {
      token: q.key,
      body: { filename: 'crp.csv', text: csv('<0.3', '2026-02-20') },
    })
    const latest = (await t.call('POST', '/analyses', { token: q.key, body: {} })).body
    const item = latest.observations.find((o: any) => o.code === 'hs_crp')
    expect(item).toMatchObject({ value: 0.3, comparator: '<' })
    const statement = latest.interpretations.find((i: any) => i.code === 'hs_crp').statement
    expect(statement).toContain('<0.3')
    expect(statement).toContain('reported a bound')
    const spec = (await t.call('GET', `/dashboard-specs/${latest.id}`, { token: q.key })).body
    const cards = spec.sections.flatMap((section: any) => section.cards ?? [])
    expect(cards.find((c: any) => c.id === 'card_hs_crp').value).toBe('<0.3')
  })
})
