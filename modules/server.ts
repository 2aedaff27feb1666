// Starts the HTTP service on the configured port (embedded defaults: SQLite file and blobs under ./data,
// development mail outbox) and prints where it listens.

import { type App, createApp } from './app'
import { startUploadSweeper } from './genetics/upload-sweeper'
import { type Config, ConfigError } from './shared/config'
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
  const { app, context, close } = await createApp(config)
  // Genetics upload parts stream through this server; let a whole file through in one PUT if sent so.
  const maxRequestBodySize = Math.max(config.maxBodyBytes, config.genetics.maxUploadBytes)
  listenOrExplain(app, config, maxRequestBodySize)
  // The embedded queue runs inside the service; with graphile-worker, `bun run worker` runs the tasks.
  if (context.queue.kind === 'embedded') await context.queue.start()
  const stopSweeper = startUploadSweeper(context)
  const mail = config.smtpUrl
    ? 'SMTP'
    : `development outbox (read it at ${config.publicBaseUrl}/dev/outbox?email=...)`
  const shownHost =
    config.host === '127.0.0.1' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(`Wellness Data Service listening on http://${shownHost}:${config.port}`)
  console.log(`  database: ${describeDatabase(config.databaseUrl)}`)
  console.log(`  mail: ${mail}`)
  console.log(`  OpenAPI: ${config.publicBaseUrl}/openapi.json`)
  console.log(
    `  queue: ${context.queue.kind === 'embedded' ? 'embedded (in-process)' : 'graphile-worker (run `bun run worker`)'}`,
  )
  return async () => {
    context.log.info('server.stopping')
    stopSweeper()
    await app.stop()
    await close()
  }
})
