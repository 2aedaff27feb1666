// Running a long-lived process (the service, a queue worker): read the configuration once, check what it
// needs from the machine, start, stop cleanly on SIGINT/SIGTERM. Any failure to start is one line on
// stderr and exit status 1: never a stack trace, never the bundle source of the compiled binary.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Config, ConfigError, loadConfig } from './config'
import { routeStrayConsole } from './console-capture'
import { errorSummary } from './error-summary'
import { createLogger } from './logger'

/** `start` returns how to stop what it started; null when there is nothing to keep running. */
export async function runProcess(start: (config: Readonly<Config>) => Promise<(() => Promise<void>) | null>) {
  let config: Readonly<Config>
  let stop: (() => Promise<void>) | null
  try {
    config = loadConfig()
    assertWritableDataDir(config)
    // Libraries print to the console; from here on that output is routed, never passed through.
    routeStrayConsole(createLogger(config.logLevel))
    stop = await start(config)
  } catch (error) {
    // Straight to stderr: the console is routed into the log once the configuration has been read.
    process.stderr.write(`${startFailureLine(error)}\n`)
    process.exit(1)
  }
  if (!stop) process.exit(0)
  let stopping = false
  const shutdown = async () => {
    if (stopping) return
    stopping = true
    // `stop` keeps to the drain deadline; this backstop ends the process should anything still hang.
    setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 10) * 1000).unref()
    await stop()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

/** One line for a failed start: the configuration message as written, anything else its first line. */
export function startFailureLine(error: unknown): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`
  return `Could not start: ${errorSummary(error)}`
}

/**
 * The embedded database and local blobs live under DATA_DIR: create it if missing and prove it writable
 * now, rather than failing on the first upload.
 */
export function assertWritableDataDir(config: Readonly<Config>): void {
  const needed = config.databaseUrl.startsWith('file:') || !config.s3
  if (!needed) return
  try {
    mkdirSync(config.dataDir, { recursive: true })
    const probe = join(config.dataDir, `.write-check-${process.pid}`)
    writeFileSync(probe, '')
    rmSync(probe)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new ConfigError(
      `DATA_DIR ${config.dataDir} is not a writable directory (${code}); set DATA_DIR to a directory this user can write.`,
    )
  }
}
