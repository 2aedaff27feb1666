// Every sample of a wide VCF, one at a time: the 1,252-person 1000 Genomes training VCF widened to
// 3,756 sample columns (three renamed copies). Each sample's calls are built when read and not kept,
// so nothing held grows with the sample count; the copies must give the same calls as the originals.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { ancestryTargets, estimateAncestry, scanSource } from '../../genetics-core'
import { runCli } from '../../genetics-core/cli'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())
const COPIES = 3

/** The training VCF with its sample columns repeated COPIES times, renamed NAME_copy. */
function widened(): string {
  const text = gunzipSync(readFileSync(fixture('ancestry', 'aisnp.1kg.train.vcf.gz'))).toString()
  const lines = text.split('\n').filter((l) => l !== '')
  const out = lines.map((line) => {
    if (line.startsWith('##')) return line
    const cols = line.split('\t')
    const samples = cols.slice(9)
    const wide: string[] = []
    for (let c = 0; c < COPIES; c++)
      wide.push(...(line.startsWith('#CHROM') ? samples.map((s) => `${s}_${c}`) : samples))
    return [...cols.slice(0, 9), ...wide].join('\t')
  })
  const path = join(tmp.dir, 'wide.vcf')
  writeFileSync(path, `${out.join('\n')}\n`)
  return path
}

describe('a VCF with 3,756 samples', () => {
  const path = widened()

  test('gives every sample its calls, built on demand and not kept', async () => {
    const scan = await scanSource(path, { targets: ancestryTargets(), allSamples: true })
    const bySample = scan.callsBySample!
    expect(bySample.size).toBe(3756)
    // Built afresh on each read: the map holds no per-sample state.
    expect(bySample.get('HG00096_0')).not.toBe(bySample.get('HG00096_0'))
    expect(bySample.get('HG00096_2')).toEqual(bySample.get('HG00096_0')!)
    let seen = 0
    let firstCopyEur = 0
    for (const [sample, calls] of bySample) {
      seen++
      expect(calls.size).toBe(169)
      if (sample === 'HG00096_1') {
        const result = estimateAncestry(calls, { build: 'GRCh37', assumption: 'variant_only', bootstrap: 0 })
        expect(result.closestGroup.superPopulation.code).toBe('EUR')
        firstCopyEur++
      }
    }
    expect([seen, firstCopyEur]).toEqual([3756, 1])
  }, 120_000)

  test('the CLI writes one JSON line per sample after the summary', async () => {
    const lines: string[] = []
    // Ancestry for 3,756 people takes minutes with bootstrap intervals; the scan side is what is checked.
    const status = await runCli(['inspect', path, '--all-samples'], (l) => lines.push(l))
    expect(status).toBe(0)
    expect(lines).toHaveLength(3757)
    expect(JSON.parse(lines[0])).toMatchObject({ type: 'summary', summary: { records: 169 } })
    expect(JSON.parse(lines[3756])).toEqual({ type: 'sample', sample: 'NA21143_2' })
  }, 120_000)
})
