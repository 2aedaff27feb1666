// Call quality of sequencing VCFs: a catalog finding carries the caller's own measures of its call (FORMAT
// GQ, DP, AD) and what falls short in them (GQ below 20, fewer than 10 reads, an ALT read share unlike a
// germline genotype). A weak call is kept as a finding, with its interpretation and reason unchanged, and
// the notes count such findings and say to confirm them. The fixture
// (test/fixtures/genetics/call-quality/, SOURCES.md) is SYNTHETIC in HaplotypeCaller's layout, at real
// catalog sites on GRCh38; consumer and imputed files carry no such fields: callQuality null.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import {
  catalogEntry,
  HET_ALT_FRACTION,
  HOM_ALT_MIN_FRACTION,
  interpretCompact,
  MIN_GENOTYPE_QUALITY,
  MIN_READ_DEPTH,
} from '../../genetics-core/catalog'
import { callQualityOf } from '../../genetics-core/catalog/call-quality'
import { analyzeGeneticsSource } from '../../genetics-core/index'
import type { SiteCall } from '../../genetics-core/types'
import { callFromRecord, parseVcfRecordLine } from '../../genetics-core/vcf/vcf-record'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const VCF = fixture('call-quality', 'haplotypecaller_call_quality_grch38.vcf')

async function compactOf(path: string) {
  const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
  expect(analysis.compact).not.toBeNull()
  return analysis.compact!
}

const WEAK_CALLS_NOTE =
  '3 findings rest on sequencing calls of low quality: genotype quality below 20, fewer than 10 reads or a share of reads showing the variant unlike an inherited genotype (outside 20-80 % for a het, below 80 % for two copies). Such a call can be wrong; a clinical-grade test should confirm them before anything is done about them.'

