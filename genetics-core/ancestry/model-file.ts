// The shape of the shipped ancestry model (ancestry-model.json), written by
// scripts/build-ancestry-model.ts from the labelled training genotypes. Plain JSON so it can be read,
// diffed and regenerated; the run-time code never fits anything and never reads the training data.

import type { SuperPopulationCode } from './populations'

export const ANCESTRY_MODEL_FORMAT = 'wellness-ancestry-model/1'

export interface PanelMarker {
  rsid: string
  /** '1'..'22' (the panel is autosomal). */
  chrom: string
  grch37: number
  grch38: number
  /** Reference and alternative allele as in the 1000 Genomes GRCh37 release; all markers are SNVs. */
  ref: string
  alt: string
  /** Published panels the marker belongs to ('kidd', 'seldin'). */
  panels: string[]
}

export interface SuperPopulationEntry {
  code: SuperPopulationCode
  name: string
  samples: number
  /** ALT allele frequency per marker, smoothed so none is exactly 0 or 1. */
  altFrequencies: number[]
}

/** A population described by its own allele frequencies. */
export interface FrequencyPopulationEntry {
  code: string
  name: string
  superPopulation: SuperPopulationCode
  samples: number
  model: 'allele_frequencies'
  altFrequencies: number[]
}

/** An admixed population described by the admixture profiles of its reference members. */
export interface AdmixedPopulationEntry {
  code: string
  name: string
  superPopulation: SuperPopulationCode
  samples: number
  model: 'admixture_profiles'
  /** One row per reference member: proportions over `admixtureSources`, summing to 1. */
  profiles: number[][]
}

export type PopulationEntry = FrequencyPopulationEntry | AdmixedPopulationEntry

export interface AdmixtureSourceEntry {
  code: string
  description: string
  altFrequencies: number[]
}

export interface CalibrationEntry {
  /** Pseudo-allele count pulling each population's frequencies towards its super-population's. */
  frequencyShrinkage: number
  /** Log prior weight added to the admixed American populations (a penalty for their flexibility). */
  admixedLogPrior: number
  /**
   * Log-likelihoods are divided by this before normalising, to correct overconfidence. It sets the
   * super-population probabilities (and, when `populationTemperatures` is absent, the whole posterior).
   */
  temperature: number
  /**
   * Per super-population, the temperature of the split between its populations, chosen for the
   * 26-population probabilities: the temperature that calibrates the super-population answer leaves the
   * split within Asia and Europe overconfident and the one between the admixed American populations
   * (described by spread admixture profiles) underconfident (ACCURACY.md). Absent in models written
   * before it existed (read as `temperature` everywhere, the one-stage posterior).
   */
  populationTemperatures?: Record<SuperPopulationCode, number>
  /**
   * Kernel width of the admixture profiles: each member's profile also stands for the profiles moved
   * this share of the way towards each source, so a person between two members is not penalised for
   * matching neither exactly. Absent in models written before it existed (read as 0).
   */
  profileSpread?: number
  /** How the values were chosen. */
  selection: string
}

export interface AncestryModelFile {
  format: typeof ANCESTRY_MODEL_FORMAT
  description: string
  training: {
    source: string
    samples: number
    samplesPerSuperPopulation: Record<SuperPopulationCode, number>
  }
  markers: PanelMarker[]
  superPopulations: SuperPopulationEntry[]
  admixtureSources: AdmixtureSourceEntry[]
  populations: PopulationEntry[]
  calibration: CalibrationEntry
}
