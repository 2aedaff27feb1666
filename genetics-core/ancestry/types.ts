// Public types of the ancestry estimate: its options and the result handed to job workers, the CLI and
// the HTTP layer (which renames fields to snake_case on the wire).

import type { GenomeBuild } from '../types'
import type { SuperPopulationCode } from './populations'

/**
 * What a marker absent from the calls means. 'variant_only': nothing (a variant-only VCF lists only
 * sites that differ from the reference, and says nothing about sites it does not list).
 * 'reference_blocks' (a gVCF): a marker inside a reference block arrives as a hom-ref call from that
 * block; a marker in neither a block nor a variant line was not covered, so it stays unknown.
 * 'genome_wide': the source would have reported the marker, so an absent marker is homozygous for the
 * reference allele (a VCF that states genome-wide calling). Consumer arrays list every marker they
 * tested, so an absent marker stays unknown for them under any assumption.
 */
export type MissingMarkerAssumption = 'variant_only' | 'reference_blocks' | 'genome_wide'

export interface AncestryOptions {
  build: GenomeBuild
  assumption: MissingMarkerAssumption
  /** Bootstrap replicates for the admixture intervals (default 200, 0 for no intervals, at most 10,000). */
  bootstrap?: number
  /** Seed of the bootstrap resampling (default 1); the same seed gives the same intervals. */
  seed?: number
  /** Target keys of palindromic markers (A/T, C/G) not to read because the file's strand is unknown. */
  strandWithheld?: ReadonlySet<string>
}

export interface AncestryCoverage {
  /** Markers in the panel. */
  panelSize: number
  /** Panel markers with a call in the source (usable or not). */
  found: number
  /** Markers the estimate used: usable calls plus markers assumed homozygous reference. */
  usable: number
  /** Absent markers counted as homozygous reference under the 'genome_wide' assumption. */
  assumedHomozygousReference: number
  /** Absent markers treated as unknown. */
  missing: number
  /** Found but not used, by reason. */
  unusable: {
    noCall: number
    /** FILTER other than PASS. */
    filtered: number
    /** Called letters match neither panel allele (other strand, an indel or another variant there). */
    alleleMismatch: number
    /** More than two called alleles at an autosomal marker. */
    unexpectedPloidy: number
    /** Palindromic markers (A/T, C/G) left out because the file's strand could not be established. */
    strandAmbiguous: number
  }
}

export interface GroupProbability {
  code: string
  name: string
  /** Calibrated probability that this is the closest reference group, 0..1 (the five super-populations' add up to exactly 1). */
  probability: number
}

export interface PopulationProbability extends GroupProbability {
  superPopulation: SuperPopulationCode
}

export interface ClosestGroupResult {
  superPopulation: GroupProbability
  population: PopulationProbability
  /** All five super-populations, most probable first. */
  superPopulations: GroupProbability[]
  /** The five most probable of the 26 populations, most probable first. */
  topPopulations: PopulationProbability[]
  lowConfidence: boolean
}

export interface AdmixtureComponent {
  code: SuperPopulationCode
  name: string
  /** Maximum-likelihood proportion, 0..1, rounded to 4 decimals so that the five sum to exactly 1. */
  proportion: number
  /**
   * 95% interval: the marker bootstrap's percentile interval, widened to the profile-likelihood bounds
   * where resampling cannot show the uncertainty (a share at exactly 0 or 1); null when no bootstrap was
   * run. Always contains `proportion` and stays within [0, 1].
   */
  interval: [number, number] | null
}

export interface AdmixtureResult {
  components: AdmixtureComponent[]
  confidenceLevel: number
  bootstrap: { replicates: number; seed: number; resampled: 'markers' }
  logLikelihood: number
  lowConfidence: boolean
}

export interface AncestryResult {
  method: string
  panel: { name: string; markers: number }
  build: GenomeBuild
  assumption: MissingMarkerAssumption
  /** What the assumption meant for this source, in plain words. */
  assumptionApplied: string
  coverage: AncestryCoverage
  closestGroup: ClosestGroupResult
  admixture: AdmixtureResult
  /** 'low' when the markers found cannot support a confident answer; see `warnings`. */
  confidence: 'high' | 'moderate' | 'low'
  warnings: string[]
  explanation: { method: string; limits: string[] }
  model: {
    format: string
    trainingSamples: number
    calibration: { frequencyShrinkage: number; admixedLogPrior: number; temperature: number }
  }
}
