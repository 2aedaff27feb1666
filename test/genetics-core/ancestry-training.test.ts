// The training-side code behind the shipped model and ACCURACY.md: reading the labelled data, the
// cross-validation folds, and the accuracy and calibration figures.

import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { shippedModel } from '../../genetics-core/ancestry/shipped-model'
import { panelMarkersListed, randomMarkerSubsets } from '../../genetics-core/ancestry/training/chip-markers'
import { crossValidate, type HeldOutPrediction } from '../../genetics-core/ancestry/training/cross-validate'
import { stratifiedFolds } from '../../genetics-core/ancestry/training/folds'
import { populationMetrics, superPopulationMetrics } from '../../genetics-core/ancestry/training/metrics'
import {
  chooseCandidate,
  choosePopulationTemperatures,
  HYPERPARAMETER_GRID,
  sameEverywhere,
} from '../../genetics-core/ancestry/training/select-hyperparameters'
import {
  readTrainingData,
  sampleDosages,
  TRAINING_FILES,
  TrainingDataError,
} from '../../genetics-core/ancestry/training/training-data'

const fixtures = join(import.meta.dir, '..', 'fixtures', 'genetics', 'ancestry')

describe('training data', () => {
  const data = readTrainingData(fixtures)

  test('joins 1,252 labelled people to 169 markers with dosages 0 to 2', () => {
    expect(data.samples).toHaveLength(1252)
    expect(data.markers).toHaveLength(169)
    expect(data.samples[0]).toEqual({ id: 'HG00096', population: 'GBR', superPopulation: 'EUR' })
    expect(data.dosages.every((d) => d <= 2)).toBe(true)
    // HG00096 is 1|0 at rs2986742 (the first record of the VCF).
    expect(sampleDosages(data, 0)[0]).toBe(1)
  })

  test('refuses a genotype file whose alleles disagree with the panel table, naming the line', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ancestry-training-'))
    for (const name of [TRAINING_FILES.panel, TRAINING_FILES.labels]) {
      writeFileSync(join(directory, name), readFileSync(join(fixtures, name)))
    }
    // node:zlib reads every BGZF member (Bun.gunzipSync would stop after the first).
    const vcf = gunzipSync(readFileSync(join(fixtures, TRAINING_FILES.genotypes)))
    const text = new TextDecoder().decode(vcf).replace('\trs2986742\tT\tC\t', '\trs2986742\tT\tG\t')
    writeFileSync(join(directory, TRAINING_FILES.genotypes), gzipSync(text))
    expect(() => readTrainingData(directory)).toThrow(TrainingDataError)
    expect(() => readTrainingData(directory)).toThrow(
      'aisnp.1kg.train.vcf.gz line 227: rs2986742 disagrees with the panel table',
    )
  })
})

describe('cross-validation folds', () => {
  test('spread every population evenly over the folds, the same way for the same seed', () => {
    const data = readTrainingData(fixtures)
    const all = data.samples.map((_, s) => s)
    const folds = stratifiedFolds(all, (s) => data.samples[s].population, 10, 5)
    expect(stratifiedFolds(all, (s) => data.samples[s].population, 10, 5)).toEqual(folds)
    expect(stratifiedFolds(all, (s) => data.samples[s].population, 10, 6)).not.toEqual(folds)
    for (const population of ['YRI', 'ASW', 'MXL']) {
      const counts = new Array(10).fill(0)
      for (const s of all) if (data.samples[s].population === population) counts[folds.get(s)!]++
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
    }
  })
})

