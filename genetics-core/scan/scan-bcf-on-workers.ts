// A BGZF-compressed BCF read on the scan workers. The main thread inflates it and cuts it into chunks of
// whole records (bcf/bgzf-bcf-chunks.ts); the workers decode each chunk to the VCF lines `bcftools view`
// prints and scan them as they scan a VCF.GZ. Results are added in file order, so counts, warnings, hits
// and line numbers are those of the one-thread path, and a damaged file ends in the error that path
// gives: problems found on the main thread (a cut file, a record length past any real record) are
// raised only after the chunks before them, which may hold an earlier one.

import { BgzfBcfChunks } from '../bcf/bgzf-bcf-chunks'
import { GeneticsCancelledError, GeneticsInputError, throwIfAborted } from '../errors'
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
  const source = new BgzfBcfChunks(path, { signal, segmentBytes })
  const maxInFlight = 3 * pool.size
  const inFlight: Promise<SegmentResult>[] = []
  const drainOne = async () => {
    const { result, input } = await inFlight.shift()!
    source.recycle(input)
    accumulator.add(result as SegmentScan)
    progress.report('reading', source.bytesRead, accumulator.counts[C.records])
    throwIfAborted(signal)
  }
  try {
    // A problem found here waits for the chunks already sent: one of them may hold an earlier one.
    let problem: unknown = null
    try {
      for await (const event of source.events()) {
        if (event.type === 'header') {
          pool.init(1, 'bcf-scan', { headerText: event.headerText, scan: config })
          // The header's lines go through the accumulator first, as in a VCF.GZ's first segment.
          accumulator.add(make().scanPiece(new TextEncoder().encode(event.header.vcfText)))
          continue
        }
        inFlight.push(pool.submit(1, event.buffer, event.length, 0, undefined, event.firstRecord))
        if (whileBusy && inFlight.length >= maxInFlight) {
          whileBusy()
          whileBusy = null
        }
        while (inFlight.length >= maxInFlight) await drainOne()
      }
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
