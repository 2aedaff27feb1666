// Cross-validation folds stratified by population: each population's samples are shuffled with a
// seeded generator and dealt round-robin, so every fold holds a near-equal share of every population.

import { createSeededRandom, shuffleInPlace } from '../seeded-random'

/** Fold number (0..k-1) for each listed sample, keyed by its position in `sampleIndices`. */
export function stratifiedFolds(
  sampleIndices: readonly number[],
  populationOf: (sample: number) => string,
  foldCount: number,
  seed: number,
): Map<number, number> {
  const random = createSeededRandom(seed)
  const byPopulation = new Map<string, number[]>()
  for (const s of sampleIndices) {
    const list = byPopulation.get(populationOf(s)) ?? []
    list.push(s)
    byPopulation.set(populationOf(s), list)
  }
  const fold = new Map<number, number>()
  let offset = 0
  for (const population of [...byPopulation.keys()].sort()) {
    const members = shuffleInPlace(byPopulation.get(population)!, random)
    // Rotating the starting fold keeps small folds from always missing the same populations' remainders.
    members.forEach((s, i) => {
      fold.set(s, (i + offset) % foldCount)
    })
    offset += members.length
  }
  return fold
}
