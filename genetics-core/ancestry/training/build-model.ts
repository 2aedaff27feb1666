// Builds the shipped model from the full training set: hyperparameters chosen by cross-validation over
// all training samples, then one fit on all of them. Also checks our allele counting against the
// frequencies published in the panel table, so a parsing slip cannot silently skew the model.

import type { AncestryModelFile } from '../model-file'
import { REFERENCE_POPULATIONS, SUPER_POPULATION_CODES } from '../populations'
import { countAlleles } from './allele-counts'
import { assembleModelFile, fitSharedParts } from './fit-model'
import { selectHyperparameters } from './select-hyperparameters'
import { readTrainingData, type TrainingData, TrainingDataError } from './training-data'

/** Seed of the cross-validation folds that choose the shipped hyperparameters. */
export const MODEL_SELECTION_SEED = 20261122
export const MODEL_SELECTION_FOLDS = 10

export function buildAncestryModel(trainingDirectory: string): AncestryModelFile {
  const data = readTrainingData(trainingDirectory)
  checkAgainstPublishedFrequencies(data)
  const all = data.samples.map((_, s) => s)
  const choice = selectHyperparameters(data, all, {
    folds: MODEL_SELECTION_FOLDS,
    seed: MODEL_SELECTION_SEED,
  })
  const selection =
    `chosen from a grid by ${MODEL_SELECTION_FOLDS}-fold cross-validation over all ${all.length} training samples ` +
    `(seed ${MODEL_SELECTION_SEED}): lowest balanced log loss among the candidates within one person of the ` +
    'smallest super-population of the lowest balanced error; ' +
    `balanced error ${round(choice.balancedError, 5)}, balanced log loss ${round(choice.balancedLogLoss, 5)}; ` +
    'then the population temperatures by the balanced log loss of the 26-population probabilities, ' +
    `${round(choice.balancedPopulationLogLoss, 5)}`
  return assembleModelFile(data, fitSharedParts(data, all), choice.hyperparameters, selection)
}

/** The panel table's frequencies are rounded to 4 decimals; ours must agree to that precision. */
export function checkAgainstPublishedFrequencies(data: TrainingData): void {
  const groups = [
    ...SUPER_POPULATION_CODES.map((code) => ({
      code,
      members: (s: number) => data.samples[s].superPopulation === code,
    })),
    ...REFERENCE_POPULATIONS.map((p) => ({
      code: p.code,
      members: (s: number) => data.samples[s].population === p.code,
    })),
  ]
  for (const group of groups) {
    const published = data.publishedFrequencies.get(group.code)
    if (!published) throw new TrainingDataError(`panel table has no frequencies for ${group.code}`)
    const counts = countAlleles(data, data.samples.map((_, s) => s).filter(group.members))
    counts.alt.forEach((alt, m) => {
      const ours = alt / (2 * counts.samples)
      if (Math.abs(ours - published[m]) > 0.00006) {
        throw new TrainingDataError(
          `${group.code} ${data.markers[m].rsid}: counted ALT frequency ${ours.toFixed(4)} but the table says ${published[m]}`,
        )
      }
    })
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
