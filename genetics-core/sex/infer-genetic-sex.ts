// Genetic sex from the sex-chromosome calls one scan counted: a person with one X has (almost) no
// heterozygous X calls outside the pseudoautosomal regions, and calls on Y; a person with two X has
// many heterozygous X calls and no real Y. X heterozygosity decides; Y can only veto (a Y-call share
// that contradicts X leaves the sex unknown). Thresholds differ by data kind, because a genotyping
// array lists mostly hom-ref sites (low heterozygosity even with two X) while a variant-only VCF
// lists only variants (a man's X still shows a few heterozygous mapping artefacts); a VCF made from a
// chip's data lists every probe and takes the array thresholds (detect/chip-vcf.ts). An imputed VCF lists
// every site of a reference panel, so a woman's heterozygous share is only a few percent there: its
// share decides nothing, and only X calls written with one allele, as the imputation servers write a
// man's, say one X (detect/imputed-vcf.ts). The result is
// genetic sex, not gender, and only says what the chromosomes suggest.

import type { SexChromosomeCounts } from '../types'

export type GeneticSex = 'male' | 'female' | 'unknown'

/** What kind of list of calls the counts come from (see the thresholds below). */
export type SexCallData = 'array' | 'sequencing' | 'imputed'

export interface GeneticSexCall {
  /** 'male': one X (XY-like calls); 'female': two X; 'unknown': too little data or conflicting. */
  sex: GeneticSex
  /** Heterozygous share of called X sites outside the PARs, or null with too few calls. */
  xHeterozygosity: number | null
  counts: SexChromosomeCounts
  evidence: string
}

/** Fewest called X sites (outside the PARs) on which sex is decided. */
export const MIN_X_CALLS = 50
/** Y sites listed before their call share can veto. */
const MIN_Y_LISTED = 20
/** Imputed files: the share of X calls written with one allele that says one X. */
const IMPUTED_HAPLOID_AT_LEAST = 0.9

const THRESHOLDS = {
  // Arrays: a man's X is essentially never heterozygous; a woman's is at 10-30 % on typical chips.
  array: { maleAtMost: 0.02, femaleAtLeast: 0.06 },
  // Variant-only sequencing: about 60 % of a woman's X variants are heterozygous; a man's few are artefacts.
  sequencing: { maleAtMost: 0.12, femaleAtLeast: 0.3 },
}

/** "no X sites ... were", "only 1 X site ... was", "only 12 X sites ... were" called. */
function xCallsCalled(n: number): string {
  const where = 'outside the pseudoautosomal regions'
  if (n === 0) return `no X sites ${where} were called`
  return n === 1 ? `only 1 X site ${where} was called` : `only ${n} X sites ${where} were called`
}

function percent(x: number): string {
  return `${(100 * x).toFixed(1)} %`
}

/**
 * Infers genetic sex from a scan's sex-chromosome counts.
 *
 * @example
 * const sex = inferGeneticSex(summary.sexChromosomes, 'array')
 * if (sex.sex === 'male') // read X calls outside the PARs as one copy
 */
export function inferGeneticSex(counts: SexChromosomeCounts, kind: SexCallData): GeneticSexCall {
  // Records without a real ALT: a chip's hom-ref rows are probes called like any other, but a sequencing
  // gVCF writes many reference blocks for each variant (and GATK writes 0/0 blocks where no read maps, on
  // a woman's Y too), so there they would drown a woman's heterozygous X calls; a sequencing file is read
  // by its variant records, as a variant-only VCF is.
  const withReference = kind !== 'sequencing'
  const xHom = counts.xHom + (withReference ? counts.xReference : 0)
  const yCalled = counts.yCalled + (withReference ? counts.yReferenceCalled : 0)
  const yNoCall = counts.yNoCall + (withReference ? counts.yReferenceNoCall : 0)
  const xCalled = counts.xHet + xHom + counts.xHaploid
  const yListed = yCalled + yNoCall
  const blocks = withReference ? 0 : counts.xReference + counts.yReferenceCalled + counts.yReferenceNoCall
  const ySummary = `${yListed === 0 ? 'no Y sites' : `${yCalled} of ${yListed} Y sites called`}${blocks > 0 ? `; ${blocks} X and Y records without a variant (reference blocks) not counted` : ''}`
  if (xCalled < MIN_X_CALLS) {
    return {
      sex: 'unknown',
      xHeterozygosity: null,
      counts,
      evidence: `${xCallsCalled(xCalled)} (at least ${MIN_X_CALLS} are needed); ${ySummary}`,
    }
  }
  const het = counts.xHet / xCalled
  const { maleAtMost, femaleAtLeast } = THRESHOLDS[kind === 'imputed' ? 'array' : kind]
  const xSummary = `${counts.xHet} of ${xCalled} called X sites outside the pseudoautosomal regions are heterozygous (${percent(het)})${counts.xHaploid > 0 ? `, ${counts.xHaploid} written as one allele` : ''}; ${ySummary}`
  const yShare = yListed >= MIN_Y_LISTED ? yCalled / yListed : null
  const result = (sex: GeneticSex, evidence: string): GeneticSexCall => ({
    sex,
    xHeterozygosity: Math.round(het * 10_000) / 10_000,
    counts,
    evidence,
  })
  // An imputed file says one X only by X calls written with one allele; its heterozygous share is no sign.
  const imputed = kind === 'imputed'
  const oneX = het <= maleAtMost && (!imputed || counts.xHaploid / xCalled >= IMPUTED_HAPLOID_AT_LEAST)
  if (oneX) {
    if (yShare !== null && yShare < 0.2)
      return result('unknown', `${xSummary}: X suggests one copy but Y is almost never called`)
    return result(
      'male',
      imputed ? `${xSummary}: imputed X calls written with one allele, as imputation writes one X` : xSummary,
    )
  }
  if (imputed)
    return result(
      'unknown',
      `${xSummary}: the X calls are imputed with two alleles, and over an imputation panel's sites, most of which anyone carries as reference, the heterozygous share does not tell one X chromosome from two`,
    )
  if (het >= femaleAtLeast) {
    if (yShare !== null && yNoCall > 0 && yShare > 0.8)
      return result('unknown', `${xSummary}: X suggests two copies but Y is called`)
    return result('female', xSummary)
  }
  return result('unknown', `${xSummary}: between the ranges expected for one and two X chromosomes`)
}
