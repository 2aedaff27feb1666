// Maximum-likelihood admixture proportions with fixed source allele frequencies (supervised admixture,
// as in ADMIXTURE's supervised mode or frappe). The log-likelihood is concave in the proportions, so
// there is a single maximum on the simplex. Plain EM reaches it but crawls for thousands of steps when
// a proportion heads for zero, which the bootstrap would pay hundreds of times; so after a few EM steps
// the fit switches to Newton's method restricted to the simplex, with an active set for the sources
// whose proportion is exactly zero and a backtracking line search. That converges in a handful of
// steps.

import type { MarkerObservations } from './observations'

/** Source allele frequencies, source-major: frequencies[k * markerCount + m], strictly inside (0, 1). */
export interface SourceFrequencies {
  sourceCount: number
  markerCount: number
  frequencies: Float64Array
}

export interface AdmixtureFit {
  proportions: Float64Array
  logLikelihood: number
  iterations: number
}

const WARM_UP_EM_STEPS = 3
const MAX_NEWTON_STEPS = 100
/** Stop when the predicted gain of a Newton step falls below this (log-likelihood units). */
const GAIN_TOLERANCE = 1e-10
/** A source whose proportion falls below this is set to exactly zero (made active). */
const ZERO = 1e-12

interface Problem {
  observations: MarkerObservations
  sources: SourceFrequencies
  weights?: ArrayLike<number>
}

/**
 * Fits proportions over the sources. `weights` (optional, one per observation) counts how many times an
 * observation is used, which is how the marker bootstrap resamples without copying arrays; `start`
 * warm-starts from a previous answer: Newton begins there, zeros included (a source at zero re-enters when
 * the likelihood calls for it), without the EM steps that only get a cold start off the uniform mix. The
 * bootstrap starts every replicate at the person's estimate, which it is close to.
 */
export function fitAdmixture(
  observations: MarkerObservations,
  sources: SourceFrequencies,
  weights?: ArrayLike<number>,
  start?: ArrayLike<number>,
): AdmixtureFit {
  const k = sources.sourceCount
  const problem: Problem = { observations, sources, weights }
  let q = new Float64Array(k)
  // A start that is not a mix (nothing positive in it) gets the cold start instead.
  if (start) for (let s = 0; s < k; s++) if (start[s] > 0) q[s] = start[s]
  const warm = q.some((v) => v > 0)
  if (!warm) q.fill(1 / k)
  normalise(q)
  const next = new Float64Array(k)
  const emSteps = warm ? 0 : WARM_UP_EM_STEPS
  for (let step = 0; step < emSteps; step++) {
    emStep(problem, q, next)
    q.set(next)
  }

  const gradient = new Float64Array(k)
  const curvature = new Float64Array(k * k)
  const direction = new Float64Array(k)
  const trial = new Float64Array(k)
  const column = new Float64Array(k)
  let logLikelihood = logLikelihoodAt(problem, q)
  derivatives(problem, q, gradient, curvature, column)
  let iterations = emSteps
  for (let step = 0; step < MAX_NEWTON_STEPS; step++, iterations++) {
    const free = Array.from({ length: k }, (_, s) => q[s] > 0)
    const multiplier = newtonDirection(gradient, curvature, free, direction)
    let predictedGain = dot(gradient, direction)
    if (predictedGain < GAIN_TOLERANCE) {
      // Optimal on the current face. A source held at zero re-enters when its gradient beats the
      // multiplier of the simplex constraint, i.e. when giving it weight would raise the likelihood.
      let entering = -1
      for (let s = 0; s < k; s++) {
        if (
          !free[s] &&
          gradient[s] - multiplier > 1e-9 &&
          (entering < 0 || gradient[s] > gradient[entering])
        ) {
          entering = s
        }
      }
      if (entering < 0) break
      free[entering] = true
      newtonDirection(gradient, curvature, free, direction)
      predictedGain = dot(gradient, direction)
      if (direction[entering] <= 0 || predictedGain < GAIN_TOLERANCE) break
    }

    // Longest step that keeps every proportion non-negative, then backtrack until the likelihood rises
    // by a fair share of what the local model promised (Armijo rule).
    let limit = 1
    for (let s = 0; s < k; s++) if (direction[s] < 0) limit = Math.min(limit, -q[s] / direction[s])
    let t = limit
    let accepted = false
    let trialLikelihood = logLikelihood
    for (let attempt = 0; attempt < 40; attempt++, t /= 2) {
      for (let s = 0; s < k; s++) trial[s] = Math.max(0, q[s] + t * direction[s])
      zeroTiny(trial)
      normalise(trial)
      trialLikelihood = logLikelihoodAt(problem, trial)
      if (trialLikelihood >= logLikelihood + 1e-4 * t * predictedGain) {
        accepted = true
        break
      }
    }
    if (!accepted) break
    q = Float64Array.from(trial)
    logLikelihood = trialLikelihood
    derivatives(problem, q, gradient, curvature, column)
  }
  return { proportions: q, logLikelihood, iterations }
}

