// A VCF made from genotyping-chip data (a consumer download run through `bcftools convert --tsv2vcf`, or a
// chip's own data through gtc2vcf and the like) lists every probe, hom-ref and no-calls included, and is
// read as the chip file it came from: its share of no-calls is judged (LOW_CALL_RATE) and genetic sex
// takes the chip thresholds. Before, such a woman's file without Y records was read as a man's, and her
// heterozygous G6PD A- call was left out of the findings.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { chipVcfEvidence } from '../../genetics-core/detect/chip-vcf'
import { analyzeGeneticsSource, detectSource } from '../../genetics-core/index'
import { type ChipRecords, chipVcfText, TSV2VCF_HEADER } from './support/chip-vcf'
import { fixture, tempDir } from './support/fixtures'
import { headerOf } from './support/header-of'

const tmp = tempDir()
afterAll(() => tmp.remove())

/** The chip VCF written to a file of the test's folder. */
function chipVcf(name: string, records: ChipRecords, header = TSV2VCF_HEADER): string {
  const path = tmp.path(name)
  writeFileSync(path, chipVcfText(records, header))
  return path
}

const analyse = (path: string) => analyzeGeneticsSource(path, { annotation: 'compact' })
const lowCallRate = (warnings: { code: string; message: string }[]) =>
  warnings.find((w) => w.code === 'LOW_CALL_RATE')

describe('a VCF made from chip data is told from a sequencing VCF by its header', () => {
  test('bcftools convert --tsv2vcf (its own output on its own 23andMe-style test table)', async () => {
    const detection = await detectSource(fixture('chip-vcf', 'bcftools_tsv2vcf.vcf'))
    expect(detection.chipEvidence).toBe(
      '##bcftools_convertCommand=convert --tsv2vcf convert.23andme -f 23andme.fa -s SAMPLE1 -o bcftools_tsv2vcf.vcf',
    )
  })

  test('23andme2vcf names itself (the Perl script and its Python port)', () => {
    for (const source of [
      '23andme2vcf.pl https://github.com/arrogantrobot/23andme2vcf',
      '23andme2vcf.py https://github.com/calbers191/23andme2vcf-py',
    ])
      expect(chipVcfEvidence(headerOf(['##fileformat=VCFv4.2', `##source=${source}`]))).toBe(
        `##source=${source}`,
      )
  })

  test("a chip's own data (gtc2vcf, GTCtoVCF): FORMAT BAF and LRR, or INFO ALLELE_A and ALLELE_B", () => {
    const format = (id: string) => `##FORMAT=<ID=${id},Number=1,Type=Float,Description="${id}">`
    const info = (id: string) => `##INFO=<ID=${id},Number=1,Type=Integer,Description="${id} allele">`
    expect(chipVcfEvidence(headerOf(['##fileformat=VCFv4.2', format('BAF'), format('LRR')]))).toBe(
      '##FORMAT BAF and LRR (probe intensities)',
    )
    expect(chipVcfEvidence(headerOf(['##fileformat=VCFv4.2', info('ALLELE_A'), info('ALLELE_B')]))).toBe(
      "##INFO ALLELE_A and ALLELE_B (the probe's alleles)",
    )
    // One of a pair is not enough: BAF alone is also what some CNV callers write on sequencing data.
    expect(chipVcfEvidence(headerOf(['##fileformat=VCFv4.2', format('BAF')]))).toBeNull()
  })

  test('sequencing VCFs and other bcftools conversions are not', async () => {
    for (const path of [
      fixture('vcf-shapes', 'deepvariant.vcf'),
      fixture('vcf-shapes', 'dragen.hard-filtered.vcf'),
      fixture('call-quality', 'haplotypecaller_call_quality_grch38.vcf'),
    ])
      expect((await detectSource(path)).chipEvidence).toBeNull()
    const gvcf2vcf = headerOf([
      '##fileformat=VCFv4.2',
      '##bcftools_convertCommand=convert --gvcf2vcf -f ref.fa in.g.vcf.gz; Date=Mon Jan  1 00:00:00 2024',
    ])
    expect(chipVcfEvidence(gvcf2vcf)).toBeNull()
  })
})

describe('a chip VCF is read as the chip file it came from', () => {
  test("a woman's file without Y records: female from her X (10 % heterozygous), and her G6PD A- call is reported as one of two X", async () => {
    const analysis = await analyse(chipVcf('woman.vcf', { noCallEvery: 200, x: 'het', y: 'none' }))
    expect(analysis.geneticSex.sex).toBe('female')
    const g6pd = analysis.compact?.findings.find((f) => f.rsid === 'rs1050828')
    expect(g6pd?.zygosity).toBe('het')
    expect(g6pd?.interpretation).toStartWith('One of two X chromosomes carries G6PD c.202G>A')
  })

  test("a woman's download made into VCF by 23andme2vcf (no-calls dropped, hom-ref rows kept): female", async () => {
    const header = [
      '##fileformat=VCFv4.2',
      '##fileDate=20240101',
      '##source=23andme2vcf.pl https://github.com/arrogantrobot/23andme2vcf',
      '##reference=file://23andme_v5_hg19_ref.txt.gz',
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    ]
    const analysis = await analyse(
      chipVcf('23andme2vcf.vcf', { noCallEvery: 0, x: 'het', y: 'none' }, header),
    )
    expect(analysis.summary.build.build).toBe('GRCh37')
    expect(analysis.geneticSex.sex).toBe('female')
  })

  test("a woman's file with her Y records uncalled: female, not left unknown", async () => {
    const analysis = await analyse(chipVcf('woman-y.vcf', { noCallEvery: 200, x: 'het', y: 'uncalled' }))
    expect(analysis.geneticSex.sex).toBe('female')
  })

  test("a man's file (one-letter X and Y calls): male", async () => {
    const analysis = await analyse(chipVcf('man.vcf', { noCallEvery: 200, x: 'haploid', y: 'called' }))
    expect(analysis.geneticSex.sex).toBe('male')
  })

  test('a sample that read poorly (one record in eight uncalled) is warned of, as its download would be', async () => {
    const analysis = await analyse(chipVcf('poor.vcf', { noCallEvery: 8, x: 'het', y: 'uncalled' }))
    expect(lowCallRate(analysis.warnings)?.message).toStartWith(
      "11.4 % of the file's rows outside Y are no-calls (2,500 of 22,001)",
    )
    expect(
      lowCallRate(
        (await analyse(chipVcf('fine.vcf', { noCallEvery: 200, x: 'het', y: 'uncalled' }))).warnings,
      ),
    ).toBeUndefined()
  })

  test('the same records under a sequencing header are not judged by the share of no-calls', async () => {
    const header = TSV2VCF_HEADER.filter((line) => !line.startsWith('##bcftools_convert'))
    const analysis = await analyse(chipVcf('called.vcf', { noCallEvery: 8, x: 'het', y: 'uncalled' }, header))
    expect(lowCallRate(analysis.warnings)).toBeUndefined()
  })
})
