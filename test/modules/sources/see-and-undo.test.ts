// See and undo an import: GET /sources/{id}/observations shows what a file produced (original text,
// line, parsed value, comparator, unit, canonical value, flag, warnings), dry_run previews without
// storing, and DELETE /sources/{id} removes the source and its observations while analyses that read
// it name it. The same three work as MCP tools through the official SDK client.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { type McpHarness, mcpHarness } from '../mcp/harness'

let h: McpHarness
let alice: { key: string; userId: string; organizationId: string }
let bob: { key: string; userId: string; organizationId: string }
let client: Client

const REPORT = [
  'Collected: 2026-01-02',
  'Glucose 105 H mg/dL 65-99',
  'hs-CRP <0.3 mg/L <1.0',
  'VITAMIN B12 1,250 H 200-1100 pg/mL',
  'Urine culture Negative',
  'Page 1 of 1',
].join('\n')

const upload = (who: typeof alice, body: Record<string, unknown>) =>
  h.t.call('POST', '/imports/file', {
    token: who.key,
    body: { user_id: who.userId, organization_id: who.organizationId, ...body },
  })

beforeAll(async () => {
  h = await mcpHarness()
  alice = await h.t.userWithKey()
  bob = await h.t.userWithKey()
  client = await h.connect(alice.key)
})
afterAll(() => h.stop())

describe('GET /sources/{id}/observations', () => {
  it('lists what a file produced in file order, with what was printed and what was stored', async () => {
    const r = await upload(alice, { text: REPORT })
    expect(r.status).toBe(201)
    const list = await h.t.call('GET', `/sources/${r.body.source_id}/observations`, { token: alice.key })
    expect(list.status).toBe(200)
    expect(list.body.next_cursor).toBeNull()
    expect(list.body.data.map((o: any) => o.source_ref)).toEqual(['line 2', 'line 3', 'line 4', 'line 5'])
    expect(list.body.data[0]).toEqual({
      id: expect.stringMatching(/^obs_/),
      source_id: r.body.source_id,
      modality: 'biomarkers',
      code: 'glucose',
      original_name: 'Glucose',
      original_text: 'Glucose 105 H mg/dL 65-99',
      source_ref: 'line 2',
      observed_at: '2026-01-02T00:00:00.000Z',
      original_value: '105',
      original_unit: 'mg/dL',
      value: 105,
      value_text: null,
      unit: 'mg/dL',
      comparator: null,
      lab_flag: 'high',
      flag: 'H',
      specimen: null,
      reference_low: 65,
      reference_high: 99,
      reference_text: '65-99',
      warnings: [],
    })
    expect(list.body.data[1]).toMatchObject({
      code: 'hs_crp',
      value: 0.3,
      comparator: '<',
      original_value: '<0.3',
    })
    expect(list.body.data[2]).toMatchObject({ code: 'vitamin_b12', value: 1250, lab_flag: 'high' })
    expect(list.body.data[3]).toMatchObject({
      code: 'unknown:urine_culture',
      value: null,
      value_text: 'Negative',
      warnings: [{ code: 'unknown_marker', message: expect.stringContaining('Urine culture') }],
    })
  })

  it('pages with limit and cursor, and refuses a foreign cursor', async () => {
    const r = await upload(alice, { text: REPORT })
    const first = await h.t.call('GET', `/sources/${r.body.source_id}/observations?limit=3`, {
      token: alice.key,
    })
    expect(first.body.data).toHaveLength(3)
    const second = await h.t.call(
      'GET',
      `/sources/${r.body.source_id}/observations?limit=3&cursor=${first.body.next_cursor}`,
      { token: alice.key },
    )
    expect(second.body.data.map((o: any) => o.source_ref)).toEqual(['line 5'])
    expect(second.body.next_cursor).toBeNull()
    const bad = await h.t.call('GET', `/sources/${r.body.source_id}/observations?cursor=nope`, {
      token: alice.key,
    })
    expect(bad.status).toBe(422)
    expect(bad.headers.get('content-type')).toContain('application/problem+json')
  })

  it("answers 404 for another user's source, without its data", async () => {
    const r = await upload(alice, { text: REPORT })
    const other = await h.t.call('GET', `/sources/${r.body.source_id}/observations`, { token: bob.key })
    expect(other.status).toBe(404)
    expect(JSON.stringify(other.body)).not.toContain('Glucose')
  })
})

