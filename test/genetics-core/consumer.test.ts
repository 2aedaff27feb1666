// Consumer genotype exports: the layouts of 23andMe (every header era, headerless CRLF), AncestryDNA
// (split alleles, chromosome codes 23-26, '0' no-calls), MyHeritage, FTDNA (quoted CSV), LivingDNA,
// deCODEme (minus-strand calls complemented) and a zip holding one of them.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { detectSource, scanSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

describe('consumer formats are told apart by content', () => {
  const cases: [string, string, string, string][] = [
    ['23andme_2011_b36_first1000.txt', '23andme', 'NCBI36', 'provider_header_text'],
    ['23andme_v3_b36_excerpt_crlf.txt', '23andme', 'NCBI36', 'known_positions'],
    ['23andme_b36_5rows.tsv', '23andme', 'NCBI36', 'known_positions'],
    ['ancestrydna_v1_header_sanitized.txt', 'ancestrydna', 'GRCh37', 'provider_header_text'],
    ['ancestrydna_synthetic_calls.txt', 'ancestrydna', 'GRCh37', 'provider_header_text'],
    ['myheritage_synthetic.csv', 'myheritage', 'GRCh37', 'provider_header_text'],
    ['ftdna_illumina_sample.csv', 'ftdna', 'GRCh37', 'known_positions'],
    ['livingdna_synthetic.txt', 'livingdna', 'GRCh37', 'provider_header_text'],
    ['decodeme_small.csv', 'decodeme', 'NCBI36', 'known_positions'],
    ['consumer_grch38_synthetic.txt', '23andme', 'GRCh38', 'provider_header_text'],
    ['headerless_grch37_synthetic.txt', '23andme', 'GRCh37', 'known_positions'],
  ]
  for (const [name, format, build, method] of cases) {
    test(`${name} is ${format}, build ${build} decided by ${method}`, async () => {
      const detection = await detectSource(fixture('consumer', name))
      expect([detection.format, detection.build.build, detection.build.method]).toEqual([
        format,
        build,
        method,
      ])
    })
  }

  test('a file with a misleading name is still detected by its content', async () => {
    const path = tmp.path('genome.vcf.gz')
    writeFileSync(path, readFileSync(fixture('consumer', 'ftdna_illumina_sample.csv')))
    const detection = await detectSource(path)
    expect([detection.format, detection.compression]).toEqual(['ftdna', 'none'])
  })

  test('a zip archive holding a BGZF VCF is inflated twice over, by content', async () => {
    const { detection, summary } = await scanSource(fixture('vcf', 'na12878_chr21_head4000.zip'))
    expect(detection).toMatchObject({ format: 'vcf', compression: 'zip', archiveEntry: 'sample.vcf.gz' })
    expect(summary.records).toBe(4000)
  })

  test('a zip archive holding a 23andMe export is read through the archive', async () => {
    const { detection, summary } = await scanSource(fixture('consumer', '23andme_2011_b36_first1000.zip'))
    expect(detection).toMatchObject({
      format: '23andme',
      compression: 'zip',
      archiveEntry: 'genome_2011.txt',
    })
    expect(summary.records).toBe(985)
  })
})

describe('every 23andMe header era', () => {
  const rows = readFileSync(fixture('consumer', '23andme_b36_5rows.tsv'), 'utf8')
  const eras: [string[], string][] = [
    [['23andme_header_v1_build36.txt'], 'NCBI36'],
    [['23andme_header_v2_build37.txt'], 'GRCh37'],
    [['23andme_header_v3_part1_build37.txt', '23andme_header_v3_part2_build37.txt'], 'GRCh37'],
  ]
  for (const [parts, build] of eras) {
    test(`${parts[0]} says ${build} in its prose and the reader takes it from there`, async () => {
      const path = tmp.path(parts[0])
      writeFileSync(path, parts.map((p) => readFileSync(fixture('consumer', p), 'utf8')).join('') + rows)
      const detection = await detectSource(path)
      expect(detection.format).toBe('23andme')
      expect(detection.build).toMatchObject({ build, method: 'provider_header_text' })
      expect(detection.build.evidence).toContain(build === 'NCBI36' ? 'build 36' : 'build 37')
    })
  }
})

