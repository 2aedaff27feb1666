// Dashboards: the design catalog, the renderer-neutral spec of an analysis, private dashboard links
// (201 with the SPEC fields), the page their URL opens (self-contained, no-store, noindex), and the
// link's end: 410 after expires_at or revocation, 404 for unknown URLs and for other users' ids.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { scopeOf, seedLabs, seedWearables } from '../analyses/seed'

let t: TestApp
let owner: Awaited<ReturnType<TestApp['userWithKey']>>
let other: Awaited<ReturnType<TestApp['userWithKey']>>
let analysisId: string

beforeAll(async () => {
  t = await testApp({ publicBaseUrl: 'https://wellness.example' })
  owner = await t.userWithKey()
  other = await t.userWithKey()
  await seedLabs(t, scopeOf(owner))
  await seedWearables(t, scopeOf(owner))
  const analysis = await t.call('POST', '/analyses', { token: owner.key, body: {} })
  analysisId = analysis.body.id
  await t.call('POST', `/analyses/${analysisId}/action-plan`, { token: owner.key, body: {} })
})
afterAll(() => t.cleanup())

const pathOf = (url: string) => new URL(url).pathname

describe('designs and dashboard specs', () => {
  it('lists designs with id, name and layout', async () => {
    const r = await t.call('GET', '/designs', { token: owner.key })
    expect(r.status).toBe(200)
    expect(r.body.data.map((d: any) => d.id)).toEqual(['clinical_summary', 'compact_mobile', 'trends_focus'])
    expect(r.body.data[1]).toMatchObject({
      name: 'Compact (phone)',
      layout: { columns: 1, density: 'compact' },
    })
  })

  it('builds a spec with sections, cards and charts carrying series, thresholds and sources', async () => {
    const r = await t.call('GET', `/dashboard-specs/${analysisId}`, { token: owner.key })
    expect(r.status).toBe(200)
    expect(r.body.analysis_id).toBe(analysisId)
    expect(r.body.sections.map((s: any) => s.id)).toEqual([
      'overview',
      'flags',
      'actions',
      'biomarkers',
      'wearables',
    ])
    const labs = r.body.sections.find((s: any) => s.id === 'biomarkers')
    const ldl = labs.charts.find((c: any) => c.id === 'chart_ldl_cholesterol')
    expect(ldl.kind).toBe('line')
    expect(ldl.series[0].points.map((p: any) => [p.x, p.y])).toEqual([
      ['2025-07-01', 128],
      ['2026-01-05', 162],
    ])
    expect(ldl.thresholds).toContainEqual({ label: 'Reference high', value: 130, kind: 'reference_high' })
    const wear = r.body.sections.find((s: any) => s.id === 'wearables')
    const rhr = wear.charts.find((c: any) => c.id === 'chart_resting_heart_rate')
    expect(rhr.series[0].points.length).toBe(35)
    expect(rhr.thresholds[0].kind).toBe('baseline_mean')
    const flags = r.body.sections.find((s: any) => s.id === 'flags')
    expect(flags.cards.find((c: any) => c.id === 'flag_ldl_cholesterol')).toMatchObject({ status: 'high' })
    for (const section of r.body.sections)
      for (const card of section.cards) expect(card.sources.length).toBeGreaterThan(0)
    expect(r.body.action_plan_id).toMatch(/^ap_/)
    expect(labs.cards.find((c: any) => c.id === 'card_ldl_cholesterol').group).toBe('heart_lipids')
    expect(labs.cards.find((c: any) => c.id === 'card_glucose').group).toBe('metabolic')
    expect(r.body.provenance).toContainEqual({
      source_id: expect.stringMatching(/^src_/),
      modality: 'biomarkers',
      file_name: 'panel-2026.csv',
      provider: null,
      format: 'lab_csv',
      collected_from: '2026-01-05',
      collected_to: '2026-01-05',
      added_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
  })

  it('answers 404 for another user’s analysis and 422 for a malformed id', async () => {
    const theirs = await t.call('GET', `/dashboard-specs/${analysisId}`, { token: other.key })
    expect(theirs.status).toBe(404)
    expect(theirs.text).not.toContain('ldl')
    expect((await t.call('GET', '/dashboard-specs/nope', { token: owner.key })).status).toBe(422)
  })
})

describe('dashboard links', () => {
  it('creates a link with the SPEC fields and serves a self-contained, uncached, unindexed page', async () => {
    const r = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysisId, design_id: 'compact_mobile', expires_in_days: 3 },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      analysis_id: analysisId,
      design: { id: 'compact_mobile', name: 'Compact (phone)' },
      visibility: 'private_by_possession',
      expires_at: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString(),
      sharing: { default: 'private', optional: true },
    })
    expect(r.body.sharing.note).toContain('URL')
    expect(r.body.dashboard_url).toMatch(
      /^https:\/\/wellness\.example\/dashboards\/wds_dash_[A-Za-z0-9_-]{43}$/,
    )
    const page = await t.call('GET', pathOf(r.body.dashboard_url))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('x-robots-tag')).toContain('noindex')
    expect(page.text).toContain('<meta name="robots" content="noindex')
    expect(page.text).toContain('<svg class="zones"')
    expect(page.text).toContain('LDL cholesterol')
    // Sources are named by file and date on the page; their ids stay in the JSON spec.
    expect(page.text).toContain('panel-2026.csv (collected 2026-01-05)')
    expect(page.text).not.toContain('src_')
    expect(page.text).not.toMatch(/<script|<link |@import|src="http|url\(/i)
  })

  it('shows the snapshot taken when the link was made, even after a newer plan', async () => {
    const r = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysisId, design_id: 'clinical_summary' },
    })
    const before = (await t.call('GET', pathOf(r.body.dashboard_url))).text
    await t.call('POST', `/analyses/${analysisId}/action-plan`, {
      token: owner.key,
      body: { max_actions: 1 },
    })
    expect((await t.call('GET', pathOf(r.body.dashboard_url))).text).toBe(before)
  })

  it('stops working at expires_at with 410', async () => {
    const r = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysisId, design_id: 'trends_focus', expires_in_days: 1 },
    })
    t.clock.advance(86_400_000 - 1000)
    expect((await t.call('GET', pathOf(r.body.dashboard_url))).status).toBe(200)
    t.clock.advance(1000)
    const gone = await t.call('GET', pathOf(r.body.dashboard_url))
    expect(gone.status).toBe(410)
    expect(gone.headers.get('content-type')).toStartWith('application/problem+json')
    expect(gone.body.detail).toBe(`This dashboard link expired at ${r.body.expires_at}.`)
  })

  it('is revoked by its owner only; the URL then answers 410', async () => {
    const r = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysisId, design_id: 'clinical_summary' },
    })
    const stranger = await t.call('POST', `/dashboard-links/${r.body.id}/revoke`, { token: other.key })
    expect(stranger.status).toBe(404)
    expect((await t.call('GET', pathOf(r.body.dashboard_url))).status).toBe(200)
    const revoked = await t.call('POST', `/dashboard-links/${r.body.id}/revoke`, { token: owner.key })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toMatchObject({ id: r.body.id, status: 'revoked' })
    const page = await t.call('GET', pathOf(r.body.dashboard_url))
    expect(page.status).toBe(410)
    expect(page.body.detail).toBe('This dashboard link was revoked by its owner.')
    const listed = await t.call('GET', '/dashboard-links', { token: owner.key })
    expect(listed.body.data.find((l: any) => l.id === r.body.id).status).toBe('revoked')
    expect(listed.text).not.toContain('wds_dash_')
    expect((await t.call('GET', '/dashboard-links', { token: other.key })).body.data).toEqual([])
  })

  it('answers 404 for unknown URLs and refuses links to other users’ analyses or unknown designs', async () => {
    expect(
      (await t.call('GET', '/dashboards/wds_dash_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status,
    ).toBe(404)
    expect((await t.call('GET', '/dashboards/anything')).status).toBe(404)
    const theirs = await t.call('POST', '/dashboard-links', {
      token: other.key,
      body: { analysis_id: analysisId, design_id: 'clinical_summary' },
    })
    expect(theirs.status).toBe(404)
    const design = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysisId, design_id: 'neon' },
    })
    expect(design.status).toBe(422)
    expect(design.body.errors[0]).toMatchObject({ in: 'body', path: '/design_id' })
    const days = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysisId, design_id: 'clinical_summary', expires_in_days: 0 },
    })
    expect(days.status).toBe(422)
  })
})