describe('a sequencing VCF with GQ, DP and AD (HaplotypeCaller layout, GRCh38)', () => {
  test('the file is read on GRCh38 from its contig lengths', async () => {
    expect((await compactOf(VCF)).build).toBe('GRCh38')
  })

  test('a confident het (GQ 99, DP 35, AD 17,18) carries its measures and no concern', async () => {
    const mthfr = (await compactOf(VCF)).findings.find((f) => f.entryId === 'mthfr-c677t')!
    expect(mthfr).toMatchObject({ zygosity: 'het' })
    expect(mthfr.callQuality).toEqual({ gq: 99, depth: 35, altFraction: 0.514, concerns: [] })
  })

  test('a het from 3 reads with GQ 7 is kept as a finding, worded as the catalog words it, with two concerns', async () => {
    const compact = await compactOf(VCF)
    const hfe = compact.findings.find((f) => f.entryId === 'hfe-c282y')!
    expect(hfe).toMatchObject({ zygosity: 'het', altCopies: 1 })
    expect(hfe.interpretation).toBe(catalogEntry('hfe-c282y')!.interpretation.het)
    expect(hfe.callQuality).toEqual({
      gq: 7,
      depth: 3,
      altFraction: 0.667,
      concerns: ['low_gq', 'low_depth'],
    })
    // The assessment says the same, and its reason is unchanged (none for a plain het).
    const assessment = compact.assessments.find((a) => a.entryId === 'hfe-c282y')!
    expect(assessment).toMatchObject({ status: 'assessed', genotype: 'het', callQuality: hfe.callQuality })
    expect(assessment.reason).toBeUndefined()
  })

  test('a het where 2 of 40 reads show the variant has an allele-balance concern', async () => {
    const cyp2c9 = (await compactOf(VCF)).findings.find((f) => f.entryId === 'cyp2c9-star2')!
    expect(cyp2c9.callQuality).toEqual({ gq: 25, depth: 40, altFraction: 0.05, concerns: ['allele_balance'] })
  })

  test('a hom-alt call with half of its reads on REF (AD 10,10) has an allele-balance concern', async () => {
    const slco1b1 = (await compactOf(VCF)).findings.find((f) => f.entryId === 'slco1b1-521')!
    expect(slco1b1).toMatchObject({ zygosity: 'hom_alt' })
    expect(slco1b1.callQuality).toEqual({ gq: 30, depth: 20, altFraction: 0.5, concerns: ['allele_balance'] })
  })

  test('multi-allelic records: the share is of the ALT the genotype carries, the catalog one', async () => {
    const compact = await compactOf(VCF)
    // G>C,A with 0/2 and AD 20,0,18: A (the second ALT) holds 18 of 38 reads.
    expect(compact.findings.find((f) => f.entryId === 'cyp2c19-star2')?.callQuality).toEqual({
      gq: 99,
      depth: 38,
      altFraction: 0.474,
      concerns: [],
    })
    // G>A,T with 1/2 and AD 2,19,19: the catalog's A holds 19 of 40, not both ALTs' 38 of 40.
    expect(compact.findings.find((f) => f.entryId === 'cyp2c19-star3')?.callQuality).toEqual({
      gq: 99,
      depth: 40,
      altFraction: 0.475,
      concerns: [],
    })
  })

  test('the notes count the findings with concerns (not the weak hom-ref call) and say to confirm them', async () => {
    const compact = await compactOf(VCF)
    // VKORC1 0/0 from 2 reads, GQ 6: the assessment carries it, but it is no finding.
    const vkorc1 = compact.assessments.find((a) => a.entryId === 'vkorc1-1639')!
    expect(vkorc1).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
    expect(vkorc1.callQuality?.concerns).toEqual(['low_gq', 'low_depth'])
    expect(compact.findings.map((f) => f.entryId)).not.toContain('vkorc1-1639')
    // Six findings, every one kept; three with concerns.
    expect(compact.findings).toHaveLength(6)
    expect(
      compact.findings
        .filter((f) => f.callQuality?.concerns.length)
        .map((f) => f.entryId)
        .sort(),
    ).toEqual(['cyp2c9-star2', 'hfe-c282y', 'slco1b1-521'])
    expect(compact.notes).toContain(WEAK_CALLS_NOTE)
  })

  test('the internal carried allele does not leak into the assessments', async () => {
    for (const a of (await compactOf(VCF)).assessments) expect(a).not.toHaveProperty('carriedAlt')
  })
})

describe('files without call measures', () => {
  test('a consumer export: callQuality null on every finding, no call-quality note', async () => {
    const path = tmp.path('23andme_v5_grch37.txt')
    writeFileSync(
      path,
      '# This data file generated by 23andMe at: Mon Jan 01 00:00:00 2024\n' +
        '# We are using reference human assembly build 37 (also known as Annotation Release 104).\n' +
        '# rsid\tchromosome\tposition\tgenotype\n' +
        'rs1801133\t1\t11856378\tAG\n' +
        'rs1800562\t6\t26093141\tAG\n',
    )
    const compact = await compactOf(path)
    expect(compact.findings.map((f) => f.entryId).sort()).toEqual(['hfe-c282y', 'mthfr-c677t'])
    for (const f of compact.findings) expect(f.callQuality).toBeNull()
    for (const a of compact.assessments) expect(a.callQuality).toBeUndefined()
    expect(compact.notes.some((n) => n.includes('low quality'))).toBe(false)
  })

  test('an imputed VCF (GT:DS:HDS:GP): callQuality null', async () => {
    const compact = await compactOf(fixture('imputed', 'minimac4_topmed_grch38.vcf'))
    expect(compact.findings.length).toBeGreaterThan(0)
    for (const f of compact.findings) expect(f.callQuality).toBeNull()
  })
})

