// The plain-language account of how the estimate was made and what it cannot tell, written into every
// result so a reader of the result alone can judge it. Figures quoted here come from ACCURACY.md
// (cross-validation on the training samples) and must be updated with it.

import type { GenomeBuild } from '../types'
import type { AncestryCoverage, MissingMarkerAssumption } from './types'

export interface ExplanationInput {
  coverage: AncestryCoverage
  replicates: number
  closestSuperPopulation: string
  largestComponent: string
  build: GenomeBuild
  assumption: MissingMarkerAssumption
  /** The calls come from a genotyping array (letters only, no REF). */
  consumerArray: boolean
}

export function explainMethod(input: ExplanationInput): { method: string; limits: string[] } {
  const { coverage } = input
  const method =
    `We read ${coverage.usable} of the ${coverage.panelSize} ancestry-informative markers of the panel ` +
    '(single-letter DNA differences whose frequencies differ between continents, from the Kidd and ' +
    'Kosoy/Seldin panels). Closest reference group: for each of the 26 populations sampled by the ' +
    '1000 Genomes Project we work out how likely your genotypes are given that population’s allele ' +
    'frequencies (for the six admixed populations, given the mixes of ancestry seen in their members), ' +
    'then turn these into probabilities that were calibrated on reference people the model had not ' +
    'seen, and add them up per super-population. Admixture: we find the mix of the five ' +
    'super-populations’ allele frequencies that best explains your genotypes (maximum likelihood), ' +
    (input.replicates > 0
      ? `and repeat that on ${input.replicates} random resamplings of your markers to give 95% intervals, ` +
        'widened where needed to every mix the markers cannot rule out (likelihood within the 95% cut-off), ' +
        'so that a share of exactly 0% or 100% is not reported as certain.'
      : 'without intervals (no resampling was requested).') +
    ` ${describeBasis(input)}`
  const limits = [
    'This is an estimate of genetic resemblance to reference groups, for general interest. It is not a ' +
      'medical or diagnostic result and says nothing about health, nationality, ethnicity or identity.',
    'The reference is 1,252 people from 26 populations. Someone whose ancestry is not among them ' +
      '(for example Middle Eastern, Oceanian or Native American without European or African ancestry) ' +
      'is matched to the nearest group available; the label is a statistical resemblance, not an identity.',
    'With this panel the super-population was right for 99.4% of reference people in repeated ' +
      'cross-validation (no super-population below 97%), but the nearest of the 26 populations only about ' +
      'half the time (50%): neighbouring populations such as British and Utah-European, or Northern and ' +
      'Southern Han Chinese, look almost the same at these markers.',
    'The closest group and the admixture proportions answer different questions. Admixed people often ' +
      'show a largest component that differs from their closest group, and that is expected: in ' +
      'cross-validation a third of the Admixed American reference people (58 of 173) had a largest ' +
      'component other than Admixed American, nearly always European.',
    'The Admixed American (AMR) reference groups are themselves mixtures of European, African and ' +
      'Native American ancestry, so an AMR proportion overlaps the others in meaning; components of a ' +
      'few percent are within the noise of 169 markers.',
    'Fewer markers give wider intervals and flatter probabilities; with few markers the answer is marked ' +
      'low confidence.',
  ]
  const improvement = describeImprovement(input)
  if (improvement) limits.push(improvement)
  if (input.closestSuperPopulation !== input.largestComponent) {
    limits.unshift(
      `Here the closest group (${input.closestSuperPopulation}) differs from the largest admixture ` +
        `component (${input.largestComponent}); see the note on admixed people below.`,
    )
  }
  return { method, limits }
}

/** What the markers were matched on: the build, and how the letters were put on the plus strand. */
function describeBasis(input: ExplanationInput): string {
  const { coverage, build } = input
  const matched =
    build === 'NCBI36'
      ? 'Markers were matched by rsID only (the panel has no NCBI36 positions).'
      : `Markers were matched by rsID or at their ${build} positions.`
  const strand = input.consumerArray
    ? coverage.unusable.strandAmbiguous > 0
      ? 'The file states no reference allele and its strand could not be established, so its ' +
        `${coverage.unusable.strandAmbiguous} palindromic (A/T, C/G) markers were left out; the others were ` +
        'compared with the panel alleles as written.'
      : 'The file states no reference allele; its letters were compared with the panel alleles after its ' +
        'strand was checked (and complemented when it reports the minus strand).'
    : 'The file states the reference allele, so its letters are on the plus strand.'
  return `${matched} ${strand}`
}

/** What would make the estimate firmer, when something can; null when every marker was used. */
function describeImprovement(input: ExplanationInput): string | null {
  const { coverage } = input
  if (coverage.usable >= coverage.panelSize) return null
  const parts: string[] = [
    `${coverage.panelSize - coverage.usable} of the ${coverage.panelSize} panel markers could not be used.`,
  ]
  if (coverage.missing > 0) {
    parts.push(
      input.consumerArray
        ? 'A test or file that includes more of them would narrow the intervals.'
        : input.assumption === 'variant_only'
          ? 'If this file comes from whole-genome calling (absent sites match the reference), the genome_wide ' +
            'assumption would use the absent markers; otherwise a file covering more of them would narrow the intervals.'
          : 'A file covering more of them would narrow the intervals.',
    )
  }
  if (coverage.unusable.noCall > 0 || coverage.unusable.filtered > 0) {
    parts.push('Re-genotyping or a file with fewer no-calls or filtered calls at these markers would help.')
  }
  if (coverage.unusable.strandAmbiguous > 0) {
    parts.push(
      'A file with more markers lets its strand be established, so that its palindromic markers can be read.',
    )
  }
  return parts.join(' ')
}

export function describeAssumption(
  assumption: MissingMarkerAssumption,
  coverage: AncestryCoverage,
  consumerArray: boolean,
): string {
  if (coverage.found === coverage.panelSize) {
    return `${assumption}: every panel marker was present in the source, so the assumption did not come into play.`
  }
  if (assumption === 'reference_blocks') {
    return (
      `reference_blocks: the source is a gVCF, so panel markers inside its reference blocks were read as ` +
      `homozygous reference from those blocks, and the ${coverage.missing} markers covered by neither a block ` +
      'nor a variant line were treated as unknown (not covered by the sequencing).'
    )
  }
  if (assumption === 'variant_only') {
    return (
      `variant_only: the ${coverage.missing} panel markers absent from the source were treated as unknown, ` +
      'because a variant-only file says nothing about the sites it does not list.'
    )
  }
  if (consumerArray) {
    return (
      `genome_wide was requested, but the source is a genotyping array that lists every marker it tested, ` +
      `so the ${coverage.missing} absent markers were treated as unknown rather than as reference.`
    )
  }
  return (
    `genome_wide: the source states that it called the whole genome, so the ` +
    `${coverage.assumedHomozygousReference} panel markers absent from it were counted as homozygous for ` +
    'the reference allele.'
  )
}
