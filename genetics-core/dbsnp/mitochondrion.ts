// The mitochondrion is the one chromosome whose sequence differs between names of "the same" build:
// UCSC's hg19 calls NC_001807 (16,571 bp) chrM, while GRCh37, GRCh38 and every dbSNP release use the
// revised Cambridge Reference Sequence (rCRS, NC_012920, 16,569 bp). Past its first differences the same
// position names another base, so an hg19 chrM joined against an rCRS reference gets rsIDs of other
// variants. Such MT alleles are left unannotated, with a warning that says why.

import { canonicalChromosome } from '../normalize/chromosome'
import type { GeneticsWarning } from '../types'
import type { VcfHeader } from '../vcf/vcf-header'

export type MitochondrialSequence = 'rCRS' | 'hg19'

const RCRS_LENGTH = 16569
const HG19_LENGTH = 16571

/** The mitochondrial sequence a VCF header's contig lines name, or null when they do not say. */
export function mitochondrialSequence(
  contigs: VcfHeader['contigs'] | undefined,
): MitochondrialSequence | null {
  for (const contig of contigs ?? []) {
    if (canonicalChromosome(contig.id) !== 'MT') continue
    if (/^NC_001807/i.test(contig.id) || contig.length === HG19_LENGTH) return 'hg19'
    if (/^NC_012920/i.test(contig.id) || contig.length === RCRS_LENGTH) return 'rCRS'
  }
  return null
}

/**
 * True when the input's MT must not be joined: it is hg19's chrM and the reference's is not (a reference
 * that does not say is taken to be rCRS, as every NCBI dbSNP release is).
 */
export function skipMitochondrion(
  input: VcfHeader['contigs'] | undefined,
  reference: VcfHeader['contigs'] | undefined,
): boolean {
  return mitochondrialSequence(input) === 'hg19' && mitochondrialSequence(reference) !== 'hg19'
}

export const MT_SEQUENCE_WARNING: GeneticsWarning = {
  code: 'MT_SEQUENCE_DIFFERS',
  message:
    "the input's mitochondrion is hg19's chrM (NC_001807, 16,571 bp), not the rCRS (NC_012920, 16,569 bp) of the dbSNP reference: the same position is another base there, so its alleles were not annotated",
}
