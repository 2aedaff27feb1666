// The profile: GET/PUT /users/{id}/profile with where each value came from; filled from uploaded data
// (Apple Health <Me>) when the user has not set it, never overriding the user; used by analyses, trends
// and the health context, so a man's testosterone falling to 250 ng/dL and a woman's HDL of 45 mg/dL
// are judged against their own ranges. Bad input is a 422 problem, another user's id a 403.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createSource } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

const meXml = readFileSync(join(import.meta.dir, '../../fixtures/interpretation/apple-health-me.xml'), 'utf8')

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let other: Awaited<ReturnType<TestApp['userWithKey']>>

beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  other = await t.userWithKey()
})
afterAll(() => t.cleanup())

const get = (who = p) => t.call('GET', `/users/${who.userId}/profile`, { token: who.key })
const put = (body: Record<string, unknown>, who = p) =>
  t.call('PUT', `/users/${who.userId}/profile`, { token: who.key, body })

describe('GET/PUT /users/{user_id}/profile', () => {
  it('is empty until something is known, then fills from an Apple Health <Me> element, naming the source', async () => {
    const empty = await get()
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({ user_id: p.userId, sex: null, birth_date: null, age_years: null })
    const imported = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { filename: 'export.xml', text: meXml },
    })
    expect(imported.status).toBe(201)
    const filled = await get()
    expect(filled.body.sex).toEqual({
      value: 'male',
      origin: { kind: 'source', source_id: imported.body.source_id, detail: 'Apple Health <Me>' },
    })
    expect(filled.body.birth_date.value).toBe('1968-04-12')
    expect(filled.body.age_years).toBeGreaterThanOrEqual(57)
  })

  it('keeps what the user sets over what the data says, and null gives the data’s value back', async () => {
    const set = await put({ sex: 'female' })
    expect(set.status).toBe(200)
    expect(set.body.sex).toEqual({
      value: 'female',
      origin: { kind: 'user', source_id: null, detail: 'set by the user' },
    })
    expect(set.body.birth_date.origin.kind).toBe('source')
    const cleared = await put({ sex: null })
    expect(cleared.body.sex.value).toBe('male')
    expect(cleared.body.sex.origin.kind).toBe('source')
  })

  it('refuses impossible dates and values with a 422 problem, and another user’s id with 403', async () => {
    for (const body of [
      { birth_date: '1990-02-30' },
      { birth_date: '2999-01-01' },
      { birth_date: '12/04/1968' },
      { sex: 'other' },
    ]) {
      const r = await put(body)
      expect(r.status).toBe(422)
      expect(r.headers.get('content-type')).toContain('application/problem+json')
      expect(r.body.errors[0].path).toBe(Object.keys(body)[0] === 'sex' ? '/sex' : '/birth_date')
    }
    expect((await t.call('GET', `/users/${other.userId}/profile`, { token: p.key })).status).toBe(403)
    expect((await put({ sex: 'male' }, { ...other, key: p.key })).status).toBe(403)
    // The other user's profile is untouched.
    expect((await get(other)).body.sex).toBeNull()
  })
})

describe('the profile from a FHIR Patient', () => {
  it('takes gender and birth date from the Patient resource of an imported bundle', async () => {
    const q = await t.userWithKey()
    const bundle = readFileSync(join(import.meta.dir, '../../fixtures/imports/fhir-bundle.json'), 'utf8')
    const imported = await t.call('POST', '/imports/file', {
      token: q.key,
      body: { filename: 'b.json', text: bundle },
    })
    expect(imported.status).toBe(201)
    const r = await get(q)
    expect(r.body.sex).toEqual({
      value: 'female',
      origin: { kind: 'source', source_id: imported.body.source_id, detail: 'FHIR Patient' },
    })
    expect(r.body.birth_date.value).toBe('1984-05-02')
  })
})

describe('the profile from a genotype file', () => {
  it('takes sex from the X and Y calls the genetics analysis decided, and ignores an undecided call', async () => {
    const q = await t.userWithKey()
    const scope = scopeOf(q)
    const decided = await createSource(t.context, scope, {
      modality: 'genetics',
      format: '23andme',
      details: { genetic_sex: { sex: 'male', x_heterozygosity: 0.001, evidence: 'one X' } },
    })
    const r = await get(q)
    expect(r.body.sex).toEqual({
      value: 'male',
      origin: { kind: 'source', source_id: decided.id, detail: 'genotype X/Y calls' },
    })
    const r2 = await t.userWithKey()
    await createSource(t.context, scopeOf(r2), {
      modality: 'genetics',
      format: 'vcf',
      details: { genetic_sex: { sex: 'unknown', x_heterozygosity: null, evidence: 'too few X calls' } },
    })
    expect((await get(r2)).body.sex).toBeNull()
  })
})

describe('the stored profile', () => {
  it('judges a man’s falling testosterone and a woman’s HDL by their own ranges in analyses and trends', async () => {
    const man = await t.userWithKey()
    await put({ sex: 'male', birth_date: '1980-05-01' }, man)
    const lab = (value: number, at: string) => ({
      modality: 'biomarkers' as const,
      code: 'testosterone_total',
      original_name: 'Testosterone',
      value,
      unit: 'ng/dL',
      observed_at: at,
    })
    await createSource(t.context, scopeOf(man), { modality: 'biomarkers', format: 'lab_csv' }, [
      lab(640, '2025-06-01T08:00:00.000Z'),
      lab(250, '2026-01-10T08:00:00.000Z'),
    ])
    const analysis = await t.call('POST', '/analyses', { token: man.key, body: {} })
    expect(analysis.body.input.profile).toMatchObject({ sex: 'male' })
    const testosterone = analysis.body.interpretations.find((i: any) => i.code === 'testosterone_total')
    expect(testosterone.status).toBe('low')
    expect(testosterone.statement).toContain('below the reference range (264–916 ng/dL)')
    const trends = await t.call('POST', `/users/${man.userId}/trends`, {
      token: man.key,
      body: { markers: ['testosterone_total'], window_days: 730 },
    })
    expect(trends.body.markers[0]).toMatchObject({ status: 'low', reference_range: { low: 264, high: 916 } })

    const woman = await t.userWithKey()
    await put({ sex: 'female' }, woman)
    await createSource(t.context, scopeOf(woman), { modality: 'biomarkers', format: 'lab_csv' }, [
      {
        modality: 'biomarkers',
        code: 'hdl_cholesterol',
        original_name: 'HDL',
        value: 45,
        unit: 'mg/dL',
        observed_at: '2026-01-10T08:00:00.000Z',
      },
    ])
    const context = await t.call('POST', `/users/${woman.userId}/health-context`, {
      token: woman.key,
      body: {},
    })
    expect(context.body.latest.find((l: any) => l.code === 'hdl_cholesterol').status).toBe('low')
  })

  it('is offered as MCP tools beside every other operation', async () => {
    const openapi = await t.call('GET', '/openapi.json')
    expect(Object.keys(openapi.body.paths['/users/{user_id}/profile']).sort()).toEqual(['get', 'put'])
    const { allOperations } = await import('../../../modules/app')
    const tools = allOperations.filter((o) => o.id.startsWith('profiles.')).map((o) => o.mcp?.tool)
    expect(tools.sort()).toEqual(['get_profile', 'set_profile'])
  })
})
