// Starts the HTTP service on the configured port (embedded defaults: SQLite file and blobs under ./data,
// development mail outbox) and prints where it listens.

import { type App, createApp } from './app'
import { startUploadSweeper } from './genetics/upload-sweeper'
import { type Config, ConfigError } from './shared/config'
import { print } from './shared/console-capture'
import { drainServer } from './shared/drain'
import { runProcess } from './shared/process'
import { startUnfinishedImportSweeper } from './sources/unfinished-imports'

function describeDatabase(url: string): string {
  if (url.startsWith('file:')) return url
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return 'remote libsql'
  }
}

/**
 * Listen without SO_REUSEPORT (Elysia's default turns it on): a second copy on a busy port must fail now,
 * not share the socket with another process and its other database.
 */
function listenOrExplain(app: App, config: Readonly<Config>, maxRequestBodySize: number): void {
  try {
    app.listen({ port: config.port, hostname: config.host, maxRequestBodySize, reusePort: false })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE')
      throw new ConfigError(
        `PORT ${config.port} is already in use on ${config.host}: another process listens there. Stop it or set PORT to a free port.`,
      )
    if (code === 'EACCES')
      throw new ConfigError(
        `PORT ${config.port} on ${config.host} needs privileges this user lacks; use a port above 1023 behind a reverse proxy.`,
      )
    if (code === 'EADDRNOTAVAIL')
      throw new ConfigError(`HOST ${config.host} is not an address of this machine; set HOST to one that is.`)
    throw error
  }
}

await runProcess(async (config) => {
  const { app, context, close, drain } = await createApp(config)
  // Genetics upload parts stream through this server; let a whole file through in one PUT if sent so.
  const maxRequestBodySize = Math.max(config.maxBodyBytes, config.genetics.maxUploadBytes)
  listenOrExplain(app, config, maxRequestBodySize)
  // The embedded queue runs inside the service; with graphile-worker, `bun run worker` runs the tasks.
  if (context.queue.kind === 'embedded') await context.queue.start()
  const stopSweeper = startUploadSweeper(context)
  const stopImportSweeper = startUnfinishedImportSweeper(context)
  const mail = config.smtpUrl
    ? 'SMTP'
    : `development outbox (read it at ${config.publicBaseUrl}/dev/outbox?email=...)`
  const shownHost =
    config.host === '127.0.0.1' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  print(`Wellness Data Service listening on http://${shownHost}:${config.port}`)
  print(`  database: ${describeDatabase(config.databaseUrl)}`)
  print(`  mail: ${mail}`)
  print(`  OpenAPI: ${config.publicBaseUrl}/openapi.json`)
  print(
    `  queue: ${context.queue.kind === 'embedded' ? 'embedded (in-process)' : 'graphile-worker (run `bun run worker`)'}`,
  )
  if (context.payments)
    print(
      `  x402: ${Object.entries(context.payments.facilitatorOf)
        .map(([network, url]) => `${network} via ${url}`)
        .join(', ')}`,
    )
  return async () => {
    // One deadline for the whole drain: running requests first, then running jobs.
    const deadlineAt = Date.now() + config.shutdownDrainSeconds * 1000
    context.log.info('server.stopping', { drain_seconds: config.shutdownDrainSeconds })
    stopSweeper()
    stopImportSweeper()
    const unfinished = await drainServer(app.server!, drain, deadlineAt)
    if (unfinished > 0) context.log.warn('server.drain_deadline_passed', { unfinished_requests: unfinished })
    await close({ graceMs: Math.max(0, deadlineAt - Date.now()) })
    context.log.info('server.stopped')
  }
})
