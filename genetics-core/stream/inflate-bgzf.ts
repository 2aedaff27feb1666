// Inflates a run of whole BGZF blocks into one buffer. The output size is known up front from each
// block's ISIZE trailer, so there is one allocation per segment. Blocks inflate straight into it
// through the system's libdeflate when it can be loaded (stream/libdeflate-native.ts), else through
// Bun.gunzipSync and a copy; both check each block's CRC, so a damaged block fails here instead of
// yielding wrong text.

import { GeneticsInputError } from '../errors'
import { type NativeGunzip, nativeGunzip } from './native-inflate'

export class InflateError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

// One output buffer per thread, reused for every segment: the scanners copy what they keep (edge
// lines, hit lines), so the text can be overwritten by the next segment and produces no garbage.
let output = new Uint8Array(0)

/** Inflates whole BGZF blocks; the result is only valid until the next call on this thread. */
export function inflateBgzfBlocks(
  bytes: Uint8Array<ArrayBuffer>,
  native: NativeGunzip | null = nativeGunzip(),
): Uint8Array {
  let total = 0
  let offset = 0
  while (offset < bytes.length) {
    const size = blockSize(bytes, offset)
    const isize = inflatedSize(bytes, offset + size)
    // BGZF blocks hold at most 64 KiB of text; a larger ISIZE is damage, and must not size a buffer.
    if (isize > BGZF_MAX_TEXT) throw new InflateError('a BGZF block claims more than 64 KiB of text', offset)
    total += isize
    offset += size
  }
  if (output.length < total) output = new Uint8Array(Math.max(total, 8 << 20))
  const out = output.subarray(0, total)
  let written = 0
  offset = 0
  while (offset < bytes.length) {
    const size = blockSize(bytes, offset)
    const block = bytes.subarray(offset, offset + size)
    if (native !== null) {
      // Straight into the output: libdeflate succeeds only when the block makes exactly ISIZE bytes.
      const isize = inflatedSize(bytes, offset + size)
      if (!native.gunzipInto(block, output, written, isize)) throw corruptBlock(offset)
      written += isize
    } else {
      let text: Uint8Array
      try {
        text = gunzipBlock(block)
      } catch {
        throw corruptBlock(offset)
      }
      if (written + text.length > total)
        throw new InflateError('a BGZF block inflates to more than its size field says', offset)
      out.set(text, written)
      written += text.length
    }
    offset += size
  }
  if (written !== total) throw new InflateError('a BGZF block inflates to less than its size field says', 0)
  return out
}

// Bun can inflate with libdeflate, about a fifth faster than zlib on BGZF blocks here; if a Bun
// build does not know the option, the first call falls back to zlib for good.
let useLibdeflate = true
function gunzipBlock(block: Uint8Array<ArrayBuffer>): Uint8Array {
  if (useLibdeflate) {
    try {
      return (Bun.gunzipSync as (data: Uint8Array<ArrayBuffer>, options: object) => Uint8Array)(block, {
        library: 'libdeflate',
      })
    } catch (error) {
      useLibdeflate = false
      try {
        return Bun.gunzipSync(block)
      } catch {
        throw error
      }
    }
  }
  return Bun.gunzipSync(block)
}

const BGZF_MAX_TEXT = 65536

const corruptBlock = (offset: number) =>
  new InflateError('a BGZF block is corrupt and cannot be inflated', offset)

/**
 * The typed error for an InflateError's block, named by its offset in the file: the segment starts at
 * `fileOffset`, the block at `offset` within it (-1 when not known, then the segment's start).
 */
export function corruptCompressedData(fileOffset: number, offset: number): GeneticsInputError {
  return new GeneticsInputError(
    'CORRUPT_COMPRESSED_DATA',
    `a compressed block near byte ${fileOffset + Math.max(0, offset)} is corrupt and cannot be inflated`,
  )
}

/** The ISIZE trailer (text bytes) of the block that ends at `end`. */
function inflatedSize(bytes: Uint8Array, end: number): number {
  return (bytes[end - 4] | (bytes[end - 3] << 8) | (bytes[end - 2] << 16) | (bytes[end - 1] << 24)) >>> 0
}

function blockSize(bytes: Uint8Array, offset: number): number {
  const xlen = bytes[offset + 10] | (bytes[offset + 11] << 8)
  let p = offset + 12
  const extraEnd = p + xlen
  while (p + 4 <= extraEnd) {
    const slen = bytes[p + 2] | (bytes[p + 3] << 8)
    if (bytes[p] === 66 && bytes[p + 1] === 67 && slen === 2) return (bytes[p + 4] | (bytes[p + 5] << 8)) + 1
    p += 4 + slen
  }
  throw new InflateError('not a BGZF block', offset)
}
