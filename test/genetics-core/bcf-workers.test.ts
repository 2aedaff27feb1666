// A BGZF BCF is read on the scan workers: the main thread inflates it and cuts it into chunks of whole
// records, the workers decode and scan them. Whatever the chunking (BGZF blocks of a few bytes, so that
// records cross block and segment edges at every offset; segments of one block or of many), the result
// must equal the one-thread read of the same file, and a damaged file must end in the same typed error.

import { afterAll, describe, expect, spyOn, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { ancestryTargets, catalogTargets, type ScanResult, scanSource } from '../../genetics-core/index'
import * as bcfOnWorkers from '../../genetics-core/scan/scan-bcf-on-workers'
import { bgzf } from './support/bgzf'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const targets = [...catalogTargets(), ...ancestryTargets()]
const NAMES = [
  'synthetic_variants_grch37',
  'synthetic_haplotypecaller_grch37.g',
  'synthetic_trio_grch37',
  'kidd.aisnp.1kg.train',
  'na12878_chr21_head4000',
  'deepvariant',
  'strelka2.genome',
  'vcf_file',
]

/** The BCF's bytes as htslib writes them before BGZF compression. */
const rawBcf = (name: string) => new Uint8Array(gunzipSync(readFileSync(fixture('bcf', `${name}.bcf`))))

/** What a scan found, in a form that compares: calls as sorted entries, everything else as is. */
function essentials(scan: ScanResult) {
  return {
    detection: scan.detection,
    summary: scan.summary,
    calls: [...scan.calls.entries()].sort(([a], [b]) => a.localeCompare(b)),
    warnings: scan.warnings,
  }
}

async function outcome(path: string, workers: number, segmentBytes?: number) {
  try {
    return { scan: essentials(await scanSource(path, { targets, workers, segmentBytes })) }
  } catch (error) {
    const e = error as { code?: string; message?: string }
    return { error: { code: e.code, message: e.message } }
  }
}

describe('a BGZF BCF on the scan workers reads as on one thread', () => {
  for (const name of NAMES) {
    test(`${name}: as written by bcftools, and in blocks of a few bytes at every segment size`, async () => {
      const asWritten = fixture('bcf', `${name}.bcf`)
      const expected = await outcome(asWritten, 0)
      expect(expected.scan).toBeDefined()
      expect(await outcome(asWritten, 2)).toEqual(expected)
      expect(await outcome(asWritten, 2, 28)).toEqual(expected)
      // Blocks of 1 to 397 bytes: length prefixes, records and the header end across blocks and segments.
      const raw = rawBcf(name)
      const path = tmp.path(`${name}.tiny-blocks.bcf`)
      writeFileSync(
        path,
        bgzf(raw, (n) => 1 + ((n * 31) % 97)),
      )
      const tiny = await outcome(path, 0)
      // The same records as the file bcftools wrote, but for the compressed size.
      const uncompressed = (summary: ScanResult['summary']) => ({
        ...summary,
        bytes: { ...summary.bytes, compressed: 0 },
      })
      expect(uncompressed(tiny.scan!.summary)).toEqual(uncompressed(expected.scan!.summary))
      for (const segmentBytes of [28, 200, 1500, 9000])
        expect(await outcome(path, 2, segmentBytes)).toEqual(tiny)
    })
  }

  test('a site inside a reference block is called from the block, whose END the workers keep', async () => {
    // Positions inside gVCF blocks (not their starts), and a variant site: the workers decode compact
    // lines, which keep INFO only for blocks, and hits whole.
    const inside = [
      { key: 'in-block', grch37: { chrom: '1', pos: 949521 } },
      { key: 'block-end', grch37: { chrom: '1', pos: 949525 } },
      { key: 'next-block', grch37: { chrom: '1', pos: 949737 } },
    ]
    const path = fixture('bcf', 'synthetic_haplotypecaller_grch37.g.bcf')
    const read = async (workers: number) =>
      essentials(await scanSource(path, { targets: [...inside, ...targets], workers, segmentBytes: 2000 }))
    const onWorkers = await read(2)
    expect(onWorkers).toEqual(await read(0))
    for (const { key } of inside)
      expect(onWorkers.calls.find(([k]) => k === key)?.[1].zygosity).toBe('hom_ref')
  })

  test('each person of a trio, chosen by name, is counted from their own column on the workers', async () => {
    // The workers' compact lines keep only the counted person's GT (every person's is still checked).
    const path = fixture('bcf', 'synthetic_trio_grch37.bcf')
    const genotypes = new Set<string>()
    for (const sample of ['SYNTH_CHILD', 'SYNTH_MOTHER', 'SYNTH_FATHER']) {
      const read = async (workers: number) =>
        essentials(await scanSource(path, { targets, sample, workers, segmentBytes: 200 }))
      const onWorkers = await read(2)
      expect(onWorkers).toEqual(await read(0))
      genotypes.add(JSON.stringify(onWorkers.summary.genotypes))
    }
    expect(genotypes.size).toBe(3)
  })

  test('the workers are used: a BGZF BCF is decoded there unless workers are turned off', async () => {
    const spy = spyOn(bcfOnWorkers, 'scanBcfOnWorkers')
    try {
      const path = fixture('bcf', 'synthetic_trio_grch37.bcf')
      await scanSource(path, { targets, workers: 2 })
      expect(spy).toHaveBeenCalledTimes(1)
      await scanSource(path, { targets, workers: 0 })
      expect(spy).toHaveBeenCalledTimes(1)
    } finally {
      spy.mockRestore()
    }
  })

  test('a file cut inside a record, or a record whose lengths claim too much, is the same error', async () => {
    const raw = rawBcf('na12878_chr21_head4000')
    const cut = tmp.path('cut.bcf')
    writeFileSync(
      cut,
      bgzf(raw.subarray(0, raw.length - 50), () => 700),
    )
    const cutOutcome = await outcome(cut, 2, 2000)
    expect(cutOutcome.error?.code).toBe('TRUNCATED_INPUT')
    expect(cutOutcome).toEqual(await outcome(cut, 0))

    // The 1,000th record's l_indiv set past any real record.
    const damaged = raw.slice()
    const view = new DataView(damaged.buffer)
    let at = 9 + view.getUint32(5, true)
    for (let record = 1; record < 1000; record++)
      at += 8 + view.getUint32(at, true) + view.getUint32(at + 4, true)
    view.setUint32(at + 4, 0x7fffffff, true)
    const huge = tmp.path('huge.bcf')
    writeFileSync(
      huge,
      bgzf(damaged, () => 700),
    )
    const hugeOutcome = await outcome(huge, 2, 2000)
    expect(hugeOutcome.error?.code).toBe('BAD_RECORD')
    expect(hugeOutcome.error?.message).toStartWith('BCF record 1000: its lengths claim')
    expect(hugeOutcome).toEqual(await outcome(huge, 0))
  })

  test("a record damaged inside is named with its number, as on one thread (the worker's error)", async () => {
    const raw = rawBcf('na12878_chr21_head4000')
    const damaged = raw.slice()
    const view = new DataView(damaged.buffer)
    let at = 9 + view.getUint32(5, true)
    for (let record = 1; record < 2500; record++)
      at += 8 + view.getUint32(at, true) + view.getUint32(at + 4, true)
    // The contig index of record 2,500 set past the dictionary.
    view.setInt32(at + 8, 4000, true)
    const path = tmp.path('bad-contig.bcf')
    writeFileSync(
      path,
      bgzf(damaged, () => 700),
    )
    const onWorkers = await outcome(path, 2, 2000)
    expect(onWorkers.error?.code).toBe('BAD_RECORD')
    expect(onWorkers.error?.message).toStartWith('BCF record 2500: ')
    expect(onWorkers).toEqual(await outcome(path, 0))
  })
})
