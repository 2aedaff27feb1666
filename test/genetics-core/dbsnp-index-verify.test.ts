// Checksums of the provisioned dbSNP index: each data file's size and CRC-32 recorded in index.json as
// it is written, a size check whenever a job opens a chromosome, and `index-dbsnp --verify OUT_DIR`
// reading every file. An index written before checksums were recorded stays readable and passes
// --verify with a note.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { buildReferenceIndex } from '../../genetics-core/dbsnp/reference-index/build-index'
import type { IndexManifest } from '../../genetics-core/dbsnp/reference-index/format'
import { verifyIndex } from '../../genetics-core/dbsnp/reference-index/verify-index'
import { annotateWithDbsnp, GeneticsInputError } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

const tmp = tempDir()
afterAll(() => tmp.remove())

const reference = fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz')
const input = fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf')

let built = 0
/** A fresh index of the chromosome 1 excerpt (small blocks, so the fence holds several entries). */
async function freshIndex() {
  const dir = tmp.path(`index-${built++}`)
  const manifest = await buildReferenceIndex(reference, dir, { workers: 0, blockRecords: 64 })
  const [chromosome] = manifest.chromosomes
  return {
    dir,
    manifest,
    alleles: join(dir, chromosome.allelesFile),
    fence: join(dir, chromosome.fenceFile),
    chromosome,
  }
}

const verify = (dir: string) => runGeneticsCli(['index-dbsnp', '--verify', dir])

async function assignments(dir: string) {
  const got: string[] = []
  const result = await annotateWithDbsnp(input, dir, {
    onAssigned: (chrom, pos, r, a, rs) => got.push(`${chrom}:${pos}:${r}>${a}=rs${rs}`),
  })
  return { result, got }
}

/** The manifest as an index written before checksums were recorded. */
function withoutChecksums(dir: string): void {
  const manifest: IndexManifest = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'))
  for (const c of manifest.chromosomes) {
    delete c.allelesBytes
    delete c.allelesCrc32
    delete c.fenceBytes
    delete c.fenceCrc32
  }
  writeFileSync(join(dir, 'index.json'), JSON.stringify(manifest, null, 2))
}

describe('checksums recorded while writing', () => {
  test('each data file has its size and CRC-32 (zlib polynomial, 8 hex digits) in index.json, at version 1', async () => {
    const { manifest, chromosome, alleles, fence } = await freshIndex()
    expect(manifest.version).toBe(1)
    const hex = (path: string) => crc32(readFileSync(path)).toString(16).padStart(8, '0')
    expect(chromosome).toMatchObject({
      allelesBytes: statSync(alleles).size,
      allelesCrc32: hex(alleles),
      fenceBytes: statSync(fence).size,
      fenceCrc32: hex(fence),
    })
    expect(chromosome.allelesBytes).toBe(32 + 16 * 595)
    expect(chromosome.fenceBytes).toBe(4 * Math.ceil(595 / 64))
  })
})

describe('index-dbsnp --verify OUT_DIR', () => {
  test('a fresh index: one line on stdout, status 0', async () => {
    const { dir } = await freshIndex()
    const { status, out, err } = await verify(dir)
    expect([status, err, out.length]).toEqual([0, [], 1])
    expect(out[0]).toMatch(
      new RegExp(
        `^verified 2 files of ${dir} \\(10 KB in \\d+\\.\\d s\\): sizes and CRC-32 checksums match index.json$`,
      ),
    )
  })

  test('a flipped byte inside an alleles file: named, status 1', async () => {
    const { dir, alleles, chromosome } = await freshIndex()
    const bytes = readFileSync(alleles)
    bytes[32 + 16 * 100 + 9] ^= 0x01
    writeFileSync(alleles, bytes)
    const { status, out, err } = await verify(dir)
    expect([status, out]).toEqual([1, []])
    expect(err).toHaveLength(2)
    expect(err[0]).toStartWith(
      `error: DBSNP_REFERENCE_INVALID: ${chromosome.allelesFile} is damaged: its CRC-32 is `,
    )
    expect(err[0]).toEndWith(`but index.json records ${chromosome.allelesCrc32}`)
    expect(err[1]).toBe(
      `error: DBSNP_REFERENCE_INVALID: 1 problem in ${dir}; rebuild the index with index-dbsnp REF.vcf.gz ${dir}`,
    )
  })

  test('a truncated fence file: named with both sizes, status 1', async () => {
    const { dir, fence, chromosome } = await freshIndex()
    truncateSync(fence, 4)
    const { status, err } = await verify(dir)
    expect(status).toBe(1)
    expect(err[0]).toBe(
      `error: DBSNP_REFERENCE_INVALID: ${chromosome.fenceFile} is 4 bytes but index.json records ${chromosome.fenceBytes} (truncated or replaced)`,
    )
    expect(err).toHaveLength(2)
  })

  test('a missing data file: named, status 1', async () => {
    const { dir, alleles, chromosome } = await freshIndex()
    rmSync(alleles)
    const { status, err } = await verify(dir)
    expect(status).toBe(1)
    expect(err[0]).toBe(`error: DBSNP_REFERENCE_INVALID: ${chromosome.allelesFile} is missing`)
  })

  test('no index at all: the manifest is the problem, status 1', async () => {
    const { status, err } = await verify(tmp.path('no-such-index'))
    expect(status).toBe(1)
    expect(err[0]).toStartWith(
      'error: DBSNP_REFERENCE_INVALID: the dbSNP index is unusable: index.json cannot be read',
    )
  })

  test('an index replaced by a rebuild while it is verified is reported as such, not as damaged', async () => {
    const { dir, alleles } = await freshIndex()
    let replaced = false
    const report = await verifyIndex(dir, {
      onProgress: () => {
        if (replaced) return
        replaced = true
        // What a rebuild finishing does: a new manifest renamed into place, the older files removed.
        writeFileSync(join(dir, 'index.json.new'), readFileSync(join(dir, 'index.json')))
        renameSync(join(dir, 'index.json.new'), join(dir, 'index.json'))
        rmSync(alleles.replace('.alleles', '.fence'))
      },
    })
    expect(report.problems.at(-1)).toBe(
      'index.json was replaced while verifying (a rebuild finished): run --verify again',
    )
  })

  test('usage mistakes are one line with status 64', async () => {
    for (const argv of [
      ['index-dbsnp', '--verify'],
      ['index-dbsnp', '--verify', 'a', 'b'],
      ['index-dbsnp', '--verify=yes', 'a'],
      ['index-dbsnp', '--verify', ''],
    ]) {
      const { status, out, err } = await runGeneticsCli(argv)
      expect({ status, out, lines: err.length }).toEqual({ status: 64, out: [], lines: 1 })
      expect(err[0]).toEndWith('(genetics --help shows the usage)')
    }
    const help = (await runGeneticsCli(['--help'])).out.join('\n')
    expect(help).toContain('genetics index-dbsnp --verify OUT_DIR')
  })
})

