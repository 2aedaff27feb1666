// A somatic (tumour) VCF lists a tumour's mutations as `0/1` like inherited calls. Here the tumour
// carries MTHFR C677T at its GRCh38 position: read as germline it would be a finding about the
// person's inherited genotype. Headers are written in the shapes the callers write (GATK Mutect2,
// Strelka2 somatic, VarScan2 somatic, the VCF specification's cancer descriptors); the records are
// made up.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { analyzeGeneticsSource, detectSource, isGeneticsError } from '../../genetics-core/index'
import { tempDir } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

const tmp = tempDir()
afterAll(() => tmp.remove())

const COMMON = [
  '##FILTER=<ID=PASS,Description="All filters passed">',
  '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
  '##FORMAT=<ID=AD,Number=R,Type=Integer,Description="Allelic depths for the ref and alt alleles in the order listed">',
  '##contig=<ID=chr1,length=248956422>',
  '##contig=<ID=chrX,length=156040895>',
]

const MUTECT2 = [
  '##FORMAT=<ID=AF,Number=A,Type=Float,Description="Allele fractions of alternate alleles in the tumor">',
  '##GATKCommandLine=<ID=Mutect2,CommandLine="Mutect2 --normal-sample N1 --output somatic.vcf.gz --input t.bam --input n.bam --reference Homo_sapiens_assembly38.fasta",Version="4.2.6.1",Date="March 1, 2024 10:00:00 AM UTC">',
  '##INFO=<ID=TLOD,Number=A,Type=Float,Description="Log 10 likelihood ratio score of variant existing versus not existing">',
  '##MutectVersion=2.2',
  '##normal_sample=N1',
  '##source=Mutect2',
  '##tumor_sample=T1',
]

function vcf(name: string, header: string[], samples = ['T1', 'N1']): string {
  const path = tmp.path(name)
  const columns = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples]
  const calls = samples.map((_, i) => (i === 0 ? '0/1:80,6' : '0/0:60,0'))
  writeFileSync(
    path,
    [
      '##fileformat=VCFv4.2',
      ...COMMON,
      ...header,
      columns.join('\t'),
      ['chr1', '11796321', '.', 'G', 'A', '.', 'PASS', '.', 'GT:AD', ...calls].join('\t'),
      '',
    ].join('\n'),
  )
  return path
}

async function refusal(path: string): Promise<{ code: string; message: string }> {
  try {
    await analyzeGeneticsSource(path, { annotation: 'compact', ancestry: true })
  } catch (error) {
    if (isGeneticsError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('analysed a somatic VCF')
}

describe('somatic (tumour) VCFs', () => {
  test('a Mutect2 tumour-normal VCF is named in its detection and not interpreted', async () => {
    const path = vcf('mutect2.vcf', MUTECT2)
    const detection = await detectSource(path)
    const warning = detection.warnings.find((w) => w.code === 'SOMATIC_CALLS')
    expect(warning?.message).toContain('##normal_sample=N1')
    const refused = await refusal(path)
    expect(refused.code).toBe('SOMATIC_CALLS')
    expect(refused.message).toContain('not the person')
    expect(refused.message).toContain('germline VCF')
  })

  test.each([
    [
      'Mutect2 without its sample lines (its command line)',
      MUTECT2.filter((l) => !/_sample=|source/.test(l)),
    ],
    [
      'Strelka2 somatic',
      ['##source=strelka', '##source_version=2.9.10', '##content=strelka somatic snv calls'],
    ],
    [
      'VarScan2 somatic',
      [
        '##source=VarScan2',
        '##INFO=<ID=SS,Number=1,Type=String,Description="Somatic status of variant (0=Reference,1=Germline,2=Somatic,3=LOH, or 5=Unknown)">',
      ],
    ],
    [
      "the specification's sample descriptors",
      [
        '##SAMPLE=<ID=T1,Genomes=Tumor,Mixture=1.,Description="Primary tumour">',
        '##SAMPLE=<ID=N1,Genomes=Germline,Mixture=1.,Description="Blood">',
      ],
    ],
    ["the specification's clonal derivation", ['##PEDIGREE=<Derived=T1,Original=N1>']],
    ['Sentieon TNscope', ['##SentieonCommandLine.TNscope=<ID=TNscope,Version="202308",Date="2024-03-01">']],
    [
      'DRAGEN tumour-normal',
      [
        '##DRAGENCommandLine=<ID=dragen,Version="SW: 07.021.624.3.10.4, HW: 07.021.624",Date="Mon Mar 04 10:00:00 UTC 2024",CommandLineOptions="-r /ref/hg38 --tumor-fastq-list tumor.csv --fastq-list normal.csv --enable-variant-caller true --output-directory /out">',
      ],
    ],
  ])('%s is refused', async (_, header) => {
    const path = vcf(`${header.length}-${Math.random().toString(36).slice(2)}.vcf`, header)
    expect((await refusal(path)).code).toBe('SOMATIC_CALLS')
  })

  test('the CLI refuses it too: interpreting (exit 2), and ancestry per sample; a plain inspect only warns', async () => {
    const path = vcf('mutect2-cli.vcf', MUTECT2)
    const compact = await runGeneticsCli(['inspect', path, '--annotate', 'compact'])
    expect(compact.status).toBe(2)
    expect(compact.err.join('\n')).toStartWith('error: SOMATIC_CALLS: ')
    const perSample = await runGeneticsCli(['inspect', path, '--all-samples', '--ancestry'])
    expect(perSample.status).toBe(2)
    expect(perSample.err.join('\n')).toStartWith('error: SOMATIC_CALLS: ')
    const plain = await runGeneticsCli(['inspect', path])
    expect(plain.status).toBe(0)
    expect(JSON.parse(plain.out.join('\n')).warnings.map((w: { code: string }) => w.code)).toContain(
      'SOMATIC_CALLS',
    )
  })

  test('a germline VCF that declares the reserved INFO SOMATIC is read as before', async () => {
    const path = vcf(
      'germline.vcf',
      [
        '##DRAGENCommandLine=<ID=dragen,Version="SW: 07.021.624.3.10.4",Date="Mon Mar 04 10:00:00 UTC 2024",CommandLineOptions="-r /ref/hg38 --fastq-list sample.csv --enable-variant-caller true">',
        '##source=HaplotypeCaller',
        '##INFO=<ID=SOMATIC,Number=0,Type=Flag,Description="Somatic mutation (for cancer genomics)">',
      ],
      ['NA12878'],
    )
    const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
    expect(analysis.warnings.map((w) => w.code)).not.toContain('SOMATIC_CALLS')
    expect(analysis.compact?.findings.map((f) => f.rsid)).toContain('rs1801133')
  })
})
