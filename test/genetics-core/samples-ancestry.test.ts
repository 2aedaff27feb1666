// Ancestry for every sample of a cohort, spread over worker threads (the CLI's --all-samples
// --ancestry): the answers must be exactly those of the calling thread, in the samples' order, a sample
// the estimate cannot serve must come back as a warning, and bad input must end the run with an error
// instead of leaving it waiting on a worker.

import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { ancestryTargets, GeneticsCancelledError, scanSource } from '../../genetics-core'
import { ancestryPerSample, type SampleAncestry } from '../../genetics-core/samples-ancestry'
import type { SiteCall } from '../../genetics-core/types'

const vcf = join(import.meta.dir, '..', 'fixtures', 'genetics', 'ancestry', 'aisnp.1kg.train.vcf.gz')

async function collect(
  samples: Map<string, Map<string, SiteCall>>,
  workers: number,
  build: 'GRCh37' | 'unknown' = 'GRCh37',
): Promise<SampleAncestry[]> {
  const out: SampleAncestry[] = []
  for await (const result of ancestryPerSample(samples, { build, assumption: 'variant_only', workers }))
    out.push(result)
  return out
}

/** The first `count` people of the labelled 1000 Genomes VCF, with their calls at the panel markers. */
async function cohort(count: number): Promise<Map<string, Map<string, SiteCall>>> {
  const scan = await scanSource(vcf, { targets: ancestryTargets(), allSamples: true })
  return new Map([...scan.callsBySample!].slice(0, count))
}

describe('ancestry for every sample of a cohort', () => {
  test('on two workers, gives exactly what the calling thread gives, in the same order', async () => {
    const samples = await cohort(150)
    const here = await collect(samples, 0)
    const spread = await collect(samples, 2)
    expect(spread.map((r) => r.sample)).toEqual([...samples.keys()])
    expect(spread).toEqual(here)
    expect(here.every((r) => r.ancestry !== null && r.warning === null)).toBe(true)
  }, 60_000)

  test('a sample the estimate cannot serve comes back as a warning, between the others', async () => {
    const samples = await cohort(40)
    const names = [...samples.keys()]
    samples.set(names[5], new Map()) // no marker at all
    const results = await collect(samples, 1)
    expect(results.map((r) => r.sample)).toEqual(names)
    expect(results[5]).toMatchObject({ ancestry: null, warning: { code: 'ANCESTRY_NO_USABLE_MARKERS' } })
    expect(results.filter((r) => r.ancestry !== null)).toHaveLength(39)
  }, 60_000)

  test('without a known build every sample says why it has no estimate', async () => {
    const results = await collect(await cohort(3), 1, 'unknown')
    for (const r of results)
      expect(r).toMatchObject({ ancestry: null, warning: { code: 'ANCESTRY_SKIPPED' } })
  }, 60_000)

  test('calls that cannot be handed to a worker end the run with an error, not a wait', async () => {
    const samples = await cohort(40)
    const [first] = samples.keys()
    const call = [...samples.get(first)!.values()][0]
    samples.get(first)!.set('broken', { ...call, alleles: [() => 'A'] as unknown as string[] })
    await expect(collect(samples, 2)).rejects.toThrow()
  }, 60_000)

  test('an abort ends the run with the cancelled error, on the workers and on the calling thread', async () => {
    const samples = await cohort(150)
    for (const workers of [2, 0]) {
      const controller = new AbortController()
      const seen: string[] = []
      const run = (async () => {
        for await (const result of ancestryPerSample(samples, {
          build: 'GRCh37',
          assumption: 'variant_only',
          workers,
          signal: controller.signal,
        })) {
          seen.push(result.sample)
          if (seen.length === 3) controller.abort()
        }
      })()
      await expect(run).rejects.toBeInstanceOf(GeneticsCancelledError)
      // Aborted after the third line: what was already on its way may arrive, not the whole cohort.
      expect(seen.length).toBeLessThan(samples.size)
    }
  }, 60_000)
})
