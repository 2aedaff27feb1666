// Picks the job queue from configuration: graphile-worker when QUEUE_DATABASE_URL is set, otherwise the
// embedded queue in this service's own database.

import type { Database } from '../../../db/client'
import type { Config } from '../config'
import type { Logger } from '../logger'
import { EmbeddedQueue } from './embedded-queue'
import { GraphileQueue } from './graphile-queue'
import type { JobQueue, TaskList } from './job-queue'

export { EmbeddedQueue } from './embedded-queue'
export { GraphileQueue } from './graphile-queue'
export type { EnqueueOptions, JobQueue, StopOptions, TaskFunction, TaskList, TaskRun } from './job-queue'

export function createJobQueue(
  config: Readonly<Config>,
  db: Database,
  tasks: () => TaskList,
  log: Logger,
): JobQueue {
  if (config.queue.databaseUrl) {
    return new GraphileQueue(tasks, {
      connectionString: config.queue.databaseUrl,
      schema: config.queue.schema,
      concurrency: config.queue.concurrency,
      workerTimeoutSeconds: config.queue.workerTimeoutSeconds,
      pollIntervalMs: config.nodeEnv === 'test' ? 200 : 1000,
      log,
    })
  }
  return new EmbeddedQueue(db, tasks, {
    concurrency: config.queue.concurrency,
    pollMs: config.nodeEnv === 'test' ? 50 : 500,
    retryBaseMs: config.nodeEnv === 'test' ? 50 : 2000,
    log,
  })
}
