// inflateBgzfBlocks: the native libdeflate path and the Bun.gunzipSync fallback must give the same
// text, and both must refuse a damaged block instead of returning wrong text.

import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { InflateError, inflateBgzfBlocks } from '../../genetics-core/stream/inflate-bgzf'
import { nativeGunzip } from '../../genetics-core/stream/libdeflate-native'

// 15 BGZF blocks of the ancestry training VCF (already in the fixtures, see SOURCES.md).
const FIXTURE = join(import.meta.dir, '..', 'fixtures', 'genetics', 'ancestry', 'aisnp.1kg.train.vcf.gz')
const bgzf = () => Uint8Array.from(readFileSync(FIXTURE))
const expected = gunzipSync(readFileSync(FIXTURE)) // node:zlib reads every gzip member

/** Offsets at which each block ends (BSIZE + 1 from the BC extra field). */
function blockEnds(bytes: Uint8Array): number[] {
  const ends: number[] = []
  let offset = 0
  while (offset < bytes.length) {
    offset += (bytes[offset + 16] | (bytes[offset + 17] << 8)) + 1
    ends.push(offset)
  }
  return ends
}

const paths = [
  ['native libdeflate', nativeGunzip()],
  ['Bun.gunzipSync fallback', null],
] as const

describe.each(paths)('inflateBgzfBlocks (%s)', (_name, native) => {
  test('inflates every block in order', () => {
    const text = inflateBgzfBlocks(bgzf(), native)
    expect(text.length).toBe(expected.length)
    expect(Buffer.from(text).equals(expected)).toBe(true)
  })

  test('refuses a block whose compressed data was altered (CRC or inflate failure)', () => {
    const damaged = bgzf()
    damaged[blockEnds(damaged)[2] - 200] ^= 0x01
    expect(() => inflateBgzfBlocks(damaged, native)).toThrow(InflateError)
  })

  test('refuses a block whose ISIZE trailer does not match its text', () => {
    const damaged = bgzf()
    const end = blockEnds(damaged)[0]
    damaged[end - 4] ^= 0x01 // low byte of ISIZE
    expect(() => inflateBgzfBlocks(damaged, native)).toThrow(InflateError)
  })

  test('refuses an ISIZE above the 64 KiB a BGZF block can hold, before sizing any buffer', () => {
    const damaged = bgzf()
    const end = blockEnds(damaged)[1]
    damaged[end - 1] = 0x7f // ISIZE about 2 GB
    expect(() => inflateBgzfBlocks(damaged, native)).toThrow('more than 64 KiB')
  })
})

test('the native inflater loads here (libdeflate0 is installed with htslib)', () => {
  // Not a requirement of the engine (it falls back), but the bench figures assume it.
  if (process.env.GENETICS_INFLATE === 'bun') return
  expect(nativeGunzip()).not.toBeNull()
})
