// Queue workers. With QUEUE_DATABASE_URL set, this process runs the graphile-worker tasks (genetics
// analysis) on PostgreSQL, and can be started on any number of machines that share the database and
// blob storage. Without it, the embedded queue runs inside `bun run start` and there is nothing to do here.

import { createApp } from './app'
import { ConfigError, loadConfig } from './shared/config'

try {
  const config = loadConfig()
  if (!config.queue.databaseUrl) {
    console.log(
      'No QUEUE_DATABASE_URL: the embedded queue runs inside the service (bun run start); nothing to do here.',
    )
    process.exit(0)
  }
  const { context, close } = await createApp(config)
  await context.queue.start()
  console.log(
    `Worker running graphile-worker tasks (schema ${config.queue.schema}, concurrency ${config.queue.concurrency})`,
  )
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    context.log.info('worker.stopping')
    await close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`)
    process.exit(1)
  }
  throw error
}
