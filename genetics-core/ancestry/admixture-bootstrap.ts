// Confidence intervals for the admixture proportions by the nonparametric bootstrap over markers: each
// replicate draws as many markers as were used, with replacement, refits, and the 2.5th and 97.5th
// percentiles of the replicates bound each proportion. Resampling markers (not alleles) keeps each
// person's genotype intact and reflects how much the answer rests on which markers were available.
// A seeded generator makes the intervals reproducible.

import { type AdmixtureFit, fitAdmixture, type SourceFrequencies } from './admixture-fit'
import type { MarkerObservations } from './observations'
import { createSeededRandom } from './seeded-random'

export interface BootstrapIntervals {
  lower: Float64Array
  upper: Float64Array
}

export const CONFIDENCE_LEVEL = 0.95

export function bootstrapAdmixtureIntervals(
  observations: MarkerObservations,
  sources: SourceFrequencies,
  estimate: AdmixtureFit,
  replicates: number,
  seed: number,
): BootstrapIntervals {
  const k = sources.sourceCount
  const count = observations.markerIndex.length
  const random = createSeededRandom(seed)
  const weights = new Uint16Array(count)
  // samples[s * replicates + r] = proportion of source s in replicate r
  const samples = new Float64Array(k * replicates)
  for (let r = 0; r < replicates; r++) {
    weights.fill(0)
    for (let draw = 0; draw < count; draw++) weights[Math.floor(random() * count)]++
    const fit = fitAdmixture(observations, sources, weights, estimate.proportions)
    for (let s = 0; s < k; s++) samples[s * replicates + r] = fit.proportions[s]
  }
  const lower = new Float64Array(k)
  const upper = new Float64Array(k)
  const tail = (1 - CONFIDENCE_LEVEL) / 2
  for (let s = 0; s < k; s++) {
    const sorted = samples.subarray(s * replicates, (s + 1) * replicates).sort()
    // A percentile interval can miss the estimate when it sits on a boundary; widen it to include it.
    lower[s] = Math.min(percentile(sorted, tail), estimate.proportions[s])
    upper[s] = Math.max(percentile(sorted, 1 - tail), estimate.proportions[s])
  }
  return { lower, upper }
}

/** Linear interpolation between order statistics of a sorted sample. */
function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 1) return sorted[0]
  const position = q * (sorted.length - 1)
  const below = Math.floor(position)
  const above = Math.min(below + 1, sorted.length - 1)
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below)
}
