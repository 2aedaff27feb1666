// When an imputed genotype is too uncertain to be read at all. An imputed genotype was not measured:
// it was estimated from a reference panel, and the imputation tool says how well (Minimac's R2,
// Beagle's DR2: the estimated squared correlation between the imputed and the true genotype).

import type { SiteCall } from '../types'
import type { ImputedGenotype } from './types'

/**
 * Below this estimated R² an imputed genotype is not called. 0.3 is the usual minimac quality cut-off:
 * the rsq filter the Michigan and TOPMed Imputation Servers offer (written `##r2Filter=0.3` in their
 * output headers) and the post-imputation R² > 0.3 filter most studies apply. Beagle's DR2 estimates
 * the same quantity, so the same cut applies to it. Above it a genotype is still an estimate, which
 * every finding says; below it the genotype is close to a guess from the panel's frequencies.
 */
export const MIN_IMPUTATION_R2 = 0.3

/** The imputation of a call when it was imputed (measured calls and plain files: null). */
export function imputedStatus(call: SiteCall | undefined): ImputedGenotype | null {
  const imputation = call?.imputation
  if (imputation?.imputed !== true) return null
  return { imputed: true, r2: imputation.r2, measure: imputation.measure }
}

/** Why an imputed call is not read, or null when its estimated accuracy is at or above the cut-off or unknown. */
export function lowImputationQualityReason(call: SiteCall): string | null {
  const imputation = imputedStatus(call)
  if (imputation === null || imputation.r2 === null || imputation.r2 >= MIN_IMPUTATION_R2) return null
  return `The genotype at this site was imputed (estimated from a reference panel, not measured) with an estimated accuracy of ${imputation.measure} = ${imputation.r2}, below the cut-off of ${MIN_IMPUTATION_R2} under which an imputed genotype is too uncertain to read; it is not interpreted. A measured genotype at this site would answer it.`
}
