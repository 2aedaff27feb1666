// The shipped ancestry model: its targets, its internal consistency, and that it is exactly what the
// build script produces from the training data (from the fixture copy everywhere, and from the shared
// data directory where it exists, which also proves the fixture copy faithful).

import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ancestryTargets } from '../../genetics-core/ancestry'
import { compileAncestryModel, spreadProfiles } from '../../genetics-core/ancestry/compiled-model'
import { REFERENCE_POPULATIONS, SUPER_POPULATION_CODES } from '../../genetics-core/ancestry/populations'
import { shippedModelFile } from '../../genetics-core/ancestry/shipped-model'
import { buildAncestryModel } from '../../genetics-core/ancestry/training/build-model'
import { readTrainingData } from '../../genetics-core/ancestry/training/training-data'

const repoRoot = join(import.meta.dir, '..', '..')
const fixtures = join(repoRoot, 'test', 'fixtures', 'genetics', 'ancestry')
const sharedTraining = join(
  process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared'),
  'data',
  'genetics',
  'ancestry',
)
const BUILD_TIMEOUT_MS = 120_000
const committed = JSON.parse(
  readFileSync(join(repoRoot, 'genetics-core', 'ancestry', 'ancestry-model.json'), 'utf8'),
)

describe('ancestry targets', () => {
  test('list the 169 panel markers once each, keyed by rsID, with GRCh37 and GRCh38 positions', () => {
    const targets = ancestryTargets()
    expect(targets).toHaveLength(169)
    expect(new Set(targets.map((t) => t.key)).size).toBe(169)
    for (const target of targets) {
      expect(target.key).toBe(`ancestry:${target.rsid}`)
      expect(target.rsid).toMatch(/^rs\d+$/)
      expect(target.grch37!.chrom).toMatch(/^([1-9]|1\d|2[0-2])$/)
      expect(target.grch38!.chrom).toBe(target.grch37!.chrom)
      expect(target.grch37!.pos).toBeGreaterThan(0)
      expect(target.grch38!.pos).toBeGreaterThan(0)
    }
  })

  test('match the panel table row for row (first marker as a spot check)', () => {
    const data = readTrainingData(fixtures)
    expect(ancestryTargets()[0]).toEqual({
      key: 'ancestry:rs2986742',
      rsid: 'rs2986742',
      ref: data.markers[0].ref,
      alts: [data.markers[0].alt],
      grch37: { chrom: '1', pos: 6550376 },
      grch38: { chrom: '1', pos: 6490316 },
    })
    expect(ancestryTargets().map((t) => t.rsid)).toEqual(data.markers.map((m) => m.rsid))
  })
})

describe('shipped model file', () => {
  const model = shippedModelFile()

  test('has every super-population and population with frequencies strictly between 0 and 1', () => {
    expect(model.superPopulations.map((s) => s.code)).toEqual([...SUPER_POPULATION_CODES])
    expect(model.populations.map((p) => p.code)).toEqual(REFERENCE_POPULATIONS.map((p) => p.code))
    const vectors = [
      ...model.superPopulations.map((s) => s.altFrequencies),
      ...model.admixtureSources.map((s) => s.altFrequencies),
      ...model.populations.flatMap((p) => (p.model === 'allele_frequencies' ? [p.altFrequencies] : [])),
    ]
    expect(vectors).toHaveLength(5 + 3 + 20)
    for (const vector of vectors) {
      expect(vector).toHaveLength(169)
      for (const f of vector) {
        expect(f).toBeGreaterThan(0)
        expect(f).toBeLessThan(1)
      }
    }
  })

  test('describes the six admixed populations by member profiles that each sum to one', () => {
    const admixed = model.populations.filter((p) => p.model === 'admixture_profiles')
    expect(admixed.map((p) => p.code)).toEqual(['ACB', 'ASW', 'CLM', 'MXL', 'PEL', 'PUR'])
    for (const population of admixed) {
      if (population.model !== 'admixture_profiles') continue
      expect(population.profiles).toHaveLength(population.samples)
      for (const profile of population.profiles) {
        expect(profile).toHaveLength(3)
        expect(profile.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6)
      }
    }
    expect(model.training.samples).toBe(1252)
    expect(model.training.samplesPerSuperPopulation).toEqual({
      AFR: 327,
      AMR: 173,
      EAS: 253,
      EUR: 254,
      SAS: 245,
    })
  })

  // A full build (hyperparameter search by cross-validation) takes a few seconds, more on a busy machine.
  test(
    'is exactly what the build script makes from the training data (fixture copy)',
    () => {
      expect(buildAncestryModel(fixtures)).toEqual(committed)
    },
    BUILD_TIMEOUT_MS,
  )

  test.skipIf(!existsSync(sharedTraining))(
    'is exactly what the build script makes from the shared training data',
    () => {
      expect(buildAncestryModel(sharedTraining)).toEqual(committed)
    },
    BUILD_TIMEOUT_MS,
  )
})

describe('spread of the admixture profiles', () => {
  test('adds, for every profile, the profile moved the given share towards each source', () => {
    expect(spreadProfiles([[0.5, 0.5, 0]], 0)).toEqual([[0.5, 0.5, 0]])
    const spread = spreadProfiles([[0.5, 0.5, 0]], 0.2)
    expect(spread).toHaveLength(4)
    const expected = [
      [0.5, 0.5, 0],
      [0.6, 0.4, 0],
      [0.4, 0.6, 0],
      [0.4, 0.4, 0.2],
    ]
    spread.forEach((profile, i) => {
      profile.forEach((value, k) => {
        expect(value).toBeCloseTo(expected[i][k], 12)
      })
      expect(profile.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    })
  })

  test('gives each admixed population one frequency vector per kernel point, and reads a missing width as 0', () => {
    const file = shippedModelFile()
    const withSpread = compileAncestryModel({
      ...file,
      calibration: { ...file.calibration, profileSpread: 0.2 },
    })
    const { profileSpread: _, ...olderCalibration } = file.calibration
    const older = compileAncestryModel({ ...file, calibration: olderCalibration })
    file.populations.forEach((population, p) => {
      const members = population.model === 'admixture_profiles' ? population.profiles.length : 1
      expect(older.populations[p].logAlt).toHaveLength(members)
      expect(withSpread.populations[p].logAlt).toHaveLength(
        population.model === 'admixture_profiles' ? members * (1 + file.admixtureSources.length) : 1,
      )
    })
  })
})
