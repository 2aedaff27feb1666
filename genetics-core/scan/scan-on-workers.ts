// The scan workers' run, whatever cuts the file into jobs (BGZF segments of a VCF.GZ, record chunks of
// a BCF): jobs go to the pool with a bounded number in flight (three per worker), results are added in
// file order, so counts, warnings, hits and line numbers are those of a one-thread read, and each job's
// input buffer goes back to the source to be filled again.

import { GeneticsCancelledError, GeneticsInputError, throwIfAborted } from '../errors'
import type { ScanWorkerPool, SegmentResult } from '../stream/worker-pool'
import { C } from './counters'
import type { LineScanner } from './line-scanner'
import type { ProgressReporter } from './progress'
import { ScanAccumulator } from './scan-accumulator'
import type { SegmentScan } from './segment-scan'

export interface WorkerRun {
  progress: ProgressReporter
  signal: AbortSignal | undefined
  segmentBytes: number | undefined
  /** Main-thread work to do once the workers have a queue of jobs. */
  whileBusy: () => void
}

export interface WorkerJobs {
  /**
   * In file order: a job handed to the pool, or a piece already scanned here (a BCF's header lines). A
   * job's promise travels in an object: an async generator would wait for a promise it yields.
   */
  jobs: AsyncIterable<WorkerJob>
  /** Takes back a finished job's input buffer. */
  recycle(buffer: ArrayBuffer): void
  bytesRead(): number
  /**
   * An input error the source itself finds waits for the jobs already sent, one of which may hold an
   * earlier one (a BCF's chunker finds a cut file before the workers have decoded the records before it).
   */
  inputErrorsWait?: boolean
}

export type WorkerJob = { pending: Promise<SegmentResult> } | { scanned: SegmentScan }

export async function scanOnWorkers(
  source: WorkerJobs,
  make: () => LineScanner,
  onHit: (text: string, line: number) => void,
  pool: ScanWorkerPool,
  run: WorkerRun,
): Promise<ScanAccumulator> {
  const { progress, signal } = run
  let whileBusy: (() => void) | null = run.whileBusy
  const onAbort = () => void pool.terminate()
  signal?.addEventListener('abort', onAbort, { once: true })
  const accumulator = new ScanAccumulator(make(), onHit)
  const maxInFlight = 3 * pool.size
  const inFlight: Promise<SegmentResult | SegmentScan>[] = []
  const drainOne = async () => {
    const done = await inFlight.shift()!
    if ('input' in done) {
      source.recycle(done.input)
      accumulator.add(done.result as SegmentScan)
    } else accumulator.add(done)
    progress.report('reading', source.bytesRead(), accumulator.counts[C.records])
    throwIfAborted(signal)
  }
  try {
    let problem: unknown = null
    try {
      for await (const job of source.jobs) {
        inFlight.push('pending' in job ? job.pending : Promise.resolve(job.scanned))
        if (whileBusy && inFlight.length >= maxInFlight) {
          whileBusy()
          whileBusy = null
        }
        while (inFlight.length >= maxInFlight) await drainOne()
      }
    } catch (error) {
      if (!source.inputErrorsWait || !(error instanceof GeneticsInputError)) throw error
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
