// Fits the ancestry model from a set of labelled training samples: super-population frequencies (the
// admixture sources of result b), per-population frequencies shrunk towards their super-population,
// and, for the admixed populations, each member's admixture profile over three ancestral sources.
// The same code fits the shipped model and every cross-validation fold, so the accuracy figures
// describe exactly what ships.

import { fitAdmixture } from '../admixture-fit'
import { ANCESTRY_MODEL_FORMAT, type AncestryModelFile, type PopulationEntry } from '../model-file'
import { observationsFromDosages } from '../observations'
import {
  ADMIXED_POPULATION_CODES,
  REFERENCE_POPULATIONS,
  SUPER_POPULATION_CODES,
  SUPER_POPULATION_NAMES,
  type SuperPopulationCode,
} from '../populations'
import { type AlleleCounts, countAlleles, shrunkFrequencies, smoothedFrequencies } from './allele-counts'
import { learnNativeAmericanFrequencies } from './native-american-source'
import { sampleDosages, type TrainingData } from './training-data'

export interface ModelHyperparameters {
  frequencyShrinkage: number
  admixedLogPrior: number
  temperature: number
  /** Temperature of the split within each super-population (see CalibrationEntry). */
  populationTemperatures: Record<SuperPopulationCode, number>
  /** How far each admixture profile is spread towards every source (0: the members' profiles alone). */
  profileSpread: number
}

/** The parts of a fit that do not depend on the hyperparameters (fitted once per training set). */
export interface SharedFit {
  sampleCount: number
  superCounts: Map<SuperPopulationCode, AlleleCounts>
  superFrequencies: Map<SuperPopulationCode, Float64Array>
  populationCounts: Map<string, AlleleCounts>
  sources: { code: string; description: string; frequencies: Float64Array }[]
  profiles: Map<string, Float64Array[]>
}

const WEST_AFRICAN = ['ESN', 'GWD', 'MSL', 'YRI']
// The European ancestry of the admixed Americans is mostly Iberian (colonial Spain and Portugal), so
// the source is the southern European sample. Nested cross-validation preferred it to all four
// non-Finnish European populations (ACCURACY.md, "What else was tried").
const EUROPEAN_SOURCE = ['IBS', 'TSI']

export function fitSharedParts(data: TrainingData, sampleIndices: readonly number[]): SharedFit {
  const members = (test: (population: string, superPopulation: string) => boolean) =>
    sampleIndices.filter((s) => test(data.samples[s].population, data.samples[s].superPopulation))

  const superCounts = new Map<SuperPopulationCode, AlleleCounts>()
  const superFrequencies = new Map<SuperPopulationCode, Float64Array>()
  for (const code of SUPER_POPULATION_CODES) {
    const counts = countAlleles(
      data,
      members((_, sp) => sp === code),
    )
    requireSamples(counts, code)
    superCounts.set(code, counts)
    superFrequencies.set(code, smoothedFrequencies(counts))
  }
  const populationCounts = new Map<string, AlleleCounts>()
  for (const population of REFERENCE_POPULATIONS) {
    const counts = countAlleles(
      data,
      members((p) => p === population.code),
    )
    requireSamples(counts, population.code)
    populationCounts.set(population.code, counts)
  }

  const westAfrican = smoothedFrequencies(
    countAlleles(
      data,
      members((p) => WEST_AFRICAN.includes(p)),
    ),
  )
  const european = smoothedFrequencies(
    countAlleles(
      data,
      members((p) => EUROPEAN_SOURCE.includes(p)),
    ),
  )
  const admixedAmericans = members((_, sp) => sp === 'AMR').map((s) => sampleDosages(data, s))
  const native = learnNativeAmericanFrequencies(
    admixedAmericans,
    westAfrican,
    european,
    smoothedFrequencies(populationCounts.get('PEL')!),
  )
  const sources = [
    {
      code: 'WEST_AFRICAN',
      description: `West African reference (${WEST_AFRICAN.join(', ')})`,
      frequencies: westAfrican,
    },
    {
      code: 'EUROPEAN',
      description: `Southern European reference (${EUROPEAN_SOURCE.join(', ')})`,
      frequencies: european,
    },
    {
      code: 'NATIVE_AMERICAN',
      description:
        'Native American component inferred from the admixed American training samples (no unadmixed group was sampled)',
      frequencies: native,
    },
  ]
  const markerCount = data.markers.length
  const sourceTable = {
    sourceCount: sources.length,
    markerCount,
    frequencies: new Float64Array(sources.length * markerCount),
  }
  sources.forEach((source, k) => {
    sourceTable.frequencies.set(roundAll(source.frequencies, 6), k * markerCount)
  })
  const profiles = new Map<string, Float64Array[]>()
  for (const code of ADMIXED_POPULATION_CODES) {
    profiles.set(
      code,
      members((p) => p === code).map(
        (s) => fitAdmixture(observationsFromDosages(sampleDosages(data, s)), sourceTable).proportions,
      ),
    )
  }
  return {
    sampleCount: sampleIndices.length,
    superCounts,
    superFrequencies,
    populationCounts,
    sources,
    profiles,
  }
}