/** Binomial log-likelihood (without the constant binomial coefficient) of the observations under q. */
export function admixtureLogLikelihood(
  observations: MarkerObservations,
  sources: SourceFrequencies,
  q: ArrayLike<number>,
): number {
  return logLikelihoodAt({ observations, sources }, q)
}

/** One EM update from q into `out`. */
function emStep(problem: Problem, q: ArrayLike<number>, out: Float64Array): void {
  const { observations, sources, weights } = problem
  const { sourceCount: k, markerCount, frequencies: f } = sources
  const { markerIndex, altCount, alleleCount } = observations
  out.fill(0)
  for (let i = 0; i < markerIndex.length; i++) {
    const w = weights ? weights[i] : 1
    if (w === 0) continue
    const m = markerIndex[i]
    let p = 0
    for (let s = 0; s < k; s++) p += q[s] * f[s * markerCount + m]
    const altShare = (altCount[i] * w) / p
    const refShare = ((alleleCount[i] - altCount[i]) * w) / (1 - p)
    for (let s = 0; s < k; s++) {
      const fs = f[s * markerCount + m]
      out[s] += q[s] * (fs * altShare + (1 - fs) * refShare)
    }
  }
  normalise(out)
}

/**
 * The log-likelihood's gradient and curvature matrix (the negated Hessian, positive semi-definite) with
 * respect to the proportions, at q. `column` is scratch space for one marker's source frequencies.
 */
function derivatives(
  problem: Problem,
  q: ArrayLike<number>,
  gradient: Float64Array,
  curvature: Float64Array,
  column: Float64Array,
): void {
  const { observations, sources, weights } = problem
  const { sourceCount: k, markerCount, frequencies: f } = sources
  const { markerIndex, altCount, alleleCount } = observations
  gradient.fill(0)
  curvature.fill(0)
  for (let i = 0; i < markerIndex.length; i++) {
    const w = weights ? weights[i] : 1
    if (w === 0) continue
    const m = markerIndex[i]
    let p = 0
    for (let s = 0; s < k; s++) {
      column[s] = f[s * markerCount + m]
      p += q[s] * column[s]
    }
    const alt = altCount[i] * w
    const ref = (alleleCount[i] - altCount[i]) * w
    const slope = alt / p - ref / (1 - p)
    const bend = alt / (p * p) + ref / ((1 - p) * (1 - p))
    for (let s = 0; s < k; s++) {
      const fs = column[s]
      gradient[s] += slope * fs
      const bendFs = bend * fs
      for (let t = 0; t <= s; t++) curvature[s * k + t] += bendFs * column[t]
    }
  }
  for (let s = 0; s < k; s++) for (let t = 0; t < s; t++) curvature[t * k + s] = curvature[s * k + t]
}

/**
 * Newton direction on the free sources under the constraint that proportions keep summing to one:
 * solves [C 1; 1' 0] [d; nu] = [g; 0] on the free block (C = curvature). Returns nu, the constraint's
 * multiplier. A small ridge keeps C invertible when markers are few or sources look alike.
 */
function newtonDirection(
  gradient: Float64Array,
  curvature: Float64Array,
  free: boolean[],
  direction: Float64Array,
): number {
  const k = gradient.length
  const index = free.flatMap((isFree, s) => (isFree ? [s] : []))
  const n = index.length
  direction.fill(0)
  if (n === 1) return gradient[index[0]]
  let trace = 0
  for (const s of index) trace += curvature[s * k + s]
  const ridge = 1e-9 * (trace / n) + 1e-12
  const size = n + 1
  const system = new Float64Array(size * (size + 1))
  const at = (row: number, column: number) => row * (size + 1) + column
  index.forEach((s, row) => {
    index.forEach((t, column) => {
      system[at(row, column)] = curvature[s * k + t] + (row === column ? ridge : 0)
    })
    system[at(row, n)] = 1
    system[at(n, row)] = 1
    system[at(row, size)] = gradient[s]
  })
  const solution = solveLinearSystem(system, size)
  index.forEach((s, row) => {
    direction[s] = solution[row]
  })
  return solution[n]
}

