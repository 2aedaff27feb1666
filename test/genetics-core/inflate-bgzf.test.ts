// inflateBgzfBlocks: the native inflaters (ISA-L, libdeflate) and the Bun.gunzipSync fallback must give
// the same text, and each must refuse a damaged block instead of returning wrong text.

import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants, deflateRawSync, gunzipSync } from 'node:zlib'
import { InflateError, inflateBgzfBlocks } from '../../genetics-core/stream/inflate-bgzf'
import {
  deflateDataStart,
  isalBlockCrc32Library,
  isalInstalled,
} from '../../genetics-core/stream/isal-native'
import {
  nativeGunzip,
  nativeInflateLibrary,
  openNativeGunzip,
} from '../../genetics-core/stream/native-inflate'

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

const isal = openNativeGunzip('isal')
const libdeflate = openNativeGunzip('libdeflate')
for (const [name, inflater, what] of [
  ['ISA-L', isal, 'libisal2'],
  ['libdeflate', libdeflate, 'libdeflate0'],
] as const) {
  if (!inflater)
    console.warn(`inflate-bgzf: ${name} tests skipped: ${what} is not installed (apt-get install ${what})`)
}
const paths = [
  ['native ISA-L', isal],
  ['native libdeflate', libdeflate],
  ['Bun.gunzipSync fallback', null],
] as const

describe.each(paths)('inflateBgzfBlocks (%s)', (name, native) => {
  const skip = name !== 'Bun.gunzipSync fallback' && native === null

  test.skipIf(skip)('inflates every block in order', () => {
    const text = inflateBgzfBlocks(bgzf(), native)
    expect(text.length).toBe(expected.length)
    expect(Buffer.from(text).equals(expected)).toBe(true)
  })

  test.skipIf(skip)('refuses a block whose compressed data was altered (CRC or inflate failure)', () => {
    const damaged = bgzf()
    damaged[blockEnds(damaged)[2] - 200] ^= 0x01
    expect(() => inflateBgzfBlocks(damaged, native)).toThrow(InflateError)
  })

  test.skipIf(skip)('refuses a block whose ISIZE trailer does not match its text', () => {
    const damaged = bgzf()
    const end = blockEnds(damaged)[0]
    damaged[end - 4] ^= 0x01 // low byte of ISIZE
    expect(() => inflateBgzfBlocks(damaged, native)).toThrow(InflateError)
  })

  test.skipIf(skip)(
    'refuses an ISIZE above the 64 KiB a BGZF block can hold, before sizing any buffer',
    () => {
      const damaged = bgzf()
      const end = blockEnds(damaged)[1]
      damaged[end - 1] = 0x7f // ISIZE about 2 GB
      expect(() => inflateBgzfBlocks(damaged, native)).toThrow('more than 64 KiB')
    },
  )
})

/** One BGZF block (RFC 1952 member with the BC extra field) around raw deflate data. */
function bgzfBlock(deflated: Uint8Array, text: Uint8Array): Uint8Array {
  const block = new Uint8Array(18 + deflated.length + 8)
  const view = new DataView(block.buffer)
  block.set([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 0xff, 6, 0, 0x42, 0x43, 2, 0])
  view.setUint16(16, block.length - 1, true)
  block.set(deflated, 18)
  view.setUint32(18 + deflated.length, crc32(text), true)
  view.setUint32(22 + deflated.length, text.length, true)
  return block
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

/** VCF-like text with runs, repeats and noise, so compressors pick stored, fixed and dynamic blocks. */
function sampleText(bytes: number, seed: number): Uint8Array<ArrayBuffer> {
  const text = new Uint8Array(bytes)
  let x = seed
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    text[i] = i % 97 === 96 ? 10 : i % 13 === 0 ? 9 : 48 + (x % (i % 3 === 0 ? 4 : 40))
  }
  return text
}

// What bgzip, htslib and other writers emit: every deflate block type (stored at level 0, fixed
// Huffman, dynamic Huffman, Huffman-only and run-length strategies), and the empty end-of-file block.
const COMPRESSIONS = [
  { level: 0 },
  { level: 1 },
  { level: 6 },
  { level: 9 },
  { level: 6, strategy: constants.Z_FIXED },
  { level: 6, strategy: constants.Z_HUFFMAN_ONLY },
  { level: 6, strategy: constants.Z_RLE },
]

