// Cuts a BGZF file into segments of whole blocks (about 1 MiB of compressed data each) without
// inflating anything, so segments can be inflated on worker threads in any order and their text
// stitched back in file order. Each segment owns a fresh ArrayBuffer that can be transferred.

import { type FileHandle, open } from 'node:fs/promises'
import { GeneticsCancelledError, GeneticsInputError } from '../errors'
import { bgzfBlockSize, ioError } from './sniff'

export interface BgzfSegment {
  buffer: ArrayBuffer
  /** Bytes of whole blocks at the start of buffer. */
  length: number
  /** File offset of the first byte. */
  fileOffset: number
}

/** Longest BGZF block (BSIZE is 16 bits): the most a segment carries over into the next one. */
const MAX_BLOCK_BYTES = 1 << 16

export class BgzfSegmentReader {
  bytesRead = 0
  /** Segment buffers handed back after use, filled again rather than allocated (page faults are dear). */
  private readonly spare: ArrayBuffer[] = []

  constructor(
    private readonly path: string,
    private readonly options: { signal?: AbortSignal; segmentBytes?: number; start?: number } = {},
  ) {}

  /** Hand back a segment's buffer once nothing reads it any more; a later segment is read into it. */
  recycle(buffer: ArrayBuffer): void {
    if (this.spare.length < 16) this.spare.push(buffer)
  }

  /** A buffer of at least `bytes`: a spare one when one is big enough, else a new one with room to spare. */
  private bufferFor(bytes: number, segmentBytes: number): Uint8Array<ArrayBuffer> {
    const spare = this.spare.pop()
    if (spare && spare.byteLength >= bytes) return new Uint8Array(spare, 0, bytes)
    return new Uint8Array(new ArrayBuffer(Math.max(bytes, segmentBytes + MAX_BLOCK_BYTES)), 0, bytes)
  }

  async *segments(): AsyncGenerator<BgzfSegment> {
    const segmentBytes = this.options.segmentBytes ?? 1 << 20
    const handle = await open(this.path, 'r').catch((error) => {
      throw ioError(this.path, error)
    })
    try {
      let pending = new Uint8Array(0)
      let position = this.options.start ?? 0
      while (true) {
        if (this.options.signal?.aborted) throw new GeneticsCancelledError()
        const buf = this.bufferFor(pending.length + segmentBytes, segmentBytes)
        buf.set(pending)
        const { bytesRead } = await handle
          .read(buf, pending.length, segmentBytes, position)
          .catch((error) => {
            throw ioError(this.path, error)
          })
        const fileOffset = position - pending.length
        position += bytesRead
        this.bytesRead = position
        const length = pending.length + bytesRead
        if (bytesRead === 0) {
          if (pending.length > 0 && pending.some((byte) => byte !== 0)) {
            throw new GeneticsInputError(
              'TRUNCATED_INPUT',
              `the BGZF file ends inside a compressed block (at byte ${fileOffset}); the file looks truncated`,
            )
          }
          return
        }
        let offset = 0
        while (true) {
          const size = bgzfBlockSize(buf, offset, length)
          // Zero bytes after the last block (tape and transfer tools pad files so): the end of the data, as
          // for the single-thread reader, and as htslib reads it.
          if (size === -2 && (await zerosToEnd(handle, buf.subarray(offset, length), position))) {
            if (offset > 0) yield { buffer: buf.buffer, length: offset, fileOffset }
            return
          }
          if (size === -2 || (size > 0 && size < 28)) {
            throw new GeneticsInputError(
              'CORRUPT_COMPRESSED_DATA',
              `the data at byte ${fileOffset + offset} is not a BGZF block; the file is corrupt or was not written by bgzip`,
            )
          }
          if (size === -1 || offset + size > length) break
          offset += size
        }
        pending = buf.slice(offset, length)
        if (offset > 0) yield { buffer: buf.buffer, length: offset, fileOffset }
      }
    } finally {
      await handle.close()
    }
  }
}

/** True when `rest` and everything in the file from `position` on are zero bytes. */
async function zerosToEnd(handle: FileHandle, rest: Uint8Array, position: number): Promise<boolean> {
  if (rest.some((byte) => byte !== 0)) return false
  const chunk = new Uint8Array(1 << 16)
  for (let at = position; ; ) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, at)
    if (bytesRead === 0) return true
    if (chunk.subarray(0, bytesRead).some((byte) => byte !== 0)) return false
    at += bytesRead
  }
}
