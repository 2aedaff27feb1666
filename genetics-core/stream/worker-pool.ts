// A small pool of scan workers for one job. Segments go round-robin; each submit returns a promise
// for that segment's result, and callers await them in submission order, which keeps the text in
// file order and bounds memory by the number of segments in flight. A worker that throws, exits or
// is terminated rejects everything it still owed with a typed error, so no caller waits forever.

import type { Worker } from 'node:worker_threads'
import { GeneticsCancelledError, GeneticsInputError } from '../errors'
import { corruptCompressedData } from './inflate-bgzf'
import type { WorkerMessage, WorkerMode, WorkerReply } from './worker-protocol'

/** A segment's result, and its input buffer handed back for the reader to fill again. */
export interface SegmentResult {
  textBytes: number
  result: unknown
  input: ArrayBuffer
}

interface Pending {
  resolve: (value: SegmentResult) => void
  reject: (error: Error) => void
  fileOffset: number
}

interface PoolWorker {
  worker: Worker
  pending: Map<number, Pending>
}

const WORKER_URL = new URL('./scan-worker.ts', import.meta.url)

export class ScanWorkerPool {
  private readonly workers: PoolWorker[] = []
  private nextId = 1
  private turn = 0
  private closed = false
  private failure: Error | null = null

  constructor(size: number) {
    for (let i = 0; i < size; i++) this.workers.push(this.spawn())
  }

  get size(): number {
    return this.workers.length
  }

  private spawn(): PoolWorker {
    // Loaded by the first pool, not by every scan that imports this file: a plain consumer file never
    // starts a worker, and the module took about 7 ms of its start-up.
    const { Worker } = import.meta.require('node:worker_threads') as typeof import('node:worker_threads')
    const worker = new Worker(WORKER_URL)
    const entry: PoolWorker = { worker, pending: new Map() }
    worker.on('message', (reply: WorkerReply) => {
      const job = entry.pending.get(reply.id)
      if (!job) return
      entry.pending.delete(reply.id)
      if (reply.type === 'result')
        job.resolve({ textBytes: reply.textBytes, result: reply.result, input: reply.input })
      else if (reply.kind === 'input') job.reject(new GeneticsInputError(reply.code, reply.message))
      else if (reply.kind === 'inflate') job.reject(corruptCompressedData(job.fileOffset, reply.offset))
      else job.reject(new GeneticsInputError('WORKER_FAILED', `a scan worker failed: ${reply.message}`))
    })
    const failAll = (error: Error) => {
      this.failure ??= error
      for (const job of entry.pending.values()) job.reject(error)
      entry.pending.clear()
    }
    worker.on('error', (error) =>
      failAll(
        new GeneticsInputError('WORKER_FAILED', `a scan worker crashed: ${String(error?.message ?? error)}`),
      ),
    )
    worker.on('exit', () => {
      if (!this.closed) failAll(new GeneticsInputError('WORKER_FAILED', 'a scan worker stopped unexpectedly'))
      else failAll(new GeneticsCancelledError())
    })
    return entry
  }

  /** Sends a processor configuration to every worker. */
  init(channel: number, mode: WorkerMode, config: unknown): void {
    const message: WorkerMessage = { type: 'init', channel, mode, config }
    for (const w of this.workers) w.worker.postMessage(message)
  }

  /** Hands a segment (its buffer is transferred) to the next worker. */
  submit(
    channel: number,
    buffer: ArrayBuffer,
    length: number,
    fileOffset: number,
    recycle?: ArrayBuffer[],
    firstRecord?: number,
  ) {
    if (this.failure) return Promise.reject(this.failure)
    if (this.closed) return Promise.reject(new GeneticsCancelledError())
    const entry = this.workers[this.turn++ % this.workers.length]
    const id = this.nextId++
    const promise = new Promise<SegmentResult>((resolve, reject) => {
      entry.pending.set(id, { resolve, reject, fileOffset })
    })
    // Marked handled here: after a failure the caller stops awaiting later segments, and their
    // rejections must not surface as unhandled.
    promise.catch(() => {})
    const message: WorkerMessage = {
      type: 'job',
      channel,
      id,
      buffer,
      length,
      recycle,
      ...(firstRecord !== undefined ? { firstRecord } : {}),
    }
    entry.worker.postMessage(message, recycle ? [buffer, ...recycle] : [buffer])
    return promise
  }

  /** Stops every worker; pending results reject with a cancelled error. */
  async terminate(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.all(this.workers.map((w) => w.worker.terminate().catch(() => 0)))
    for (const w of this.workers) {
      for (const job of w.pending.values()) job.reject(new GeneticsCancelledError())
      w.pending.clear()
    }
  }
}
