// Messages between the main thread and the scan workers.

import type { GeneticsErrorCode } from '../errors'

/**
 * What a channel's worker does with a job: scan VCF text or extract allele keys from inflated BGZF
 * segments, or decode a chunk of whole BCF records (already inflated on the main thread) and scan it or
 * extract its allele keys.
 */
export type WorkerMode = 'vcf-scan' | 'allele-keys' | 'bcf-scan' | 'bcf-allele-keys'

export type WorkerMessage =
  | { type: 'init'; channel: number; mode: WorkerMode; config: unknown }
  | {
      type: 'job'
      channel: number
      id: number
      buffer: ArrayBuffer
      length: number
      recycle?: ArrayBuffer[]
      /** BCF record chunks: the number of the chunk's first record. */
      firstRecord?: number
    }

export type WorkerReply =
  | { type: 'result'; id: number; textBytes: number; result: unknown; input: ArrayBuffer }
  | { type: 'error'; id: number; kind: 'inflate' | 'internal'; offset: number; message: string }
  /** The input is bad (a damaged BCF record): the typed error as the main thread would raise it. */
  | { type: 'error'; id: number; kind: 'input'; code: GeneticsErrorCode; message: string }
