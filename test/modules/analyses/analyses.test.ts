// Analyses over real stored data: multimodal (labs against catalog ranges, wearable baselines, genetics
// highlights, the APOE × LDL link), wearable-only, source selection, profiles, action plans, and other
// users' ids on every endpoint (404/403, never data).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource } from '../../../modules/sources/service'
import { type TestApp, testApp } from '../../support/app'
import { scopeOf, seedGenetics, seedLabs, seedWearables } from './seed'

let t: TestApp
let owner: Awaited<ReturnType<TestApp['userWithKey']>>
let other: Awaited<ReturnType<TestApp['userWithKey']>>
let labs: Awaited<ReturnType<typeof seedLabs>>
let wearableSource: string
let geneticSource: string
let analysis: any

beforeAll(async () => {
  t = await testApp()
  owner = await t.userWithKey()
  other = await t.userWithKey()
  labs = await seedLabs(t, scopeOf(owner))
  wearableSource = (await seedWearables(t, scopeOf(owner))).id
  geneticSource = (await seedGenetics(t, scopeOf(owner))).id
  analysis = (await t.call('POST', '/analyses', { token: owner.key, body: {} })).body
})
afterAll(() => t.cleanup())

const every = (a: any, key: string) => a[key] as any[]

describe('POST /analyses', () => {
  it('judges the latest lab values against cited catalog ranges and follows their change across uploads', () => {
    expect(analysis.id).toMatch(/^an_[0-9a-z]{26}$/)
    expect(analysis.input.source_ids).toEqual([labs.first.id, labs.second.id, wearableSource, geneticSource])
    expect(analysis.input.modalities).toEqual(['biomarkers', 'genetics', 'wearables'])
    const ldl = analysis.observations.find((o: any) => o.code === 'ldl_cholesterol')
    expect(ldl).toMatchObject({ value: 162, unit: 'mg/dL', status: 'high', measurements: 2 })
    expect(ldl.history.map((h: any) => h.value)).toEqual([128, 162])
    const interpretation = analysis.interpretations.find((i: any) => i.code === 'ldl_cholesterol')
    expect(interpretation.change).toMatchObject({ direction: 'worsening', first_value: 128, delta: 34 })
    expect(interpretation.statement).toContain('162 mg/dL on 2026-01-05 is above the reference range')
    expect(interpretation.evidence.level).toBe('strong')
    expect(interpretation.sources.map((s: any) => s.source_id).sort()).toEqual(
      [labs.first.id, labs.second.id].sort(),
    )
    expect(interpretation.references.map((r: any) => r.id)).toContain('catalog:ldl_cholesterol')
    const glucose = analysis.interpretations.find((i: any) => i.code === 'glucose')
    expect(glucose.status).toBe('in_range')
    expect(glucose.change.direction).toBe('stable')
  })

  it('cites source records and references on every item', () => {
    for (const key of ['observations', 'interpretations', 'baselines', 'deviations', 'links', 'genetics']) {
      for (const item of every(analysis, key)) {
        expect(item.sources.length).toBeGreaterThan(0)
        for (const s of item.sources) {
          expect(s.source_id).toMatch(/^src_/)
          expect(s.observation_ids.length).toBeGreaterThan(0)
        }
        if (key !== 'observations' || item.modality === 'biomarkers')
          expect(item.references.length).toBeGreaterThan(0)
      }
    }
  })

  it('links the APOE genotype to LDL cholesterol, citing the genetic finding, the lab value and the guideline', () => {
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.title).toBe('APOE e3/e4 and LDL cholesterol')
    expect(link.modalities).toEqual(['genetics', 'biomarkers'])
    expect(link.sources.map((s: any) => s.source_id)).toEqual([geneticSource, labs.second.id])
    expect(link.sources[0].observation_ids[0]).toMatch(/^gf_/)
    expect(link.references.map((r: any) => r.id)).toEqual(
      expect.arrayContaining(['pmid:8346443', 'pmid:30586774', 'catalog:ldl_cholesterol']),
    )
    expect(link.statement).toContain('not a diagnosis')
    expect(analysis.genetics[0]).toMatchObject({ gene: 'APOE', rsid: 'rs429358', genotype: 'T/C' })
  })

  it('computes wearable baselines and the recent shift, and flags the deviating days', () => {
    const rhr = analysis.baselines.find((b: any) => b.code === 'resting_heart_rate')
    expect(rhr.baseline).toMatchObject({ start: '2025-12-06', end: '2026-01-02', days: 28 })
    expect(rhr.recent).toMatchObject({ start: '2026-01-03', end: '2026-01-09', days: 7 })
    expect(rhr.shift).toMatchObject({ direction: 'above', assessment: 'unfavourable', significant: true })
    const days = analysis.deviations
      .filter((d: any) => d.code === 'resting_heart_rate')
      .map((d: any) => d.date)
    expect(days).toEqual([
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
    ])
    expect(analysis.summary).toMatchObject({ sources: 4, flagged: 1, links: 1, genetic_highlights: 1 })
  })

  it('analyses only the named sources', async () => {
    const r = await t.call('POST', '/analyses', { token: owner.key, body: { source_ids: [labs.first.id] } })
    expect(r.status).toBe(201)
    expect(r.body.input.source_ids).toEqual([labs.first.id])
    expect(r.body.observations.find((o: any) => o.code === 'ldl_cholesterol').value).toBe(128)
    expect(r.body.baselines).toEqual([])
    expect(r.body.limitations).toContain(
      'No genetics source: genotype context for lab markers is not available.',
    )
  })

  it('calls a sex-dependent marker indeterminate without a profile, and judges it with one', async () => {
    const p = await t.userWithKey()
    await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
      {
        modality: 'biomarkers',
        code: 'ferritin',
        original_name: 'Ferritin',
        value: 175,
        unit: 'ng/mL',
        observed_at: '2026-01-02T08:00:00.000Z',
      },
    ])
    const plain = await t.call('POST', '/analyses', { token: p.key, body: {} })
    expect(plain.body.observations[0].status).toBe('indeterminate')
    expect(plain.body.limitations[0]).toContain('pass profile.sex')
    const female = await t.call('POST', '/analyses', { token: p.key, body: { profile: { sex: 'female' } } })
    expect(female.body.observations[0]).toMatchObject({
      status: 'high',
      reference_range: { low: 15, high: 150 },
    })
    const male = await t.call('POST', '/analyses', { token: p.key, body: { profile: { sex: 'male' } } })
    expect(male.body.observations[0].status).toBe('in_range')
  })

  it('says plainly when there is nothing to analyse, and refuses bad input with 422', async () => {
    const p = await t.userWithKey()
    const empty = await t.call('POST', '/analyses', { token: p.key, body: {} })
    expect(empty.status).toBe(422)
    expect(empty.body.detail).toContain('no data to analyse')
    const bad = await t.call('POST', '/analyses', {
      token: p.key,
      body: { source_ids: ['nope'], recent_days: 0 },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.map((e: any) => e.path)).toEqual(expect.arrayContaining(['/source_ids/0']))
  })
})