describe('the reader checks sizes when it opens a chromosome', () => {
  async function refusal(dir: string) {
    const error = await assignments(dir).catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsInputError)
    expect(error.code).toBe('DBSNP_REFERENCE_INVALID')
    return error.message as string
  }

  test('an alleles file cut short by one record is refused, naming it and both sizes', async () => {
    const { dir, alleles, chromosome } = await freshIndex()
    truncateSync(alleles, chromosome.allelesBytes! - 16)
    expect(await refusal(dir)).toBe(
      `the dbSNP index is unusable: ${chromosome.allelesFile} is ${chromosome.allelesBytes! - 16} bytes but index.json records ${chromosome.allelesBytes} (truncated: shorter than its header says); rebuild the index with index-dbsnp`,
    )
  })

  test('an alleles file cut inside its header is refused by its size, not as "not an index file"', async () => {
    const { dir, alleles, chromosome } = await freshIndex()
    truncateSync(alleles, 10)
    expect(await refusal(dir)).toContain(`${chromosome.allelesFile} is 10 bytes but index.json records`)
  })

  test('a fence file with bytes appended is refused', async () => {
    const { dir, fence, chromosome } = await freshIndex()
    writeFileSync(fence, Buffer.concat([readFileSync(fence), Buffer.alloc(4)]))
    expect(await refusal(dir)).toContain(
      `${chromosome.fenceFile} is ${chromosome.fenceBytes! + 4} bytes but index.json records ${chromosome.fenceBytes}`,
    )
  })

  test('malformed checksum fields make the manifest invalid', async () => {
    const { dir, manifest } = await freshIndex()
    manifest.chromosomes[0].allelesCrc32 = 'not-hex'
    writeFileSync(join(dir, 'index.json'), JSON.stringify(manifest))
    expect(await refusal(dir)).toContain('has a malformed chromosome entry (1)')
  })
})

describe('an index written before checksums were recorded', () => {
  test('still joins, exactly as a fresh one', async () => {
    const fresh = await freshIndex()
    const old = await freshIndex()
    withoutChecksums(old.dir)
    const a = await assignments(fresh.dir)
    const b = await assignments(old.dir)
    expect(b.got).toEqual(a.got)
    expect(b.result).toMatchObject({ method: 'index', alleles: 66, assigned: 62 })
  })

  test('--verify checks the sizes its counts make, notes that it has no checksums, status 0', async () => {
    const { dir } = await freshIndex()
    withoutChecksums(dir)
    const { status, out, err } = await verify(dir)
    expect([status, err]).toEqual([0, []])
    expect(out).toHaveLength(1)
    expect(out[0]).toStartWith(`checked the sizes of 2 files of ${dir} (`)
    expect(out[0]).toEndWith(
      'index.json records no checksums (an index written before they were recorded); rebuilding it with index-dbsnp adds them',
    )
  })

  test('a truncated data file is still found, at open and by --verify, from the counts', async () => {
    const { dir, alleles, chromosome } = await freshIndex()
    withoutChecksums(dir)
    truncateSync(alleles, 32 + 16 * 500)
    const expected = `${chromosome.allelesFile} is ${32 + 16 * 500} bytes but its counts make ${32 + 16 * 595} (truncated: shorter than its header says)`
    const error = await assignments(dir).catch((e) => e)
    expect(error.message).toContain(expected)
    const { status, err } = await verify(dir)
    expect([status, err[0]]).toEqual([1, `error: DBSNP_REFERENCE_INVALID: ${expected}`])
  })
})
