// POST /sandbox/hero: the whole multimodal pipeline on built-in synthetic data, authorized by a sandbox
// session token; byte-identical output on every call, nothing stored.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { listAnalyses } from '../../../modules/analyses/service'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
let sandbox: string

beforeAll(async () => {
  t = await testApp()
  sandbox = (await t.call('POST', '/sandbox/sessions', { body: {} })).body.sandbox_token
})
afterAll(() => t.cleanup())

describe('POST /sandbox/hero', () => {
  it('runs analysis, action plan and dashboard spec on synthetic data, every item cited', async () => {
    const r = await t.call('POST', '/sandbox/hero', { token: sandbox, body: {} })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ demo: true, persisted: false, generated_at: '2026-01-15T09:00:00.000Z' })
    const a = r.body.analysis
    expect(a.input.modalities).toEqual(['biomarkers', 'genetics', 'wearables'])
    expect(a.observations.find((o: any) => o.code === 'ldl_cholesterol')).toMatchObject({
      value: 162,
      status: 'high',
    })
    expect(a.links.map((l: any) => l.id)).toContain('link_apoe_lipids')
    expect(a.baselines.map((b: any) => b.code)).toEqual([
      'hrv_rmssd',
      'resting_heart_rate',
      'sleep_duration',
      'steps',
    ])
    expect(a.interpretations.find((i: any) => i.code === 'sleep_duration').references[0].id).toBe(
      'pmid:25979105',
    )
    expect(r.body.action_plan.actions[0].rank).toBe(1)
    expect(r.body.action_plan.analysis_id).toBe(a.id)
    expect(r.body.dashboard_spec.analysis_id).toBe(a.id)
    expect(r.body.dashboard_spec.action_plan_id).toBe(r.body.action_plan.id)
    for (const i of a.interpretations) {
      expect(i.sources.length).toBeGreaterThan(0)
      expect(i.references.length).toBeGreaterThan(0)
    }
  })

  it('gives byte-identical output every time, whenever it is called, and stores nothing', async () => {
    const first = await t.call('POST', '/sandbox/hero', { token: sandbox, body: {} })
    t.clock.advance(3_600_000 - 1000)
    const second = await t.call('POST', '/sandbox/hero', { token: sandbox, body: {} })
    expect(second.text).toBe(first.text)
    const empty = await t.call('POST', '/sandbox/hero', { token: sandbox })
    expect(empty.status).toBe(200)
    expect(empty.text).toBe(first.text)
    expect(
      (await listAnalyses(t.context, { organization_id: 'org_sandbox', user_id: 'usr_sandbox_demo' }, {}))
        .data,
    ).toEqual([])
  })

  it('documents itself and the analyses operations: their OpenAPI examples are its answer, every list cut to one item', async () => {
    const answer = (await t.call('POST', '/sandbox/hero', { token: sandbox, body: {} })).body
    const doc = (await t.call('GET', '/openapi.json')).body
    const example = doc.paths['/sandbox/hero'].post.responses['200'].content['application/json'].example
    const firstOfEach = (value: any): any =>
      Array.isArray(value)
        ? value.slice(0, 1).map(firstOfEach)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, firstOfEach(v)]))
          : value
    expect(example).toEqual(firstOfEach(answer))
    // The analyses operations show the same person's analysis and plan.
    const exampleOf = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json'].example
    expect(exampleOf('/analyses', 'post', '201')).toEqual(firstOfEach(answer.analysis))
    expect(exampleOf('/analyses/{id}', 'get', '200')).toEqual(firstOfEach(answer.analysis))
    expect(exampleOf('/analyses/{id}/action-plan', 'post', '201')).toEqual(firstOfEach(answer.action_plan))
  })

  it('takes a design and a plan size, and refuses unknown ones with 422', async () => {
    const r = await t.call('POST', '/sandbox/hero', {
      token: sandbox,
      body: { design_id: 'compact_mobile', max_actions: 2 },
    })
    expect(r.body.design.id).toBe('compact_mobile')
    expect(r.body.action_plan.actions).toHaveLength(2)
    const bad = await t.call('POST', '/sandbox/hero', { token: sandbox, body: { design_id: 'neon' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors[0].path).toBe('/design_id')
  })

  it('needs a sandbox token: an API key gets 403, nobody gets 401', async () => {
    const p = await t.userWithKey()
    expect((await t.call('POST', '/sandbox/hero', { token: p.key, body: {} })).status).toBe(403)
    expect((await t.call('POST', '/sandbox/hero', { body: {} })).status).toBe(401)
  })
})
