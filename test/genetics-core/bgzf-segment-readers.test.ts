// The two BGZF segment readers (a file read at offsets, a stream taken as its pieces come) cut the same
// bytes into whole blocks alike, and end damaged input alike: zeros after the last block are its end,
// anything but zeros after them is not BGZF, and data cut inside a block is truncated.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { GeneticsInputError } from '../../genetics-core/errors'
import { BgzfSegmentReader } from '../../genetics-core/stream/bgzf-segments'
import { BgzfStreamSegmentReader } from '../../genetics-core/stream/bgzf-stream-segments'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const whole = readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
const SEGMENT_BYTES = 4096

/** Pieces of 1,000 bytes, as a pipe might deliver them. */
async function* pieces(bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; at += 1000) yield bytes.subarray(at, at + 1000)
}

/** Every segment's bytes joined, or the error that ended the reading. */
async function readAll(
  segments: AsyncGenerator<{ buffer: ArrayBuffer; length: number; fileOffset: number }>,
) {
  const parts: Uint8Array[] = []
  let expectedOffset = 0
  try {
    for await (const s of segments) {
      expect(s.fileOffset).toBe(expectedOffset)
      parts.push(new Uint8Array(s.buffer, 0, s.length).slice())
      expectedOffset += s.length
    }
  } catch (error) {
    return { error: error as GeneticsInputError }
  }
  return { bytes: Buffer.concat(parts) }
}

async function bothReaders(bytes: Uint8Array) {
  const path = tmp.path(`input-${bytes.length}.vcf.gz`)
  writeFileSync(path, bytes)
  const file = await readAll(new BgzfSegmentReader(path, { segmentBytes: SEGMENT_BYTES }).segments())
  const stream = await readAll(
    new BgzfStreamSegmentReader(pieces(bytes), { segmentBytes: SEGMENT_BYTES }).segments(),
  )
  return { file, stream }
}

describe('BGZF segment readers of a file and of a stream', () => {
  test('cut a whole file into segments of whole blocks holding every byte', async () => {
    const { file, stream } = await bothReaders(whole)
    expect(file.bytes?.equals(whole)).toBe(true)
    expect(stream.bytes?.equals(whole)).toBe(true)
  })

  test('read zeros after the last block as the end of the data', async () => {
    const { file, stream } = await bothReaders(Buffer.concat([whole, new Uint8Array(9000)]))
    expect(file.bytes?.equals(whole)).toBe(true)
    expect(stream.bytes?.equals(whole)).toBe(true)
  })

  test('refuse anything but zeros after that padding, naming where the padding starts', async () => {
    const junk = Buffer.concat([whole, new Uint8Array(9000), Buffer.from('not bgzf')])
    const { file, stream } = await bothReaders(junk)
    for (const [result, kind] of [
      [file, 'file'],
      [stream, 'stream'],
    ] as const) {
      expect(result.error).toBeInstanceOf(GeneticsInputError)
      expect(result.error?.code).toBe('CORRUPT_COMPRESSED_DATA')
      expect(result.error?.message).toBe(
        `the data at byte ${whole.length} is not a BGZF block; the ${kind} is corrupt or was not written by bgzip`,
      )
    }
  })

  test('refuse bytes that start no block, at their offset', async () => {
    const damaged = Buffer.from(whole)
    // The second block's magic bytes overwritten.
    const second = damaged.readUInt16LE(16) + 1
    damaged[second] = 0x42
    const { file, stream } = await bothReaders(damaged)
    expect([file.error?.code, stream.error?.code]).toEqual([
      'CORRUPT_COMPRESSED_DATA',
      'CORRUPT_COMPRESSED_DATA',
    ])
    expect(file.error?.message).toStartWith(`the data at byte ${second} is not a BGZF block`)
    expect(stream.error?.message).toStartWith(`the data at byte ${second} is not a BGZF block`)
  })

  test('call data cut inside a block truncated, naming where that block starts', async () => {
    const { file, stream } = await bothReaders(whole.subarray(0, whole.length - 500))
    expect([file.error?.code, stream.error?.code]).toEqual(['TRUNCATED_INPUT', 'TRUNCATED_INPUT'])
    expect(file.error?.message).toMatch(
      /^the BGZF file ends inside a compressed block \(at byte \d+\); the file looks truncated$/,
    )
    expect(stream.error?.message).toMatch(
      /^the BGZF stream ends inside a compressed block \(at byte \d+\); it looks truncated$/,
    )
    expect(file.error?.message.match(/\d+/)?.[0]).toBe(stream.error?.message.match(/\d+/)?.[0])
  })
})
