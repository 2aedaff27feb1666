// Imputed VCFs (Michigan and TOPMed Imputation Servers with Minimac, Beagle): genotypes estimated at every
// site of a reference panel, tens of millions of them, most of which anyone carries as reference. The
// records' own INFO says which calls were imputed and how well (vcf/imputation.ts); the header says
// that the file as a whole is such a list, which matters for genetic sex: a woman's heterozygous share of
// X calls over a panel's sites is a few percent, as low as a man's on a sequencing VCF, so it cannot tell
// one X from two (sex/infer-genetic-sex.ts, kind 'imputed').
//
// Signs the tools write themselves: Minimac's INFO flags `IMPUTED` / `TYPED` / `TYPED_ONLY` with `R2`, or
// the Imputation Server's `##imputation=minimac…`; Beagle's INFO `DR2` with the flag `IMP`.

import { declaredIds, type VcfHeader } from '../vcf/vcf-header'
import { clipHeaderText } from './clip-header-text'

/** The header evidence that the VCF holds imputed genotypes, or null. */
export function imputedVcfEvidence(header: VcfHeader): string | null {
  for (const { key, value } of header.plain) {
    if (key === 'imputation') return `##imputation=${clipHeaderText(value, 60)}`
  }
  const info = declaredIds(header, 'INFO')
  if (info.has('R2') && (info.has('IMPUTED') || info.has('TYPED') || info.has('TYPED_ONLY')))
    return '##INFO R2 with IMPUTED/TYPED (Minimac)'
  if (info.has('DR2') && info.has('IMP')) return '##INFO DR2 and IMP (Beagle)'
  return null
}
