// Chooses the model hyperparameters (frequency shrinkage, the spread of the admixture profiles, the
// admixed populations' prior, the temperature, the population temperatures) by an inner
// cross-validation over the given training samples only. The temperature is a calibration: for each
// (shrinkage, spread, prior) candidate it is set to minimise the balanced log loss (a proper scoring
// rule). Then accuracy comes first: only candidates whose balanced error (the mean over the five
// super-populations of the share misassigned) is within one person of the smallest super-population of
// the lowest are eligible, because the target is that no super-population is served badly; among them
// the lowest balanced log loss wins, so that the probabilities are as well calibrated as the accuracy
// allows. (Ranking by balanced error alone let a
// one-person difference, mostly noise, pick badly calibrated candidates.) "Balanced" weighs each
// super-population equally whatever its sample count.
//
// A super-population's population temperature only shares its probability among its populations, so it
// changes neither the answer nor the super-population probabilities: they are chosen last, for the
// chosen candidate, by the balanced log loss of the 26-population probabilities (each population
// weighed equally). A person's probability of their own population depends only on the temperature of
// their own super-population, so that loss is minimised one super-population at a time.
//
// Shrinkage only changes the populations described by frequencies and the spread only the admixed ones,
// so each is scored once per value and the two halves are combined per candidate.

import { argMax, populationLogLikelihoods, posteriorFromLogLikelihoods } from '../closest-group'
import { type CompiledAncestryModel, compileAncestryModel } from '../compiled-model'
import { observationsFromDosages } from '../observations'
import { SUPER_POPULATION_CODES, type SuperPopulationCode } from '../populations'
import { assembleModelFile, fitSharedParts, type ModelHyperparameters } from './fit-model'
import { stratifiedFolds } from './folds'
import { sampleDosages, superPopulationIndex, type TrainingData } from './training-data'

export const HYPERPARAMETER_GRID = {
  frequencyShrinkage: [5, 10, 20, 40],
  profileSpread: [0, 0.1, 0.2, 0.3],
  admixedLogPrior: [-4, -3.5, -3, -2.5, -2, -1.5, -1, -0.5, 0],
  temperature: [1, 1.25, 1.5, 1.75, 2, 2.5, 3],
  populationTemperature: [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6],
}

interface Scored {
  hyperparameters: ModelHyperparameters
  balancedError: number
  balancedLogLoss: number
}

export interface HyperparameterChoice {
  hyperparameters: ModelHyperparameters
  /** Inner cross-validation scores of the chosen values. */
  balancedError: number
  balancedLogLoss: number
  /** Balanced log loss of the 26-population probabilities at the chosen population temperatures. */
  balancedPopulationLogLoss: number
  folds: number
}

interface HeldOutRow {
  truth: number
  /** The person's population, in model order. */
  truthPopulation: number
  /** Log-likelihoods per shrinkage value (profile spread 0). */
  byShrinkage: Float64Array[]
  /** Log-likelihoods per profile spread value (only the admixed populations' entries are used). */
  bySpread: Float64Array[]
  model: CompiledAncestryModel
}

const PROBABILITY_FLOOR = 1e-12
const CLASS_COUNT = SUPER_POPULATION_CODES.length

