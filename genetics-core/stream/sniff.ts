// Identifies the container from the first bytes of a file: zip (PK\3\4), gzip (1f 8b 08), BGZF (gzip
// with a 'BC' extra subfield, as bgzip and htslib write), BCF (its magic, raw or inside BGZF), or
// plain text. Also walks BGZF block headers, which is how the parallel reader cuts a file.

import { open, stat } from 'node:fs/promises'
import { GeneticsInputError } from '../errors'
import type { Compression } from '../types'
import { isStandardInput, standardInput } from './standard-input'

/** A control byte that text does not hold (tab, line feed, vertical tab, form feed and CR are text's). */
export function isNonTextControlByte(c: number): boolean {
  return c < 9 || (c > 13 && c < 32)
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4
}

/**
 * 'BCF' followed by a version byte: 2 for BCF2, 4 for the BCF1 of samtools 0.1, 1 and 3 for none yet.
 * Every such version is taken as BCF, so that one the reader does not support is named as such.
 */
export function isBcfMagic(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x42 &&
    bytes[1] === 0x43 &&
    bytes[2] === 0x46 &&
    bytes[3] >= 1 &&
    bytes[3] <= 4
  )
}

/**
 * Total size of the BGZF block starting at `offset` (BSIZE + 1), -1 when more bytes are needed to
 * tell, or -2 when the bytes there are not a BGZF block header.
 */
export function bgzfBlockSize(bytes: Uint8Array, offset: number, length = bytes.length): number {
  if (length - offset < 18)
    return length - offset >= 4 && !looksLikeBgzfStart(bytes, offset, length) ? -2 : -1
  if (!looksLikeBgzfStart(bytes, offset, length)) return -2
  const xlen = bytes[offset + 10] | (bytes[offset + 11] << 8)
  const extraEnd = offset + 12 + xlen
  if (extraEnd > length) return -1
  let p = offset + 12
  while (p + 4 <= extraEnd) {
    const slen = bytes[p + 2] | (bytes[p + 3] << 8)
    if (bytes[p] === 66 && bytes[p + 1] === 67 && slen === 2 && p + 6 <= extraEnd) {
      return (bytes[p + 4] | (bytes[p + 5] << 8)) + 1
    }
    p += 4 + slen
  }
  return -2
}

function looksLikeBgzfStart(bytes: Uint8Array, offset: number, length: number): boolean {
  if (length - offset < 4) return true
  return (
    bytes[offset] === 0x1f &&
    bytes[offset + 1] === 0x8b &&
    bytes[offset + 2] === 8 &&
    (bytes[offset + 3] & 4) !== 0
  )
}

export function sniffCompression(head: Uint8Array): Compression {
  if (isZip(head)) return 'zip'
  if (isGzip(head)) return bgzfBlockSize(head, 0) > 0 ? 'bgzf' : 'gzip'
  return 'none'
}

/** Reads up to `length` bytes from the start of a file, mapping I/O failures to typed errors. */
export async function readFileHead(
  path: string,
  length: number,
): Promise<{ head: Uint8Array; size: number }> {
  // Standard input has no size until it has been read to its end: 0 until then.
  if (isStandardInput(path)) return { head: await standardInput().head(length), size: 0 }
  const size = await fileSize(path)
  const handle = await open(path, 'r').catch((error) => {
    throw ioError(path, error)
  })
  try {
    const head = new Uint8Array(Math.min(length, size))
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return { head: head.subarray(0, bytesRead), size }
  } finally {
    await handle.close()
  }
}

export async function fileSize(path: string): Promise<number> {
  const info = await stat(path).catch((error) => {
    throw ioError(path, error)
  })
  if (!info.isFile()) throw new GeneticsInputError('FILE_UNREADABLE', 'the path is not a regular file')
  return info.size
}

/** Typed error for a failed open/read; the path is not repeated (callers know it). */
export function ioError(_path: string, error: unknown): GeneticsInputError {
  const code = (error as { code?: string })?.code
  if (code === 'ENOENT') return new GeneticsInputError('FILE_NOT_FOUND', 'file not found')
  if (code === 'EISDIR')
    return new GeneticsInputError('FILE_UNREADABLE', 'the path is a directory, not a file')
  if (code === 'EACCES' || code === 'EPERM')
    return new GeneticsInputError('FILE_UNREADABLE', 'permission denied')
  return new GeneticsInputError('FILE_UNREADABLE', `could not read the file (${code ?? 'I/O error'})`)
}

/** The 28-byte empty block bgzip writes at the end of every complete BGZF file. */
export const BGZF_EOF = Uint8Array.from([
  0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 0xff, 0x06, 0, 0x42, 0x43, 0x02, 0, 0x1b, 0, 0x03, 0, 0, 0, 0, 0, 0,
  0, 0, 0,
])

/**
 * True when the file ends with bgzip's end-of-file block, zero bytes after it allowed (tape and transfer
 * tools pad files so, and htslib reads them). A file without it was probably cut short.
 */
export async function endsWithBgzfEof(path: string): Promise<boolean> {
  // Standard input: its last bytes, once the scan has read it to its end.
  if (isStandardInput(path)) return tailEndsWithBgzfEof(standardInput().tail())
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const tail = new Uint8Array(Math.min(size, 1 << 16))
    await handle.read(tail, 0, tail.length, size - tail.length)
    return tailEndsWithBgzfEof(tail)
  } finally {
    await handle.close()
  }
}

/** Whether the last bytes of a file hold bgzip's end-of-file block, zero bytes after it allowed. */
function tailEndsWithBgzfEof(tail: Uint8Array): boolean {
  let end = tail.length
  while (end > 0 && tail[end - 1] === 0) end--
  // The block itself ends in zeros (its CRC and length): step back over those too.
  for (let zeros = 0; zeros <= BGZF_EOF.length; zeros++) {
    const start = end + zeros - BGZF_EOF.length
    if (
      start >= 0 &&
      start + BGZF_EOF.length <= tail.length &&
      BGZF_EOF.every((b, i) => tail[start + i] === b)
    )
      return true
  }
  return false
}
