// GET /genetics/findings pages like every list: newest first, `limit` and `next_cursor`, filters kept.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type FindingInput, storeFindings } from '../../../modules/genetics/findings'
import { createSource } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

const finding = (gene: string, rsid: string): FindingInput => ({
  entryId: `${gene}-${rsid}`,
  rsid,
  gene,
  label: `${gene} ${rsid}`,
  category: 'trait',
  observedGenotype: 'A/G',
  zygosity: 'het',
  altCopies: 1,
  interpretation: 'test',
  evidence: { level: 'moderate', summary: 'test' },
  citations: [{ kind: 'pmid', id: '1' }],
  matchedBy: 'rsid',
  filter: null,
})

describe('GET /genetics/findings', () => {
  it('pages through findings with a cursor, and filters by gene', async () => {
    const p = await t.userWithKey()
    const source = await createSource(t.context, scopeOf(p), { modality: 'genetics', format: 'vcf' })
    await storeFindings(t.context, scopeOf(p), source.id, [
      finding('A', 'rs1'),
      finding('B', 'rs2'),
      finding('C', 'rs3'),
    ])
    const first = await t.call('GET', `/genetics/findings?source_id=${source.id}&limit=2`, { token: p.key })
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(2)
    const second = await t.call('GET', `/genetics/findings?limit=2&cursor=${first.body.next_cursor}`, {
      token: p.key,
    })
    expect(second.body.data).toHaveLength(1)
    expect(second.body.next_cursor).toBeNull()
    const all = [...first.body.data, ...second.body.data].map((f: any) => f.rsid).sort()
    expect(all).toEqual(['rs1', 'rs2', 'rs3'])
    const byGene = await t.call('GET', '/genetics/findings?gene=B', { token: p.key })
    expect(byGene.body.data.map((f: any) => f.rsid)).toEqual(['rs2'])
    expect((await t.call('GET', '/genetics/findings?cursor=nope', { token: p.key })).status).toBe(422)
    const other = await t.userWithKey()
    expect(
      (await t.call('GET', `/genetics/findings?source_id=${source.id}`, { token: other.key })).body,
    ).toEqual({
      data: [],
      next_cursor: null,
    })
  })
})
