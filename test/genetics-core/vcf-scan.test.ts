// scanSource on VCF and gVCF fixtures: calls at targets (rsID, position, trimmed indel position,
// reference blocks), samples, the worker path against the main-thread path, progress and
// cancellation.

import { describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Progress } from '../../genetics-core/index'
import { GeneticsCancelledError, GeneticsInputError, scanSource } from '../../genetics-core/index'
import { fixture } from './support/fixtures'

describe('gVCF reference blocks', () => {
  const path = fixture('vcf', 'convert.gvcf.vcf')

  test('a target inside a block with GT 0/0 comes back hom-ref from the block, reference base unknown', async () => {
    const { calls, summary } = await scanSource(path, {
      targets: [{ key: 'in-block', grch37: { chrom: '22', pos: 30 } }],
    })
    expect(summary.isGvcf).toBe(true)
    expect(summary.format).toBe('gvcf')
    expect(calls.get('in-block')).toEqual({
      chrom: '22',
      pos: 30,
      id: null,
      ref: null,
      alts: [],
      alleles: ['N', 'N'],
      zygosity: 'hom_ref',
      filter: 'LowGQX',
      fromReferenceBlock: true,
      dp: 6,
    })
  })

  test('a target at the first base of a block gets the block REF as its alleles', async () => {
    const { calls } = await scanSource(path, {
      targets: [{ key: 'start', grch37: { chrom: '22', pos: 21 } }],
    })
    const call = calls.get('start')!
    expect([call.ref, call.alleles, call.zygosity, call.fromReferenceBlock]).toEqual([
      'C',
      ['C', 'C'],
      'hom_ref',
      true,
    ])
  })

  test('a block whose GT is missing gives a no-call, not hom-ref', async () => {
    const { calls } = await scanSource(path, {
      targets: [{ key: 'uncalled', grch37: { chrom: '22', pos: 5 } }],
    })
    expect(calls.get('uncalled')?.zygosity).toBe('no_call')
    expect(calls.get('uncalled')?.fromReferenceBlock).toBe(true)
  })

  test('a variant line beats the blocks around it and reference blocks are never counted as variants', async () => {
    const { calls, summary } = await scanSource(path, {
      targets: [{ key: 'snv', grch37: { chrom: '22', pos: 86 } }],
    })
    expect(calls.get('snv')).toMatchObject({
      ref: 'G',
      alts: ['C'],
      alleles: ['G', 'C'],
      zygosity: 'het',
      ad: [16, 6],
    })
    expect(calls.get('snv')?.fromReferenceBlock).toBeUndefined()
    expect(summary.variantRecords).toBe(1)
    expect(summary.referenceBlocks).toBe(30)
  })

  test('GATK all-sites records (ALT ".") answer targets at their own position, GRCh38 coordinates', async () => {
    const { calls, summary } = await scanSource(fixture('vcf', 'gvcfz_head300.vcf'), {
      targets: [
        { key: 'ref', grch38: { chrom: 'chr1', pos: 10004 } },
        { key: 'nocall', grch38: { chrom: '1', pos: 10001 } },
        { key: 'absent', grch38: { chrom: '1', pos: 50_000_000 } },
      ],
    })
    expect(summary.build.build).toBe('GRCh38')
    expect(calls.get('ref')).toMatchObject({
      chrom: '1',
      pos: 10004,
      ref: 'C',
      alleles: ['C', 'C'],
      zygosity: 'hom_ref',
    })
    expect(calls.get('nocall')?.zygosity).toBe('no_call')
    expect(calls.has('absent')).toBe(false)
  })
})

