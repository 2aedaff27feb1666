// Running a long-lived process (the service, a queue worker): read the configuration once, start, stop
// cleanly on SIGINT/SIGTERM, and answer a configuration mistake with one line naming the variable.

import { type Config, ConfigError, loadConfig } from './config'
import { routeStrayConsole } from './console-capture'
import { createLogger } from './logger'

/** `start` returns how to stop what it started; null when there is nothing to keep running. */
export async function runProcess(start: (config: Readonly<Config>) => Promise<(() => Promise<void>) | null>) {
  let config: Readonly<Config>
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`Configuration error: ${error.message}`)
    process.exit(1)
  }
  // Libraries print to the console; from here on that output is routed, never passed through.
  routeStrayConsole(createLogger(config.logLevel))
  const stop = await start(config)
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
