// The scan workers' side of a BCF read in parallel: a chunk of whole records (bcf-record-chunks.ts)
// decoded to the VCF lines `bcftools view` prints, then scanned by the same byte scanner as a VCF.GZ
// segment. A damaged record is the same typed error, with the same record number, as on one thread,
// and it comes after the lines before it have been read: one of them may hold an earlier problem.

import type { GeneticsInputError } from '../errors'
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

  constructor(headerText: string) {
    this.decoder = new BcfRecordDecoder(parseBcfHeader(headerText))
  }

  /** VCF text of the whole records in `bytes`, the first of them record number `firstRecord`. */
  decode(bytes: Uint8Array, firstRecord: number): DecodedChunk {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let record = firstRecord
    let error: GeneticsInputError | null = null
    for (let at = 0; at < bytes.length; record++) {
      const before = this.out.length
      try {
        this.decoder.decode(bytes, view, at, record, this.out)
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
