// The scan workers' side of a BCF read in parallel: a chunk of whole records (bcf-record-chunks.ts)
// decoded to VCF lines, then scanned by the same byte scanner as a VCF.GZ segment. A damaged record is
// the same typed error, with the same record number, as on one thread, and it comes after the lines
// before it have been read: one of them may hold an earlier problem.
// The scan decodes compact lines (bcf-record.ts: what the scan counts, without the floats, vectors and
// other people's genotypes it skips), and the records it keeps (target hits) again as the whole line
// `bcftools view` prints; so is each chunk's first record, whose line the main thread reads (it may
// continue an earlier piece's).

import type { GeneticsInputError } from '../errors'
import { C } from '../scan/counters'
import type { SegmentScan } from '../scan/segment-scan'
import type { VcfBodyConfig } from '../vcf/body-scanner'
import { parseBcfHeader } from './bcf-header'
import { BcfRecordDecoder } from './bcf-record'
import { TextWriter } from './text-writer'

export interface BcfChunkScanConfig {
  /** The BCF header's own text (the workers build the dictionaries from it). */
  headerText: string
  scan: VcfBodyConfig
}

export interface DecodedChunk {
  /** The lines of the records decoded, up to the damaged one when there is one. */
  text: Uint8Array
  /** A damaged record's error, to raise once `text` has been read without an earlier problem. */
  error: GeneticsInputError | null
}

export class BcfChunkDecoder {
  private readonly decoder: BcfRecordDecoder
  private readonly out = new TextWriter()
  private readonly whole = new TextWriter()
  private readonly utf8 = new TextDecoder()
  /** Where each record of the chunk decoded last starts, for decoding one again whole. */
  private starts = new Int32Array(1 << 14)
  private chunk: { bytes: Uint8Array; view: DataView; firstRecord: number } | null = null

  constructor(headerText: string) {
    this.decoder = new BcfRecordDecoder(parseBcfHeader(headerText))
  }

  /**
   * VCF text of the whole records in `bytes`, the first of them record number `firstRecord`: whole
   * lines, or with `compact` the first whole and the others compact.
   */
  decode(bytes: Uint8Array, firstRecord: number, compact = false, keptSample = 0): DecodedChunk {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    this.chunk = { bytes, view, firstRecord }
    let record = firstRecord
    let error: GeneticsInputError | null = null
    for (let at = 0; at < bytes.length; record++) {
      const before = this.out.length
      const index = record - firstRecord
      if (index >= this.starts.length) {
        const grown = new Int32Array(this.starts.length * 2)
        grown.set(this.starts)
        this.starts = grown
      }
      this.starts[index] = at
      try {
        this.decoder.decode(bytes, view, at, record, this.out, compact && index > 0, keptSample)
      } catch (e) {
        // The damaged record's partial line goes, and so do the records after it.
        this.out.length = before
        error = e as GeneticsInputError
        break
      }
      at += 8 + view.getUint32(at, true) + view.getUint32(at + 4, true)
    }
    return { text: this.out.take(), error }
  }

  /**
   * What the workers' scanner of compact lines is configured with, and which sample the lines keep: a
   * one-sample VCF's columns, its sample the counted one (the first when none is counted, as its GT is
   * not read then). A file without samples has no compact sample column.
   */
  static compactScan(scan: VcfBodyConfig): { scan: VcfBodyConfig; keptSample: number } {
    if (scan.columns <= 9) return { scan, keptSample: 0 }
    const counted = scan.sampleColumn >= 9
    return {
      scan: { ...scan, columns: 10, altColumns: 10, sampleColumn: counted ? 9 : -1 },
      keptSample: counted ? scan.sampleColumn - 9 : 0,
    }
  }

  /**
   * A scan of compact lines made whole: its hits' text becomes the whole line of their record, and its
   * decompressed bytes are the records' (`bytes` of the chunk decoded last), as on one thread.
   */
  wholeHits(scan: SegmentScan): SegmentScan {
    const chunk = this.chunk
    if (chunk === null) return scan
    for (const hit of scan.hits) {
      // A hit's line counts from the line after the chunk's first newline: record index line + 1.
      const index = hit.line + 1
      this.whole.length = 0
      this.decoder.decode(chunk.bytes, chunk.view, this.starts[index], chunk.firstRecord + index, this.whole)
      const line = this.whole.take()
      hit.text = this.utf8.decode(line.subarray(0, line.length - 1))
    }
    scan.counts[C.textBytes] = chunk.bytes.length
    return scan
  }
}

/**
 * A worker's result for a decoded chunk: what reading its text gave, unless that found nothing wrong
 * and a record was damaged, whose error then stands.
 */
export function afterDecoding<T extends { result: { error?: unknown } }>(
  decoded: DecodedChunk,
  read: (text: Uint8Array) => T,
): T {
  const done = read(decoded.text)
  if (decoded.error && !done.result.error) throw decoded.error
  return done
}
