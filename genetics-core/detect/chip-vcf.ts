// VCFs made from genotyping-chip data. A chip reads a fixed set of probes on every sample, and the tools
// that turn its calls into VCF write one record per probe: hom-ref (`0/0`, often with ALT `.`) and
// no-calls (`./.`) included. Such a file is read as the chip file it came from, not as a sequencing
// VCF (which lists variants only):
// - its share of no-calls measures how well the sample read (quality/array-call-rate.ts), as a
//   consumer download's does;
// - genetic sex takes the chip thresholds (sex/infer-genetic-sex.ts): most of a woman's X records on a
//   chip are hom-ref, so her X heterozygosity (10-30 %) is far below the 30 % a variant-only VCF shows,
//   and under the sequencing thresholds a woman's file without Y records was read as a man's.
//
// Only signs the converters write themselves count:
// - `bcftools convert --tsv2vcf` (how a 23andMe, AncestryDNA … download is made into VCF, for
//   imputation servers among others) records its command line: `##bcftools_convertCommand=convert
//   --tsv2vcf …`;
// - 23andme2vcf (the Perl script and its Python port) names itself: `##source=23andme2vcf.pl …`. It drops
//   the download's no-calls, so its share of them cannot be judged, but its hom-ref rows stay;
// - converters from the chip's own data (bcftools +gtc2vcf and +affy2vcf, Illumina's GTCtoVCF and
//   others) declare the probe intensities FORMAT `BAF` and `LRR`, or INFO `ALLELE_A` and `ALLELE_B`
//   (which of the probe's alleles REF and ALT are).

import { declaredIds, type VcfHeader } from '../vcf/vcf-header'
import { clipHeaderText } from './clip-header-text'

/** The header evidence that the VCF was made from genotyping-chip data, or null. */
export function chipVcfEvidence(header: VcfHeader): string | null {
  for (const { key, value } of header.plain) {
    if (key === 'bcftools_convertCommand' && /(^|\s)--tsv2vcf(\s|=|$)/.test(value))
      return `##bcftools_convertCommand=${clipHeaderText(value.split(';')[0] ?? value, 120)}`
    if (key === 'source' && /^23andme2vcf\b/i.test(value.trim()))
      return `##source=${clipHeaderText(value, 80)}`
  }
  const format = declaredIds(header, 'FORMAT')
  if (format.has('BAF') && format.has('LRR')) return '##FORMAT BAF and LRR (probe intensities)'
  const info = declaredIds(header, 'INFO')
  if (info.has('ALLELE_A') && info.has('ALLELE_B'))
    return "##INFO ALLELE_A and ALLELE_B (the probe's alleles)"
  return null
}
