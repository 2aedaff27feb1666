// VCFs whose REF is not read from the genome. PLINK (1.9 and 2) writes a VCF from a genotype set with REF
// and ALT in its own allele order, flags every record `PR` and declares it "Provisional reference allele,
// may not be based on real reference genome": a person's hom-alt call at a site becomes REF = the ALT base
// with ALT '.' and GT 0/0, and a het call may list the ALT base as REF. Read as REF, such a record says
// the wrong thing, so its calls are read as the letters they are, as a chip file's
// (strand/letters-only.ts): compared with the catalog's alleles, on a strand inferred from the file.

import type { VcfHeader } from '../vcf/vcf-header'

/** The header line that declares REF provisional, or null. */
export function provisionalReferenceEvidence(header: VcfHeader): string | null {
  const declared = header.structured.find(
    (m) =>
      m.key === 'INFO' &&
      m.fields.get('ID') === 'PR' &&
      /provisional reference/i.test(m.fields.get('Description') ?? ''),
  )
  return declared ? '##INFO PR (provisional reference allele: REF is not read from the genome)' : null
}
