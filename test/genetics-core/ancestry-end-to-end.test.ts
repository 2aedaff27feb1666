// Ancestry through the public genetics-core API, the way job workers and the CLI run it: the reader
// scans the real multi-sample 1000 Genomes VCF for ancestryTargets(), and every labelled person's calls
// go to estimateAncestry.

import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeGeneticsSource, ancestryTargets, estimateAncestry, scanSource } from '../../genetics-core'

const fixtures = join(import.meta.dir, '..', 'fixtures', 'genetics', 'ancestry')
const vcf = join(fixtures, 'aisnp.1kg.train.vcf.gz')
const labels = new Map(
  readFileSync(join(fixtures, 'samples.train.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([sample, , superPopulation]) => [sample, superPopulation]),
)

describe('ancestry end to end on the labelled 1000 Genomes VCF', () => {
  test('the reader finds all 169 markers for every person and the estimate names their super-population', async () => {
    const scan = await scanSource(vcf, { targets: ancestryTargets(), allSamples: true })
    expect(scan.summary.build.build).toBe('GRCh37')
    const people = [...(scan.callsBySample ?? [])]
    expect(people).toHaveLength(1252)
    const tally = new Map<string, { right: number; total: number }>()
    for (const [sample, calls] of people) {
      const result = estimateAncestry(calls, { build: 'GRCh37', assumption: 'variant_only', bootstrap: 0 })
      expect(result.coverage.usable).toBe(169)
      const truth = labels.get(sample)!
      const entry = tally.get(truth) ?? { right: 0, total: 0 }
      entry.total++
      if (result.closestGroup.superPopulation.code === truth) entry.right++
      tally.set(truth, entry)
    }
    // These people trained the model, so the rate must be at least the cross-validated 99.5% (ACCURACY.md).
    const right = [...tally.values()].reduce((sum, t) => sum + t.right, 0)
    expect(right / 1252).toBeGreaterThanOrEqual(0.995)
    for (const [code, t] of tally) expect({ code, ok: t.right / t.total >= 0.97 }).toEqual({ code, ok: true })
  }, 120_000)

  test('analyzeGeneticsSource returns the estimate for one chosen sample', async () => {
    const analysis = await analyzeGeneticsSource(vcf, {
      annotation: 'compact',
      ancestry: true,
      sample: 'HG00096',
    })
    expect(analysis.ancestry).not.toBeNull()
    expect(analysis.ancestry!.closestGroup.superPopulation.code).toBe('EUR')
    expect(analysis.ancestry!.build).toBe('GRCh37')
    expect(analysis.ancestry!.assumption).toBe('variant_only')
    expect(analysis.ancestry!.coverage.found).toBe(169)
  }, 60_000)
})
