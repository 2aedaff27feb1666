// The queue at scale: graphile-worker on PostgreSQL (QUEUE_DATABASE_URL). The service only enqueues;
// `bun run worker` runs the tasks, on any number of machines. Each worker process keeps a heartbeat row;
// when a process dies mid-job (killed, machine lost), another worker notices its silence and unlocks its
// jobs, so the job runs again promptly instead of waiting out graphile-worker's four-hour lock expiry.

import { EventEmitter } from 'node:events'
import type { Job, Runner, WorkerEvents, WorkerUtils } from 'graphile-worker'
import { DependencyUnavailable, unavailableDependency } from '../dependency'
import { lazyModule } from '../lazy-module'
import type { Logger } from '../logger'
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type JobQueue,
  type StopOptions,
  type TaskList,
} from './job-queue'

export interface GraphileQueueOptions {
  connectionString: string
  schema: string
  concurrency: number
  /** A worker silent this long is taken as dead. */
  workerTimeoutSeconds: number
  pollIntervalMs?: number
  log: Logger
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * graphile-worker itself, loaded on first use: a service on the embedded queue never pays for it, and
 * one on PostgreSQL pays when it first enqueues or starts, not at start-up.
 */
const graphileWorker = lazyModule(() => import('graphile-worker'))
type GraphileWorker = Awaited<ReturnType<typeof graphileWorker>>

/** graphile-worker's log lines go to our logger at debug level (they carry task names and ids only). */
function graphileLogger(GraphileLogger: GraphileWorker['Logger'], log: Logger) {
  return new GraphileLogger(() => (level: string, message: string) => {
    if (level === 'error') log.error('queue.graphile', { message })
    else if (level === 'warning') log.warn('queue.graphile', { message })
    else log.debug('queue.graphile', { message })
  })
}

export class GraphileQueue implements JobQueue {
  readonly kind = 'graphile' as const
  private utils: Promise<WorkerUtils> | null = null
  private runner: Runner | null = null
  private stopping = false
  private readonly stoppedByItself: (() => void)[] = []
  private heartbeat: ReturnType<typeof setInterval> | null = null
  /** The ids this process's jobs are locked by (graphile-worker's pool ids), kept alive by the heartbeat. */
  private readonly workerIds = new Set<string>()

  constructor(
    private readonly tasks: () => TaskList,
    private readonly options: GraphileQueueOptions,
  ) {}

  private get heartbeatTable() {
    return `${quoteIdent(this.options.schema)}.wds_worker_heartbeats`
  }

  private workerUtils(): Promise<WorkerUtils> {
    this.utils ??= graphileWorker()
      .then(({ makeWorkerUtils, Logger }) =>
        makeWorkerUtils({
          connectionString: this.options.connectionString,
          schema: this.options.schema,
          logger: graphileLogger(Logger, this.options.log),
        }),
      )
      .then(
        async (utils) => {
          await utils.migrate()
          return utils
        },
        (error) => {
          // Forget a failed connection so that the next request tries again once PostgreSQL is back.
          this.utils = null
          throw new DependencyUnavailable('queue', error)
        },
      )
    return this.utils
  }

  /** Run `work` with the worker utilities; a connection failure is the queue being unavailable. */
  private async withUtils<T>(work: (utils: WorkerUtils) => Promise<T>): Promise<T> {
    const utils = await this.workerUtils()
    try {
      return await work(utils)
    } catch (error) {
      if (unavailableDependency(error) !== null) throw new DependencyUnavailable('queue', error)
      throw error
    }
  }

