// Cuts a BGZF file into segments of whole blocks (about 1 MiB of compressed data each) without
// inflating anything, so segments can be inflated on worker threads in any order and their text
// stitched back in file order. Each segment owns a fresh ArrayBuffer that can be transferred.

import { type FileHandle, open } from 'node:fs/promises'
import { GeneticsCancelledError } from '../errors'
import { allZero, notBgzfError, truncatedBgzfError, walkBgzfBlocks } from './bgzf-block-walk'
import { ioError } from './sniff'

export interface BgzfSegment {
  buffer: ArrayBuffer
  /** Bytes of whole blocks at the start of buffer. */
  length: number
  /** File offset of the first byte. */
  fileOffset: number
}

/** What cuts BGZF bytes into segments of whole blocks: a file's reader, or standard input's. */
export interface BgzfSegmentSource {
  readonly bytesRead: number
  segments(): AsyncGenerator<BgzfSegment>
  /** Hand back a segment's buffer once nothing reads it any more. */
  recycle(buffer: ArrayBuffer): void
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
          if (!allZero(pending)) throw truncatedBgzfError(fileOffset, 'file')
          return
        }
        const walk = walkBgzfBlocks(buf, 0, length, fileOffset, 'file')
        const offset = walk.end
        // Zeros after the last block are the end of the data only if the rest of the file is zeros too.
        if (walk.zeroPadding) {
          if (!(await zerosToEnd(handle, position))) throw notBgzfError(fileOffset + offset, 'file')
          if (offset > 0) yield { buffer: buf.buffer, length: offset, fileOffset }
          return
        }
        pending = buf.slice(offset, length)
        if (offset > 0) yield { buffer: buf.buffer, length: offset, fileOffset }
      }
    } finally {
      await handle.close()
    }
  }
}

/** True when everything in the file from `position` on is zero bytes. */
async function zerosToEnd(handle: FileHandle, position: number): Promise<boolean> {
  const chunk = new Uint8Array(1 << 16)
  for (let at = position; ; ) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, at)
    if (bytesRead === 0) return true
    if (!allZero(chunk.subarray(0, bytesRead))) return false
    at += bytesRead
  }
}