describe('accuracy and calibration figures', () => {
  // Two people, five super-populations in code order AFR AMR EAS EUR SAS; populations follow the
  // reference order (ACB=0 ... YRI=25).
  const prediction = (
    truthSuper: number,
    truthPopulation: number,
    supers: number[],
    population: number,
  ): HeldOutPrediction => {
    const populations = new Float64Array(26)
    populations[population] = 1
    return {
      sample: 0,
      truthSuperPopulation: truthSuper,
      truthPopulation,
      superPopulationProbabilities: Float64Array.from(supers),
      populationProbabilities: populations,
      markers: 169,
    }
  }
  const predictions = [
    prediction(0, 25, [0.8, 0.2, 0, 0, 0], 25), // a Yoruba person, right at 0.8
    prediction(3, 4, [0, 0.6, 0, 0.4, 0], 7), // a Utah-European, wrongly Admixed American (CLM) at 0.6
  ]

  test('count right answers overall and per super-population, with the confusion matrix', () => {
    const m = superPopulationMetrics(predictions)
    expect(m.accuracy).toBe(0.5)
    expect(m.perGroup.find((g) => g.code === 'AFR')).toEqual({
      code: 'AFR',
      samples: 1,
      correct: 1,
      accuracy: 1,
    })
    expect(m.perGroup.find((g) => g.code === 'EUR')).toEqual({
      code: 'EUR',
      samples: 1,
      correct: 0,
      accuracy: 0,
    })
    expect(m.confusion[3][1]).toBe(1)
  })

  test('compute log loss, Brier score and the reliability table exactly', () => {
    const m = superPopulationMetrics(predictions)
    expect(m.logLoss).toBeCloseTo((-Math.log(0.8) - Math.log(0.4)) / 2, 12)
    // (0.2^2 + 0.2^2) and (0.6^2 + 0.6^2), averaged over the two people.
    expect(m.brier).toBeCloseTo((0.08 + 0.72) / 2, 12)
    expect(m.reliability.filter((bin) => bin.count > 0)).toEqual([
      { lower: 0.5, upper: 0.7, count: 1, meanProbability: 0.6, accuracy: 0 },
      { lower: 0.7, upper: 0.9, count: 1, meanProbability: 0.8, accuracy: 1 },
    ])
    expect(m.expectedCalibrationError).toBeCloseTo(0.5 * 0.6 + 0.5 * 0.2, 12)
  })

  test('pick the population within the chosen super-population', () => {
    const m = populationMetrics(predictions)
    expect(m.correct).toBe(1)
    expect(m.perGroup[25]).toEqual({ code: 'YRI', samples: 1, correct: 1, accuracy: 1 })
    expect(m.confusion[4][7]).toBe(1)
  })
})

describe('chip marker subsets', () => {
  const data = readTrainingData(fixtures)

  test('read the panel markers a raw download lists, by the rsID at the start of each line', () => {
    // Real 23andMe v3 rows (CRLF, NCBI36 positions): 11 panel markers on chromosomes 19-22.
    const rows = readFileSync(join(fixtures, '23andme_v3_b36_aisnp_rows.txt'), 'latin1')
    const text = `# rsid\tchromosome\tposition\tgenotype\r\ni5000123\t19\t1\tAA\r\nrs1\t19\t2\tCC\r\n${rows}`
    const listed = panelMarkersListed(text, data.markers)
    expect(listed).toHaveLength(11)
    expect(listed.map((m) => data.markers[m].rsid)).toContain('rs2024566')
    expect(listed).toEqual([...listed].sort((a, b) => a - b))
    // A plain list of rsIDs works too; commented lines do not count.
    expect(panelMarkersListed('rs2986742\n# rs6541030\nrs6541030 extra\n', data.markers)).toEqual([0, 1])
  })

  test('draw random stand-in sets of the asked sizes, the same for the same seed', () => {
    const subsets = randomMarkerSubsets(169, [100, 140], 2, 7)
    expect(subsets.map((s) => [s.name, s.markers.length])).toEqual([
      ['100 random markers, draw 1', 100],
      ['100 random markers, draw 2', 100],
      ['140 random markers, draw 1', 140],
      ['140 random markers, draw 2', 140],
    ])
    expect(new Set(subsets[0].markers).size).toBe(100)
    expect(subsets[0].markers).not.toEqual(subsets[1].markers)
    expect(randomMarkerSubsets(169, [100, 140], 2, 7)).toEqual(subsets)
  })

  test('score every held-out person once more on each fixed subset, with only those markers', () => {
    const subset = { name: 'first 60', markers: Array.from({ length: 60 }, (_, m) => m) }
    const result = crossValidate(data, {
      outerFolds: 2,
      innerFolds: 2,
      seed: 3,
      sparseMarkerCounts: [],
      markerSubsets: [subset],
    })
    const scored = result.subsets.get('first 60')!
    expect(scored).toHaveLength(1252)
    expect(scored.every((p) => p.markers === 60)).toBe(true)
    expect(scored.map((p) => p.sample).sort((a, b) => a - b)).toEqual(data.samples.map((_, s) => s))
    // Fewer markers, less certainty: the subset's answers are on average less probable.
    const meanTop = (ps: HeldOutPrediction[]) =>
      ps.reduce((sum, p) => sum + Math.max(...p.superPopulationProbabilities), 0) / ps.length
    expect(meanTop(scored)).toBeLessThan(meanTop(result.predictions.shipped_design))
  }, 120_000)
})

