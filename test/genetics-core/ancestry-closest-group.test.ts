// The closest-group posterior: how the shipped model's log-likelihoods become super-population and
// population probabilities, with one temperature for the super-populations and another for the split
// within each of them.

import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import {
  closestGroups,
  populationLogLikelihoods,
  posteriorFromLogLikelihoods,
} from '../../genetics-core/ancestry/closest-group'
import { observationsFromDosages } from '../../genetics-core/ancestry/observations'
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

  test('without a population temperature is the one-stage posterior over the 26 populations', () => {
    const logLikelihoods = logLikelihoodsOf('GBR')
    const posterior = posteriorFromLogLikelihoods(model, logLikelihoods, calibration)
    const expected = oneStage(logLikelihoods, 1.5, -1)
    posterior.populationProbabilities.forEach((p, i) => {
      expect(p).toBeCloseTo(expected[i], 12)
    })
    // A population temperature equal to the temperature is the same posterior.
    expect(
      posteriorFromLogLikelihoods(model, logLikelihoods, { ...calibration, populationTemperature: 1.5 }),
    ).toEqual(posterior)
  })

  test('a population temperature changes only the split within each super-population', () => {
    for (const population of ['GBR', 'CHB', 'PUR', 'ASW']) {
      const logLikelihoods = logLikelihoodsOf(population)
      const one = posteriorFromLogLikelihoods(model, logLikelihoods, calibration)
      const two = posteriorFromLogLikelihoods(model, logLikelihoods, {
        ...calibration,
        populationTemperature: 4,
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
      const closest = closestGroups(model, one)
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
    }
  })

  test('reads the shipped calibration, whose population temperature is no lower than its temperature', () => {
    const logLikelihoods = logLikelihoodsOf('YRI')
    const { calibration: shipped } = model.file
    expect(shipped.populationTemperature).toBeDefined()
    expect(shipped.populationTemperature!).toBeGreaterThanOrEqual(shipped.temperature)
    expect(posteriorFromLogLikelihoods(model, logLikelihoods)).toEqual(
      posteriorFromLogLikelihoods(model, logLikelihoods, shipped),
    )
  })
})
