// Structured JSON-lines logger. Callers pass event names and small, non-health fields only:
// request ids, routes, statuses, durations, error classes. Bodies and health data are never logged.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

// Written to stdout directly, not through console.log, which routeStrayConsole takes over.
const toStdout = (line: string) => void process.stdout.write(`${line}\n`)

export function createLogger(level: LogLevel, write: (line: string) => void = toStdout): Logger {
  const emit =
    (at: LogLevel) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[at] < ORDER[level]) return
      write(JSON.stringify({ time: new Date().toISOString(), level: at, event, ...fields }))
    }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}

/** A logger that keeps lines in memory; tests read it to check what was (not) logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return Object.assign(
    createLogger('debug', (l) => lines.push(l)),
    { lines },
  )
}
