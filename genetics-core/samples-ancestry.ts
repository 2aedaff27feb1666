// Ancestry for every sample of a multi-sample file (the CLI's --all-samples --ancestry), spread over
// worker threads: each estimate is a few milliseconds of bootstrap fits, so a cohort of thousands is
// CPU-bound on one thread. Samples go out in batches and the answers come back in the samples' order;
// at most a few batches per worker are in flight, so memory stays flat however many samples there are.
// Small cohorts (or `workers: 0`) are estimated on this thread, where a worker's start would cost more
// than it saves.

import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { ancestryForCalls } from './analyze'
import type { AncestryResult, MissingMarkerAssumption } from './ancestry/index'
import { GeneticsCancelledError, GeneticsInputError, throwIfAborted } from './errors'
import type { GeneticsWarning, GenomeBuild, SiteCall } from './types'

export interface SampleAncestry {
  sample: string
  ancestry: AncestryResult | null
  warning: GeneticsWarning | null
}

export interface SamplesAncestryOptions {
  build: GenomeBuild | 'unknown'
  assumption: MissingMarkerAssumption
  /** Worker threads; default: one per core up to four, none below `WORKER_THRESHOLD` samples. */
  workers?: number
  /** Aborting ends the run at once with GeneticsCancelledError: batches on the workers are dropped with them. */
  signal?: AbortSignal
}

/** The message a worker gets: one batch of samples with their calls at the panel markers. */
export interface SamplesBatch {
  id: number
  build: GenomeBuild | 'unknown'
  assumption: MissingMarkerAssumption
  samples: [string, [string, SiteCall][]][]
}

export type SamplesReply = { id: number; results: SampleAncestry[] } | { id: number; error: string }

const BATCH = 32
const IN_FLIGHT_PER_WORKER = 2
const WORKER_THRESHOLD = 128
const WORKER_URL = new URL('./samples-ancestry-worker.ts', import.meta.url)

export async function* ancestryPerSample(
  samples: ReadonlyMap<string, Map<string, SiteCall>>,
  options: SamplesAncestryOptions,
): AsyncGenerator<SampleAncestry> {
  const workers =
    options.workers ?? (samples.size < WORKER_THRESHOLD ? 0 : Math.min(4, availableParallelism()))
  const { signal } = options
  if (workers <= 0) {
    for (const [sample, calls] of samples) {
      throwIfAborted(signal)
      yield { sample, ...ancestryForCalls(calls, options.build, options.assumption) }
    }
    return
  }
  const pool = Array.from({ length: workers }, () => new Worker(WORKER_URL))
  let closing = false
  const pending = new Map<number, { resolve: (r: SampleAncestry[]) => void; reject: (e: Error) => void }>()
  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }
  for (const worker of pool) {
    worker.on('message', (reply: SamplesReply) => {
      const job = pending.get(reply.id)
      if (!job) return
      pending.delete(reply.id)
      if ('error' in reply)
        job.reject(new GeneticsInputError('WORKER_FAILED', `an ancestry worker failed: ${reply.error}`))
      else job.resolve(reply.results)
    })
    worker.on('exit', () => {
      if (!closing)
        failAll(new GeneticsInputError('WORKER_FAILED', 'an ancestry worker stopped unexpectedly'))
    })
    worker.on('error', (error) =>
      failAll(
        new GeneticsInputError(
          'WORKER_FAILED',
          `an ancestry worker crashed: ${String(error?.message ?? error)}`,
        ),
      ),
    )
  }
  // A batch takes up to a second on a worker: an abort rejects what is pending instead of waiting for it.
  const onAbort = () => failAll(new GeneticsCancelledError())
  signal?.addEventListener('abort', onAbort, { once: true })
  const inFlight: Promise<SampleAncestry[]>[] = []
  let nextId = 0
  const send = (batch: [string, [string, SiteCall][]][]) => {
    const id = nextId++
    const message: SamplesBatch = { id, build: options.build, assumption: options.assumption, samples: batch }
    const result = new Promise<SampleAncestry[]>((resolve, reject) => pending.set(id, { resolve, reject }))
    result.catch(() => {}) // awaited in order below; a later batch's failure must not go unhandled first
    pool[id % pool.length].postMessage(message)
    inFlight.push(result)
  }
  try {
    let batch: [string, [string, SiteCall][]][] = []
    for (const [sample, calls] of samples) {
      throwIfAborted(signal)
      batch.push([sample, [...calls]])
      if (batch.length < BATCH) continue
      send(batch)
      batch = []
      while (inFlight.length >= workers * IN_FLIGHT_PER_WORKER) yield* await inFlight.shift()!
    }
    if (batch.length > 0) send(batch)
    while (inFlight.length > 0) yield* await inFlight.shift()!
  } finally {
    signal?.removeEventListener('abort', onAbort)
    closing = true
    await Promise.all(pool.map((worker) => worker.terminate()))
  }
}
