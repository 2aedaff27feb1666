// A BGZF-compressed BCF read on the scan workers. Its BGZF blocks do not start at records, so the main
// thread inflates each segment (libdeflate, straight into one buffer) and cuts the bytes into chunks of
// whole records by their length prefixes (bcf/bcf-record-chunks.ts); the workers decode each chunk to
// the VCF lines `bcftools view` prints and scan them as they scan a VCF.GZ. Results are added in file
// order, so counts, warnings, hits and line numbers are those of the one-thread path, and a damaged file
// ends in the error that path gives: problems found on the main thread (a cut file, a record length
// past any real record) are raised only after the chunks before them, which may hold an earlier one.

import { BcfRecordChunker } from '../bcf/bcf-record-chunks'
import { GeneticsCancelledError, GeneticsInputError, throwIfAborted } from '../errors'
import { BgzfSegmentReader } from '../stream/bgzf-segments'
import { InflateError, inflateBgzfBlocks } from '../stream/inflate-bgzf'
import { nativeGunzip } from '../stream/libdeflate-native'
import type { ScanWorkerPool, SegmentResult } from '../stream/worker-pool'
import type { VcfBodyConfig } from '../vcf/body-scanner'
import { C } from './counters'
import type { LineScanner } from './line-scanner'
import type { ProgressReporter } from './progress'
import { ScanAccumulator } from './scan-accumulator'
import type { SegmentScan } from './segment-scan'

export interface BcfWorkerRun {
  progress: ProgressReporter
  signal: AbortSignal | undefined
  segmentBytes: number | undefined
  /** Main-thread work to do once the workers have a queue of chunks. */
  whileBusy: () => void
}

export async function scanBcfOnWorkers(
  path: string,
  config: VcfBodyConfig,
  make: () => LineScanner,
  onHit: (text: string, line: number) => void,
  pool: ScanWorkerPool,
  run: BcfWorkerRun,
): Promise<ScanAccumulator> {
  const { progress, signal, segmentBytes } = run
  let whileBusy: (() => void) | null = run.whileBusy
  const onAbort = () => void pool.terminate()
  signal?.addEventListener('abort', onAbort, { once: true })
  const accumulator = new ScanAccumulator(make(), onHit)
  const reader = new BgzfSegmentReader(path, { signal, segmentBytes })
  const chunker = new BcfRecordChunker()
  const native = nativeGunzip()
  const maxInFlight = 3 * pool.size
  const inFlight: Promise<SegmentResult>[] = []
  const drainOne = async () => {
    const { result, input } = await inFlight.shift()!
    chunker.recycle(input)
    accumulator.add(result as SegmentScan)
    progress.report('reading', reader.bytesRead, accumulator.counts[C.records])
    throwIfAborted(signal)
  }
  let started = false
  try {
    // A problem found here waits for the chunks already sent: one of them may hold an earlier one.
    let problem: unknown = null
    try {
      for await (const segment of reader.segments()) {
        const chunk = chunker.push(inflated(segment.buffer, segment.length, segment.fileOffset, native))
        reader.recycle(segment.buffer)
        if (!started && chunker.header) {
          started = true
          pool.init(1, 'bcf-scan', { headerText: chunker.headerText, scan: config })
          // The header's lines go through the accumulator first, as in a VCF.GZ's first segment.
          accumulator.add(make().scanPiece(new TextEncoder().encode(chunker.header.vcfText)))
        }
        if (chunk)
          inFlight.push(
            pool.submit(1, chunk.buffer, chunk.length, segment.fileOffset, undefined, chunk.firstRecord),
          )
        if (whileBusy && inFlight.length >= maxInFlight) {
          whileBusy()
          whileBusy = null
        }
        while (inFlight.length >= maxInFlight) await drainOne()
      }
      chunker.finish()
    } catch (error) {
      if (!(error instanceof GeneticsInputError)) throw error
      problem = error
    }
    whileBusy?.()
    while (inFlight.length > 0) await drainOne()
    if (problem) throw problem
    accumulator.finish()
    throwIfAborted(signal)
  } catch (error) {
    if (signal?.aborted) throw new GeneticsCancelledError()
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
    await pool.terminate()
  }
  return accumulator
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
    throw new GeneticsInputError(
      'CORRUPT_COMPRESSED_DATA',
      `a compressed block near byte ${fileOffset + Math.max(0, error.offset)} is corrupt and cannot be inflated`,
    )
  }
}