describe('dry_run', () => {
  it('answers 200 with the observations that would be stored, and stores nothing', async () => {
    const before = await h.t.call('GET', '/sources', { token: alice.key })
    const r = await upload(alice, { text: REPORT, dry_run: true, filename: 'report.txt' })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      source_id: null,
      dry_run: true,
      format: 'lab_text',
      filename: 'report.txt',
      observation_count: 4,
      markers: ['glucose', 'hs_crp', 'vitamin_b12'],
    })
    expect(r.body.observations[0]).toMatchObject({
      id: 'preview:1',
      source_id: null,
      code: 'glucose',
      value: 105,
    })
    const after = await h.t.call('GET', '/sources', { token: alice.key })
    expect(after.body.data.map((s: any) => s.id)).toEqual(before.body.data.map((s: any) => s.id))
  })

  it('refuses to preview a genotype file, which is analysed only when stored, and stores nothing', async () => {
    const genotype =
      '# rsid\tchromosome\tposition\tgenotype\nrs4477212\t1\t82154\tAA\nrs3094315\t1\t752566\tAG\n'
    const before = await h.t.call('GET', '/sources', { token: alice.key })
    const r = await upload(alice, { text: genotype, dry_run: true })
    expect(r.status).toBe(422)
    expect(r.headers.get('content-type')).toContain('application/problem+json')
    expect(r.body.detail).toContain('dry run cannot preview')
    const after = await h.t.call('GET', '/sources', { token: alice.key })
    expect(after.body.data).toEqual(before.body.data)
  })

  it('says an import that stores is not a dry run', async () => {
    const r = await upload(alice, { text: 'Glucose 92 mg/dL' })
    expect(r.body).toMatchObject({ dry_run: false, source_id: expect.stringMatching(/^src_/) })
    expect(r.body.observations).toBeUndefined()
  })
})

describe('DELETE /sources/{id}', () => {
  it('removes the source and its observations, and analyses that read it name it as deleted', async () => {
    const me = await h.t.userWithKey()
    const r = await upload(me, { text: REPORT })
    const analysis = await h.t.call('POST', '/analyses', {
      token: me.key,
      body: { user_id: me.userId, organization_id: me.organizationId },
    })
    expect(analysis.status).toBe(201)
    const trendsBefore = await h.t.call('POST', `/users/${me.userId}/trends`, { token: me.key, body: {} })
    expect(JSON.stringify(trendsBefore.body)).toContain('vitamin_b12')
    const deleted = await h.t.call('DELETE', `/sources/${r.body.source_id}`, { token: me.key })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({
      id: r.body.source_id,
      deleted: true,
      deleted_at: expect.any(String),
      observations_deleted: 4,
      analyses_citing: [analysis.body.id],
    })
    expect((await h.t.call('GET', `/sources/${r.body.source_id}`, { token: me.key })).status).toBe(404)
    expect(
      (await h.t.call('GET', `/sources/${r.body.source_id}/observations`, { token: me.key })).status,
    ).toBe(404)
    const trends = await h.t.call('POST', `/users/${me.userId}/trends`, { token: me.key, body: {} })
    expect(trends.status).toBe(200)
    expect(JSON.stringify(trends.body)).not.toContain('vitamin_b12')
    const read = await h.t.call('GET', `/analyses/${analysis.body.id}`, { token: me.key })
    expect(read.body.deleted_sources).toEqual([r.body.source_id])
    const again = await h.t.call('DELETE', `/sources/${r.body.source_id}`, { token: me.key })
    expect(again.status).toBe(404)
    expect(again.headers.get('content-type')).toContain('application/problem+json')
  })

  it("cannot delete another user's source", async () => {
    const r = await upload(alice, { text: REPORT })
    const other = await h.t.call('DELETE', `/sources/${r.body.source_id}`, { token: bob.key })
    expect(other.status).toBe(404)
    expect((await h.t.call('GET', `/sources/${r.body.source_id}`, { token: alice.key })).status).toBe(200)
  })
})

describe('the same operations as MCP tools', () => {
  it('previews with import_file dry_run, lists with list_source_observations and deletes with delete_source', async () => {
    const preview = await client.callTool({
      name: 'import_file',
      arguments: { text: REPORT, dry_run: true },
    })
    expect(preview.isError).toBeFalsy()
    expect(preview.structuredContent).toMatchObject({ dry_run: true, source_id: null, observation_count: 4 })
    const stored = await upload(alice, { text: REPORT })
    const listed = await client.callTool({
      name: 'list_source_observations',
      arguments: { id: stored.body.source_id, limit: 2 },
    })
    const http = await h.t.call('GET', `/sources/${stored.body.source_id}/observations?limit=2`, {
      token: alice.key,
    })
    expect(listed.structuredContent).toEqual(http.body)
    const removed = await client.callTool({ name: 'delete_source', arguments: { id: stored.body.source_id } })
    expect(removed.structuredContent).toMatchObject({
      id: stored.body.source_id,
      deleted: true,
      observations_deleted: 4,
    })
    const gone = await client.callTool({
      name: 'list_source_observations',
      arguments: { id: stored.body.source_id },
    })
    expect(gone.isError).toBe(true)
  })
})