describe('the thresholds', () => {
  const entry = catalogEntry('hfe-c282y')!
  const record = (format: string, sample: string, alt = entry.alt, gt = '0/1') =>
    callFromRecord(
      parseVcfRecordLine(
        `chr6\t${entry.grch38!.pos}\trs1800562\t${entry.ref}\t${alt}\t50\tPASS\t.\tGT:${format}\t${gt}:${sample}`,
      )!,
      0,
    )
  const concernsOf = (call: SiteCall) =>
    interpretCompact(new Map([[entry.id, call]]), 'GRCh38').findings[0].callQuality?.concerns

  test('are the stated ones', () => {
    expect(MIN_GENOTYPE_QUALITY).toBe(20)
    expect(MIN_READ_DEPTH).toBe(10)
    expect(HET_ALT_FRACTION).toEqual({ min: 0.2, max: 0.8 })
    expect(HOM_ALT_MIN_FRACTION).toBe(0.8)
  })

  test('at each threshold the call is fine; just past it there is a concern', () => {
    expect(concernsOf(record('GQ:DP', '20:10'))).toEqual([])
    expect(concernsOf(record('GQ:DP', '19:10'))).toEqual(['low_gq'])
    expect(concernsOf(record('GQ:DP', '20:9'))).toEqual(['low_depth'])
    expect(concernsOf(record('AD', '8,2'))).toEqual([]) // 0.2 and 10 reads
    expect(concernsOf(record('AD', '2,8'))).toEqual([]) // 0.8
    expect(concernsOf(record('AD', '9,1'))).toEqual(['allele_balance'])
    expect(concernsOf(record('AD', '1,9'))).toEqual(['allele_balance'])
    expect(concernsOf(record('AD', '2,8', entry.alt, '1/1'))).toEqual([]) // 0.8 on two copies
    expect(concernsOf(record('AD', '3,7', entry.alt, '1/1'))).toEqual(['allele_balance'])
  })

  test('without DP the depth is the sum of AD; AD without reads says nothing of the balance', () => {
    const q = interpretCompact(new Map([[entry.id, record('AD', '2,3')]]), 'GRCh38').findings[0].callQuality
    expect(q).toEqual({ gq: null, depth: 5, altFraction: 0.6, concerns: ['low_depth'] })
    const zero = interpretCompact(new Map([[entry.id, record('AD:DP:GQ', '0,0:30:60')]]), 'GRCh38')
      .findings[0]
    expect(zero.callQuality).toEqual({ gq: 60, depth: 30, altFraction: null, concerns: [] })
  })

  test('a GQ-only call: its GQ, no depth, no fraction; a call with none of the fields: null', () => {
    expect(
      interpretCompact(new Map([[entry.id, record('GQ', '12')]]), 'GRCh38').findings[0].callQuality,
    ).toEqual({
      gq: 12,
      depth: null,
      altFraction: null,
      concerns: ['low_gq'],
    })
    const bare = callFromRecord(
      parseVcfRecordLine(`chr6\t${entry.grch38!.pos}\trs1800562\tG\tA\t50\tPASS\t.\tGT\t0/1`)!,
      0,
    )
    expect(interpretCompact(new Map([[entry.id, bare]]), 'GRCh38').findings[0].callQuality).toBeNull()
  })

  test('a gVCF reference block is judged on GQ and depth only, never on allele balance', () => {
    const block: SiteCall = {
      chrom: '6',
      pos: entry.grch38!.pos,
      id: null,
      ref: null,
      alts: [],
      alleles: ['N', 'N'],
      zygosity: 'hom_ref',
      filter: null,
      fromReferenceBlock: true,
      gq: 15,
      dp: 30,
      ad: [30, 10],
    }
    // Even were a block to list an ALT with reads on it, its reads are not weighed as a het's.
    expect(callQualityOf({ ...block, alts: ['A'] }, 'het', 'A')).toEqual({
      gq: 15,
      depth: 30,
      altFraction: null,
      concerns: ['low_gq'],
    })
    const assessment = interpretCompact(new Map([[entry.id, block]]), 'GRCh38').assessments.find(
      (a) => a.entryId === entry.id,
    )
    expect(assessment).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
    expect(assessment?.callQuality).toEqual({ gq: 15, depth: 30, altFraction: null, concerns: ['low_gq'] })
  })
})
