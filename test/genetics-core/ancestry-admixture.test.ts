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

/** The log-likelihood written out: weight · (alt · log p + ref · log(1 − p)) summed over the markers. */
function directLogLikelihood(
  observations: MarkerObservations,
  table: SourceFrequencies,
  q: ArrayLike<number>,
  weights?: ArrayLike<number>,
): number {
  const { sourceCount: k, markerCount, frequencies: f } = table
  let sum = 0
  observations.markerIndex.forEach((m, i) => {
    let p = 0
    for (let s = 0; s < k; s++) p += q[s] * f[s * markerCount + m]
    const alt = observations.altCount[i]
    const ref = observations.alleleCount[i] - alt
    sum += (weights ? weights[i] : 1) * (alt * Math.log(p) + ref * Math.log(1 - p))
  })
  return sum
}

describe('admixture log-likelihood', () => {
  test('equals the sum of logarithms, for haploid, diploid and many-copy markers alike', () => {
    const random = createSeededRandom(7)
    const { markerCount } = sources
    const copies = Array.from({ length: markerCount }, (_, m) => [1, 2, 2, 2, 6][m % 5])
    const observations: MarkerObservations = {
      markerIndex: Int32Array.from({ length: markerCount }, (_, m) => m),
      alleleCount: Uint8Array.from(copies),
      altCount: Uint8Array.from(copies, (n) => Math.floor(random() * (n + 1))),
    }
    for (const q of [
      [0.2, 0.2, 0.2, 0.2, 0.2],
      [0.7, 0.1, 0, 0.2, 0],
      [0, 0, 1, 0, 0],
    ]) {
      const direct = directLogLikelihood(observations, sources, q)
      expect(admixtureLogLikelihood(observations, sources, q)).toBeCloseTo(direct, 8)
    }
  })

  test('stays finite and exact where the product of the markers’ likelihoods would underflow a double', () => {
    // 20,000 markers at the model's rarest frequencies multiply to far below 1e-308; the sum must not
    // collapse to -Infinity, nor lose what came before a flush.
    const markerCount = 20_000
    const k = 2
    const frequencies = new Float64Array(k * markerCount)
    for (let m = 0; m < markerCount; m++) {
      frequencies[m] = 0.001
      frequencies[markerCount + m] = 0.999
    }
    const table: SourceFrequencies = { sourceCount: k, markerCount, frequencies }
    const observations: MarkerObservations = {
      markerIndex: Int32Array.from({ length: markerCount }, (_, m) => m),
      alleleCount: new Uint8Array(markerCount).fill(2),
      altCount: Uint8Array.from({ length: markerCount }, (_, m) => (m % 3 === 0 ? 2 : 1)),
    }
    const direct = directLogLikelihood(observations, table, [0.9, 0.1])
    const ours = admixtureLogLikelihood(observations, table, [0.9, 0.1])
    expect(Number.isFinite(ours)).toBe(true)
    expect(Math.abs(ours - direct) / Math.abs(direct)).toBeLessThan(1e-12)

    // One marker's own likelihood can be tiny too: many called copies (a pooled count), or a marker the
    // bootstrap drew dozens of times. Alternating 1e-90 and 1e-240 would underflow a running product.
    const rare: SourceFrequencies = {
      sourceCount: k,
      markerCount,
      frequencies: new Float64Array(k * markerCount).fill(0.001),
    }
    const pooled: MarkerObservations = {
      markerIndex: observations.markerIndex,
      altCount: Uint8Array.from({ length: markerCount }, (_, m) => (m % 2 === 0 ? 30 : 80)),
      alleleCount: Uint8Array.from({ length: markerCount }, (_, m) => (m % 2 === 0 ? 30 : 80)),
    }
    const pooledDirect = directLogLikelihood(pooled, rare, [0.5, 0.5])
    expect(admixtureLogLikelihood(pooled, rare, [0.5, 0.5]) / pooledDirect).toBeCloseTo(1, 12)
    const homAlt: MarkerObservations = { ...observations, altCount: new Uint8Array(markerCount).fill(2) }
    const weights = Uint16Array.from({ length: markerCount }, (_, m) => (m % 2 === 0 ? 15 : 40))
    const fit = fitAdmixture(homAlt, rare, weights)
    expect(Number.isFinite(fit.logLikelihood)).toBe(true)
    expect(fit.logLikelihood / directLogLikelihood(homAlt, rare, fit.proportions, weights)).toBeCloseTo(1, 12)
  })

  test('a bootstrap-weighted fit reports the weighted likelihood of its answer, whatever the weights', () => {
    const random = createSeededRandom(11)
    const observations = observationsFromDosages(sampleDosages(data, 5))
    const count = observations.markerIndex.length
    for (const highest of [1, 3, 8, 30]) {
      const weights = Uint16Array.from({ length: count }, () => Math.floor(random() * (highest + 1)))
      const fit = fitAdmixture(observations, sources, weights)
      expect(fit.logLikelihood).toBeCloseTo(
        directLogLikelihood(observations, sources, fit.proportions, weights),
        8,
      )
    }
  })
})

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

  test('warm-started from any answer, even one that gives a needed source nothing, reaches the cold fit', () => {
    // The bootstrap starts each replicate at the person's own estimate, zeros included: a source held
    // at zero must come back when the resampled markers call for it.
    const random = createSeededRandom(5)
    const pure = (s: number) =>
      Float64Array.from({ length: sources.sourceCount }, (_, t) => (t === s ? 1 : 0))
    for (let person = 0; person < data.samples.length; person += 97) {
      const observations = observationsFromDosages(sampleDosages(data, person))
      const count = observations.markerIndex.length
      const estimate = fitAdmixture(observations, sources).proportions
      for (let draw = 0; draw < 4; draw++) {
        const weights = new Uint16Array(count)
        for (let i = 0; i < count; i++) weights[Math.floor(random() * count)]++
        const cold = fitAdmixture(observations, sources, weights)
        for (const start of [estimate, pure(draw), pure(4 - draw)]) {
          const warm = fitAdmixture(observations, sources, weights, start)
          expect(warm.logLikelihood).toBeGreaterThanOrEqual(cold.logLikelihood - 1e-7)
          for (let s = 0; s < sources.sourceCount; s++)
            expect(warm.proportions[s]).toBeCloseTo(cold.proportions[s], 3)
        }
      }
    }
  })

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
