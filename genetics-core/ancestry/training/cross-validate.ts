// Nested, stratified k-fold cross-validation of the closest-group result on the labelled training
// genotypes. For every outer fold the hyperparameters are chosen by an inner cross-validation on the
// outer training part and the model is refitted on that part alone, so no held-out person influences
// the frequencies, the profiles or the calibration that score them. Three models are scored on the same
// folds: a plain 26-population likelihood (the baseline), the calibrated likelihood without admixture
// profiles, and the shipped design. Sparse inputs are simulated by hiding markers from held-out people.

import { fitAdmixture } from '../admixture-fit'
import { populationLogLikelihoods, posteriorFromLogLikelihoods } from '../closest-group'
import { type CompiledAncestryModel, compileAncestryModel } from '../compiled-model'
import type { AncestryModelFile, CalibrationEntry } from '../model-file'
import { type MarkerObservations, observationsFromDosages, selectObservations } from '../observations'
import { REFERENCE_POPULATIONS } from '../populations'
import { createSeededRandom, shuffleInPlace } from '../seeded-random'
import { countAlleles, smoothedFrequencies } from './allele-counts'
import { assembleModelFile, fitSharedParts, type ModelHyperparameters } from './fit-model'
import { stratifiedFolds } from './folds'
import { selectHyperparameters } from './select-hyperparameters'
import { sampleDosages, superPopulationIndex, type TrainingData } from './training-data'

export interface CrossValidationOptions {
  outerFolds: number
  innerFolds: number
  seed: number
  /** Marker counts to simulate sparse inputs with (each held-out person, one random subset per count). */
  sparseMarkerCounts: number[]
  /**
   * Fixed marker sets (indices into the panel) that every held-out person is also scored on, e.g. the
   * markers one genotyping chip carries; the model is the same, only the inference sees fewer markers.
   */
  markerSubsets?: MarkerSubset[]
  onProgress?: (message: string) => void
}

export interface HeldOutPrediction {
  sample: number
  truthSuperPopulation: number
  truthPopulation: number
  superPopulationProbabilities: Float64Array
  populationProbabilities: Float64Array
  /** Usable markers behind the prediction. */
  markers: number
}

export interface MarkerSubset {
  name: string
  markers: number[]
}

export type ModelVariant = 'plain_likelihood' | 'calibrated_likelihood' | 'shipped_design'

export interface CrossValidationResult {
  predictions: Record<ModelVariant, HeldOutPrediction[]>
  sparse: Map<number, HeldOutPrediction[]>
  /** Predictions (shipped design) restricted to each of options.markerSubsets, by name. */
  subsets: Map<string, HeldOutPrediction[]>
  /** Held-out admixture proportions (shipped design), one row per person, super-population order. */
  admixture: { sample: number; proportions: Float64Array }[]
  chosen: { fold: number; variant: ModelVariant; hyperparameters: ModelHyperparameters }[]
}

