// Estimates the allele frequencies of the Native American ancestry carried by the admixed American
// training samples. No unadmixed Native American group is in the reference, so the component is
// learned the way ADMIXTURE learns an unsupervised component: every admixed American is modelled as a
// mix of a West African source, a European source (both fixed) and this unknown source, and EM
// alternates between each person's proportions and the unknown frequencies. A fixed iteration count
// and a fixed start (the Peruvian sample's frequencies) keep the result deterministic.

import { type MarkerObservations, observationsFromDosages } from '../observations'

const ITERATIONS = 300

export function learnNativeAmericanFrequencies(
  admixedDosages: readonly Uint8Array[],
  westAfrican: Float64Array,
  european: Float64Array,
  start: Float64Array,
): Float64Array {
  const markerCount = start.length
  const native = Float64Array.from(start)
  const people: MarkerObservations[] = admixedDosages.map((row) => observationsFromDosages(row))
  const proportions = people.map(() => Float64Array.of(1 / 3, 1 / 3, 1 / 3))
  const nativeAlt = new Float64Array(markerCount)
  const nativeTotal = new Float64Array(markerCount)
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    nativeAlt.fill(0)
    nativeTotal.fill(0)
    people.forEach((person, i) => {
      const q = proportions[i]
      const next = [0, 0, 0]
      for (let m = 0; m < markerCount; m++) {
        const f0 = westAfrican[m]
        const f1 = european[m]
        const f2 = native[m]
        const p = q[0] * f0 + q[1] * f1 + q[2] * f2
        const alt = person.altCount[m]
        const ref = person.alleleCount[m] - alt
        const altShare = alt / p
        const refShare = ref / (1 - p)
        next[0] += q[0] * (f0 * altShare + (1 - f0) * refShare)
        next[1] += q[1] * (f1 * altShare + (1 - f1) * refShare)
        const nativeAltCopies = q[2] * f2 * altShare
        const nativeCopies = nativeAltCopies + q[2] * (1 - f2) * refShare
        next[2] += nativeCopies
        nativeAlt[m] += nativeAltCopies
        nativeTotal[m] += nativeCopies
      }
      const total = next[0] + next[1] + next[2]
      for (let k = 0; k < 3; k++) q[k] = next[k] / total
    })
    for (let m = 0; m < markerCount; m++) native[m] = (nativeAlt[m] + 0.5) / (nativeTotal[m] + 1)
  }
  return native
}
