// ALT allele counts of a group of training samples, and the smoothed frequencies built from them.

import { sampleDosages, type TrainingData } from './training-data'

export interface AlleleCounts {
  samples: number
  /** ALT copies per marker among the group's 2 x samples chromosomes. */
  alt: Float64Array
}

export function countAlleles(data: TrainingData, sampleIndices: readonly number[]): AlleleCounts {
  const alt = new Float64Array(data.markers.length)
  for (const s of sampleIndices) {
    const row = sampleDosages(data, s)
    for (let m = 0; m < row.length; m++) alt[m] += row[m]
  }
  return { samples: sampleIndices.length, alt }
}

/**
 * Frequencies with half a pseudo-count on each allele (a Jeffreys prior), so an allele never seen in a
 * group still gets a small, finite probability instead of ruling the group out.
 */
export function smoothedFrequencies(counts: AlleleCounts): Float64Array {
  return counts.alt.map((alt) => (alt + 0.5) / (2 * counts.samples + 1))
}

/**
 * Frequencies pulled towards a parent group's: `shrinkage` pseudo-alleles drawn at the parent's
 * frequency. A population of ~50 people gets a noisy estimate on its own; its super-population's
 * frequency is the natural thing to lean on.
 */
export function shrunkFrequencies(
  counts: AlleleCounts,
  parent: Float64Array,
  shrinkage: number,
): Float64Array {
  return counts.alt.map((alt, m) => (alt + shrinkage * parent[m]) / (2 * counts.samples + shrinkage))
}
