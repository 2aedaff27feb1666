// Likelihood-based bounds for the admixture proportions, which widen the marker bootstrap's intervals
// where resampling cannot show the uncertainty. A bootstrap replicate can only reuse the person's own
// markers, so when the estimate sits on the edge of the simplex (a share of exactly 0 or 1, the usual
// case with few markers or one clear ancestry) every replicate lands there too and the percentile
// interval collapses to [0, 0] or [1, 1]: with 2 markers that would claim a share is certainly zero.
// The profile likelihood asks instead how far a share can move before the best fit of the remaining
// shares loses more than the chi-square(1) cut-off (1.92 log-likelihood units at 95%); with few
// markers the likelihood is flat and the bounds are wide, with many they are close to the estimate.
//
// Profile of source k at share x: the other shares r (summing to one) scale to (1 - x) r, so the
// marker's frequency x f_k + (1 - x) sum r_s f_s = sum r_s (x f_k + (1 - x) f_s) is an ordinary
// admixture of the other sources each moved x of the way towards k; fitAdmixture maximises over r.
// The log-likelihood is concave in the proportions, so the profile is concave in x and each bound is
// the single crossing of the cut-off on either side of the estimate.

import { type AdmixtureFit, fitAdmixture, type SourceFrequencies } from './admixture-fit'
import type { MarkerObservations } from './observations'

/** Half the 95% quantile of chi-square with one degree of freedom. */
export const PROFILE_LOG_LIKELIHOOD_DROP = 3.841458820694124 / 2
/** A bound is searched until it is bracketed this closely, below the 4 reported digits. */
const BOUND_TOLERANCE = 2e-5
/** At most this many profile fits per bound (the search converges in far fewer). */
const MAX_SEARCH_STEPS = 40

export interface ProfileBounds {
  lower: Float64Array
  upper: Float64Array
}

/** The best log-likelihood with source k's share fixed at x. */
export function profileLogLikelihood(
  observations: MarkerObservations,
  sources: SourceFrequencies,
  k: number,
  x: number,
): number {
  const { sourceCount, markerCount, frequencies } = sources
  if (sourceCount === 1) return fitAdmixture(observations, sources).logLikelihood
  const moved = new Float64Array((sourceCount - 1) * markerCount)
  let row = 0
  for (let s = 0; s < sourceCount; s++) {
    if (s === k) continue
    for (let m = 0; m < markerCount; m++) {
      moved[row * markerCount + m] =
        x * frequencies[k * markerCount + m] + (1 - x) * frequencies[s * markerCount + m]
    }
    row++
  }
  return fitAdmixture(observations, { sourceCount: sourceCount - 1, markerCount, frequencies: moved })
    .logLikelihood
}

/**
 * For every source, the shares whose profile log-likelihood is within PROFILE_LOG_LIKELIHOOD_DROP of the
 * maximum. `within` (optional) gives bounds already known to lie inside, such as the bootstrap interval:
 * a bound is only searched beyond them, and only when the likelihood there is still high enough.
 */
export function profileLikelihoodBounds(
  observations: MarkerObservations,
  sources: SourceFrequencies,
  estimate: AdmixtureFit,
  within?: ProfileBounds,
): ProfileBounds {
  const k = sources.sourceCount
  const lower = new Float64Array(k)
  const upper = new Float64Array(k)
  const threshold = estimate.logLikelihood - PROFILE_LOG_LIKELIHOOD_DROP
  for (let s = 0; s < k; s++) {
    const at = (x: number) => profileLogLikelihood(observations, sources, s, x)
    const q = estimate.proportions[s]
    upper[s] = searchBound(at, threshold, Math.max(q, within?.upper[s] ?? q), 1)
    lower[s] = searchBound(at, threshold, Math.min(q, within?.lower[s] ?? q), 0)
  }
  return { lower, upper }
}

/**
 * The point between `inside` (profile at or above the threshold, or taken to be) and `edge` where the
 * profile falls to the threshold; `edge` itself when the profile is still above it there. Regula falsi
 * with the Illinois modification keeps a bracket around that point and needs a handful of fits where
 * bisection needs twenty; the inner end of the final bracket is returned.
 */
function searchBound(at: (x: number) => number, threshold: number, inside: number, edge: number): number {
  if (inside === edge) return edge
  let badValue = at(edge) - threshold
  if (badValue >= 0) return edge
  let goodValue = at(inside) - threshold
  if (goodValue < 0) return inside
  let good = inside
  let bad = edge
  let side = 0
  for (let step = 0; step < MAX_SEARCH_STEPS && Math.abs(bad - good) > BOUND_TOLERANCE; step++) {
    let next = good + ((bad - good) * goodValue) / (goodValue - badValue)
    // Keep clear of the ends, where a flat stretch would otherwise stall the bracket.
    const margin = Math.abs(bad - good) * 1e-3
    next = Math.min(Math.max(next, Math.min(good, bad) + margin), Math.max(good, bad) - margin)
    const value = at(next) - threshold
    if (value >= 0) {
      good = next
      goodValue = value
      if (side === 1) badValue /= 2
      side = 1
    } else {
      bad = next
      badValue = value
      if (side === -1) goodValue /= 2
      side = -1
    }
  }
  return good
}
