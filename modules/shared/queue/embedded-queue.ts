// The embedded queue: tasks persisted in the service's own database (queue_tasks) and run in-process.
// A restart resumes queued work, and a task that was running when the process died is run again (its
// attempt counted). One process owns the database file, so every 'running' row found at start is
// left over from a process that is gone.

import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client'
import { DependencyUnavailable } from '../dependency'
import type { Logger } from '../logger'
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type JobQueue,
  type StopOptions,
  type TaskList,
} from './job-queue'
import { queueTasks } from './tables'

export interface EmbeddedQueueOptions {
  concurrency: number
  /** How often to look for work that became due (retries); new work wakes the runner at once. */
  pollMs?: number
  /** First retry delay; doubles each attempt. */
  retryBaseMs?: number
  log: Logger
}

type TaskRow = typeof queueTasks.$inferSelect

export class EmbeddedQueue implements JobQueue {
  readonly kind = 'embedded' as const
  private readonly runnerId = crypto.randomUUID()
  private running = false
  private loop: Promise<void> | null = null
  private wake: (() => void) | null = null
  private readonly inFlight = new Map<string, { done: Promise<void>; abort: AbortController }>()

  constructor(
    private readonly db: Database,
    private readonly tasks: () => TaskList,
    private readonly options: EmbeddedQueueOptions,
  ) {}

  async enqueue(task: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<void> {
    const now = new Date()
    await this.db
      .insert(queueTasks)
      .values({
        key: options.key,
        ...options.scope,
        task,
        payload,
        state: 'queued',
        attempts: 0,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        run_at: now.getTime(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .onConflictDoNothing()
    this.wake?.()
  }

  /** The queue lives in the service's database: one read of its table shows it can be used. */
  async check(): Promise<void> {
    try {
      await this.db.select({ key: queueTasks.key }).from(queueTasks).limit(1)
    } catch (error) {
      throw new DependencyUnavailable('queue', error)
    }
  }

  async depth(): Promise<{ queued: number; running: number }> {
    const rows = await this.db
      .select({ state: queueTasks.state, count: sql<number>`count(*)` })
      .from(queueTasks)
      .where(inArray(queueTasks.state, ['queued', 'running']))
      .groupBy(queueTasks.state)
    const of = (state: string) => Number(rows.find((r) => r.state === state)?.count ?? 0)
    return { queued: of('queued'), running: of('running') }
  }

  async remove(key: string): Promise<boolean> {
    const rows = await this.db
      .delete(queueTasks)
      .where(and(eq(queueTasks.key, key), eq(queueTasks.state, 'queued')))
      .returning({ key: queueTasks.key })
    return rows.length > 0
  }

  async start(): Promise<void> {
    if (this.running) return
    // Work that was running when a previous process died goes back to the queue.
    await this.db
      .update(queueTasks)
      .set({ state: 'queued', locked_by: null, updated_at: new Date().toISOString() })
      .where(eq(queueTasks.state, 'running'))
    this.running = true
    this.loop = this.runLoop()
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.running) return
    this.running = false
    this.wake?.()
    for (const { abort } of this.inFlight.values()) abort.abort()
    const settled = Promise.allSettled([...this.inFlight.values()].map((f) => f.done))
    if (options.graceMs === undefined) await settled
    else {
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([settled, new Promise((done) => (timer = setTimeout(done, options.graceMs)))])
      clearTimeout(timer)
      await this.handBackUnfinished()
    }
    await this.loop
  }

  /** Tasks that ignored their abort signal past the grace period go back to the queue, attempt unspent. */
  private async handBackUnfinished(): Promise<void> {
    const keys = [...this.inFlight.keys()]
    if (keys.length === 0) return
    await this.db
      .update(queueTasks)
      .set({
        state: 'queued',
        locked_by: null,
        attempts: sql`max(${queueTasks.attempts} - 1, 0)`,
        run_at: Date.now(),
        updated_at: new Date().toISOString(),
      })
      .where(
        and(
          inArray(queueTasks.key, keys),
          eq(queueTasks.locked_by, this.runnerId),
          eq(queueTasks.state, 'running'),
        ),
      )
    this.options.log.warn('queue.handed_back', { tasks: keys.length })
  }

  /** Tasks of a state, for tests and diagnostics. */
  async list(state?: TaskRow['state']): Promise<TaskRow[]> {
    return this.db
      .select()
      .from(queueTasks)
      .where(state ? eq(queueTasks.state, state) : undefined)
  }

  private async runLoop(): Promise<void> {
    const pollMs = this.options.pollMs ?? 500
    while (this.running) {
      let claimed: TaskRow | undefined
      if (this.inFlight.size < this.options.concurrency) {
        claimed = await this.claim().catch((error) => {
          this.options.log.error('queue.claim_failed', { error: (error as Error).message })
          return undefined
        })
      }
      if (claimed) {
        this.launch(claimed)
        continue
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = null
    }
  }

  private async claim(): Promise<TaskRow | undefined> {
    const now = Date.now()
    const next = await this.db
      .select({ key: queueTasks.key })
      .from(queueTasks)
      .where(and(eq(queueTasks.state, 'queued'), lte(queueTasks.run_at, now)))
      .orderBy(asc(queueTasks.run_at), asc(queueTasks.created_at))
      .limit(1)
    if (next.length === 0) return undefined
    const [row] = await this.db
      .update(queueTasks)
      .set({
        state: 'running',
        locked_by: this.runnerId,
        attempts: sql`${queueTasks.attempts} + 1`,
        updated_at: new Date(now).toISOString(),
      })
      .where(and(eq(queueTasks.key, next[0].key), eq(queueTasks.state, 'queued')))
      .returning()
    return row
  }

  private launch(row: TaskRow): void {
    const abort = new AbortController()
    const done = this.execute(row, abort.signal).finally(() => {
      this.inFlight.delete(row.key)
      this.wake?.()
    })
    this.inFlight.set(row.key, { done, abort })
  }

  private async execute(row: TaskRow, signal: AbortSignal): Promise<void> {
    const fn = this.tasks()[row.task]
    const finish = (patch: Partial<TaskRow>) =>
      this.db
        .update(queueTasks)
        .set({ ...patch, locked_by: null, updated_at: new Date().toISOString() })
        .where(and(eq(queueTasks.key, row.key), eq(queueTasks.locked_by, this.runnerId)))
    try {
      if (!fn) throw new Error(`no task named ${row.task}`)
      await fn(row.payload, { key: row.key, attempt: row.attempts, maxAttempts: row.max_attempts, signal })
      await finish({ state: 'done', last_error: null })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (signal.aborted) {
        // Shut down mid-task: hand it back without spending an attempt.
        await finish({ state: 'queued', attempts: row.attempts - 1, run_at: Date.now() })
        return
      }
      const last = row.attempts >= row.max_attempts
      const delay = (this.options.retryBaseMs ?? 2000) * 2 ** (row.attempts - 1)
      this.options.log.warn('queue.task_failed', {
        task: row.task,
        key: row.key,
        attempt: row.attempts,
        last,
      })
      await finish(
        last
          ? { state: 'failed', last_error: message }
          : { state: 'queued', last_error: message, run_at: Date.now() + delay },
      )
    }
  }
}
