// Walking whole BGZF blocks in a buffer, shared by the segment readers of a file and of a stream: where
// the whole blocks end, whether zero padding follows them (transfer tools pad files so; htslib reads it
// as the end), and the errors for bytes that start no block and for data cut inside one.

import { GeneticsInputError } from '../errors'
import { bgzfBlockSize } from './sniff'

/** Where the input comes from, for the wording of its errors. */
export type BgzfInputKind = 'file' | 'stream'

export interface BlockWalk {
  /** End of the last whole block from the start of the walk. */
  end: number
  /** True when the bytes at `end` are not a block but zeros up to the buffer's fill. */
  zeroPadding: boolean
}

/** Smallest possible BGZF block (header, empty deflate data, CRC-32 and ISIZE). */
const MIN_BLOCK_BYTES = 28

/**
 * Walks the whole blocks of buf[from, length), stopping at a block that runs past `length` or at zero
 * padding. Bytes that start no block (and are not zeros to the fill) are CORRUPT_COMPRESSED_DATA at
 * their offset in the input (`bufOffset` is the input offset of buf[0]).
 */
export function walkBgzfBlocks(
  buf: Uint8Array,
  from: number,
  length: number,
  bufOffset: number,
  kind: BgzfInputKind,
): BlockWalk {
  let end = from
  while (true) {
    const size = bgzfBlockSize(buf, end, length)
    if (size === -2 && allZero(buf.subarray(end, length))) return { end, zeroPadding: true }
    if (size === -2 || (size > 0 && size < MIN_BLOCK_BYTES)) throw notBgzfError(bufOffset + end, kind)
    if (size === -1 || end + size > length) return { end, zeroPadding: false }
    end += size
  }
}

/** True when every byte is zero. */
export function allZero(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0)
}

export function notBgzfError(offset: number, kind: BgzfInputKind): GeneticsInputError {
  return new GeneticsInputError(
    'CORRUPT_COMPRESSED_DATA',
    `the data at byte ${offset} is not a BGZF block; the ${kind} is corrupt or was not written by bgzip`,
  )
}

export function truncatedBgzfError(offset: number, kind: BgzfInputKind): GeneticsInputError {
  return new GeneticsInputError(
    'TRUNCATED_INPUT',
    `the BGZF ${kind} ends inside a compressed block (at byte ${offset}); ${kind === 'file' ? 'the file' : 'it'} looks truncated`,
  )
}