export function crossValidate(data: TrainingData, options: CrossValidationOptions): CrossValidationResult {
  const all = data.samples.map((_, s) => s)
  const fold = stratifiedFolds(all, (s) => data.samples[s].population, options.outerFolds, options.seed)
  const result: CrossValidationResult = {
    predictions: { plain_likelihood: [], calibrated_likelihood: [], shipped_design: [] },
    sparse: new Map(options.sparseMarkerCounts.map((n) => [n, []])),
    subsets: new Map((options.markerSubsets ?? []).map((subset) => [subset.name, []])),
    admixture: [],
    chosen: [],
  }
  const populationIndex = new Map(REFERENCE_POPULATIONS.map((p, i) => [p.code, i]))

  for (let k = 0; k < options.outerFolds; k++) {
    const train = all.filter((s) => fold.get(s) !== k)
    const test = all.filter((s) => fold.get(s) === k)
    const shared = fitSharedParts(data, train)
    const innerSeed = options.seed + 1000 + k
    const models = {} as Record<ModelVariant, CompiledAncestryModel>
    for (const admixtureProfiles of [false, true]) {
      const variant: ModelVariant = admixtureProfiles ? 'shipped_design' : 'calibrated_likelihood'
      const choice = selectHyperparameters(data, train, {
        folds: options.innerFolds,
        seed: innerSeed,
        admixtureProfiles,
      })
      result.chosen.push({ fold: k, variant, hyperparameters: choice.hyperparameters })
      models[variant] = compileAncestryModel(
        assembleModelFile(data, shared, choice.hyperparameters, 'outer fold', { admixtureProfiles }),
      )
    }
    models.plain_likelihood = compileAncestryModel(
      plainLikelihoodModel(data, train, models.shipped_design.file),
    )
    const random = createSeededRandom(options.seed + 2000 + k)

    for (const s of test) {
      const truth = {
        sample: s,
        truthSuperPopulation: superPopulationIndex(data.samples[s]),
        truthPopulation: populationIndex.get(data.samples[s].population)!,
      }
      const predict = (
        model: CompiledAncestryModel,
        observations: MarkerObservations,
      ): HeldOutPrediction => ({
        ...truth,
        ...posteriorFromLogLikelihoods(model, populationLogLikelihoods(model, observations)),
        markers: observations.markerIndex.length,
      })
      const observations = observationsFromDosages(sampleDosages(data, s))
      for (const variant of Object.keys(models) as ModelVariant[]) {
        result.predictions[variant].push(predict(models[variant], observations))
      }
      for (const n of options.sparseMarkerCounts) {
        const keep = shuffleInPlace(
          data.markers.map((_, m) => m),
          random,
        ).slice(0, n)
        result.sparse.get(n)!.push(predict(models.shipped_design, selectObservations(observations, keep)))
      }
      for (const subset of options.markerSubsets ?? []) {
        result.subsets
          .get(subset.name)!
          .push(predict(models.shipped_design, selectObservations(observations, subset.markers)))
      }
      const admixture = fitAdmixture(observations, models.shipped_design.superPopulationSources)
      result.admixture.push({ sample: s, proportions: admixture.proportions })
    }
    const chosen = result.chosen.find((c) => c.fold === k && c.variant === 'shipped_design')!.hyperparameters
    options.onProgress?.(
      `fold ${k + 1}/${options.outerFolds}: shrinkage ${chosen.frequencyShrinkage}, ` +
        `profile spread ${chosen.profileSpread}, admixed prior ${chosen.admixedLogPrior}, ` +
        `temperature ${chosen.temperature}, population temperatures ${describeTemperatures(chosen.populationTemperatures)}`,
    )
  }
  return result
}

/** The baseline: every population by its own Jeffreys-smoothed frequencies, no calibration. */
function plainLikelihoodModel(
  data: TrainingData,
  train: number[],
  file: AncestryModelFile,
): AncestryModelFile {
  return {
    ...file,
    populations: REFERENCE_POPULATIONS.map((population) => {
      const members = train.filter((s) => data.samples[s].population === population.code)
      const frequencies = smoothedFrequencies(countAlleles(data, members))
      return {
        code: population.code,
        name: population.name,
        superPopulation: population.superPopulation,
        samples: members.length,
        model: 'allele_frequencies' as const,
        altFrequencies: Array.from(frequencies),
      }
    }),
    calibration: { ...oneStage(file.calibration), temperature: 1, admixedLogPrior: 0 },
  }
}

/** The calibration without population temperatures (one temperature for the whole posterior). */
function oneStage(calibration: CalibrationEntry): CalibrationEntry {
  const { populationTemperatures: _, ...rest } = calibration
  return rest
}

/** Population temperatures as 'AFR 1.75, AMR 0.75, ...'. */
export function describeTemperatures(temperatures: Partial<Record<string, number>> | undefined): string {
  if (!temperatures) return 'none'
  return Object.entries(temperatures)
    .map(([code, t]) => `${code} ${t}`)
    .join(', ')
}
