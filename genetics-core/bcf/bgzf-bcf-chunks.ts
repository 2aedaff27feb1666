// A BGZF BCF (a file, or standard input) as chunks of whole records for the workers (the scan and the
// dbSNP join both read it so). BGZF blocks do not start at records, so the main thread inflates each segment (libdeflate,
// straight into one buffer) and cuts the bytes into chunks by the records' length prefixes
// (bcf-record-chunks.ts). The header comes first, once its bytes are all in: the workers need its text
// to build the dictionaries before they decode a record.

import type { BgzfSegmentSource } from '../stream/bgzf-segments'
import { corruptCompressedData, InflateError, inflateBgzfBlocks } from '../stream/inflate-bgzf'
import { nativeGunzip } from '../stream/native-inflate'
import type { BcfHeader } from './bcf-header'
import { type BcfRecordChunk, BcfRecordChunker } from './bcf-record-chunks'

export type BcfChunkEvent =
  | { type: 'header'; header: BcfHeader; headerText: string; headerBytes: number }
  | ({ type: 'records' } & BcfRecordChunk)

export class BgzfBcfChunks {
  private readonly chunker = new BcfRecordChunker()

  /** `source` cuts the BGZF bytes (a file's, or standard input's) into segments of whole blocks. */
  constructor(private readonly reader: BgzfSegmentSource) {}

  /** Compressed bytes read so far. */
  get bytesRead(): number {
    return this.reader.bytesRead
  }

  /** Hands back a records chunk's buffer once nothing reads it any more; a later chunk is built in it. */
  recycle(buffer: ArrayBuffer): void {
    this.chunker.recycle(buffer)
  }

  /** The header, then the chunks in file order; a damaged or cut file throws where it is found. */
  async *events(): AsyncGenerator<BcfChunkEvent> {
    const native = nativeGunzip()
    let announced = false
    for await (const segment of this.reader.segments()) {
      const chunk = this.chunker.push(inflated(segment.buffer, segment.length, segment.fileOffset, native))
      this.reader.recycle(segment.buffer)
      if (!announced && this.chunker.header) {
        announced = true
        const { header, headerText, headerBytes } = this.chunker
        yield { type: 'header', header, headerText, headerBytes }
      }
      if (chunk) yield { type: 'records', ...chunk }
    }
    this.chunker.finish()
  }
}

/** A segment's blocks inflated (valid until the next call); a damaged block is named by its offset. */
function inflated(
  buffer: ArrayBuffer,
  length: number,
  fileOffset: number,
  native: ReturnType<typeof nativeGunzip>,
): Uint8Array {
  try {
    return inflateBgzfBlocks(new Uint8Array(buffer, 0, length), native)
  } catch (error) {
    if (!(error instanceof InflateError)) throw error
    throw corruptCompressedData(fileOffset, error.offset)
  }
}