describe('consumer calls', () => {
  test('23andMe letters: het, homozygous with and without allele hints, no-call, and male X/Y/MT single letters', async () => {
    const path = fixture('consumer', '23andme_v3_b36_excerpt_crlf.txt')
    const { calls, summary } = await scanSource(path, {
      targets: [
        { key: 'het', rsid: 'rs1035465' },
        { key: 'hom-no-hint', rsid: 'rs807812' },
        { key: 'hom-ref-hint', rsid: 'rs807812', ref: 'G', alts: ['A'] },
        { key: 'hom-alt-hint', rsid: 'rs807812', ref: 'A', alts: ['G'] },
      ],
    })
    expect(calls.get('het')).toMatchObject({
      chrom: '19',
      pos: 7597465,
      ref: null,
      alts: [],
      alleles: ['A', 'G'],
      zygosity: 'het',
    })
    expect(calls.get('hom-no-hint')).toMatchObject({ alleles: ['G', 'G'], zygosity: 'hom_alt', ref: null })
    expect(calls.get('hom-ref-hint')?.zygosity).toBe('hom_ref')
    expect(calls.get('hom-alt-hint')?.zygosity).toBe('hom_alt')
    expect(summary.genotypes.hemizygous).toBe(countSingleLetters(path))
    expect(summary.genotypes.hemizygous).toBe(194)
    expect(summary.genotypes.no_call).toBeGreaterThan(0)
  })

  test('AncestryDNA codes 23-26 become X, Y, X and MT, and "0 0" is a no-call', async () => {
    const { calls, summary } = await scanSource(fixture('consumer', 'ancestrydna_synthetic_calls.txt'), {
      targets: [
        { key: 'x', grch37: { chrom: 'X', pos: 1000000 } },
        { key: 'y', grch37: { chrom: 'Y', pos: 2000000 } },
        { key: 'par', grch37: { chrom: 'X', pos: 3000000 } },
        { key: 'mt', grch37: { chrom: 'MT', pos: 4000 } },
        { key: 'nocall', rsid: 'rs4908343' },
      ],
    })
    expect(calls.get('x')).toMatchObject({ chrom: 'X', alleles: ['A', 'G'], zygosity: 'het' })
    expect(calls.get('y')?.chrom).toBe('Y')
    expect(calls.get('par')?.chrom).toBe('X')
    expect(calls.get('mt')?.chrom).toBe('MT')
    expect(calls.get('nocall')).toMatchObject({ alleles: ['.', '.'], zygosity: 'no_call' })
    expect(summary.chromosomes).toMatchObject({ X: 2, Y: 1, MT: 1 })
    expect(summary.sorted).toBe(true)
  })

  test('deCODEme calls on the minus strand are complemented to the plus strand', async () => {
    const { calls } = await scanSource(fixture('consumer', 'decodeme_small.csv'), {
      targets: [
        { key: 'minus', rsid: 'rs3094315' },
        { key: 'plus', rsid: 'rs4477212' },
      ],
    })
    // rs3094315 is written '-', TT: the plus-strand call is AA (the 2011 23andMe excerpt, build 36, has AA).
    expect(calls.get('minus')?.alleles).toEqual(['A', 'A'])
    expect(calls.get('plus')?.alleles).toEqual(['A', 'A'])
  })

  test('FTDNA quoted CSV and MyHeritage CSV rows are unquoted; "--" is a no-call', async () => {
    const ftdna = await scanSource(fixture('consumer', 'ftdna_illumina_sample.csv'), {
      targets: [{ key: 'a', rsid: 'rs11240777' }],
    })
    expect(ftdna.calls.get('a')).toMatchObject({
      chrom: '1',
      pos: 798959,
      alleles: ['A', 'G'],
      zygosity: 'het',
    })
    const myheritage = await scanSource(fixture('consumer', 'myheritage_synthetic.csv'))
    expect(myheritage.summary).toMatchObject({ records: 12, withRsid: 12 })
    expect(myheritage.summary.genotypes.no_call).toBe(1)
  })

  test('indel letters count as indel calls and internal ids are not rsIDs', async () => {
    const { summary } = await scanSource(fixture('consumer', '23andme_2011_b36_first1000.txt'))
    expect(summary.records).toBe(985)
    expect(summary.withRsid).toBeLessThanOrEqual(985)
    expect(summary.sorted).toBe(true)
  })
})

/** Rows whose genotype is one letter (male Y and MT calls in this excerpt). */
function countSingleLetters(path: string): number {
  return readFileSync(path, 'latin1')
    .split('\r\n')
    .filter((l) => /^[ACGTDI]$/.test(l.split('\t')[3] ?? '')).length
}