  async enqueue(task: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<void> {
    await this.withUtils((utils) =>
      utils.addJob(task, payload, {
        jobKey: options.key,
        jobKeyMode: 'preserve_run_at',
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      }),
    )
  }

  async remove(key: string): Promise<boolean> {
    const result = await this.withUtils((utils) =>
      utils.withPgClient((client) =>
        client.query(`select * from ${quoteIdent(this.options.schema)}.remove_job($1)`, [key]),
      ),
    )
    return (result.rows[0] as { id?: string } | undefined)?.id != null
  }

  async depth(): Promise<{ queued: number; running: number }> {
    const result = await this.withUtils((utils) =>
      utils.withPgClient((client) =>
        client.query(
          `select count(*) filter (where locked_at is null and attempts < max_attempts)::int as queued,
                  count(*) filter (where locked_at is not null)::int as running
             from ${quoteIdent(this.options.schema)}._private_jobs`,
        ),
      ),
    )
    const row = result.rows[0] as { queued: number; running: number }
    return { queued: row.queued, running: row.running }
  }

  async check(): Promise<void> {
    await this.withUtils((utils) => utils.withPgClient((client) => client.query('select 1')))
  }

  async start(): Promise<void> {
    if (this.runner) return
    const tasks = this.tasks()
    const taskList = Object.fromEntries(
      Object.entries(tasks).map(([name, fn]) => [
        name,
        async (payload: unknown, helpers: { job: Job; abortSignal: AbortSignal }) => {
          await fn(payload as Record<string, unknown>, {
            key: helpers.job.key ?? helpers.job.id,
            attempt: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
            signal: helpers.abortSignal,
          })
        },
      ]),
    )
    // graphile-worker (0.18) locks jobs with the id of its worker pool, not of the single workers, and
    // creates the pool inside run(), before run() resolves. The heartbeat once followed 'worker:create'
    // on runner.events, attached after run(): it never heard of a worker, and its ids were not the ones
    // in locked_by anyway. No heartbeat was written, so another worker took this one's running jobs
    // for a dead worker's after QUEUE_WORKER_TIMEOUT_SECONDS and ran them a second time. The emitter
    // (and the table the first beat writes to) now exist before run(), and the pool's id is beaten.
    await this.ensureHeartbeatTable()
    const events: WorkerEvents = new EventEmitter()
    events.on('pool:create', ({ workerPool }) => {
      this.workerIds.add(workerPool.id)
      this.beat().catch((error) =>
        this.options.log.warn('queue.heartbeat_failed', { error: (error as Error).message }),
      )
    })
    events.on('pool:release', ({ workerPool }) => this.workerIds.delete(workerPool.id))
    const { run, Logger } = await graphileWorker()
    this.runner = await run({
      connectionString: this.options.connectionString,
      schema: this.options.schema,
      concurrency: this.options.concurrency,
      pollInterval: this.options.pollIntervalMs ?? 1000,
      noHandleSignals: true,
      logger: graphileLogger(Logger, this.options.log),
      taskList: taskList as never,
      crontab: '',
      events,
    })
    this.stopping = false
    // graphile-worker ends its own pool when another deployment announces a breaking schema migration
    // (and sets exit code 57): the process then idles forever unless someone is told.
    this.runner.promise.then(
      () => this.announceStoppedByItself(),
      () => this.announceStoppedByItself(),
    )
    await this.beat()
    await this.reclaimFromDeadWorkers()
    const every = Math.max(250, Math.min(5000, (this.options.workerTimeoutSeconds * 1000) / 3))
    this.heartbeat = setInterval(() => {
      void this.beat()
        .then(() => this.reclaimFromDeadWorkers())
        .catch((error) =>
          this.options.log.warn('queue.heartbeat_failed', { error: (error as Error).message }),
        )
    }, every)
  }

  /** Call `callback` when the runner stops without stop() having been asked (a worker should then exit). */
  onStoppedByItself(callback: () => void): void {
    this.stoppedByItself.push(callback)
  }

  private announceStoppedByItself(): void {
    if (this.stopping) return
    for (const callback of this.stoppedByItself) callback()
  }

  async stop(options: StopOptions = {}): Promise<void> {
    this.stopping = true
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = null
    if (this.runner) {
      const ids = [...this.workerIds]
      // The runner may already have stopped itself (e.g. on a fatal error); stopping twice throws.
      const stopped = this.runner.stop().catch(() => {})
      if (options.graceMs === undefined) await stopped
      else if (
        (await Promise.race([stopped.then(() => true), Bun.sleep(options.graceMs).then(() => false)])) ===
        false
      ) {
        // Jobs still running stay locked by this worker; without its heartbeat, another worker (or this
        // one on restart) reclaims them after QUEUE_WORKER_TIMEOUT_SECONDS, as after a crash.
        this.options.log.warn('queue.stop_grace_passed', {})
        this.runner = null
        return
      }
      this.runner = null
      if (ids.length > 0) {
        const utils = await this.workerUtils()
        await utils
          .withPgClient((c) => c.query(`delete from ${this.heartbeatTable} where worker_id = any($1)`, [ids]))
          .catch(() => {})
      }
    }
    if (this.utils) {
      const utils = await this.utils
      this.utils = null
      await utils.release()
    }
  }

  private async ensureHeartbeatTable(): Promise<void> {
    const utils = await this.workerUtils()
    await utils.withPgClient((c) =>
      c.query(
        `create table if not exists ${this.heartbeatTable} (worker_id text primary key, seen_at timestamptz not null)`,
      ),
    )
  }

  private async beat(): Promise<void> {
    if (this.workerIds.size === 0) return
    const utils = await this.workerUtils()
    await utils.withPgClient((c) =>
      c.query(
        `insert into ${this.heartbeatTable} (worker_id, seen_at) select unnest($1::text[]), now()
         on conflict (worker_id) do update set seen_at = excluded.seen_at`,
        [[...this.workerIds]],
      ),
    )
  }

  /** Unlock jobs held by workers whose heartbeat went silent (or never started) longer than the timeout. */
  private async reclaimFromDeadWorkers(): Promise<void> {
    const utils = await this.workerUtils()
    const timeout = `${this.options.workerTimeoutSeconds} seconds`
    const schema = quoteIdent(this.options.schema)
    const dead = await utils.withPgClient((c) =>
      c.query<{ worker_id: string }>(
        `select distinct j.locked_by as worker_id from ${schema}._private_jobs j
         where j.locked_by is not null and j.locked_at < now() - $1::interval
           and not exists (select 1 from ${this.heartbeatTable} h
                           where h.worker_id = j.locked_by and h.seen_at >= now() - $1::interval)`,
        [timeout],
      ),
    )
    const ids = dead.rows.map((r) => r.worker_id).filter((id) => !this.workerIds.has(id))
    if (ids.length === 0) return
    this.options.log.warn('queue.reclaimed_jobs_of_dead_workers', { workers: ids.length })
    await utils.forceUnlockWorkers(ids)
    await utils.withPgClient((c) =>
      c.query(`delete from ${this.heartbeatTable} where worker_id = any($1)`, [ids]),
    )
  }
}
