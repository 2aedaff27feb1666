// The job queue both implementations share: task functions keyed by name, a payload, and a job key that
// makes enqueueing idempotent. The embedded queue (SQLite, in-process) and graphile-worker (PostgreSQL,
// `bun run worker` on any number of machines) run the very same task functions.

import type { Scope } from '../principal'

export interface TaskRun {
  /** The key the work was enqueued under (e.g. a genetics job id). */
  key: string
  /** 1 on the first run; counts runs interrupted by a crash too. */
  attempt: number
  maxAttempts: number
  /** Fires when the worker shuts down; a task stops early and is run again later. */
  signal: AbortSignal
}

/**
 * A unit of queued work. Throwing asks for a retry (until maxAttempts); a task that knows its input is
 * bad records the failure itself and returns, because retrying would not help.
 */
export type TaskFunction = (payload: Record<string, unknown>, run: TaskRun) => Promise<void>
export type TaskList = Record<string, TaskFunction>

export interface EnqueueOptions {
  key: string
  /** Whose work it is; kept with the queued task like every stored record. */
  scope: Scope
  maxAttempts?: number
}

export interface StopOptions {
  graceMs?: number
}

export interface JobQueue {
  readonly kind: 'embedded' | 'graphile'
  enqueue(task: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<void>
  /** Drop work that has not started yet; true when it was removed. */
  remove(key: string): Promise<boolean>
  /** Throw DependencyUnavailable('queue') unless the queue's store answers now (readiness). */
  check(): Promise<void>
  /** Jobs waiting and running now, across every worker (metrics). */
  depth(): Promise<{ queued: number; running: number }>
  /** Start running tasks in this process. */
  start(): Promise<void>
  /**
   * Stop taking work, let running tasks see their abort signal, and release connections. With `graceMs`,
   * tasks still running after that long are handed back to the queue (run again later) without waiting.
   */
  stop(options?: StopOptions): Promise<void>
}

export const DEFAULT_MAX_ATTEMPTS = 3
