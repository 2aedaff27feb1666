// What a genetic finding is not, said on every finding: a finding travels alone (an agent reading the
// MCP tool, an app showing one card), away from the page that carries the general disclaimer. Consumer
// arrays miscall rare variants often enough that a clinical result needs confirming before anyone acts,
// and a medicine is never changed on a pharmacogenomic result without a prescriber.

import { type CallQualityFields, callQualityWords } from './call-quality-words'
import type { GeneticFinding } from './model'

export const FINDING_NOTICES: Record<GeneticFinding['category'], string> = {
  pharmacogenomic:
    'Not a diagnosis or a prescription: do not start, stop or change a medicine on this result; a prescriber or pharmacist decides, and may confirm it with a clinical-grade test.',
  clinical:
    'Not a diagnosis: consumer and research-grade files can miscall rare variants, so confirm this with a clinical-grade test and discuss it with a clinician or genetic counsellor.',
  trait: 'For general interest: a trait association, not a health finding.',
}

/**
 * Said after the category's notice when the genotype was imputed: an imputed genotype is an estimate
 * from a reference panel, and a finding read alone must not pass for a measured one.
 */
export const IMPUTED_NOTICE =
  'The genotype was imputed, not measured: estimated from a reference panel from the sites around it, so it can be wrong; a measured (clinical-grade) test confirms it.'

/**
 * Said when the sequencing call falls short on its own measures (few reads, a low genotype quality, a
 * share of variant reads unlike an inherited genotype): the finding is kept, but it reads as certain
 * as a confident call unless this is said beside it.
 * @example lowQualityCallNotice('3 reads, genotype quality 7')
 * // 'The call is of low quality (3 reads, genotype quality 7): confirm it with a clinical-grade test.'
 */
export const lowQualityCallNotice = (words: string) =>
  `The call is of low quality (${words}): confirm it with a clinical-grade test.`

/** A source's LOW_CALL_RATE warning (its chip sample read poorly), if it has one. */
export function poorlyCalledWarning(source: { warnings: { code: string; message: string }[] }) {
  return source.warnings.find((w) => w.code === 'LOW_CALL_RATE')
}

/**
 * Said when the finding's source is a chip's file from a sample that read poorly (LOW_CALL_RATE: many
 * rows uncalled): such a sample also miscalls more of the rows it did call.
 */
export const POORLY_CALLED_SAMPLE_NOTICE =
  "The file's sample read poorly (many of its rows were not called), so this call is less certain than usual; a clinical-grade test or a new sample confirms it."

/**
 * The notice a finding carries: its category's, the imputation caveat when the genotype was imputed,
 * the call-quality caveat when the call falls short, and the sample caveat when its source's sample
 * read poorly.
 */
export function findingNotice(
  category: GeneticFinding['category'],
  imputed: boolean,
  callQuality: CallQualityFields | null = null,
  poorlyCalledSample = false,
): string {
  const words = callQualityWords(callQuality)
  return [
    FINDING_NOTICES[category],
    imputed ? IMPUTED_NOTICE : null,
    words ? lowQualityCallNotice(words) : null,
    poorlyCalledSample ? POORLY_CALLED_SAMPLE_NOTICE : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' ')
}