describe('targets', () => {
  test('are matched by rsID whatever the build, and by position in the detected build', async () => {
    const { calls, summary } = await scanSource(fixture('vcf', 'ex2.vcf'), {
      targets: [
        { key: 'by-rsid', rsid: 'rs6040355' },
        { key: 'by-position', grch37: { chrom: '20', pos: 17330 }, grch38: { chrom: '20', pos: 17330 } },
      ],
    })
    // ex2.vcf declares chromosome 20 with the NCBI36 length, so only the rsID target can match.
    expect(summary.build.build).toBe('NCBI36')
    expect(calls.get('by-rsid')).toMatchObject({
      id: 'rs6040355',
      ref: 'A',
      alts: ['G', 'T'],
      alleles: ['G', 'T'],
      zygosity: 'het',
    })
    expect(calls.has('by-position')).toBe(false)
  })

  test('match an anchored deletion at the first deleted base (REF/ALT trimmed) and prefer the SNV at the anchor', async () => {
    const { calls } = await scanSource(fixture('vcf', 'check.vcf'), {
      targets: [
        { key: 'deleted-base', grch37: { chrom: '1', pos: 3062916 } },
        { key: 'anchor', grch37: { chrom: '1', pos: 3062915 } },
      ],
    })
    expect(calls.get('deleted-base')).toMatchObject({
      pos: 3062915,
      ref: 'GTTT',
      alts: ['G'],
      zygosity: 'het',
    })
    expect(calls.get('anchor')).toMatchObject({ id: null, ref: 'G', alts: ['T', 'C'], alleles: ['G', 'T'] })
  })

  test('with allele hints choose the record whose REF/ALT agree with the target', async () => {
    const { calls } = await scanSource(fixture('vcf', 'check.vcf'), {
      targets: [{ key: 'indel', grch37: { chrom: '1', pos: 3062915 }, ref: 'GTTT', alts: ['G'] }],
    })
    expect(calls.get('indel')?.ref).toBe('GTTT')
  })

  test('read the chosen sample, every sample with allSamples, and refuse an unknown sample', async () => {
    const path = fixture('vcf', 'ex2.vcf')
    const targets = [{ key: 'rs6054257', rsid: 'rs6054257' }]
    const second = await scanSource(path, { targets, sample: 'NA00002' })
    expect(second.summary.sample).toBe('NA00002')
    expect(second.calls.get('rs6054257')).toMatchObject({
      alleles: ['A', 'G'],
      zygosity: 'het',
      dp: 8,
      gq: 48,
    })
    const all = await scanSource(path, { targets, allSamples: true })
    expect([...all.callsBySample!.keys()]).toEqual(['NA00001', 'NA00002', 'NA00003'])
    expect([...all.callsBySample!.values()].map((c) => c.get('rs6054257')?.zygosity)).toEqual([
      'hom_ref',
      'het',
      'no_call',
    ])
    const error = await scanSource(path, { sample: 'NOBODY' }).catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsInputError)
    expect(error.code).toBe('UNKNOWN_SAMPLE')
    expect(error.message).toBe(
      'sample "NOBODY" is not in the file; its 3 samples are "NA00001", "NA00002" and "NA00003". Sample names are matched exactly (case and spaces count)',
    )
    expect([error.samplesInFile, error.listedSamples]).toEqual([3, ['NA00001', 'NA00002', 'NA00003']])
  })

  test('a sample asked of a VCF without sample columns is refused, saying the file names none', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sites-only-')), 'sites.vcf')
    writeFileSync(
      path,
      '##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\nchr1\t11796321\trs1801133\tG\tA\t50\tPASS\t.\n',
    )
    const error = await scanSource(path, { sample: 'NA12878' }).catch((e) => e)
    expect([error.code, error.message, error.samplesInFile, error.namesNone]).toEqual([
      'UNKNOWN_SAMPLE',
      'sample "NA12878" was asked for, but the file names no samples (no sample columns on its #CHROM line)',
      0,
      true,
    ])
  })

  test('a sample asked of a consumer export (one person, no sample names) is refused, not ignored', async () => {
    const error = await scanSource(fixture('consumer', '23andme_2011_b36_first1000.txt'), {
      sample: 'NA12878',
    }).catch((e) => e)
    expect([error.code, error.message]).toEqual([
      'UNKNOWN_SAMPLE',
      'sample "NA12878" was asked for, but a 23andme file holds one person\'s calls and names no samples',
    ])
  })
})

