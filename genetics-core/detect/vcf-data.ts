// Which detected formats hold VCF records: VCF text, gVCF, and BCF (decoded back to VCF text). They
// state REF and ALT and name their samples on the #CHROM line; consumer exports do neither. A module of
// its own, so the HTTP layer can ask without loading the reader.

import type { SourceFormat } from '../types'

/** VCF records, whether read from VCF text or decoded from a BCF: they state REF and ALT. */
export function isVcfData(format: SourceFormat): boolean {
  return format === 'vcf' || format === 'gvcf' || format === 'bcf'
}
