// The genotypes an estimate works from, one entry per usable panel marker: how many copies of the
// panel's ALT allele were seen among how many called copies. Kept as parallel typed arrays because the
// likelihoods and the bootstrap loop over them hundreds of times.

export interface MarkerObservations {
  /** Index into the model's marker list, ascending. */
  markerIndex: Int32Array
  /** Copies of the panel ALT allele among the called copies. */
  altCount: Uint8Array
  /** Called copies at the marker (2 for a diploid call). */
  alleleCount: Uint8Array
}

/** Observations from a complete row of ALT dosages (0, 1 or 2 per marker), as in the training genotypes. */
export function observationsFromDosages(dosages: ArrayLike<number>): MarkerObservations {
  const count = dosages.length
  const markerIndex = new Int32Array(count)
  const altCount = new Uint8Array(count)
  const alleleCount = new Uint8Array(count).fill(2)
  for (let m = 0; m < count; m++) {
    markerIndex[m] = m
    altCount[m] = dosages[m]
  }
  return { markerIndex, altCount, alleleCount }
}

/** Keeps only the listed positions of an observation set (used to simulate sparse inputs). */
export function selectObservations(
  observations: MarkerObservations,
  keep: readonly number[],
): MarkerObservations {
  const sorted = [...keep].sort((a, b) => a - b)
  return {
    markerIndex: Int32Array.from(sorted, (i) => observations.markerIndex[i]),
    altCount: Uint8Array.from(sorted, (i) => observations.altCount[i]),
    alleleCount: Uint8Array.from(sorted, (i) => observations.alleleCount[i]),
  }
}
