// A sequencing lab often delivers a person's variants as two VCFs, the SNVs in one and the indels in
// the other (Dante Labs' "VCF SNP" and "VCF INDEL", GATK's SelectVariants, `bcftools view -v snps`).
// Either file alone is a genuine VCF that cannot show the other kind: there the catalog's entries of that
// kind are only "not in the source", and saying which file holds them tells the person what to upload.

import type { ScanSummary } from '../types'
import type { CatalogEntry, CompactAnnotationResult } from './types'

/** Fewest variant records for a file to be judged: a small excerpt may lack indels by chance. */
export const MIN_VARIANT_RECORDS = 1000
/**
 * Largest share of the file's ALT alleles the missing kind may make up. An INDEL file keeps the records
 * where an indel and an SNV share a site (`A` to `C,AT`), so a few SNV alleles remain in it (about 3 % in
 * the test's real calls); a whole genome has about 12 % indels and 85 % SNVs.
 */
export const MAX_OTHER_KIND_SHARE = 0.05

const isIndelEntry = (entry: CatalogEntry) => entry.ref.length !== entry.alt.length

/** How the note names each kind a file may lack, and the file that holds it. */
const KINDS = {
  indel: {
    listed: 'insertions or deletions',
    file: "an SNV-only VCF, such as a sequencing delivery's SNP file without its INDEL file",
    one: 'an indel',
    many: 'indels',
    upload: 'indel',
  },
  snv: {
    listed: 'single-base changes',
    file: "an indel-only VCF, such as a sequencing delivery's INDEL file without its SNP file",
    one: 'an SNV',
    many: 'SNVs',
    upload: 'SNP',
  },
}

/**
 * A note for a VCF that lists (almost) only SNVs or only indels, counting the catalog entries of the other
 * kind it cannot show, or null.
 *
 * @example
 * partialDeliveryNote(scan.summary, compact, compactCatalog().entries)
 * // 'The file lists no insertions or deletions (an SNV-only VCF, such as ...): 1 entry of the catalog ...'
 */
export function partialDeliveryNote(
  summary: ScanSummary,
  compact: CompactAnnotationResult,
  entries: CatalogEntry[],
): string | null {
  if (summary.variantRecords < MIN_VARIANT_RECORDS) return null
  const { snv, mnv, insertion, deletion, complex } = summary.alleleTypes
  const indels = insertion + deletion + complex
  const snvs = snv + mnv
  const few = MAX_OTHER_KIND_SHARE * (snvs + indels)
  const lacking = indels <= few ? 'indel' : snvs <= few ? 'snv' : null
  if (lacking === null) return null
  const absent = new Set(
    compact.assessments.filter((a) => a.status === 'not_in_source').map((a) => a.entryId),
  )
  const n = entries.filter((e) => isIndelEntry(e) === (lacking === 'indel') && absent.has(e.id)).length
  if (n === 0) return null
  const kind = KINDS[lacking]
  const listed = (lacking === 'indel' ? indels : snvs) === 0 ? 'no' : 'almost no'
  return `The file lists ${listed} ${kind.listed} (${kind.file}): ${n} ${n === 1 ? `entry of the catalog is ${kind.one}` : `entries of the catalog are ${kind.many}`} it cannot show. Upload the delivery's ${kind.upload} VCF too to read ${n === 1 ? 'it' : 'them'}.`
}