describe.each([
  ['native ISA-L', isal],
  ['native libdeflate', libdeflate],
] as const)('%s against node:zlib', (_name, native) => {
  test.skipIf(native === null)(
    'the same text for every deflate block type and size, and the empty block',
    () => {
      const parts: Uint8Array[] = []
      const texts: Uint8Array[] = []
      for (const [i, options] of COMPRESSIONS.entries()) {
        // 64 KiB of text is the most a block may hold; stored, it would not fit the block's 16-bit size.
        for (const size of [0, 1, 100, 4096, 65280, ...(options.level > 0 ? [65536] : [])]) {
          const text = sampleText(size, i * 7 + size)
          parts.push(bgzfBlock(deflateRawSync(text, options), text))
          texts.push(text)
        }
      }
      const joined = Buffer.concat(parts)
      const text = inflateBgzfBlocks(Uint8Array.from(joined), native)
      expect(Buffer.from(text).equals(Buffer.concat(texts))).toBe(true)
    },
  )

  test.skipIf(native === null)(
    'refuses a wrong CRC-32, bytes after the deflate data and a cut stream',
    () => {
      const text = sampleText(20000, 3)
      const deflated = deflateRawSync(text)
      const good = bgzfBlock(deflated, text)
      const out = new Uint8Array(text.length)
      expect(native!.gunzipInto(good, out, 0, text.length)).toBe(true)
      const badCrc = good.slice()
      badCrc[good.length - 8] ^= 0x80
      expect(native!.gunzipInto(badCrc, out, 0, text.length)).toBe(false)
      const withExtra = bgzfBlock(Buffer.concat([deflated, Buffer.from('extra')]), text)
      expect(native!.gunzipInto(withExtra, out, 0, text.length)).toBe(false)
      const cut = bgzfBlock(deflated.subarray(0, deflated.length - 40), text)
      expect(native!.gunzipInto(cut, out, 0, text.length)).toBe(false)
      expect(native!.gunzipInto(good, out, 0, text.length - 1)).toBe(false)
    },
  )
})

test('the deflate data of a gzip member starts after every optional header field', () => {
  const text = sampleText(3000, 9)
  const plain = Bun.gzipSync(text)
  expect(deflateDataStart(plain)).toBe(10)
  // FEXTRA (BGZF's BC field), FNAME and FCOMMENT (gzip -N writes a name), FHCRC.
  const header = [0x1f, 0x8b, 8, 4 | 8 | 16 | 2, 0, 0, 0, 0, 0, 3, 6, 0, 0x42, 0x43, 2, 0, 0, 0]
  const name = [...Buffer.from('genome.vcf'), 0]
  const comment = [...Buffer.from('made here'), 0]
  const member = Uint8Array.from([...header, ...name, ...comment, 0x12, 0x34, ...plain.subarray(10)])
  const start = header.length + name.length + comment.length + 2
  expect(deflateDataStart(member)).toBe(start)
  if (isal) {
    const out = new Uint8Array(text.length)
    expect(isal.gunzipInto(member, out, 0, text.length)).toBe(true)
    expect(Buffer.from(out).equals(Buffer.from(text))).toBe(true)
  }
  expect(deflateDataStart(plain.subarray(0, 12))).toBe(-1) // shorter than any member
  const reserved = Uint8Array.from(plain)
  reserved[3] = 0x20
  expect(deflateDataStart(reserved)).toBe(-1)
  const unterminated = Uint8Array.from([
    0x1f,
    0x8b,
    8,
    8,
    0,
    0,
    0,
    0,
    0,
    3,
    ...Buffer.from('no end'.repeat(3)),
  ])
  expect(deflateDataStart(unterminated)).toBe(-1)
})

test.skipIf(!isalInstalled())(
  'where libisal2 is installed, ISA-L passes its check at load and is the one used',
  () => {
    expect(isal).not.toBeNull()
    if (process.env.GENETICS_INFLATE === undefined) expect(nativeInflateLibrary()).toBe('isal')
  },
)

test.skipIf(!isalInstalled() || !libdeflate)(
  'where libdeflate loads too, ISA-L’s blocks are checked with libdeflate’s CRC-32, not ISA-L’s AVX-512 one',
  () => {
    // ISA-L's 512-bit CRC leaves the vector registers dirty and slows every SSE instruction after it
    // on Intel cores (isal-native.ts); the damaged-CRC tests above check that this CRC still refuses.
    expect(isalBlockCrc32Library()).toBe('libdeflate')
  },
)

test('a native inflater loads here (libdeflate0 comes with htslib; CI installs libisal2 too)', () => {
  // Not a requirement of the engine (it falls back), but the bench figures assume it.
  if (process.env.GENETICS_INFLATE === 'bun') return
  expect(nativeGunzip()).not.toBeNull()
})
