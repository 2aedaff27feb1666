// The urgent tier, end to end: a lab panel with critical values (issue 13's report) imported as a CSV
// leads the analysis, the action plan, the dashboard spec and the health context with one urgent item
// that sends the person to care, never with lifestyle advice or a 90-day retest; a lab HH flag counts for
// a marker outside the catalog (troponin); max_actions never cuts it.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type TestApp, testApp } from '../../support/app'

const panel = readFileSync(join(import.meta.dir, '../../fixtures/interpretation/critical-panel.csv'), 'utf8')

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let analysis: any

beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  const imported = await t.call('POST', '/imports/file', {
    token: p.key,
    body: { filename: 'panel.csv', text: panel },
  })
  expect(imported.status).toBe(201)
  const r = await t.call('POST', '/analyses', {
    token: p.key,
    body: { profile: { sex: 'male', age_years: 58 } },
  })
  expect(r.status).toBe(201)
  analysis = r.body
})
afterAll(() => t.cleanup())

describe('critical values', () => {
  it('make one urgent item that sends the person to care, listing every critical result with its basis', () => {
    const u = analysis.urgent
    expect(u).toMatchObject({ id: 'urgent', level: 'seek_care_now' })
    expect(u.title).toBe('Seek medical care now: critical lab result')
    const byCode = Object.fromEntries(u.findings.map((f: any) => [f.code, f]))
    expect(Object.keys(byCode).sort()).toEqual(
      ['creatinine', 'egfr', 'glucose', 'hemoglobin', 'platelets', 'potassium', 'unknown:troponin_i'].sort(),
    )
    expect(byCode.potassium).toMatchObject({
      value: 6.9,
      direction: 'high',
      basis: 'both',
      lab_flag: 'critical_high',
      critical_limit: '≥ 6.2 mmol/L',
      urgency: 'seek_care_now',
    })
    expect(byCode.glucose).toMatchObject({ basis: 'critical_limit', critical_limit: '≥ 400 mg/dL' })
    expect(byCode['unknown:troponin_i']).toMatchObject({
      name: 'Troponin I',
      basis: 'lab_flag',
      direction: 'high',
      critical_limit: null,
    })
    expect(byCode.platelets.critical_limit).toBe('< 30 ×10³/µL')
    expect(u.statement).toContain('Potassium 6.9 mmol/L on 2026-03-02')
    expect(u.statement).not.toMatch(/retest|walk|diet|exercise/i)
    expect(u.references.map((r: any) => r.id)).toContain('pmid:2296126')
    expect(u.sources[0].observation_ids.length).toBe(7)
    expect(analysis.summary.text).toStartWith('URGENT: 7 critical result(s), seek medical care now')
  })

  it('judge an uncatalogued marker by the lab flag and mark critical interpretations as such', () => {
    const troponin = analysis.interpretations.find((i: any) => i.code === 'unknown:troponin_i')
    expect(troponin).toMatchObject({ status: 'high', severity: 'critical' })
    expect(troponin.statement).toContain('The lab flagged it critical: see the urgent item.')
    const potassium = analysis.interpretations.find((i: any) => i.code === 'potassium')
    expect(potassium).toMatchObject({ status: 'high', severity: 'critical' })
    expect(potassium.statement).toContain('past the critical limit ≥ 6.2 mmol/L')
  })

  it('lead the action plan with the urgent action, which carries no retest and is never cut by max_actions', async () => {
    const full = await t.call('POST', `/analyses/${analysis.id}/action-plan`, { token: p.key, body: {} })
    expect(full.status).toBe(201)
    const [first, ...rest] = full.body.actions
    expect(first).toMatchObject({ rank: 1, id: 'act_urgent', category: 'clinician', retest: null })
    expect(first.steps[0]).toStartWith('Seek care now')
    expect(JSON.stringify(first)).not.toMatch(/90 days|walk after meals/i)
    // No critical marker gets a second, routine action with a 90-day retest.
    for (const a of rest)
      for (const code of [
        'creatinine',
        'potassium',
        'glucose',
        'hemoglobin',
        'platelets',
        'egfr',
        'unknown:troponin_i',
      ])
        expect(a.targets).not.toContain(code)
    expect(rest.map((a: any) => a.id)).toContain('act_lipids')
    const one = await t.call('POST', `/analyses/${analysis.id}/action-plan`, {
      token: p.key,
      body: { max_actions: 1 },
    })
    expect(one.body.actions.map((a: any) => a.id)).toEqual(['act_urgent'])
    expect(one.body.notes[0]).toContain('A critical result leads this plan')
  })

  it('open the dashboard spec and the health context', async () => {
    const spec = await t.call('GET', `/dashboard-specs/${analysis.id}`, { token: p.key })
    expect(spec.status).toBe(200)
    expect(spec.body.sections[0].id).toBe('urgent')
    expect(spec.body.sections[0].cards[0]).toMatchObject({ kind: 'urgent', status: 'urgent' })
    const context = await t.call('POST', `/users/${p.userId}/health-context`, { token: p.key, body: {} })
    expect(context.status).toBe(200)
    expect(context.body.urgent).toMatchObject({ level: 'seek_care_now' })
    expect(context.body.urgent.codes).toContain('potassium')
    expect(context.body.text.split('\n')[0]).toStartWith('URGENT — Seek medical care now')
    expect(context.body.latest[0].code).toBe('creatinine')
    // The page a dashboard link opens shows the urgent item before everything else, in every design.
    for (const design of ['compact_mobile', 'trends_focus']) {
      const link = await t.call('POST', '/dashboard-links', {
        token: p.key,
        body: { analysis_id: analysis.id, design_id: design, expires_in_days: 1 },
      })
      const page = await t.call('GET', new URL(link.body.dashboard_url).pathname)
      expect(page.status).toBe(200)
      const urgentAt = page.text.indexOf('class="urgent-panel"')
      expect(urgentAt).toBeGreaterThan(0)
      expect(page.text.indexOf('Seek medical care now: critical lab result')).toBeLessThan(
        page.text.indexOf('Potassium', urgentAt + 200),
      )
      expect(page.text).toContain('<p class="headline urgent" id="summary">Urgent: ')
      expect(page.text).toContain('Seek care now if no clinician has acted on it yet')
    }
  })

  it('lead every query answer, even one about something else', async () => {
    const r = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'How is my LDL cholesterol?' },
    })
    expect(r.body.statements[0].text).toStartWith('Seek medical care now: critical lab result.')
    expect(r.body.answer).toStartWith('Seek medical care now: critical lab result.')
    expect(r.body.answerable).toBe(true)
    const other = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'Will it rain tomorrow?' },
    })
    expect(other.body.answer).toStartWith('Seek medical care now: critical lab result.')
    expect(other.body.answerable).toBe(false)
  })

  it('are never put on a routine retest cadence in the reminders', async () => {
    const r = await t.call('GET', `/users/${p.userId}/retest-reminders`, { token: p.key })
    const potassium = r.body.reminders.find((x: any) => x.code === 'potassium')
    expect(potassium).toMatchObject({ cadence_days: 0, next_due_on: '2026-03-02' })
    expect(potassium.reason).toContain('is a critical result: seek care now')
    const ldl = r.body.reminders.find((x: any) => x.code === 'ldl_cholesterol')
    expect(ldl.cadence_days).toBe(90)
  })

  it('stay quiet for a panel without critical values', async () => {
    const q = await t.userWithKey()
    await t.call('POST', '/imports/file', {
      token: q.key,
      body: { filename: 'ok.csv', text: 'Test,Result,Units,Collected\nPotassium,6.1,mmol/L,2026-03-02\n' },
    })
    const r = await t.call('POST', '/analyses', { token: q.key, body: {} })
    expect(r.body.urgent).toBeNull()
    expect(r.body.interpretations[0]).toMatchObject({ code: 'potassium', status: 'high' })
    expect(r.body.interpretations[0].severity).not.toBe('critical')
  })
})
