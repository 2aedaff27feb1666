// What bcftools 1.16 reports for a VCF: the SN lines of `bcftools stats` and, per record, CHROM, POS,
// REF, ALT and the first sample's GT and bases (%TGT). Tests compare the reader with these. Where
// bcftools is not installed, the values committed in bcftools-expected.json (written by running
// this file: `bun test/genetics-core/support/bcftools.ts`) stand in.

import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { ScanResult } from '../../../genetics-core/index'
import { fixtures } from './fixtures'

export interface BcftoolsView {
  stats: {
    records: number
    noAlts: number
    snps: number
    mnps: number
    indels: number
    others: number
    multiallelic: number
  }
  /** One entry per record: [CHROM, POS, REF, ALT, GT of the first sample, TGT of the first sample]. */
  records: [string, number, string, string, string, string][]
}

const EXPECTED_FILE = join(fixtures, 'bcftools-expected.json')
export const bcftoolsPath = Bun.which('bcftools')

function run(args: string[]): string {
  const result = Bun.spawnSync(['bcftools', ...args], { stderr: 'pipe' })
  if (result.exitCode !== 0)
    throw new Error(`bcftools ${args[0]} failed: ${result.stderr.toString().slice(0, 200)}`)
  return result.stdout.toString()
}

/** Runs bcftools on a file (it must be installed). */
export function bcftoolsView(path: string): BcftoolsView {
  const sn = new Map<string, number>()
  for (const line of run(['stats', path]).split('\n')) {
    if (!line.startsWith('SN\t')) continue
    const [, , key, value] = line.split('\t')
    sn.set(key.replace(/:$/, ''), Number(value))
  }
  const samples = run(['query', '-l', path]).split('\n').filter(Boolean)
  const sites = ['query', '-f', '%CHROM\\t%POS\\t%REF\\t%ALT\\t.\\t.\\n', path]
  let output: string
  try {
    // Files with samples but no FORMAT/GT declaration make bcftools refuse %GT: fall back to sites.
    output =
      samples.length > 0
        ? run(['query', '-s', samples[0], '-f', '%CHROM\\t%POS\\t%REF\\t%ALT\\t[%GT]\\t[%TGT]\\n', path])
        : run(sites)
  } catch {
    output = run(sites)
  }
  const records = output
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [chrom, pos, ref, alt, gt, tgt] = line.split('\t')
      return [chrom, Number(pos), ref, alt, gt, tgt] as [string, number, string, string, string, string]
    })
  return {
    stats: {
      records: sn.get('number of records') ?? 0,
      noAlts: sn.get('number of no-ALTs') ?? 0,
      snps: sn.get('number of SNPs') ?? 0,
      mnps: sn.get('number of MNPs') ?? 0,
      indels: sn.get('number of indels') ?? 0,
      others: sn.get('number of others') ?? 0,
      multiallelic: sn.get('number of multiallelic sites') ?? 0,
    },
    records,
  }
}

/** bcftools' view of a fixture: live when bcftools is installed, else the committed values. */
export function expectedForFixture(path: string): BcftoolsView {
  if (bcftoolsPath) return bcftoolsView(path)
  const committed = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as Record<string, BcftoolsView>
  const view = committed[basename(path)]
  if (!view) throw new Error(`no committed bcftools values for ${basename(path)}`)
  return view
}

/** VCF fixtures bcftools reads (the BCF, headerless and index files are left out). */
export const BCFTOOLS_FIXTURES = [
  'ex2.vcf',
  'check.vcf',
  'fill-tags-hemi.vcf',
  'norm.phased-split.vcf',
  'merge.gvcf.2.a.vcf',
  'convert.gvcf.vcf',
  'view.GT.vcf',
  'fixploidy.vcf',
  'test-genotypes.vcf',
  'test-alt-repr.vcf',
  'multi-contig.vcf.gz',
  'vcf44_1.vcf',
  'index.vcf.gz',
  'y-chrom-haploid.vcf',
  'CrlfOffsetTest.vcf',
  'vcf44_spec.vcf',
  'na12878_chr21_head4000.vcf.gz',
  'gvcfz_head300.vcf',
  '1kg_phase1_chr1_head8.vcf.gz',
]

if (import.meta.main) {
  const all: Record<string, BcftoolsView> = {}
  for (const name of BCFTOOLS_FIXTURES) all[name] = bcftoolsView(join(fixtures, 'vcf', name))
  writeFileSync(EXPECTED_FILE, `${JSON.stringify(all)}\n`)
  console.log(`wrote ${EXPECTED_FILE}`)
}

/** Genotype class of a bcftools GT string, written independently of the reader's code. */
export function classOf(gt: string): string {
  if (gt === '.' || gt === '') return 'no_call'
  const alleles = gt.replace(/^[|/]/, '').split(/[|/]/)
  if (alleles.some((a) => a === '.')) return alleles.every((a) => a === '.') ? 'no_call' : 'partial'
  if (alleles.length === 1) return 'hemizygous'
  if (new Set(alleles).size > 1) return 'het'
  return alleles[0] === '0' ? 'hom_ref' : 'hom_alt'
}

/** The reader's genotype counts in the classes `classOf` gives (a partly missing call is not a no-call). */
export function genotypeClasses(summary: ScanResult['summary']) {
  const g = summary.genotypes
  return {
    hom_ref: g.hom_ref,
    het: g.het,
    hom_alt: g.hom_alt,
    hemizygous: g.hemizygous,
    no_call: g.no_call - g.partial,
    partial: g.partial,
  }
}
