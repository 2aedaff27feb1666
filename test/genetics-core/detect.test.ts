// Detection of VCF files by content: version, container (plain, gzip, BGZF), gVCF, samples, and the
// genome build with how it was decided (header text, contig lengths, known marker positions).

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { analyzeGeneticsSource, detectSource, scanSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

describe('VCF detection', () => {
  test('plain, gzip and BGZF containers are told apart by their bytes', async () => {
    expect((await detectSource(fixture('vcf', 'ex2.vcf'))).compression).toBe('none')
    expect((await detectSource(fixture('vcf', '1kg_phase1_chr1_head8.vcf.gz'))).compression).toBe('gzip')
    expect((await detectSource(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))).compression).toBe('bgzf')
    const disguised = tmp.path('upload.txt')
    writeFileSync(disguised, gzipSync(readFileSync(fixture('vcf', 'ex2.vcf'))))
    expect(await detectSource(disguised)).toMatchObject({
      format: 'vcf',
      compression: 'gzip',
      vcfVersion: '4.1',
    })
  })

  test('versions 4.0 to 4.5 are read from ##fileformat', async () => {
    const versions = await Promise.all(
      [
        fixture('vcf', 'multi-contig.vcf.gz'),
        fixture('vcf', 'ex2.vcf'),
        fixture('vcf', 'merge.gvcf.2.a.vcf'),
        fixture('conformance', 'passed_body_samples.vcf'),
        fixture('vcf', 'vcf44_1.vcf'),
        fixture('conformance', 'zero_length_LAA.vcf'),
      ].map(async (p) => (await detectSource(p)).vcfVersion),
    )
    expect(versions).toEqual(['4.0', '4.1', '4.2', '4.3', '4.4', '4.5'])
  })

  test('samples come from the #CHROM line, and a trailing tab does not invent an empty sample', async () => {
    expect((await detectSource(fixture('vcf', 'ex2.vcf'))).samples).toEqual(['NA00001', 'NA00002', 'NA00003'])
    const invalid = await detectSource(fixture('vcf', 'test-invalid-header.vcf'))
    expect(invalid.samples.includes('')).toBe(false)
    expect(invalid.warnings.map((w) => w.code)).toContain('EMPTY_SAMPLE_NAME')
  })

  test('gVCFs are recognised from reference blocks (GATK <NON_REF>, bcftools <*>, Illumina ".") ', async () => {
    expect((await detectSource(fixture('vcf', 'convert.gvcf.vcf'))).isGvcf).toBe(true)
    expect((await detectSource(fixture('vcf', 'merge.gvcf.2.a.vcf'))).isGvcf).toBe(true)
    expect((await detectSource(fixture('vcf', 'gvcf.vcf.gz'))).format).toBe('gvcf')
    // bcftools mpileup declares <*> in every output; without blocks that is not a gVCF.
    expect((await detectSource(fixture('vcf', 'index.vcf.gz'))).isGvcf).toBe(false)
  })

  test("a GATK joint call keeps its inputs' ##GVCFBlock lines but is a VCF; the records decide", async () => {
    const header = [
      '##fileformat=VCFv4.2',
      '##ALT=<ID=NON_REF,Description="Represents any possible alternative allele at this location">',
      '##GVCFBlock=minGQ=0(inclusive),maxGQ=1(exclusive)',
      '##INFO=<ID=END,Number=1,Type=Integer,Description="Stop position of the interval">',
      '##contig=<ID=1,length=249250621>',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\tS2',
    ]
    const write = (name: string, lines: string[]) => {
      writeFileSync(tmp.path(name), `${[...header, ...lines].join('\n')}\n`)
      return tmp.path(name)
    }
    const joint = write('joint-called.vcf', ['1\t10172\t.\tCCCTAA\tC\t92\tPASS\tAC=1\tGT\t0/1\t0/0'])
    expect(await detectSource(joint)).toMatchObject({ format: 'vcf', isGvcf: false })
    const blocks = write('blocks.g.vcf', ['1\t10000\t.\tA\t<NON_REF>\t.\t.\tEND=10100\tGT\t0/0\t0/0'])
    expect(await detectSource(blocks)).toMatchObject({ format: 'gvcf', isGvcf: true })
    // Without any record only the header can say.
    expect(await detectSource(write('header-only.g.vcf', []))).toMatchObject({ format: 'gvcf' })
  })
})