export function selectHyperparameters(
  data: TrainingData,
  sampleIndices: readonly number[],
  options: { folds: number; seed: number; admixtureProfiles?: boolean },
): HyperparameterChoice {
  const assembly = { admixtureProfiles: options.admixtureProfiles ?? true }
  const shrinkages = HYPERPARAMETER_GRID.frequencyShrinkage
  // Without profiles the spread has no effect: only 0 is tried.
  const spreads = assembly.admixtureProfiles ? HYPERPARAMETER_GRID.profileSpread : [0]
  const heldOut: HeldOutRow[] = []
  const fold = stratifiedFolds(sampleIndices, (s) => data.samples[s].population, options.folds, options.seed)
  for (let k = 0; k < options.folds; k++) {
    const train = sampleIndices.filter((s) => fold.get(s) !== k)
    const test = sampleIndices.filter((s) => fold.get(s) === k)
    const shared = fitSharedParts(data, train)
    const compile = (frequencyShrinkage: number, profileSpread: number) =>
      compileAncestryModel(
        assembleModelFile(
          data,
          shared,
          {
            frequencyShrinkage,
            profileSpread,
            admixedLogPrior: 0,
            temperature: 1,
            populationTemperatures: sameEverywhere(1),
          },
          'inner fold',
          assembly,
        ),
      )
    const byShrinkage = shrinkages.map((frequencyShrinkage) => compile(frequencyShrinkage, 0))
    const bySpread = spreads.map((spread) => (spread === 0 ? byShrinkage[0] : compile(shrinkages[0], spread)))
    for (const s of test) {
      const observations = observationsFromDosages(sampleDosages(data, s))
      heldOut.push({
        truth: superPopulationIndex(data.samples[s]),
        truthPopulation: byShrinkage[0].populations.findIndex((p) => p.code === data.samples[s].population),
        byShrinkage: byShrinkage.map((model) => populationLogLikelihoods(model, observations)),
        bySpread: bySpread.map((model, j) =>
          spreads[j] === 0 ? new Float64Array(0) : populationLogLikelihoods(model, observations),
        ),
        model: byShrinkage[0],
      })
    }
  }

  const candidates: Scored[] = []
  const rowsOf = (i: number, j: number): ScoredRow[] =>
    heldOut.map((row) => ({
      truth: row.truth,
      truthPopulation: row.truthPopulation,
      model: row.model,
      logLikelihoods: combined(row, i, j),
    }))
  // Without profiles no population is 'admixed' and the prior has no effect: only 0 is tried.
  const priors = assembly.admixtureProfiles ? HYPERPARAMETER_GRID.admixedLogPrior : [0]
  shrinkages.forEach((frequencyShrinkage, i) => {
    spreads.forEach((profileSpread, j) => {
      const rows = rowsOf(i, j)
      for (const admixedLogPrior of priors) {
        // The temperature only calibrates: for each candidate take the best-calibrated one, then
        // compare candidates on what that calibrated model gets right.
        let calibrated: (ReturnType<typeof scoreCandidate> & { temperature: number }) | null = null
        for (const temperature of HYPERPARAMETER_GRID.temperature) {
          const score = scoreCandidate(rows, { temperature, admixedLogPrior })
          if (!calibrated || score.balancedLogLoss < calibrated.balancedLogLoss - 1e-12) {
            calibrated = { ...score, temperature }
          }
        }
        candidates.push({
          hyperparameters: {
            frequencyShrinkage,
            profileSpread,
            admixedLogPrior,
            temperature: calibrated!.temperature,
            // Set below for the chosen candidate; they cannot change the scores compared here.
            populationTemperatures: sameEverywhere(calibrated!.temperature),
          },
          balancedError: calibrated!.balancedError,
          balancedLogLoss: calibrated!.balancedLogLoss,
        })
      }
    })
  })
  const smallestClass = Math.min(
    ...SUPER_POPULATION_CODES.map((_, c) => heldOut.filter((row) => row.truth === c).length),
  )
  const chosen = chooseCandidate(candidates, 1 / (CLASS_COUNT * smallestClass))
  const { frequencyShrinkage, profileSpread, temperature, admixedLogPrior } = chosen.hyperparameters
  const split = choosePopulationTemperatures(
    rowsOf(shrinkages.indexOf(frequencyShrinkage), spreads.indexOf(profileSpread)),
    { temperature, admixedLogPrior },
  )
  return {
    ...chosen,
    hyperparameters: { ...chosen.hyperparameters, populationTemperatures: split.populationTemperatures },
    balancedPopulationLogLoss: split.balancedPopulationLogLoss,
    folds: options.folds,
  }
}

/**
 * For each super-population, the population temperature from the grid with the lowest balanced log loss
 * of its members' population probabilities (the smaller one on exact ties), the other calibration values
 * fixed; a super-population without held-out members keeps the temperature.
 */
