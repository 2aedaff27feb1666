// The closest reference group: a likelihood for each of the 26 populations, tempered and normalised
// into probabilities that are summed within each super-population, and shared within each
// super-population by a temperature of its own. Missing markers simply drop out of every likelihood, so
// fewer markers give flatter (less certain) probabilities rather than a guess.

import type { CompiledAncestryModel } from './compiled-model'
import type { MarkerObservations } from './observations'
import { SUPER_POPULATION_CODES, type SuperPopulationCode } from './populations'

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

/** What turns log-likelihoods into probabilities (a model file's calibration has these fields). */
export interface PosteriorCalibration {
  temperature: number
  admixedLogPrior: number
  /** Temperature of the split within each super-population; absent: `temperature`. */
  populationTemperatures?: Readonly<Record<SuperPopulationCode, number>>
}

/**
 * Calibrated probabilities from raw log-likelihoods, in two stages. Each super-population's probability
 * is the tempered posterior summed over its populations (priors added, divided by `temperature`,
 * normalised over all 26). Its probability is then shared among its populations by the same scores
 * divided by its own population temperature instead, normalised within the super-population: telling
 * neighbouring populations apart needs a different tempering than telling continents apart, and not
 * the same in every continent (ACCURACY.md). With equal temperatures this is the one-stage posterior. Temperatures never change which population
 * is most probable within a super-population.
 */
export function posteriorFromLogLikelihoods(
  model: CompiledAncestryModel,
  logLikelihoods: ArrayLike<number>,
  calibration: PosteriorCalibration = model.file.calibration,
): GroupPosterior {
  const populationCount = model.populations.length
  const scores = new Float64Array(populationCount)
  model.populations.forEach((population, p) => {
    scores[p] = logLikelihoods[p] + (population.admixed ? calibration.admixedLogPrior : 0)
  })
  const superPopulationProbabilities = new Float64Array(SUPER_POPULATION_CODES.length)
  const overall = normalisedExp(scores, calibration.temperature, () => true)
  model.populations.forEach((population, p) => {
    superPopulationProbabilities[population.superPopulationIndex] += overall[p]
  })
  const temperatures = SUPER_POPULATION_CODES.map(
    (code) => calibration.populationTemperatures?.[code] ?? calibration.temperature,
  )
  if (temperatures.every((t) => t === calibration.temperature)) {
    return { populationProbabilities: overall, superPopulationProbabilities }
  }
  const populationProbabilities = new Float64Array(populationCount)
  superPopulationProbabilities.forEach((superProbability, k) => {
    const inSuper = (p: number) => model.populations[p].superPopulationIndex === k
    const within = normalisedExp(scores, temperatures[k], inSuper)
    for (let p = 0; p < populationCount; p++) {
      if (inSuper(p)) populationProbabilities[p] = superProbability * within[p]
    }
  })
  return { populationProbabilities, superPopulationProbabilities }
}

/** exp(score / temperature) normalised over the entries `included` accepts (0 for the others). */
function normalisedExp(
  scores: Float64Array,
  temperature: number,
  included: (index: number) => boolean,
): Float64Array {
  const out = new Float64Array(scores.length)
  let max = Number.NEGATIVE_INFINITY
  for (let i = 0; i < scores.length; i++) if (included(i)) max = Math.max(max, scores[i] / temperature)
  let total = 0
  for (let i = 0; i < scores.length; i++) {
    if (!included(i)) continue
    out[i] = Math.exp(scores[i] / temperature - max)
    total += out[i]
  }
  for (let i = 0; i < scores.length; i++) out[i] /= total
  return out
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
