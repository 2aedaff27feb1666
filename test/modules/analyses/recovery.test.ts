// The recovery signal over HTTP: a week with HRV −42 %, resting heart rate +9 bpm and steps −61 % (the
// illness or overreaching signature from issue 13) reads as strained recovery; the plan asks for rest
// and never to "bring activity back up"; and sleeping more within 7-9 h is not called unfavourable.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let analysis: any
let plan: any

/** 35 baseline days and a 7-day recent window; small day-to-day wobble as real nights have. */
function week(): NewObservationInput[] {
  const out: NewObservationInput[] = []
  for (let d = 0; d < 42; d++) {
    const day = new Date(Date.UTC(2026, 0, 1 + d)).toISOString()
    const recent = d >= 35
    const wobble = [0, 1, -1, 2, -2, 1, -1][d % 7]
    const add = (code: string, value: number, unit: string) =>
      out.push({
        modality: 'wearables',
        code,
        original_name: code,
        value,
        unit,
        observed_at: day,
        device: 'apple_watch',
      })
    add('hrv_rmssd', recent ? 35 + wobble : 60 + 2 * wobble, 'ms')
    add('resting_heart_rate', recent ? 64 + wobble / 2 : 55 + wobble / 2, '/min')
    add('steps', recent ? 3500 + 100 * wobble : 9000 + 300 * wobble, '{steps}')
    add('sleep_duration', recent ? 456 + 3 * wobble : 426 + 5 * wobble, 'min')
  }
  return out
}

beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  await createSource(
    t.context,
    scopeOf(p),
    { modality: 'wearables', format: 'apple_health_xml', provider: 'apple_health' },
    week(),
  )
  analysis = (await t.call('POST', '/analyses', { token: p.key, body: {} })).body
  plan = (await t.call('POST', `/analyses/${analysis.id}/action-plan`, { token: p.key, body: {} })).body
})
afterAll(() => t.cleanup())

describe('recovery signal', () => {
  it('reads HRV down with resting heart rate up as strained recovery, citing the method and the data', () => {
    expect(analysis.recovery.level).toBe('strained')
    const adverse = analysis.recovery.components.filter((c: any) => c.adverse).map((c: any) => c.code)
    expect(adverse.sort()).toEqual(['hrv_rmssd', 'resting_heart_rate'])
    expect(analysis.recovery.statement).toContain('heart rate variability down, resting heart rate up')
    expect(analysis.recovery.statement).toContain('not a diagnosis')
    expect(analysis.recovery.references.map((r: any) => r.id)).toEqual(
      expect.arrayContaining(['pmid:23852425', 'method:recovery-signal']),
    )
    expect(analysis.recovery.sources.length).toBeGreaterThan(0)
  })

  it('does not call more sleep within 7-9 hours unfavourable', () => {
    const sleep = analysis.baselines.find((b: any) => b.code === 'sleep_duration')
    expect(sleep.shift.direction).toBe('above')
    expect(sleep.shift.assessment).not.toBe('unfavourable')
    expect(analysis.interpretations.find((i: any) => i.code === 'sleep_duration')?.severity ?? 'none').toBe(
      'none',
    )
  })

  it('reaches the health context, where an agent reads it', async () => {
    const context = (await t.call('POST', `/users/${p.userId}/health-context`, { token: p.key, body: {} }))
      .body
    expect(context.recovery.level).toBe('strained')
    expect(context.text).toContain('Recovery (strained): Recovery looks strained')
    expect(context.flags.map((f: any) => f.code)).toEqual(
      expect.arrayContaining(['hrv_rmssd', 'resting_heart_rate']),
    )
  })

  it('shows on the dashboard among the things that need attention', async () => {
    const spec = (await t.call('GET', `/dashboard-specs/${analysis.id}`, { token: p.key })).body
    const card = spec.sections
      .find((s: any) => s.id === 'flags')
      .cards.find((c: any) => c.id === 'card_recovery')
    expect(card).toMatchObject({ title: 'Recovery: strained', status: 'unfavourable' })
  })

  it('makes one rest action and never asks to bring activity back up', () => {
    const ids = plan.actions.map((a: any) => a.id)
    expect(ids[0]).toBe('act_recovery')
    expect(ids).not.toContain('act_activity')
    expect(ids).not.toContain('act_sleep')
    const rest = plan.actions[0]
    expect(rest.title).toBe('Rest and recover: your overnight signals are off your baseline')
    expect(rest.targets).toEqual(expect.arrayContaining(['hrv_rmssd', 'resting_heart_rate', 'steps']))
    expect(rest.rationale).toContain('Activity fell over the same days (steps)')
    expect(JSON.stringify(plan.actions)).not.toMatch(/150.300|bring daily activity back up/i)
  })
})
