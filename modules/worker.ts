// Queue workers. With QUEUE_DATABASE_URL set, this process runs the graphile-worker tasks (genetics
// analysis) on PostgreSQL, and can be started on any number of machines that share the database and
// blob storage. Without it, the embedded queue runs inside `bun run start` and there is nothing to do here.

import { createApp } from './app'
import { print } from './shared/console-capture'
import { runProcess } from './shared/process'
import { GraphileQueue } from './shared/queue'

await runProcess(async (config) => {
  if (!config.queue.databaseUrl) {
    print(
      'No QUEUE_DATABASE_URL: the embedded queue runs inside the service (bun run start); nothing to do here.',
    )
    return null
  }
  const { context, close } = await createApp(config)
  await context.queue.start()
  // A runner that stopped by itself (another deployment's breaking migration) would leave this process
  // alive and idle; exit instead, so the process supervisor starts a fresh worker.
  if (context.queue instanceof GraphileQueue)
    context.queue.onStoppedByItself(() => {
      context.log.error('worker.queue_stopped', { action: 'exiting so the supervisor restarts the worker' })
      void close().finally(() => process.exit(1))
    })
  print(
    `Worker running graphile-worker tasks (schema ${config.queue.schema}, concurrency ${config.queue.concurrency})`,
  )
  return async () => {
    context.log.info('worker.stopping', { drain_seconds: config.shutdownDrainSeconds })
    // Jobs still running when the drain deadline passes are handed back to the queue.
    await close({ graceMs: config.shutdownDrainSeconds * 1000 })
  }
})