export interface AssemblyOptions {
  /**
   * Describe the admixed populations by their members' admixture profiles (the shipped model). When
   * false they get allele frequencies like every other population; cross-validation uses this to
   * measure what the profiles add.
   */
  admixtureProfiles: boolean
}

export function assembleModelFile(
  data: TrainingData,
  shared: SharedFit,
  hyperparameters: ModelHyperparameters,
  selection: string,
  options: AssemblyOptions = { admixtureProfiles: true },
): AncestryModelFile {
  const samplesPerSuperPopulation = Object.fromEntries(
    SUPER_POPULATION_CODES.map((code) => [code, shared.superCounts.get(code)!.samples]),
  ) as Record<SuperPopulationCode, number>
  const populations = REFERENCE_POPULATIONS.map((population): PopulationEntry => {
    const base = {
      code: population.code,
      name: population.name,
      superPopulation: population.superPopulation,
      samples: shared.populationCounts.get(population.code)!.samples,
    }
    const profiles = shared.profiles.get(population.code)
    if (profiles && options.admixtureProfiles) {
      return { ...base, model: 'admixture_profiles', profiles: profiles.map((q) => normalisedRounded(q)) }
    }
    const frequencies = shrunkFrequencies(
      shared.populationCounts.get(population.code)!,
      shared.superFrequencies.get(population.superPopulation)!,
      hyperparameters.frequencyShrinkage,
    )
    return { ...base, model: 'allele_frequencies', altFrequencies: roundAll(frequencies, 6) }
  })
  return {
    format: ANCESTRY_MODEL_FORMAT,
    description:
      'Ancestry model over 169 ancestry-informative SNPs (Kidd 2014 and Kosoy/Seldin 2009 panels), fitted from ' +
      'the training half of the 1000 Genomes Phase 3 samples by scripts/build-ancestry-model.ts.',
    training: {
      source: '1000 Genomes Phase 3 (20130502) genotypes at the panel markers, training half of the samples',
      samples: shared.sampleCount,
      samplesPerSuperPopulation,
    },
    markers: data.markers,
    superPopulations: SUPER_POPULATION_CODES.map((code) => ({
      code,
      name: SUPER_POPULATION_NAMES[code],
      samples: shared.superCounts.get(code)!.samples,
      altFrequencies: roundAll(shared.superFrequencies.get(code)!, 6),
    })),
    admixtureSources: shared.sources.map((source) => ({
      code: source.code,
      description: source.description,
      altFrequencies: roundAll(source.frequencies, 6),
    })),
    populations,
    calibration: { ...hyperparameters, selection },
  }
}

function requireSamples(counts: AlleleCounts, group: string): void {
  if (counts.samples === 0) throw new Error(`no training samples for ${group}`)
}

function roundAll(values: Float64Array, digits: number): number[] {
  const scale = 10 ** digits
  return Array.from(values, (v) => Math.round(v * scale) / scale)
}

/** Rounds a profile to 4 decimals while keeping its sum exactly 1 (the remainder goes to the largest). */
function normalisedRounded(q: Float64Array): number[] {
  const rounded = roundAll(q, 4)
  const largest = rounded.indexOf(Math.max(...rounded))
  const rest = rounded.reduce((sum, v, i) => (i === largest ? sum : sum + v), 0)
  rounded[largest] = Math.round((1 - rest) * 1e4) / 1e4
  return rounded
}
