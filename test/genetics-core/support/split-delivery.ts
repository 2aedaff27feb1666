// Real sequencing calls split the way labs deliver them: the Platinum Genomes NA12878 excerpt
// (test/fixtures/genetics/vcf/na12878_chr21_head4000.vcf.gz) as its header and records, and which records
// a SNP file keeps (`bcftools view -v snps`: every allele one base; the rest go to the INDEL file).

import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { fixture } from './fixtures'

export function platinumExcerpt(): { header: string[]; records: string[] } {
  const text = gunzipSync(readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))).toString()
  const lines = text.split('\n').filter((line) => line !== '')
  return {
    header: lines.filter((line) => line.startsWith('#')),
    records: lines.filter((line) => !line.startsWith('#')),
  }
}

/** True for a record a lab's SNP file keeps: REF and every ALT one base. */
export function isSnvRecord(record: string): boolean {
  const [, , , ref, alt] = record.split('\t')
  return ref.length === 1 && alt.split(',').every((a) => a.length === 1)
}
