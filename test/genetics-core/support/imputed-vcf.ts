// An imputed VCF as the Michigan Imputation Server writes one with Minimac (the header of the TOPMed
// fixture, test/fixtures/genetics/imputed/minimac4_topmed_grch38.vcf, with chrX declared): autosome and
// X records for a woman or a man. Used by the genetics-core and the HTTP tests of imputed files.

import { readFileSync } from 'node:fs'
import { fixture } from './fixtures'

function minimacHeader(): string[] {
  const lines = readFileSync(fixture('imputed', 'minimac4_topmed_grch38.vcf'), 'utf8').split('\n')
  return [
    ...lines.filter((l) => l.startsWith('##')),
    '##contig=<ID=chrX,length=156040895>',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSYNTH_IMPUTED01',
  ]
}

/**
 * 20,000 chr1 records and 3,000 X records outside the PARs: a woman's X with two alleles (every tenth
 * heterozygous, and one copy of G6PD c.202G>A, rs1050828 at GRCh38 X:154536002), a man's with one.
 */
export function imputedVcfText(x: 'woman' | 'man'): string {
  const lines = minimacHeader()
  for (let i = 0; i < 20_000; i++) {
    const pos = 1_000_000 + i * 50
    lines.push(
      `chr1\t${pos}\tchr1:${pos}:A:G\tA\tG\t.\tPASS\tAF=0.01;MAF=0.01;R2=0.9;IMPUTED\tGT:DS\t${i % 7 ? '0|0:0' : '0|1:1'}`,
    )
  }
  for (let i = 0; i < 3_000; i++) {
    const pos = 3_000_000 + i * 1_000
    const gt = x === 'man' ? (i % 10 ? '0:0' : '1:1') : i % 10 ? '0|0:0' : '0|1:1'
    lines.push(`chrX\t${pos}\tchrX:${pos}:C:T\tC\tT\t.\tPASS\tAF=0.02;MAF=0.02;R2=0.95;IMPUTED\tGT:DS\t${gt}`)
  }
  if (x === 'woman')
    lines.push('chrX\t154536002\trs1050828\tC\tT\t.\tPASS\tAF=0.05;MAF=0.05;R2=0.99;TYPED\tGT:DS\t0|1:1')
  return `${lines.join('\n')}\n`
}