describe('POST /wearables/analyze', () => {
  it('analyses wearable metrics only, with the chosen windows and metrics', async () => {
    const r = await t.call('POST', '/wearables/analyze', {
      token: owner.key,
      body: { metrics: ['steps'], baseline_days: 14, recent_days: 5 },
    })
    expect(r.status).toBe(201)
    expect(r.body.kind).toBe('wearables')
    expect(r.body.input).toMatchObject({ source_ids: [wearableSource], baseline_days: 14, recent_days: 5 })
    expect(r.body.observations.map((o: any) => o.code)).toEqual(['steps'])
    expect(r.body.baselines[0].baseline).toMatchObject({ days: 14, start: '2025-12-22', end: '2026-01-04' })
    expect(r.body.baselines[0].shift).toMatchObject({ direction: 'below', assessment: 'unfavourable' })
    expect(r.body.interpretations[0].statement).toContain('Steps averaged')
    expect(r.body.genetics).toEqual([])
  })

  it('counts overlapping devices once per day', async () => {
    const p = await t.userWithKey()
    await seedWearables(t, scopeOf(p), 'oura')
    await seedWearables(t, scopeOf(p), 'apple_watch')
    const r = await t.call('POST', '/wearables/analyze', { token: p.key, body: { metrics: ['steps'] } })
    const single = await t.call('POST', '/wearables/analyze', {
      token: owner.key,
      body: { metrics: ['steps'] },
    })
    expect(r.body.baselines[0].recent.mean).toBe(single.body.baselines[0].recent.mean)
    expect(r.body.baselines[0].series.length).toBe(single.body.baselines[0].series.length)
  })

  it('answers 422 when there is no wearable data', async () => {
    const p = await t.userWithKey()
    await seedLabs(t, scopeOf(p))
    const r = await t.call('POST', '/wearables/analyze', { token: p.key, body: {} })
    expect(r.status).toBe(422)
    expect(r.body.errors[0].path).toBe('/source_ids')
  })
})