describe('genome build', () => {
  test('from ##reference text', async () => {
    const build = (await detectSource(fixture('vcf', '1kg_phase1_chr1_head8.vcf.gz'))).build
    expect(build).toEqual({
      build: 'GRCh37',
      method: 'header',
      evidence: '##reference=GRCh37',
    })
  })

  test('from contig lengths, which win over a header that names another assembly', async () => {
    expect((await detectSource(fixture('vcf', 'gvcfz_head300.vcf'))).build).toMatchObject({
      build: 'GRCh38',
      method: 'contig_lengths',
    })
    const path = tmp.path('conflict.vcf')
    writeFileSync(
      path,
      '##fileformat=VCFv4.2\n##reference=GRCh38\n##contig=<ID=1,length=249250621>\n##contig=<ID=2,length=243199373>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n1\t100\t.\tA\tG\t.\t.\t.\n',
    )
    const detection = await detectSource(path)
    expect(detection.build).toMatchObject({ build: 'GRCh37', method: 'contig_lengths' })
    expect(detection.warnings.map((w) => w.code)).toContain('BUILD_CONFLICT')
  })

  test("from NCBI's RefSeq names: a GCF_000001405 accession, or NC_ contigs whose version states the build", async () => {
    const vcf = (meta: string[]) => {
      const path = tmp.path(`refseq-${meta.length}-${meta[0]?.length ?? 0}.vcf`)
      const body = '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\nNC_000001.11\t100\t.\tA\tG\t.\t.\t.\n'
      writeFileSync(path, ['##fileformat=VCFv4.2', ...meta, body].join('\n'))
      return path
    }
    expect((await detectSource(vcf(['##reference=GCF_000001405.40']))).build).toEqual({
      build: 'GRCh38',
      method: 'header',
      evidence: '##reference=GCF_000001405.40',
    })
    expect((await detectSource(vcf(['##reference=GCF_000001405.25']))).build.build).toBe('GRCh37')
    // Contig lines without lengths, as NCBI's dbSNP writes them: .11/.12 are GRCh38, .10/.11 GRCh37.
    const grch38 = ['##contig=<ID=NC_000001.11>', '##contig=<ID=NC_000002.12>']
    expect((await detectSource(vcf(grch38))).build).toEqual({
      build: 'GRCh38',
      method: 'contig_names',
      evidence: 'NC_000001.11 (RefSeq accession), NC_000002.12 (RefSeq accession)',
    })
    const grch37 = ['##contig=<ID=NC_000001.10>', '##contig=<ID=NC_000002.11>']
    expect((await detectSource(vcf(grch37))).build.build).toBe('GRCh37')
    // Names of both builds decide nothing.
    const mixed = ['##contig=<ID=NC_000001.10>', '##contig=<ID=NC_000002.12>', '##contig=<ID=NC_000003.11>']
    expect((await detectSource(vcf(mixed))).build.method).not.toBe('contig_names')
  })

  test('a VCF that says nothing gets its build from known marker positions during the scan', async () => {
    // The ancestry markers of the synthetic GRCh38 consumer file, written as a bare VCF.
    const rows = readFileSync(fixture('consumer', 'consumer_grch38_synthetic.txt'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t'))
    const body = rows
      .map(([rs, chrom, pos]) => `${chrom}\t${pos}\t${rs}\tA\tG\t.\tPASS\t.\tGT\t0/1`)
      .join('\n')
    const path = tmp.path('no-build.vcf')
    writeFileSync(
      path,
      `##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS\n${body}\n`,
    )
    expect((await detectSource(path)).build.build).toBe('unknown')
    const { summary } = await scanSource(path)
    expect(summary.build).toMatchObject({ build: 'GRCh38', method: 'known_positions' })
    expect(summary.build.evidence).toStartWith('12 of 12 known markers at GRCh38 positions')
  })

  for (const withIds of [true, false]) {
    test(`a stale ##reference loses to the data's own marker positions (${withIds ? 'with' : 'without'} rsIDs)`, async () => {
      // GRCh37 positions of the synthetic GRCh37 file's markers, in a VCF whose header says GRCh38
      // (as a liftover that kept its header would leave it), plus CYP2C19*2 at its GRCh37 position.
      const rows = readFileSync(fixture('consumer', 'headerless_grch37_synthetic.txt'), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split('\t'))
      const records = [
        ...rows.map(([rs, chrom, pos]) => [chrom, Number(pos), withIds ? rs : '.', 'A', 'G'] as const),
        ['10', 96541616, '.', 'G', 'A'] as const,
      ].sort((a, b) => Number(a[0]) - Number(b[0]) || a[1] - b[1])
      const body = records.map((r) => `${r.join('\t')}\t.\tPASS\t.\tGT\t0/1`).join('\n')
      const path = tmp.path(`stale-reference-${withIds}.vcf`)
      writeFileSync(
        path,
        `##fileformat=VCFv4.2\n##reference=GRCh38\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS\n${body}\n`,
      )
      expect((await detectSource(path)).build.build).toBe('GRCh38')
      const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
      expect(analysis.summary.build).toMatchObject({ build: 'GRCh37', method: 'known_positions' })
      expect(analysis.summary.build.evidence).toContain("overrides the header's GRCh38")
      const conflict = analysis.warnings.find((w) => w.code === 'BUILD_CONFLICT')
      expect(conflict?.message).toStartWith(
        'the header says GRCh38 (##reference=GRCh38) but known marker positions say GRCh37',
      )
      expect(conflict?.message).toEndWith('using the positions')
      expect(analysis.compact?.build).toBe('GRCh37')
      expect(analysis.compact?.findings.map((f) => [f.entryId, f.matchedBy])).toEqual([
        ['cyp2c19-star2', 'position'],
      ])
    })
  }

  test('is unknown, with a reason, when nothing can decide it', async () => {
    expect((await detectSource(fixture('vcf', 'vcf44_spec.vcf'))).build).toEqual({
      build: 'unknown',
      method: 'none',
      evidence: 'no reference name, contig lengths or known marker positions to decide from',
    })
  })
})
