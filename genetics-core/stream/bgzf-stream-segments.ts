// Cuts BGZF arriving as a stream (standard input) into segments of whole blocks, as BgzfSegmentReader
// does for a file, so the scan workers inflate a piped .vcf.gz in parallel too. A stream cannot be read
// at an offset: its pieces are copied into segment buffers as they come, and the partial block at the
// end of one segment starts the next.

import { GeneticsCancelledError } from '../errors'
import { allZero, notBgzfError, truncatedBgzfError, walkBgzfBlocks } from './bgzf-block-walk'
import type { BgzfSegment } from './bgzf-segments'

/** Longest BGZF block (BSIZE is 16 bits): the most a segment carries over into the next one. */
const MAX_BLOCK_BYTES = 1 << 16

export class BgzfStreamSegmentReader {
  bytesRead = 0
  /** Segment buffers handed back after use, filled again rather than allocated. */
  private readonly spare: ArrayBuffer[] = []

  constructor(
    private readonly pieces: AsyncIterable<Uint8Array>,
    private readonly options: { signal?: AbortSignal; segmentBytes?: number } = {},
  ) {}

  /** Hand back a segment's buffer once nothing reads it any more; a later segment is read into it. */
  recycle(buffer: ArrayBuffer): void {
    if (this.spare.length < 16) this.spare.push(buffer)
  }

  private newBuffer(capacity: number): Uint8Array<ArrayBuffer> {
    const spare = this.spare.pop()
    return new Uint8Array(spare && spare.byteLength >= capacity ? spare : new ArrayBuffer(capacity))
  }

  async *segments(): AsyncGenerator<BgzfSegment> {
    const segmentBytes = this.options.segmentBytes ?? 1 << 20
    const capacity = segmentBytes + MAX_BLOCK_BYTES
    let buf = this.newBuffer(capacity)
    let filled = 0
    /** End of the whole blocks found in buf so far. */
    let whole = 0
    /** Stream offset of buf[0]. */
    let streamOffset = 0
    /** Zero bytes after the last block (transfer tools pad so): everything after must be zero too. */
    let padding = false
    const walk = () => {
      if (padding) return
      const found = walkBgzfBlocks(buf, whole, filled, streamOffset, 'stream')
      whole = found.end
      padding = found.zeroPadding
    }
    for await (const piece of this.pieces) {
      if (this.options.signal?.aborted) throw new GeneticsCancelledError()
      this.bytesRead += piece.length
      if (padding) {
        if (!allZero(piece)) throw notBgzfError(streamOffset + whole, 'stream')
        continue
      }
      for (let at = 0; at < piece.length; ) {
        const taken = Math.min(piece.length - at, capacity - filled)
        buf.set(piece.subarray(at, at + taken), filled)
        filled += taken
        at += taken
        if (filled < segmentBytes) continue
        walk()
        if (padding) {
          if (!allZero(piece.subarray(at))) throw notBgzfError(streamOffset + whole, 'stream')
          break
        }
        if (whole === 0) continue
        const next = this.newBuffer(capacity)
        next.set(buf.subarray(whole, filled))
        yield { buffer: buf.buffer, length: whole, fileOffset: streamOffset }
        streamOffset += whole
        filled -= whole
        whole = 0
        buf = next
      }
    }
    walk()
    if (!padding && !allZero(buf.subarray(whole, filled)))
      throw truncatedBgzfError(streamOffset + whole, 'stream')
    if (whole > 0) yield { buffer: buf.buffer, length: whole, fileOffset: streamOffset }
  }
}
