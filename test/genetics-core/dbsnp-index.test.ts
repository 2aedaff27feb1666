// The provisioned dbSNP index (`bun run genetics index-dbsnp`): built from the real dbSNP excerpts, it
// must assign exactly what the streaming merge join assigns, for sorted and unsorted input, with any
// block size (runs of records at one position crossing block edges), and refuse a damaged index.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli } from '../../genetics-core/cli'
import { buildReferenceIndex } from '../../genetics-core/dbsnp/reference-index/build-index'
import { analyzeGeneticsSource, annotateWithDbsnp, GeneticsInputError } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const reference = fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz')
const refseqReference = fixture('dbsnp', 'dbsnp_b144_refseq_names.vcf.gz')
const input = fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf')

async function assignments(path: string, ref: string, options: Parameters<typeof annotateWithDbsnp>[2] = {}) {
  const got: string[] = []
  const result = await annotateWithDbsnp(path, ref, {
    ...options,
    onAssigned: (chrom, pos, r, a, rs) => got.push(`${chrom}:${pos}:${r}>${a}=rs${rs}`),
  })
  return { result, got }
}

describe('the provisioned dbSNP index', () => {
  test('the CLI builds it and reports what it holds', async () => {
    const lines: string[] = []
    const status = await runCli(['index-dbsnp', reference, join(tmp.dir, 'cli-index')], (l) => lines.push(l))
    expect(status).toBe(0)
    expect(JSON.parse(lines.join('\n'))).toMatchObject({
      format: 'wds-dbsnp-index',
      version: 1,
      records: 582,
      alleles: 595,
      withoutRsid: 0,
      chromosomes: 1,
      referenceBuild: { build: 'GRCh37', method: 'header' },
      source: { file: 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz' },
    })
  })

  for (const blockRecords of [512, 1, 2, 3, 7]) {
    test(`assigns what the merge join assigns (blocks of ${blockRecords})`, async () => {
      const dir = join(tmp.dir, `index-${blockRecords}`)
      await buildReferenceIndex(reference, dir, { blockRecords, workers: 0 })
      const merge = await assignments(input, reference, { method: 'merge_join' })
      const indexed = await assignments(input, dir)
      expect(indexed.got).toEqual(merge.got)
      const { method: _m, referenceBuild: _r, ...stats } = indexed.result
      const { method: _m2, referenceBuild: _r2, ...mergeStats } = merge.result
      expect(stats).toEqual(mergeStats)
      expect(indexed.result).toMatchObject({
        method: 'index',
        alleles: 66,
        assigned: 62,
        contigMapping: { chr1: '1' },
      })
    })
  }

  test('unsorted input is looked up the same way, without falling back to region reads', async () => {
    const dir = join(tmp.dir, 'index-unsorted')
    await buildReferenceIndex(reference, dir, { blockRecords: 4, workers: 0 })
    const lines = readFileSync(input, 'utf8').trimEnd().split('\n')
    const header = lines.filter((l) => l.startsWith('#'))
    const body = lines.filter((l) => !l.startsWith('#'))
    const path = tmp.path('unsorted.vcf')
    writeFileSync(path, `${[...header, ...body.slice(30), ...body.slice(0, 30)].join('\n')}\n`)
    const unsorted = await assignments(path, dir)
    const sorted = await assignments(input, dir)
    expect(unsorted.result.method).toBe('index')
    expect(unsorted.result.warnings.map((w) => w.code)).not.toContain('INPUT_UNSORTED')
    expect([...unsorted.got].sort()).toEqual([...sorted.got].sort())
  })

  test('contig names are matched through canonical chromosomes (RefSeq NC_ in the reference)', async () => {
    const dir = join(tmp.dir, 'index-refseq')
    await buildReferenceIndex(refseqReference, dir, { workers: 0 })
    const { result, got } = await assignments(input, dir)
    expect(result.contigMapping).toEqual({ chr1: 'NC_000001.10' })
    expect(got).toEqual((await assignments(input, reference)).got)
  })

  test('analyzeGeneticsSource accepts the index directory (or its index.json) as the dbSNP path', async () => {
    const dir = join(tmp.dir, 'index-analyze')
    await buildReferenceIndex(reference, dir, { workers: 0 })
    for (const dbsnpPath of [dir, join(dir, 'index.json')]) {
      const analysis = await analyzeGeneticsSource(input, { annotation: 'full_dbsnp', dbsnpPath })
      expect(analysis.dbsnp).toMatchObject({ method: 'index', alleles: 66, assigned: 62 })
    }
  })

  test('a damaged index is refused with a typed error', async () => {
    const dir = join(tmp.dir, 'index-damaged')
    await buildReferenceIndex(reference, dir, { workers: 0 })
    const manifest = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'))
    writeFileSync(join(dir, 'index.json'), JSON.stringify({ ...manifest, version: 99 }))
    const wrongVersion = await assignments(input, dir).catch((e) => e)
    expect(wrongVersion).toBeInstanceOf(GeneticsInputError)
    expect(wrongVersion.code).toBe('DBSNP_REFERENCE_INVALID')
    expect(wrongVersion.message).toContain('rebuild it with index-dbsnp')
    writeFileSync(join(dir, 'index.json'), JSON.stringify(manifest))
    truncateSync(join(dir, manifest.chromosomes[0].allelesFile), 100)
    const truncated = await assignments(input, dir).catch((e) => e)
    expect(truncated.code).toBe('DBSNP_REFERENCE_INVALID')
    expect(truncated.message).toContain('shorter than its header says')
  })
})
