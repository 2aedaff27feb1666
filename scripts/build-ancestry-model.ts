// Regenerates genetics-core/ancestry/ancestry-model.json from the labelled training genotypes in the
// shared data directory. Deterministic: the same inputs give the same file.
//
//   bun run scripts/build-ancestry-model.ts            # writes the model
//   bun run scripts/build-ancestry-model.ts --check    # exits 1 if the committed model is out of date
//
// The training directory is $SHARED_DIR/data/genetics/ancestry (SHARED_DIR defaults to ../shared next
// to the repository).

import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildAncestryModel } from '../genetics-core/ancestry/training/build-model'
import { describeTemperatures } from '../genetics-core/ancestry/training/cross-validate'

const repoRoot = join(import.meta.dir, '..')
const sharedDir = process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared')
const trainingDir = join(sharedDir, 'data', 'genetics', 'ancestry')
const outputPath = join(repoRoot, 'genetics-core', 'ancestry', 'ancestry-model.json')

if (!existsSync(trainingDir)) {
  console.error(`training data not found at ${trainingDir} (set SHARED_DIR)`)
  process.exit(1)
}

const model = buildAncestryModel(trainingDir)
const { calibration } = model

if (process.argv.includes('--check')) {
  const committed = JSON.parse(readFileSync(outputPath, 'utf8'))
  if (!Bun.deepEquals(committed, model, true)) {
    console.error('ancestry-model.json differs from a fresh build; run scripts/build-ancestry-model.ts')
    process.exit(1)
  }
  console.log('ancestry-model.json is up to date')
} else {
  writeFileSync(outputPath, `${JSON.stringify(model, null, 2)}\n`)
  // Keep the committed file in the repository's formatting; the content is what the check compares.
  spawnSync(join(repoRoot, 'node_modules', '.bin', 'biome'), ['format', '--write', outputPath], {
    stdio: 'ignore',
  })
  console.log(
    `wrote ${outputPath}: ${model.markers.length} markers, ${model.training.samples} samples, ` +
      `shrinkage ${calibration.frequencyShrinkage}, profile spread ${calibration.profileSpread}, ` +
      `admixed prior ${calibration.admixedLogPrior}, ` +
      `temperature ${calibration.temperature}, ` +
      `population temperatures ${describeTemperatures(calibration.populationTemperatures)}`,
  )
}
