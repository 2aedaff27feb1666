// A VCF on T2T-CHM13 has positions no catalog entry or panel marker is listed at. It must not be read
// as GRCh38 (or GRCh37): here a CHM13 file carries a call at MTHFR C677T's GRCh38 position with its
// alleles, which on CHM13 is another base altogether, so any finding from it would be false.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { unsupportedAssembly } from '../../genetics-core/detect/genome-build'
import { analyzeGeneticsSource } from '../../genetics-core/index'
import { tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const CHM13_CONTIGS = ['##contig=<ID=chr1,length=248387328>', '##contig=<ID=chrX,length=154259566>']
const GRCH38_CONTIGS = ['##contig=<ID=chr1,length=248956422>', '##contig=<ID=chrX,length=156040895>']

/** One sample, a het call at chr1:11796321 G>A (rs1801133's GRCh38 position), and no rsID. */
function vcf(name: string, headerLines: string[]): string {
  const path = tmp.path(name)
  writeFileSync(
    path,
    [
      '##fileformat=VCFv4.2',
      ...headerLines,
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
      'chr1\t11796321\t.\tG\tA\t50\tPASS\t.\tGT\t0/1',
      '',
    ].join('\n'),
  )
  return path
}

const codes = (warnings: { code: string }[]) => warnings.map((w) => w.code)

describe('T2T-CHM13 input', () => {
  test('control: the same call on GRCh38 contigs is MTHFR C677T', async () => {
    const analysis = await analyzeGeneticsSource(vcf('grch38.vcf', GRCH38_CONTIGS), { annotation: 'compact' })
    expect(analysis.summary.build.build).toBe('GRCh38')
    expect(analysis.compact?.findings.map((f) => f.rsid)).toContain('rs1801133')
  })

  test('CHM13 contig lengths: build unknown, refused by name with what to do, no findings', async () => {
    const analysis = await analyzeGeneticsSource(vcf('chm13.vcf', CHM13_CONTIGS), { annotation: 'compact' })
    expect(analysis.summary.build).toMatchObject({ build: 'unknown', method: 'contig_lengths' })
    expect(analysis.summary.build.evidence).toContain('T2T-CHM13')
    const unsupported = analysis.warnings.find((w) => w.code === 'BUILD_UNSUPPORTED')
    expect(unsupported?.message).toContain('lift the calls over to GRCh38')
    expect(analysis.compact).toBeNull()
  })

  test("a stale ##reference naming GRCh38 does not make CHM13 positions GRCh38's", async () => {
    const path = vcf('chm13-stale-reference.vcf', ['##reference=GRCh38', ...CHM13_CONTIGS])
    const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
    expect(analysis.summary.build.build).toBe('unknown')
    expect(codes(analysis.warnings)).toEqual(expect.arrayContaining(['BUILD_UNSUPPORTED', 'BUILD_CONFLICT']))
    expect(analysis.compact).toBeNull()
  })

  test.each([
    ['a FASTA path', '##reference=file:///refs/chm13v2.0.fa'],
    ["UCSC's name", '##reference=hs1'],
    ['the GenBank accession', '##assembly=GCA_009914755.4'],
  ])('without contig lengths, %s names it', async (_, line) => {
    const analysis = await analyzeGeneticsSource(vcf(`named-${line.length}.vcf`, [line]), {
      annotation: 'compact',
    })
    expect(analysis.summary.build).toMatchObject({ build: 'unknown', method: 'header' })
    expect(codes(analysis.warnings)).toContain('BUILD_UNSUPPORTED')
  })

  test('GRCh38 contig lengths win over a header that also mentions T2T', async () => {
    const path = vcf('grch38-t2t-note.vcf', ['##source=pipeline also run on T2T', ...GRCH38_CONTIGS])
    const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
    expect(analysis.summary.build.build).toBe('GRCh38')
    expect(codes(analysis.warnings)).not.toContain('BUILD_UNSUPPORTED')
  })

  test('lengths of two assemblies in one header decide nothing', () => {
    const contigs = [
      { id: 'chr1', length: 248387328 },
      { id: 'chr2', length: 242193529 },
    ]
    expect(unsupportedAssembly([], contigs)).toBeNull()
    expect(unsupportedAssembly([{ label: '##reference', value: 'chm13' }], contigs)).toBeNull()
    expect(unsupportedAssembly([{ label: '##reference', value: 'GRCh38 lifted to chm13' }], [])).toBeNull()
  })
})
