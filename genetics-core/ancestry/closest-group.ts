// The closest reference group: a likelihood for each of the 26 populations, tempered and normalised
// into probabilities, then summed within each super-population. Missing markers simply drop out of
// every likelihood, so fewer markers give flatter (less certain) probabilities rather than a guess.

import type { CompiledAncestryModel } from './compiled-model'
import type { MarkerObservations } from './observations'
import { SUPER_POPULATION_CODES } from './populations'

export interface GroupPosterior {
  /** Probability per population, in model order. */
  populationProbabilities: Float64Array
  /** Probability per super-population, in SUPER_POPULATION_CODES order. */
  superPopulationProbabilities: Float64Array
}

/**
 * Uncalibrated log-likelihood of the observations under each population (model order). An admixed
 * population's likelihood is the average over its members' admixture profiles.
 */
export function populationLogLikelihoods(
  model: CompiledAncestryModel,
  observations: MarkerObservations,
): Float64Array {
  const out = new Float64Array(model.populations.length)
  const { markerIndex, altCount, alleleCount } = observations
  model.populations.forEach((population, p) => {
    const vectorCount = population.logAlt.length
    const perVector = new Float64Array(vectorCount)
    for (let v = 0; v < vectorCount; v++) {
      const logAlt = population.logAlt[v]
      const logRef = population.logRef[v]
      let sum = 0
      for (let i = 0; i < markerIndex.length; i++) {
        const m = markerIndex[i]
        sum += altCount[i] * logAlt[m] + (alleleCount[i] - altCount[i]) * logRef[m]
      }
      perVector[v] = sum
    }
    out[p] = vectorCount === 1 ? perVector[0] : logMeanExp(perVector)
  })
  return out
}

/** Calibrated probabilities from raw log-likelihoods: add priors, divide by the temperature, normalise. */
export function posteriorFromLogLikelihoods(
  model: CompiledAncestryModel,
  logLikelihoods: ArrayLike<number>,
  calibration: { temperature: number; admixedLogPrior: number } = model.file.calibration,
): GroupPosterior {
  const scores = new Float64Array(model.populations.length)
  model.populations.forEach((population, p) => {
    const prior = population.admixed ? calibration.admixedLogPrior : 0
    scores[p] = (logLikelihoods[p] + prior) / calibration.temperature
  })
  let max = Number.NEGATIVE_INFINITY
  for (const s of scores) max = Math.max(max, s)
  let total = 0
  for (let p = 0; p < scores.length; p++) {
    scores[p] = Math.exp(scores[p] - max)
    total += scores[p]
  }
  const superPopulationProbabilities = new Float64Array(SUPER_POPULATION_CODES.length)
  model.populations.forEach((population, p) => {
    scores[p] /= total
    superPopulationProbabilities[population.superPopulationIndex] += scores[p]
  })
  return { populationProbabilities: scores, superPopulationProbabilities }
}

export function closestGroupPosterior(
  model: CompiledAncestryModel,
  observations: MarkerObservations,
): GroupPosterior {
  return posteriorFromLogLikelihoods(model, populationLogLikelihoods(model, observations))
}

function logMeanExp(values: Float64Array): number {
  let max = Number.NEGATIVE_INFINITY
  for (const v of values) max = Math.max(max, v)
  let sum = 0
  for (const v of values) sum += Math.exp(v - max)
  return max + Math.log(sum / values.length)
}

/** Index of the largest value (the first one on ties). */
export function argMax(values: ArrayLike<number>): number {
  let best = 0
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i
  return best
}

/**
 * The answer read off a posterior: the most probable super-population, and the most probable
 * population within it (so the two never disagree, even when a population of another super-population
 * happens to be the single most probable one).
 */
export function closestGroups(
  model: CompiledAncestryModel,
  posterior: GroupPosterior,
): { superPopulationIndex: number; populationIndex: number } {
  const superPopulationIndex = argMax(posterior.superPopulationProbabilities)
  let populationIndex = -1
  model.populations.forEach((population, p) => {
    if (population.superPopulationIndex !== superPopulationIndex) return
    if (
      populationIndex < 0 ||
      posterior.populationProbabilities[p] > posterior.populationProbabilities[populationIndex]
    ) {
      populationIndex = p
    }
  })
  return { superPopulationIndex, populationIndex }
}
