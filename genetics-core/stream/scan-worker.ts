// Worker thread: receives segments of whole BGZF blocks, inflates them and runs the channel's
// processor (the VCF body scanner, or the allele-key extractor of the dbSNP join) over the text.
// Only small results travel back (counters, partial edge lines, hit lines, typed-array batches).

import { parentPort } from 'node:worker_threads'
import { afterDecoding, BcfChunkDecoder, type BcfChunkScanConfig } from '../bcf/bcf-chunk-scan'
import { type AlleleKeyConfig, AlleleKeyExtractor, type BcfAlleleKeyConfig } from '../dbsnp/allele-keys'
import { GeneticsInputError } from '../errors'
import { detachOnceBeforeHotCode } from '../scan/jit-hints'
import type { SegmentScan } from '../scan/segment-scan'
import { type VcfBodyConfig, VcfBodyScanner } from '../vcf/body-scanner'
import { InflateError, inflateBgzfBlocks } from './inflate-bgzf'
import type { WorkerMessage, WorkerMode, WorkerReply } from './worker-protocol'

interface Processor {
  /** True when jobs bring bytes to process as they are, not BGZF blocks to inflate first. */
  rawInput?: boolean
  process(text: Uint8Array, firstRecord?: number): { result: unknown; transfer: ArrayBuffer[] }
  /** Buffers the main thread hands back for reuse (allele batches). */
  recycle?(buffers: ArrayBuffer[]): void
}

/** A segment scan's result with the buffers that travel back without a copy. */
function scanned(scanner: VcfBodyScanner, text: Uint8Array) {
  return transferred(scanner.scanPiece(text))
}

function transferred(result: SegmentScan) {
  return {
    result,
    transfer: [
      result.counts.buffer as ArrayBuffer,
      result.head.buffer as ArrayBuffer,
      result.tail.buffer as ArrayBuffer,
    ],
  }
}

/** A piece's allele keys with the buffers that travel back without a copy. */
function extracted(extractor: AlleleKeyExtractor, text: Uint8Array) {
  const result = extractor.extractPiece(text)
  return { result, transfer: extractor.transferList(result) }
}

function createProcessor(mode: WorkerMode, config: unknown): Processor {
  if (mode === 'vcf-scan') {
    const scanner = new VcfBodyScanner(config as VcfBodyConfig)
    return { process: (text) => scanned(scanner, text) }
  }
  if (mode === 'bcf-scan') {
    const { headerText, scan } = config as BcfChunkScanConfig
    const decoder = new BcfChunkDecoder(headerText)
    const compact = BcfChunkDecoder.compactScan(scan)
    const scanner = new VcfBodyScanner(compact.scan)
    return {
      rawInput: true,
      process: (records, firstRecord = 1) =>
        afterDecoding(decoder.decode(records, firstRecord, true, compact.keptSample), (text) =>
          transferred(decoder.wholeHits(scanner.scanPiece(text))),
        ),
    }
  }
  if (mode === 'allele-keys') {
    const extractor = new AlleleKeyExtractor(config as AlleleKeyConfig)
    return {
      process: (text) => extracted(extractor, text),
      recycle: (buffers) => extractor.recycle(buffers),
    }
  }
  if (mode === 'bcf-allele-keys') {
    const { headerText, keys } = config as BcfAlleleKeyConfig
    const decoder = new BcfChunkDecoder(headerText)
    const extractor = new AlleleKeyExtractor(keys)
    return {
      rawInput: true,
      process: (records, firstRecord = 1) =>
        // Compact lines (bcf-record.ts): the keys are made of CHROM, POS, ID, REF and ALT alone.
        afterDecoding(decoder.decode(records, firstRecord, true), (text) => extracted(extractor, text)),
      recycle: (buffers) => extractor.recycle(buffers),
    }
  }
  throw new Error(`unknown worker mode ${mode}`)
}

detachOnceBeforeHotCode()
const port = parentPort
if (!port) throw new Error('scan-worker must run as a worker thread')
const processors = new Map<number, Processor>()
let jobs = 0
const GC_EVERY = Number(process.env.GENETICS_WORKER_GC_EVERY ?? 16)

port.on('message', (message: WorkerMessage) => {
  if (message.type === 'init') {
    processors.set(message.channel, createProcessor(message.mode, message.config))
    return
  }
  const reply = (r: WorkerReply, transfer: ArrayBuffer[] = []) =>
    port.postMessage(
      r,
      transfer.filter((b, i, all) => b.byteLength > 0 && all.indexOf(b) === i),
    )
  try {
    const processor = processors.get(message.channel)
    if (!processor) throw new Error(`channel ${message.channel} was not initialised`)
    if (message.recycle) processor.recycle?.(message.recycle)
    const input = new Uint8Array(message.buffer, 0, message.length)
    const text = processor.rawInput ? input : inflateBgzfBlocks(input)
    const { result, transfer } = processor.process(text, message.firstRecord)
    // The segment's compressed bytes are spent once inflated: the buffer goes back to the reader, which
    // fills it with a later segment instead of touching a fresh megabyte of memory for each one.
    reply({ type: 'result', id: message.id, textBytes: text.length, result, input: message.buffer }, [
      ...transfer,
      message.buffer,
    ])
    // Each segment leaves ~5 MB of inflated text behind; collecting every few segments keeps a
    // worker's memory flat instead of letting garbage pile up to hundreds of MB.
    if (GC_EVERY > 0 && ++jobs % GC_EVERY === 0) Bun.gc(true)
  } catch (error) {
    if (error instanceof GeneticsInputError) {
      reply({ type: 'error', id: message.id, kind: 'input', code: error.code, message: error.message })
      return
    }
    const offset = error instanceof InflateError ? error.offset : -1
    reply({
      type: 'error',
      id: message.id,
      kind: error instanceof InflateError ? 'inflate' : 'internal',
      offset,
      message: String((error as Error)?.message ?? error),
    })
  }
})
