// The scan workers' side of a BCF read in parallel: a chunk of whole records (bcf-record-chunks.ts)
// decoded to the VCF lines `bcftools view` prints, then scanned by the same byte scanner as a VCF.GZ
// segment. A damaged record is the same typed error, with the same record number, as on one thread.

import type { VcfBodyConfig } from '../vcf/body-scanner'
import { parseBcfHeader } from './bcf-header'
import { BcfRecordDecoder } from './bcf-record'
import { TextWriter } from './text-writer'

export interface BcfChunkScanConfig {
  /** The BCF header's own text (the workers build the dictionaries from it). */
  headerText: string
  scan: VcfBodyConfig
}

export class BcfChunkDecoder {
  private readonly decoder: BcfRecordDecoder
  private readonly out = new TextWriter()

  constructor(headerText: string) {
    this.decoder = new BcfRecordDecoder(parseBcfHeader(headerText))
  }

  /** VCF text of the whole records in `bytes`, the first of them record number `firstRecord`. */
  decode(bytes: Uint8Array, firstRecord: number): Uint8Array {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let record = firstRecord
    for (let at = 0; at < bytes.length; record++) {
      this.decoder.decode(bytes, view, at, record, this.out)
      at += 8 + view.getUint32(at, true) + view.getUint32(at + 4, true)
    }
    return this.out.take()
  }
}