describe('hyperparameter choice', () => {
  const candidate = (frequencyShrinkage: number, balancedError: number, balancedLogLoss: number) => ({
    hyperparameters: {
      frequencyShrinkage,
      profileSpread: 0,
      admixedLogPrior: 0,
      temperature: 1,
      populationTemperatures: sameEverywhere(1),
    },
    balancedError,
    balancedLogLoss,
  })

  test('takes the best-calibrated candidate among those within the tolerance of the lowest error', () => {
    const candidates = [
      candidate(5, 0.004, 0.05), // lowest error, poorly calibrated
      candidate(10, 0.005, 0.03), // one person more, well calibrated: chosen
      candidate(20, 0.008, 0.01), // best calibrated, but too many errors
    ]
    expect(chooseCandidate(candidates, 0.0015).hyperparameters.frequencyShrinkage).toBe(10)
    // With no tolerance, accuracy alone decides.
    expect(chooseCandidate(candidates, 0).hyperparameters.frequencyShrinkage).toBe(5)
  })

  test('keeps the earlier candidate on an exact tie, so the choice is deterministic', () => {
    const candidates = [candidate(5, 0.004, 0.03), candidate(10, 0.004, 0.03)]
    expect(chooseCandidate(candidates, 0.0015).hyperparameters.frequencyShrinkage).toBe(5)
  })

  // Held-out Utah Europeans whose scores favour their own population by 2 (log units) in `right` of ten
  // cases and British by 2 in the rest; every other population is far off.
  const europeans = (right: number) => {
    const model = shippedModel()
    const index = (code: string) => model.populations.findIndex((p) => p.code === code)
    return Array.from({ length: 10 }, (_, n) => {
      const logLikelihoods = new Float64Array(model.populations.length).fill(-100)
      logLikelihoods[index('CEU')] = n < right ? -10 : -12
      logLikelihoods[index('GBR')] = n < right ? -12 : -10
      return { truth: 3, truthPopulation: index('CEU'), model, logLikelihoods }
    })
  }

  test('tempers an overconfident split within a super-population by its balanced log loss', () => {
    // Right 6 times in 10 with odds e^2 each time: the calibrated odds are 6:4, so the best temperature
    // is 2 / ln 1.5 = 4.9, and the grid's 5 is chosen. Super-populations without held-out people keep
    // the temperature.
    const chosen = choosePopulationTemperatures(europeans(6), { temperature: 1.25, admixedLogPrior: 0 })
    expect(chosen.populationTemperatures).toEqual({ AFR: 1.25, AMR: 1.25, EAS: 1.25, EUR: 5, SAS: 1.25 })
    const p = 1 / (1 + Math.exp(-2 / 5))
    expect(chosen.balancedPopulationLogLoss).toBeCloseTo(-(6 * Math.log(p) + 4 * Math.log(1 - p)) / 10, 6)
  })

  test('keeps the sharpest split on the grid when the favourite is always right', () => {
    const chosen = choosePopulationTemperatures(europeans(10), { temperature: 1, admixedLogPrior: 0 })
    expect(chosen.populationTemperatures.EUR).toBe(HYPERPARAMETER_GRID.populationTemperature[0])
  })
})
