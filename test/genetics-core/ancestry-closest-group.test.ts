// The closest-group posterior: how the shipped model's log-likelihoods become super-population and
// population probabilities, with one temperature for the super-populations and one per super-population
// for the split within it.

import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import {
  closestGroups,
  populationLogLikelihoods,
  posteriorFromLogLikelihoods,
} from '../../genetics-core/ancestry/closest-group'
import { observationsFromDosages } from '../../genetics-core/ancestry/observations'
import { SUPER_POPULATION_CODES } from '../../genetics-core/ancestry/populations'
import { shippedModel } from '../../genetics-core/ancestry/shipped-model'
import { readTrainingData, sampleDosages } from '../../genetics-core/ancestry/training/training-data'

const fixtures = join(import.meta.dir, '..', 'fixtures', 'genetics', 'ancestry')
const data = readTrainingData(fixtures)
const model = shippedModel()

/** Raw log-likelihoods of the first training person of a population. */
function logLikelihoodsOf(population: string): Float64Array {
  const index = data.samples.findIndex((s) => s.population === population)
  return populationLogLikelihoods(model, observationsFromDosages(sampleDosages(data, index)))
}

/** The one-stage posterior written out: priors added, divided by the temperature, normalised over all 26. */
function oneStage(logLikelihoods: Float64Array, temperature: number, admixedLogPrior: number): number[] {
  const scores = model.populations.map(
    (population, p) => (logLikelihoods[p] + (population.admixed ? admixedLogPrior : 0)) / temperature,
  )
  const max = Math.max(...scores)
  const weights = scores.map((s) => Math.exp(s - max))
  const total = weights.reduce((a, b) => a + b, 0)
  return weights.map((w) => w / total)
}

describe('closest-group posterior', () => {
  const calibration = { temperature: 1.5, admixedLogPrior: -1 }

  test('without population temperatures is the one-stage posterior over the 26 populations', () => {
    const logLikelihoods = logLikelihoodsOf('GBR')
    const posterior = posteriorFromLogLikelihoods(model, logLikelihoods, calibration)
    const expected = oneStage(logLikelihoods, 1.5, -1)
    posterior.populationProbabilities.forEach((p, i) => {
      expect(p).toBeCloseTo(expected[i], 12)
    })
    // Population temperatures equal to the temperature give the same posterior.
    const same = { AFR: 1.5, AMR: 1.5, EAS: 1.5, EUR: 1.5, SAS: 1.5 }
    expect(
      posteriorFromLogLikelihoods(model, logLikelihoods, { ...calibration, populationTemperatures: same }),
    ).toEqual(posterior)
  })

  test('population temperatures change only the split within each super-population, each its own', () => {
    // Each super-population's split by its own temperature (4 for the closest, 0.75 for the others).
    for (const population of ['GBR', 'CHB', 'PUR', 'ASW']) {
      const logLikelihoods = logLikelihoodsOf(population)
      const one = posteriorFromLogLikelihoods(model, logLikelihoods, calibration)
      const closest = closestGroups(model, one)
      const populationTemperatures = Object.fromEntries(
        SUPER_POPULATION_CODES.map((code, k) => [code, k === closest.superPopulationIndex ? 4 : 0.75]),
      ) as Record<(typeof SUPER_POPULATION_CODES)[number], number>
      const two = posteriorFromLogLikelihoods(model, logLikelihoods, {
        ...calibration,
        populationTemperatures,
      })
      expect(two.superPopulationProbabilities).toEqual(one.superPopulationProbabilities)
      expect(closestGroups(model, two)).toEqual(closestGroups(model, one))

      two.superPopulationProbabilities.forEach((superProbability, k) => {
        const members = model.populations.flatMap((p, i) => (p.superPopulationIndex === k ? [i] : []))
        const shared = members.reduce((sum, i) => sum + two.populationProbabilities[i], 0)
        expect(shared).toBeCloseTo(superProbability, 12)
      })
      // Within the closest super-population the split follows the scores divided by 4: the odds of
      // two members are exp((score a - score b) / 4), and the favourite keeps less than before.
      const members = model.populations.flatMap((p, i) =>
        p.superPopulationIndex === closest.superPopulationIndex ? [i] : [],
      )
      const score = (i: number) => logLikelihoods[i] + (model.populations[i].admixed ? -1 : 0)
      const [a, b] = members
      expect(Math.log(two.populationProbabilities[a] / two.populationProbabilities[b])).toBeCloseTo(
        (score(a) - score(b)) / 4,
        9,
      )
      expect(two.populationProbabilities[closest.populationIndex]).toBeLessThan(
        one.populationProbabilities[closest.populationIndex],
      )
      // ... and within the runner-up by the scores divided by 0.75.
      const runnerUp = [...two.superPopulationProbabilities.keys()]
        .filter((k) => k !== closest.superPopulationIndex)
        .sort((x, y) => two.superPopulationProbabilities[y] - two.superPopulationProbabilities[x])[0]
      const [c, d] = model.populations.flatMap((p, i) => (p.superPopulationIndex === runnerUp ? [i] : []))
      expect(Math.log(two.populationProbabilities[c] / two.populationProbabilities[d])).toBeCloseTo(
        (score(c) - score(d)) / 0.75,
        6,
      )
    }
  })

  test('reads the shipped calibration, which has a population temperature for every super-population', () => {
    const logLikelihoods = logLikelihoodsOf('YRI')
    const { calibration: shipped } = model.file
    expect(Object.keys(shipped.populationTemperatures!).sort()).toEqual([...SUPER_POPULATION_CODES])
    expect(posteriorFromLogLikelihoods(model, logLikelihoods)).toEqual(
      posteriorFromLogLikelihoods(model, logLikelihoods, shipped),
    )
  })
})