describe('reading analyses', () => {
  it('lists summaries newest first and reads one back unchanged', async () => {
    const list = await t.call('GET', '/analyses?limit=100', { token: owner.key })
    expect(list.status).toBe(200)
    const ids = list.body.data.map((a: any) => a.id)
    expect(ids).toContain(analysis.id)
    expect([...ids].sort().reverse()).toEqual(ids)
    const one = await t.call('GET', `/analyses/${analysis.id}`, { token: owner.key })
    expect(one.body).toEqual(analysis)
    const wear = await t.call('GET', '/analyses?kind=wearables', { token: owner.key })
    expect(wear.body.data.every((a: any) => a.kind === 'wearables')).toBe(true)
  })
})

describe('POST /analyses/{id}/action-plan', () => {
  it('ranks actions by severity × confidence × modifiability, with rationale, evidence and retest dates', async () => {
    const r = await t.call('POST', `/analyses/${analysis.id}/action-plan`, { token: owner.key, body: {} })
    expect(r.status).toBe(201)
    expect(r.body.id).toMatch(/^ap_/)
    expect(r.body.ranking.method).toContain('severity × confidence × modifiability')
    const scores = r.body.actions.map((a: any) => a.score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    for (const a of r.body.actions) {
      expect(a.score).toBeCloseTo(a.factors.severity * a.factors.confidence * a.factors.modifiability, 4)
      expect(a.sources.length).toBeGreaterThan(0)
      expect(a.references.length).toBeGreaterThan(0)
      expect(a.rationale.length).toBeGreaterThan(20)
    }
    // High lipids make one action for the pattern, named after its theme.
    const ldl = r.body.actions.find((a: any) => a.id === 'act_lipids')
    expect(ldl).toMatchObject({ category: 'nutrition', targets: ['ldl_cholesterol'] })
    expect(ldl.based_on).toEqual(['int_ldl_cholesterol', 'link_apoe_lipids'])
    expect(ldl.rationale).toContain('APOE')
    expect(ldl.retest).toEqual({ after_days: 90, due_on: '2026-04-05', what: 'Retest LDL cholesterol.' })
    expect(r.body.actions.map((a: any) => a.rank)).toEqual(r.body.actions.map((_: any, i: number) => i + 1))
    // Glucose is in range and has no optimal range: no padding action for it.
    expect(r.body.actions.flatMap((a: any) => a.targets)).not.toContain('glucose')
  })

  it('keeps at most max_actions and says how many were left out', async () => {
    const r = await t.call('POST', `/analyses/${analysis.id}/action-plan`, {
      token: owner.key,
      body: { max_actions: 1 },
    })
    expect(r.body.actions).toHaveLength(1)
    expect(r.body.notes[0]).toMatch(/lower-ranked action\(s\) left out/)
  })
})

describe('other users', () => {
  it('never see an analysis: 404 on read and plan, empty list, and 404 for their sources in a request', async () => {
    const read = await t.call('GET', `/analyses/${analysis.id}`, { token: other.key })
    expect(read.status).toBe(404)
    expect(read.body.detail).toBe(`Analysis ${analysis.id} was not found.`)
    expect(
      (await t.call('POST', `/analyses/${analysis.id}/action-plan`, { token: other.key, body: {} })).status,
    ).toBe(404)
    expect((await t.call('GET', '/analyses', { token: other.key })).body.data).toEqual([])
    const borrowed = await t.call('POST', '/analyses', {
      token: other.key,
      body: { source_ids: [labs.first.id] },
    })
    expect(borrowed.status).toBe(404)
    expect(borrowed.text).not.toContain('ldl')
    const wear = await t.call('POST', '/wearables/analyze', {
      token: other.key,
      body: { source_ids: [wearableSource] },
    })
    expect(wear.status).toBe(404)
  })

  it('cannot run an analysis in another user’s name (403)', async () => {
    const r = await t.call('POST', '/analyses', { token: other.key, body: { user_id: owner.userId } })
    expect(r.status).toBe(403)
    const w = await t.call('POST', '/wearables/analyze', {
      token: other.key,
      body: { user_id: owner.userId },
    })
    expect(w.status).toBe(403)
  })
})
