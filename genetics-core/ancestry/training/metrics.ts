// Accuracy and calibration figures for held-out predictions: accuracy overall and per group, a
// confusion matrix, log loss, Brier score, and a reliability table (how often the answer was right
// among answers given with a similar probability), summarised as the expected calibration error.

import { REFERENCE_POPULATIONS, SUPER_POPULATION_CODES } from '../populations'
import type { HeldOutPrediction } from './cross-validate'

export interface ReliabilityBin {
  lower: number
  upper: number
  count: number
  meanProbability: number
  accuracy: number
}

export interface ClassificationMetrics {
  samples: number
  correct: number
  accuracy: number
  perGroup: { code: string; samples: number; correct: number; accuracy: number }[]
  /** confusion[truth][predicted], in group order. */
  confusion: number[][]
  logLoss: number
  brier: number
  expectedCalibrationError: number
  reliability: ReliabilityBin[]
}

const BIN_EDGES = [0, 0.5, 0.7, 0.9, 0.99, 0.999, 1]
const PROBABILITY_FLOOR = 1e-12

/** The predicted super-population and population, chosen the way the estimate chooses them. */
export function predictedGroups(prediction: HeldOutPrediction): {
  superPopulation: number
  population: number
} {
  const supers = prediction.superPopulationProbabilities
  let superPopulation = 0
  for (let k = 1; k < supers.length; k++) if (supers[k] > supers[superPopulation]) superPopulation = k
  let population = -1
  REFERENCE_POPULATIONS.forEach((reference, p) => {
    if (SUPER_POPULATION_CODES.indexOf(reference.superPopulation) !== superPopulation) return
    if (
      population < 0 ||
      prediction.populationProbabilities[p] > prediction.populationProbabilities[population]
    ) {
      population = p
    }
  })
  return { superPopulation, population }
}

export function superPopulationMetrics(predictions: HeldOutPrediction[]): ClassificationMetrics {
  return metrics(
    predictions,
    SUPER_POPULATION_CODES,
    (p) => p.truthSuperPopulation,
    (p) => predictedGroups(p).superPopulation,
    (p) => p.superPopulationProbabilities,
  )
}

export function populationMetrics(predictions: HeldOutPrediction[]): ClassificationMetrics {
  return metrics(
    predictions,
    REFERENCE_POPULATIONS.map((p) => p.code),
    (p) => p.truthPopulation,
    (p) => predictedGroups(p).population,
    (p) => p.populationProbabilities,
  )
}

function metrics(
  predictions: HeldOutPrediction[],
  codes: readonly string[],
  truthOf: (p: HeldOutPrediction) => number,
  predictedOf: (p: HeldOutPrediction) => number,
  probabilitiesOf: (p: HeldOutPrediction) => Float64Array,
): ClassificationMetrics {
  const confusion = codes.map(() => codes.map(() => 0))
  let logLoss = 0
  let brier = 0
  const bins = BIN_EDGES.slice(1).map(() => ({ count: 0, probability: 0, correct: 0 }))
  for (const prediction of predictions) {
    const truth = truthOf(prediction)
    const predicted = predictedOf(prediction)
    const probabilities = probabilitiesOf(prediction)
    confusion[truth][predicted]++
    logLoss -= Math.log(Math.max(PROBABILITY_FLOOR, probabilities[truth]))
    probabilities.forEach((p, c) => {
      brier += (p - (c === truth ? 1 : 0)) ** 2
    })
    const confidence = probabilities[predicted]
    const bin =
      BIN_EDGES.findIndex((edge, i) => i > 0 && (confidence < edge || i === BIN_EDGES.length - 1)) - 1
    bins[bin].count++
    bins[bin].probability += confidence
    if (predicted === truth) bins[bin].correct++
  }
  const n = predictions.length
  const perGroup = codes.map((code, c) => {
    const samples = confusion[c].reduce((a, b) => a + b, 0)
    return {
      code,
      samples,
      correct: confusion[c][c],
      accuracy: samples === 0 ? 0 : confusion[c][c] / samples,
    }
  })
  const correct = perGroup.reduce((sum, g) => sum + g.correct, 0)
  const reliability = bins.map((bin, i) => ({
    lower: BIN_EDGES[i],
    upper: BIN_EDGES[i + 1],
    count: bin.count,
    meanProbability: bin.count === 0 ? 0 : bin.probability / bin.count,
    accuracy: bin.count === 0 ? 0 : bin.correct / bin.count,
  }))
  const expectedCalibrationError = reliability.reduce(
    (sum, bin) => sum + (bin.count / n) * Math.abs(bin.accuracy - bin.meanProbability),
    0,
  )
  return {
    samples: n,
    correct,
    accuracy: correct / n,
    perGroup,
    confusion,
    logLoss: logLoss / n,
    brier: brier / n,
    expectedCalibrationError,
    reliability,
  }
}
