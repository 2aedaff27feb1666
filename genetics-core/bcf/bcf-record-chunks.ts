// A BCF's decompressed bytes cut into chunks of whole records, so that the records can be decoded on
// the scan workers in parallel. Nothing marks where a BCF record starts (htslib fills BGZF blocks to
// 65,280 bytes and lets records run across them), but each record begins with its two lengths, so one
// cheap walk over the lengths on the main thread finds the boundaries. Each chunk is a fresh buffer
// (transferred to a worker, not copied); the partial record at the end of a piece starts the next chunk.
// The header is read here, once: the workers get its text to build the same dictionaries.

import { type BcfHeader, parseBcfHeader } from './bcf-header'
import { truncatedBcf } from './bcf-problems'
import { bcfHeaderText, headerUnitBytes, PREAMBLE_BYTES, recordUnitBytes } from './bcf-to-vcf-text'

export interface BcfRecordChunk {
  buffer: ArrayBuffer
  /** Bytes of whole records at the start of buffer. */
  length: number
  /** 1-based number of the chunk's first record, for the decoder's messages. */
  firstRecord: number
}

export class BcfRecordChunker {
  /** The header, once its bytes are all in. */
  header: BcfHeader | null = null
  /** The header's own text, as the workers parse it. */
  headerText = ''
  /** The header's decompressed bytes (magic, length and text). */
  headerBytes = 0
  /** Records in the chunks handed out so far. */
  records = 0
  private carry = new Uint8Array(0)
  private readonly spare: ArrayBuffer[] = []

  /** Hand back a chunk's buffer once nothing reads it any more; a later chunk is built in it. */
  recycle(buffer: ArrayBuffer): void {
    if (this.spare.length < 16) this.spare.push(buffer)
  }

  /** A record length past any real record, raised once the records before it have been handed out. */
  private damaged: Error | null = null

  /** The whole records completed by `piece` (read now: the piece may be overwritten afterwards). */
  push(piece: Uint8Array): BcfRecordChunk | null {
    if (this.damaged) throw this.damaged
    const bytes = this.joined(piece)
    const view = new DataView(bytes.buffer, 0, bytes.length)
    let start = 0
    if (this.header === null) {
      const headerBytes = headerUnitBytes(bytes, view, 0, bytes.length)
      if (headerBytes < 0 || bytes.length < headerBytes) return this.keep(bytes, 0)
      this.headerText = bcfHeaderText(bytes.subarray(PREAMBLE_BYTES, headerBytes))
      this.header = parseBcfHeader(this.headerText)
      this.headerBytes = headerBytes
      start = headerBytes
    }
    let end = start
    let records = 0
    for (;;) {
      let size: number
      try {
        size = recordUnitBytes(view, end, bytes.length - end, this.records + records + 1)
      } catch (error) {
        // The records before it go out first: one of them may be damaged inside, an earlier problem.
        this.damaged = error as Error
        break
      }
      if (size < 0 || end + size > bytes.length) break
      end += size
      records++
    }
    const firstRecord = this.records + 1
    this.records += records
    // The first chunk starts after the header: its records are moved to the front of a buffer of their own.
    const chunk = start === 0 ? bytes : this.buffer(end - start)
    if (start > 0) chunk.set(bytes.subarray(start, end))
    this.keep(bytes, end)
    if (records === 0 && this.damaged) throw this.damaged
    return records === 0 ? null : { buffer: chunk.buffer as ArrayBuffer, length: end - start, firstRecord }
  }

  /** Ends the input: the header must have been whole, and no record may have been cut short. */
  finish(): void {
    if (this.damaged) throw this.damaged
    if (this.header === null) {
      if (this.carry.length === 0) throw new Error('unreachable: a BCF detected without bytes')
      throw truncatedBcf('inside its header')
    }
    if (this.carry.length > 0) throw truncatedBcf(`inside record ${this.records + 1}`)
  }

  /** The carried bytes followed by the piece, in a buffer that can be handed to a worker. */
  private joined(piece: Uint8Array): Uint8Array {
    const bytes = this.buffer(this.carry.length + piece.length)
    bytes.set(this.carry)
    bytes.set(piece, this.carry.length)
    return bytes
  }

  /** Keeps bytes[from..] (an incomplete unit) for the next piece. */
  private keep(bytes: Uint8Array, from: number): null {
    this.carry = bytes.slice(from)
    return null
  }

  private buffer(length: number): Uint8Array<ArrayBuffer> {
    const spare = this.spare.pop()
    if (spare && spare.byteLength >= length) return new Uint8Array(spare, 0, length)
    return new Uint8Array(new ArrayBuffer(Math.max(length, 4 << 20)), 0, length)
  }
}
