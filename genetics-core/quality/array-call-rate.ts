// How much of a genotyping chip's file was left uncalled. A chip reads every probe on every sample, so
// the share of no-calls ('--', '0') is a measure of how well the sample read: a real 23andMe download
// leaves about 0.5 % of its autosomal rows uncalled (the v3-era file in ../shared/data: 339 of 67,688 on
// chromosomes 19-22), and labs re-run samples that call much worse. A sample that read poorly also
// miscalls more of the rows it did call, so such a file is said to be less certain, with what would
// settle it. Y rows are left out (a woman's are all no-calls, and a man's Y probes call poorly), and so
// are small files, whose share says little. A VCF made from a chip's data (detect/chip-vcf.ts) lists every
// probe too and is judged the same way; other VCFs list variants only, and are not.

import type { GeneticsWarning, ScanSummary } from '../types'

/** Above this share of no-calls a chip's sample read poorly (typical: under 2 %). */
export const LOW_CALL_RATE_SHARE = 0.05
/** Fewer rows than this (outside Y) say too little about the sample. */
export const CALL_RATE_MIN_ROWS = 10_000

/** The warning for a chip's file that left too much uncalled, or null. */
export function arrayCallRateWarning(
  summary: Pick<ScanSummary, 'records' | 'genotypes' | 'sexChromosomes'>,
): GeneticsWarning | null {
  const { yCalled, yNoCall, yReferenceCalled, yReferenceNoCall } = summary.sexChromosomes
  const rows = summary.records - yCalled - yNoCall - yReferenceCalled - yReferenceNoCall
  const noCalls = summary.genotypes.no_call - yNoCall - yReferenceNoCall
  if (rows < CALL_RATE_MIN_ROWS || noCalls / rows <= LOW_CALL_RATE_SHARE) return null
  const percent = ((100 * noCalls) / rows).toFixed(1)
  return {
    code: 'LOW_CALL_RATE',
    message: `${percent} % of the file's rows outside Y are no-calls (${noCalls.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')}), where a genotyping chip usually leaves under 2 % uncalled: the sample read poorly, and a sample that reads poorly also miscalls more of the rows it did call, so each finding here is less certain than usual; a new sample (a re-test with the provider) would settle them`,
  }
}