/** Gaussian elimination with partial pivoting on an augmented size x (size + 1) matrix. */
function solveLinearSystem(augmented: Float64Array, size: number): Float64Array {
  const width = size + 1
  for (let column = 0; column < size; column++) {
    let pivot = column
    for (let row = column + 1; row < size; row++) {
      if (Math.abs(augmented[row * width + column]) > Math.abs(augmented[pivot * width + column])) pivot = row
    }
    if (pivot !== column) {
      for (let c = 0; c < width; c++) {
        const swap = augmented[column * width + c]
        augmented[column * width + c] = augmented[pivot * width + c]
        augmented[pivot * width + c] = swap
      }
    }
    const diagonal = augmented[column * width + column]
    if (diagonal === 0) continue
    for (let row = column + 1; row < size; row++) {
      const factor = augmented[row * width + column] / diagonal
      if (factor === 0) continue
      for (let c = column; c < width; c++)
        augmented[row * width + c] -= factor * augmented[column * width + c]
    }
  }
  const solution = new Float64Array(size)
  for (let row = size - 1; row >= 0; row--) {
    let value = augmented[row * width + size]
    for (let c = row + 1; c < size; c++) value -= augmented[row * width + c] * solution[c]
    const diagonal = augmented[row * width + row]
    solution[row] = diagonal === 0 ? 0 : value / diagonal
  }
  return solution
}

function logLikelihoodAt(problem: Problem, q: ArrayLike<number>): number {
  const { observations, sources, weights } = problem
  const { sourceCount: k, markerCount, frequencies: f } = sources
  const { markerIndex, altCount, alleleCount } = observations
  const logLikelihood = new LogLikelihoodSum()
  for (let i = 0; i < markerIndex.length; i++) {
    const w = weights ? weights[i] : 1
    if (w === 0) continue
    const m = markerIndex[i]
    let p = 0
    for (let s = 0; s < k; s++) p += q[s] * f[s * markerCount + m]
    logLikelihood.add(p, altCount[i], alleleCount[i] - altCount[i], w)
  }
  return logLikelihood.total()
}

/**
 * A sum over markers of weight · (alt · log p + ref · log(1 − p)). Two logarithms per marker were a sixth
 * of a fit's time, and the bootstrap fits hundreds of times per person, so the markers' likelihoods
 * (p^alt · (1 − p)^ref)^weight are multiplied together instead, and the running product becomes a
 * logarithm only when it falls below 1e-100: a few logarithms per evaluation. A marker whose factor is
 * below 1e-200 (many copies, or drawn many times, can even underflow it) adds its logarithms directly
 * instead, so the product never drops below 1e-300, clear of a double's smallest normal value.
 */
class LogLikelihoodSum {
  private logarithm = 0
  private product = 1

  add(p: number, alt: number, ref: number, weight: number): void {
    let term = 1
    for (let a = 0; a < alt; a++) term *= p
    for (let r = 0; r < ref; r++) term *= 1 - p
    let factor = term
    for (let r = 1; r < weight; r++) factor *= term
    if (factor < SMALLEST_FACTOR) {
      // Also when it underflowed: a marker with many copies, or drawn many times.
      this.logarithm += weight * ((alt > 0 ? alt * Math.log(p) : 0) + (ref > 0 ? ref * Math.log(1 - p) : 0))
      return
    }
    let product = this.product * factor
    if (product < FLUSH_BELOW) {
      this.logarithm += Math.log(product)
      product = 1
    }
    this.product = product
  }

  total(): number {
    return this.logarithm + Math.log(this.product)
  }
}

const FLUSH_BELOW = 1e-100
const SMALLEST_FACTOR = 1e-200

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i]
  return sum
}

function zeroTiny(q: Float64Array): void {
  for (let s = 0; s < q.length; s++) if (q[s] < ZERO) q[s] = 0
}

function normalise(q: Float64Array): void {
  let sum = 0
  for (const v of q) sum += v
  for (let s = 0; s < q.length; s++) q[s] /= sum
}
