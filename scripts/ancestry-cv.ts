// Cross-validates the ancestry model on the labelled training genotypes and prints the figures as
// Markdown; with --write it also replaces genetics-core/ancestry/ACCURACY.md.
//
//   bun run scripts/ancestry-cv.ts [--write] [--folds 10] [--inner 10] [--seed 20261122] [--other-seeds 1,2,3]
//                                  [--chip-markers FILE]
//
// --chip-markers names the markers a 23andMe v5 chip carries: a chip manifest or a raw v5 download
// (only the rsID at the start of each line is read). Without it the "23andMe v5 subset" section shows
// random marker sets of chip-like sizes instead and says why.
//
// Reads $SHARED_DIR/data/genetics/ancestry (SHARED_DIR defaults to ../shared next to the repository).
// Takes about 25 s per seed on two cores: every outer fold runs its own inner cross-validation.

import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { estimateAncestry } from '../genetics-core/ancestry/estimate-ancestry'
import { shippedModelFile } from '../genetics-core/ancestry/shipped-model'
import { renderAccuracyReport } from '../genetics-core/ancestry/training/accuracy-report'
import { panelMarkersListed, randomMarkerSubsets } from '../genetics-core/ancestry/training/chip-markers'
import { crossValidate } from '../genetics-core/ancestry/training/cross-validate'
import { accuracyReportTiming } from '../genetics-core/ancestry/training/report-timing'
import { readTrainingData } from '../genetics-core/ancestry/training/training-data'
import type { SiteCall } from '../genetics-core/types'

const repoRoot = join(import.meta.dir, '..')
const sharedDir = process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared')
const trainingDir = join(sharedDir, 'data', 'genetics', 'ancestry')
if (!existsSync(trainingDir)) {
  console.error(`training data not found at ${trainingDir} (set SHARED_DIR)`)
  process.exit(1)
}

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name)
  if (at < 0) return fallback
  const value = Number(process.argv[at + 1])
  if (!Number.isInteger(value) || value < 2) {
    console.error(`${name} needs a whole number of at least 2`)
    process.exit(1)
  }
  return value
}

const data = readTrainingData(trainingDir)
const chipAt = process.argv.indexOf('--chip-markers')
const chipPath = chipAt < 0 ? null : process.argv[chipAt + 1]
if (chipAt >= 0 && (!chipPath || !existsSync(chipPath))) {
  console.error('--chip-markers needs a readable file')
  process.exit(1)
}
const chipMarkers = chipPath ? panelMarkersListed(readFileSync(chipPath, 'latin1'), data.markers) : null
if (chipMarkers && chipMarkers.length === 0) {
  console.error(`${chipPath} lists none of the ${data.markers.length} panel markers`)
  process.exit(1)
}
const chipSource = chipPath ? `\`${chipPath.split('/').pop()}\`` : ''
const options = {
  outerFolds: argument('--folds', 10),
  innerFolds: argument('--inner', 10),
  seed: argument('--seed', 20261122),
  sparseMarkerCounts: [5, 10, 20, 30, 50, 80, 120],
  markerSubsets: chipMarkers
    ? [{ name: `${chipMarkers.length} chip markers`, markers: chipMarkers }]
    : randomMarkerSubsets(data.markers.length, [100, 120, 140, 160], 3, 20261125),
  onProgress: (message: string) => console.error(message),
}
const otherSeedsAt = process.argv.indexOf('--other-seeds')
const otherSeeds = (otherSeedsAt < 0 ? '1,2,3' : (process.argv[otherSeedsAt + 1] ?? ''))
  .split(',')
  .filter((text) => text.length > 0)
  .map(Number)
if (otherSeeds.some((seed) => !Number.isInteger(seed) || seed < 0)) {
  console.error('--other-seeds needs a comma-separated list of whole numbers')
  process.exit(1)
}

const result = crossValidate(data, options)
const otherRuns = otherSeeds.map((seed) => {
  console.error(`repeating with seed ${seed}`)
  return {
    seed,
    result: crossValidate(data, { ...options, seed, sparseMarkerCounts: [], markerSubsets: [] }),
  }
})
const shipped = shippedModelFile().calibration
const timing = accuracyReportTiming(data, (calls: Map<string, SiteCall>) =>
  estimateAncestry(calls, { build: 'GRCh37', assumption: 'variant_only', bootstrap: 200, seed: 1 }),
)
const report = renderAccuracyReport({
  data,
  options,
  result,
  shipped,
  chip: chipMarkers ? { source: chipSource, markers: chipMarkers.length } : null,
  otherSeeds: otherRuns,
  timing: {
    ...timing,
    replicates: 200,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Bun ${Bun.version}`,
  },
  command: ['bun run scripts/ancestry-cv.ts', ...process.argv.slice(2).filter((a) => a !== '--write')].join(
    ' ',
  ),
})
console.log(report)
if (process.argv.includes('--write')) {
  const path = join(repoRoot, 'genetics-core', 'ancestry', 'ACCURACY.md')
  writeFileSync(path, report)
  // Keep the committed file in the repository's formatting (Biome aligns the tables).
  spawnSync(join(repoRoot, 'node_modules', '.bin', 'biome'), ['format', '--write', path], { stdio: 'ignore' })
  console.error('wrote genetics-core/ancestry/ACCURACY.md')
}
