// The admixture fitter and its bootstrap: the Newton fit must reach the maximum that slow, plain EM
// creeps towards, recover a known mix from simulated genotypes, and give intervals that shrink as
// markers are added.

import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { bootstrapAdmixtureIntervals } from '../../genetics-core/ancestry/admixture-bootstrap'
import {
  admixtureLogLikelihood,
  fitAdmixture,
  type SourceFrequencies,
} from '../../genetics-core/ancestry/admixture-fit'
import {
  type MarkerObservations,
  observationsFromDosages,
  selectObservations,
} from '../../genetics-core/ancestry/observations'
import { createSeededRandom } from '../../genetics-core/ancestry/seeded-random'
import { shippedModel } from '../../genetics-core/ancestry/shipped-model'
import { readTrainingData, sampleDosages } from '../../genetics-core/ancestry/training/training-data'

const data = readTrainingData(join(import.meta.dir, '..', 'fixtures', 'genetics', 'ancestry'))
const sources = shippedModel().superPopulationSources

/** Textbook EM, run long: the reference the fast fitter is checked against. */
function plainEm(observations: MarkerObservations, table: SourceFrequencies, steps: number): Float64Array {
  const { sourceCount: k, markerCount, frequencies: f } = table
  let q = new Float64Array(k).fill(1 / k)
  for (let step = 0; step < steps; step++) {
    const next = new Float64Array(k)
    observations.markerIndex.forEach((m, i) => {
      let p = 0
      for (let s = 0; s < k; s++) p += q[s] * f[s * markerCount + m]
      const alt = observations.altCount[i]
      const ref = observations.alleleCount[i] - alt
      for (let s = 0; s < k; s++) {
        const fs = f[s * markerCount + m]
        next[s] += q[s] * ((fs * alt) / p + ((1 - fs) * ref) / (1 - p))
      }
    })
    // Divide by the sum, not the allele count: equal in exact arithmetic, but rounding drift in the
    // sum grows step after step otherwise.
    const sum = next.reduce((a, b) => a + b, 0)
    q = next.map((v) => v / sum)
  }
  return q
}

describe('maximum-likelihood admixture fit', () => {
  test('reaches at least the likelihood of 20,000 plain EM steps, on full and on sparse genotypes', () => {
    for (let s = 0; s < data.samples.length; s += 179) {
      const full = observationsFromDosages(sampleDosages(data, s))
      const sparse = selectObservations(full, [3, 17, 40, 41, 90, 120, 150, 160])
      for (const observations of [full, sparse]) {
        const fast = fitAdmixture(observations, sources)
        const slow = plainEm(observations, sources, 20_000)
        expect(fast.logLikelihood).toBeGreaterThanOrEqual(
          admixtureLogLikelihood(observations, sources, slow) - 1e-7,
        )
        expect(fast.proportions.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
        for (const q of fast.proportions) expect(q).toBeGreaterThanOrEqual(0)
      }
    }
  }, 30_000)

  test('recovers a half-African, half-European mix simulated from the reference frequencies', () => {
    // Genotypes drawn marker by marker from p = 0.5 f(AFR) + 0.5 f(EUR), with a fixed seed.
    const random = createSeededRandom(2024)
    const { markerCount, frequencies: f } = sources
    const dosages = Array.from({ length: markerCount }, (_, m) => {
      const p = 0.5 * f[0 * markerCount + m] + 0.5 * f[3 * markerCount + m]
      return (random() < p ? 1 : 0) + (random() < p ? 1 : 0)
    })
    const observations = observationsFromDosages(dosages)
    const fit = fitAdmixture(observations, sources)
    const intervals = bootstrapAdmixtureIntervals(observations, sources, fit, 200, 3)
    expect(fit.proportions[0]).toBeGreaterThan(0.35)
    expect(fit.proportions[0]).toBeLessThan(0.65)
    expect(fit.proportions[3]).toBeGreaterThan(0.35)
    expect(fit.proportions[3]).toBeLessThan(0.65)
    for (const k of [0, 3]) {
      expect(intervals.lower[k]).toBeLessThanOrEqual(0.5)
      expect(intervals.upper[k]).toBeGreaterThanOrEqual(0.5)
    }
  })

  test('gives a single-marker input a valid answer rather than failing', () => {
    const observations = selectObservations(observationsFromDosages(sampleDosages(data, 0)), [5])
    const fit = fitAdmixture(observations, sources)
    expect(fit.proportions.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    expect(Number.isFinite(fit.logLikelihood)).toBe(true)
  })
})

describe('marker bootstrap', () => {
  test('intervals narrow as more markers are available', () => {
    const full = observationsFromDosages(sampleDosages(data, 10))
    const width = (observations: MarkerObservations) => {
      const fit = fitAdmixture(observations, sources)
      const { lower, upper } = bootstrapAdmixtureIntervals(observations, sources, fit, 200, 5)
      return Math.max(...Array.from(lower, (l, k) => upper[k] - l))
    }
    const twenty = selectObservations(
      full,
      Array.from({ length: 20 }, (_, i) => i * 8),
    )
    expect(width(twenty)).toBeGreaterThan(width(full))
  })

  test('is a pure function of its seed', () => {
    const observations = observationsFromDosages(sampleDosages(data, 600))
    const fit = fitAdmixture(observations, sources)
    const a = bootstrapAdmixtureIntervals(observations, sources, fit, 50, 99)
    const b = bootstrapAdmixtureIntervals(observations, sources, fit, 50, 99)
    expect(Array.from(a.lower)).toEqual(Array.from(b.lower))
    expect(Array.from(a.upper)).toEqual(Array.from(b.upper))
  })
})
