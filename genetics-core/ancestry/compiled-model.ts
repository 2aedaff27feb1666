// Turns the model file into the arrays the estimate scores with: log frequencies per population,
// flat source tables for the admixture fits, and each admixed population's profiles expanded into
// per-marker allele frequencies. Done once per model; the estimate itself only adds numbers.

import type { SourceFrequencies } from './admixture-fit'
import type { AncestryModelFile } from './model-file'
import { SUPER_POPULATION_CODES } from './populations'

export interface CompiledAncestryModel {
  file: AncestryModelFile
  markerCount: number
  /** The five super-populations as admixture sources, in SUPER_POPULATION_CODES order. */
  superPopulationSources: SourceFrequencies
  populations: CompiledPopulation[]
}

export interface CompiledPopulation {
  code: string
  superPopulationIndex: number
  /** Described by admixture profiles (receives the calibrated admixed prior). */
  admixed: boolean
  /**
   * One or more allele-frequency vectors; a population with one vector is scored by its likelihood,
   * one with several (admixture profiles) by the average likelihood over them.
   */
  logAlt: Float64Array[]
  logRef: Float64Array[]
}

export function compileAncestryModel(file: AncestryModelFile): CompiledAncestryModel {
  const markerCount = file.markers.length
  const superFrequencies = new Float64Array(SUPER_POPULATION_CODES.length * markerCount)
  SUPER_POPULATION_CODES.forEach((code, k) => {
    const entry = file.superPopulations.find((s) => s.code === code)
    if (!entry) throw new Error(`ancestry model has no super-population ${code}`)
    superFrequencies.set(entry.altFrequencies, k * markerCount)
  })

  const spread = file.calibration.profileSpread ?? 0
  const populations = file.populations.map((population): CompiledPopulation => {
    const superPopulationIndex = SUPER_POPULATION_CODES.indexOf(population.superPopulation)
    const vectors =
      population.model === 'allele_frequencies'
        ? [population.altFrequencies]
        : spreadProfiles(population.profiles, spread).map((profile) => mixFrequencies(file, profile))
    return {
      code: population.code,
      superPopulationIndex,
      admixed: population.model === 'admixture_profiles',
      logAlt: vectors.map((v) => Float64Array.from(v, Math.log)),
      logRef: vectors.map((v) => Float64Array.from(v, (p) => Math.log(1 - p))),
    }
  })

  return {
    file,
    markerCount,
    superPopulationSources: {
      sourceCount: SUPER_POPULATION_CODES.length,
      markerCount,
      frequencies: superFrequencies,
    },
    populations,
  }
}

/**
 * A kernel over the members' profiles: each profile, plus the profile moved `spread` of the way towards
 * each source (a person with 80% European ancestry and spread 0.2 also stands for 84% European, and so
 * on). Held-out admixed people often sit between the reference members; without the spread the
 * likelihood overrates how far such a person is from every member, which made the probabilities
 * overconfident (ACCURACY.md).
 */
export function spreadProfiles(profiles: readonly (readonly number[])[], spread: number): number[][] {
  if (spread <= 0) return profiles.map((q) => [...q])
  return profiles.flatMap((q) => [
    [...q],
    ...q.map((_, k) => q.map((value, j) => value + spread * ((j === k ? 1 : 0) - value))),
  ])
}

/** Allele frequencies of a person with the given admixture profile over the model's sources. */
function mixFrequencies(file: AncestryModelFile, profile: readonly number[]): number[] {
  return file.markers.map((_, m) => {
    let p = 0
    file.admixtureSources.forEach((source, k) => {
      p += profile[k] * source.altFrequencies[m]
    })
    return p
  })
}
