// importGenotypeFile: the small-file path POST /imports/file uses. A consumer file becomes the same
// kind of genetics source as an upload (findings and ancestry included); unreadable content is a 422
// naming the line; nothing is stored for it.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { importGenotypeFile, listGeneticFindings, requestAncestry } from '../../../modules/genetics/service'
import { ProblemError } from '../../../modules/shared/problem'
import { listSources } from '../../../modules/sources/service'
import { type TestApp, testApp } from '../../support/app'
import { CONSUMER, fixture, VCF_GZ } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

const scope = (p: { userId: string; organizationId: string }) => ({
  user_id: p.userId,
  organization_id: p.organizationId,
})

describe('importGenotypeFile', () => {
  it('stores a consumer file as a genetics source with its ancestry', async () => {
    const p = await t.userWithKey()
    const source = await importGenotypeFile(t.context, scope(p), {
      bytes: fixture(CONSUMER),
      filename: 'genome.txt',
      content_type: 'text/plain',
      provider: '23andMe',
    })
    expect(source).toMatchObject({
      modality: 'genetics',
      format: '23andme',
      provider: '23andMe',
      record_count: 1517,
    })
    expect(source.details).toMatchObject({
      via: 'imports_file',
      build: 'NCBI36',
      annotation_depth: 'compact',
    })
    const ancestry = await requestAncestry(t.context, scope(p), source.id)
    expect(ancestry.result.coverage).toMatchObject({ found: 11 })
  })

  it('reads a VCF.GZ too, with its findings', async () => {
    const p = await t.userWithKey()
    const source = await importGenotypeFile(t.context, scope(p), { bytes: fixture(VCF_GZ) })
    const findings = await listGeneticFindings(t.context, scope(p), { sourceIds: [source.id] })
    expect(findings).toHaveLength(1)
    expect(await listGeneticFindings(t.context, scope(p), { genes: [] })).toEqual([])
  })

  it('refuses unreadable content with a 422 naming the line and stores nothing', async () => {
    const p = await t.userWithKey()
    // The real file cut in the middle of row 795, as an interrupted download leaves it.
    const cut = fixture(CONSUMER).subarray(0, 20_011)
    const error = await importGenotypeFile(t.context, scope(p), { bytes: cut }).catch((e) => e)
    expect(error).toBeInstanceOf(ProblemError)
    expect(error.status).toBe(422)
    expect(error.extra).toMatchObject({ line: 795, code: 'TRUNCATED_INPUT' })
    expect(error.detail).toContain('line 795: the last line is cut short')
    expect(error.detail).toContain('download it again')
    expect(error.detail).not.toMatch(/\t[ACGT-]{1,2}\b/)
    // Cut after the first letter of row 795's genotype: the row still reads, as a one-letter call.
    const bytes = fixture(CONSUMER)
    const rowEnd = bytes.indexOf(10, 20_011)
    const oneLetter = await importGenotypeFile(t.context, scope(p), {
      bytes: bytes.subarray(0, bytes.lastIndexOf(9, rowEnd) + 2),
    }).catch((e) => e)
    expect([oneLetter.status, oneLetter.extra.code, oneLetter.extra.line]).toEqual([
      422,
      'TRUNCATED_INPUT',
      795,
    ])
    expect(oneLetter.detail).toContain(
      '(it ends without a line break and its genotype is one letter on chromosome',
    )
    const empty = await importGenotypeFile(t.context, scope(p), { bytes: new Uint8Array(0) }).catch((e) => e)
    expect(empty.status).toBe(422)
    expect((await listSources(t.context, scope(p), {})).data).toEqual([])
  })
})