describe('genotypes in every ploidy of the test data', () => {
  test('VCF 4.4 phasing prefixes, haploid, triploid and partly missing calls (vcf44_1.vcf)', async () => {
    const { summary } = await scanSource(fixture('vcf', 'vcf44_1.vcf'))
    expect(summary.genotypes).toEqual({
      hom_ref: 4,
      het: 1,
      hom_alt: 0,
      hemizygous: 12,
      no_call: 11,
      partial: 6,
      homozygous_unknown_ref: 0,
    })
    expect(summary.records).toBe(28)
  })

  test('a tetraploid phased call (3|2|1|0) counts as het', async () => {
    const { summary } = await scanSource(fixture('vcf', 'norm.phased-split.vcf'))
    expect(summary.genotypes).toMatchObject({ het: 1, hom_ref: 0, hom_alt: 0, no_call: 0 })
  })

  test('haploid chrY calls are hemizygous with one allele', async () => {
    const { calls } = await scanSource(fixture('vcf', 'y-chrom-haploid.vcf'), {
      targets: [{ key: 'y', grch37: { chrom: 'Y', pos: 2655180 } }],
    })
    expect(calls.get('y')).toMatchObject({ chrom: 'Y', alleles: ['G'], zygosity: 'hemizygous' })
  })
})

describe('streaming paths', () => {
  test('BGZF on two workers with tiny segments gives exactly what the main thread gives', async () => {
    const path = fixture('vcf', 'na12878_chr21_head4000.vcf.gz')
    const targets = [
      { key: 'a', grch37: { chrom: '21', pos: 10007085 } },
      { key: 'b', grch37: { chrom: 'chr21', pos: 14796542 } },
    ]
    const main = await scanSource(path, { targets, workers: 0 })
    const workers = await scanSource(path, { targets, workers: 2, segmentBytes: 2048 })
    expect(workers.summary).toEqual(main.summary)
    expect([...workers.calls]).toEqual([...main.calls])
    expect(main.calls.get('a')).toMatchObject({ alleles: ['G', 'G'], zygosity: 'hom_alt' })
    expect(main.calls.get('b')).toMatchObject({ alleles: ['A', 'G'], zygosity: 'het' })
    expect(main.summary.records).toBe(4000)
  })

  test('plain gzip (not BGZF) streams through createGunzip and is detected as such', async () => {
    const { detection, summary } = await scanSource(fixture('vcf', '1kg_phase1_chr1_head8.vcf.gz'), {
      workers: 2,
    })
    expect(detection.compression).toBe('gzip')
    expect(detection.samples.length).toBe(1092)
    expect(summary.records).toBe(8)
  })

  test('progress reports the stages and ends with every record counted', async () => {
    const reports: Progress[] = []
    await scanSource(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'), { onProgress: (p) => reports.push(p) })
    expect(reports[0].stage).toBe('detecting')
    expect(reports.at(-1)).toMatchObject({ stage: 'done', records: 4000 })
    expect(reports.at(-1)?.totalBytes).toBeGreaterThan(0)
  })

  test('an aborted scan rejects with the typed cancelled error, also on workers', async () => {
    const controller = new AbortController()
    controller.abort()
    const early = await scanSource(fixture('vcf', 'ex2.vcf'), { signal: controller.signal }).catch((e) => e)
    expect(early).toBeInstanceOf(GeneticsCancelledError)

    const during = new AbortController()
    const pending = scanSource(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'), {
      workers: 2,
      segmentBytes: 1024,
      signal: during.signal,
      onProgress: (p) => {
        if (p.stage === 'reading') during.abort()
      },
    })
    const error = await pending.catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsCancelledError)
    expect(error.code).toBe('CANCELLED')
  })
})
