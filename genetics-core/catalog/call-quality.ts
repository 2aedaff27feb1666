// How much a sequencing call can be trusted, from the FORMAT fields the caller wrote for it: GQ (genotype
// quality), DP (read depth) and AD (reads per allele). A het call at a disease gene from 3 reads, or one
// where 2 of 40 reads show the variant, reads exactly like a confident one unless this is said. Such a
// call is still read and still a finding (withholding a real variant would be as harmful); it is marked,
// and the notes say to confirm it. Consumer arrays and imputed files carry none of these fields: null.

import type { SiteCall } from '../types'
import type { CallQuality, CallQualityConcern, CompactGenotype } from './types'

/**
 * Below this GQ a genotype is flagged. GQ is Phred-scaled: 20 means a 1 % chance that the genotype is
 * wrong. GQ < 20 is the common genotype-level filter of germline pipelines (e.g. GATK's genotype
 * hard-filtering, and clinical reporting guidance that asks for such calls to be confirmed).
 */
export const MIN_GENOTYPE_QUALITY = 20

/** Below this many reads a genotype is flagged: with fewer, a het can be missed or made by a few error reads. */
export const MIN_READ_DEPTH = 10

/**
 * Allele balance. A germline het sits near half of the reads on each allele; a share of ALT reads outside
 * 0.2-0.8 suggests an artefact, mosaicism or contamination rather than an inherited het.
 */
export const HET_ALT_FRACTION = { min: 0.2, max: 0.8 } as const

/** A germline hom-alt (or one-copy) call has nearly all reads on the ALT; under 0.8 it may be a het. */
export const HOM_ALT_MIN_FRACTION = 0.8

/**
 * The share of the reads that show `carriedAlt` (the ALT allele the genotype carries, for a multi-allelic
 * record the one compared with the catalog), or null when AD cannot say. AD lists REF, then the ALTs in
 * the record's order; the reader drops placeholder ALTs (<NON_REF>, <*>), which callers write last, so
 * the ALT's place among the call's ALTs is its place in AD after REF.
 */
function altFractionOf(call: SiteCall, carriedAlt: string | null): number | null {
  const ad = call.ad
  if (!ad || carriedAlt === null) return null
  const index = call.alts.findIndex((alt) => alt.toUpperCase() === carriedAlt.toUpperCase())
  if (index < 0 || ad.length < call.alts.length + 1) return null
  const total = ad.reduce((sum, reads) => sum + reads, 0)
  if (total === 0) return null
  return ad[index + 1] / total
}

/** Reads at the site: DP, or the sum of AD when the caller wrote no DP (AD alone still counts reads). */
function depthOf(call: SiteCall): number | null {
  if (call.dp !== undefined) return call.dp
  if (call.ad && call.ad.length > 0) return call.ad.reduce((sum, reads) => sum + reads, 0)
  return null
}

function alleleBalanceFallsShort(genotype: CompactGenotype, fraction: number): boolean {
  if (genotype === 'het') return fraction < HET_ALT_FRACTION.min || fraction > HET_ALT_FRACTION.max
  if (genotype === 'hom_alt' || genotype === 'hemizygous_alt') return fraction < HOM_ALT_MIN_FRACTION
  return false
}

/** A fraction as reported: three decimals are enough to read, the thresholds use the exact value. */
const reported = (fraction: number) => Math.round(fraction * 1000) / 1000

/**
 * The quality of a read call, or null when the file gave none of GQ, DP and AD (consumer arrays,
 * imputed output). `genotype` is the call as the catalog reads it; `carriedAlt` the ALT allele it
 * carries (null for hom-ref). A gVCF reference block has no ALT reads to balance: GQ and depth only.
 */
export function callQualityOf(
  call: SiteCall,
  genotype: CompactGenotype,
  carriedAlt: string | null,
): CallQuality | null {
  if (call.gq === undefined && call.dp === undefined && call.ad === undefined) return null
  const gq = call.gq ?? null
  const depth = depthOf(call)
  const fraction = call.fromReferenceBlock ? null : altFractionOf(call, carriedAlt)
  const concerns: CallQualityConcern[] = []
  if (gq !== null && gq < MIN_GENOTYPE_QUALITY) concerns.push('low_gq')
  if (depth !== null && depth < MIN_READ_DEPTH) concerns.push('low_depth')
  if (fraction !== null && alleleBalanceFallsShort(genotype, fraction)) concerns.push('allele_balance')
  return { gq, depth, altFraction: fraction === null ? null : reported(fraction), concerns }
}