export function choosePopulationTemperatures(
  rows: readonly ScoredRow[],
  calibration: { temperature: number; admixedLogPrior: number },
): { populationTemperatures: Record<SuperPopulationCode, number>; balancedPopulationLogLoss: number } {
  const model = rows[0]?.model
  const populations = model?.populations ?? []
  const grid = HYPERPARAMETER_GRID.populationTemperature
  // loss[g][p]: summed log loss of population p's members at grid temperature g.
  const loss = grid.map(() => new Float64Array(populations.length))
  const count = new Float64Array(populations.length)
  for (const row of rows) count[row.truthPopulation]++
  grid.forEach((temperature, g) => {
    const populationTemperatures = sameEverywhere(temperature)
    for (const row of rows) {
      const { populationProbabilities: p } = posteriorFromLogLikelihoods(row.model, row.logLikelihoods, {
        ...calibration,
        populationTemperatures,
      })
      loss[g][row.truthPopulation] -= Math.log(Math.max(PROBABILITY_FLOOR, p[row.truthPopulation]))
    }
  })
  /** Mean over the populations with members (of one super-population, or all) of their mean loss. */
  const balanced = (g: (p: number) => number, include: (p: number) => boolean): number => {
    let total = 0
    let included = 0
    populations.forEach((_, p) => {
      if (!include(p) || count[p] === 0) return
      total += loss[g(p)][p] / count[p]
      included++
    })
    return included === 0 ? Number.NaN : total / included
  }
  const chosenIndex = SUPER_POPULATION_CODES.map((_, k) => {
    const inSuper = (p: number) => populations[p].superPopulationIndex === k
    let best = -1
    let bestLoss = Number.POSITIVE_INFINITY
    grid.forEach((_, g) => {
      const value = balanced(() => g, inSuper)
      if (value < bestLoss - 1e-12) {
        best = g
        bestLoss = value
      }
    })
    return best
  })
  const populationTemperatures = Object.fromEntries(
    SUPER_POPULATION_CODES.map((code, k) => [
      code,
      chosenIndex[k] < 0 ? calibration.temperature : grid[chosenIndex[k]],
    ]),
  ) as Record<SuperPopulationCode, number>
  return {
    populationTemperatures,
    balancedPopulationLogLoss: balanced(
      (p) => chosenIndex[populations[p].superPopulationIndex],
      () => true,
    ),
  }
}

/** The same temperature for the split within every super-population. */
export function sameEverywhere(temperature: number): Record<SuperPopulationCode, number> {
  return Object.fromEntries(SUPER_POPULATION_CODES.map((code) => [code, temperature])) as Record<
    SuperPopulationCode,
    number
  >
}

/**
 * The lowest balanced log loss among the candidates whose balanced error is at most `tolerance` above
 * the lowest; the earlier candidate on exact ties, so the choice is deterministic.
 */
export function chooseCandidate(candidates: readonly Scored[], tolerance: number): Scored {
  const lowestError = Math.min(...candidates.map((c) => c.balancedError))
  let chosen: Scored | null = null
  for (const candidate of candidates) {
    if (candidate.balancedError > lowestError + tolerance + 1e-12) continue
    if (!chosen || candidate.balancedLogLoss < chosen.balancedLogLoss - 1e-12) chosen = candidate
  }
  return chosen!
}

/** The frequency populations' log-likelihoods at shrinkage i with the admixed ones' at spread j. */
function combined(row: HeldOutRow, i: number, j: number): Float64Array {
  const spreadRow = row.bySpread[j]
  if (spreadRow.length === 0) return row.byShrinkage[i]
  const out = Float64Array.from(row.byShrinkage[i])
  row.model.populations.forEach((population, p) => {
    if (population.admixed) out[p] = spreadRow[p]
  })
  return out
}

/** One held-out person of the inner cross-validation, scored under one candidate's fitted models. */
export interface ScoredRow {
  /** Super-population, in SUPER_POPULATION_CODES order. */
  truth: number
  /** Population, in model order. */
  truthPopulation: number
  model: CompiledAncestryModel
  logLikelihoods: Float64Array
}

function scoreCandidate(
  rows: readonly ScoredRow[],
  calibration: { temperature: number; admixedLogPrior: number },
): { balancedError: number; balancedLogLoss: number } {
  const loss = new Float64Array(CLASS_COUNT)
  const errors = new Float64Array(CLASS_COUNT)
  const count = new Float64Array(CLASS_COUNT)
  for (const row of rows) {
    const { superPopulationProbabilities: p } = posteriorFromLogLikelihoods(
      row.model,
      row.logLikelihoods,
      calibration,
    )
    loss[row.truth] -= Math.log(Math.max(PROBABILITY_FLOOR, p[row.truth]))
    if (argMax(p) !== row.truth) errors[row.truth]++
    count[row.truth]++
  }
  let balancedError = 0
  let balancedLogLoss = 0
  for (let c = 0; c < CLASS_COUNT; c++) {
    if (count[c] === 0) continue
    balancedError += errors[c] / count[c] / CLASS_COUNT
    balancedLogLoss += loss[c] / count[c] / CLASS_COUNT
  }
  return { balancedError, balancedLogLoss }
}
