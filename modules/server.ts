// Starts the HTTP service on the configured port (embedded defaults: SQLite file and blobs under ./data,
// development mail outbox) and prints where it listens.

import { createApp } from './app'
import { startUploadSweeper } from './genetics/upload-sweeper'
import { print } from './shared/console-capture'
import { drainServer } from './shared/drain'
import { runProcess } from './shared/process'

function describeDatabase(url: string): string {
  if (url.startsWith('file:')) return url
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return 'remote libsql'
  }
}

await runProcess(async (config) => {
  const { app, context, close, drain } = await createApp(config)
  // Genetics upload parts stream through this server; let a whole file through in one PUT if sent so.
  const maxRequestBodySize = Math.max(config.maxBodyBytes, config.genetics.maxUploadBytes)
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize })
  // The embedded queue runs inside the service; with graphile-worker, `bun run worker` runs the tasks.
  if (context.queue.kind === 'embedded') await context.queue.start()
  const stopSweeper = startUploadSweeper(context)
  const mail = config.smtpUrl
    ? 'SMTP'
    : `development outbox (read it at ${config.publicBaseUrl}/dev/outbox?email=...)`
  print(`Wellness Data Service listening on http://localhost:${config.port}`)
  print(`  database: ${describeDatabase(config.databaseUrl)}`)
  print(`  mail: ${mail}`)
  print(`  OpenAPI: ${config.publicBaseUrl}/openapi.json`)
  print(
    `  queue: ${context.queue.kind === 'embedded' ? 'embedded (in-process)' : 'graphile-worker (run `bun run worker`)'}`,
  )
  return async () => {
    // One deadline for the whole drain: running requests first, then running jobs.
    const deadlineAt = Date.now() + config.shutdownDrainSeconds * 1000
    context.log.info('server.stopping', { drain_seconds: config.shutdownDrainSeconds })
    stopSweeper()
    const unfinished = await drainServer(app.server!, drain, deadlineAt)
    if (unfinished > 0) context.log.warn('server.drain_deadline_passed', { unfinished_requests: unfinished })
    await close({ graceMs: Math.max(0, deadlineAt - Date.now()) })
    context.log.info('server.stopped')
  }
})
