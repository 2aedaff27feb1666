// Structured JSON-lines logger. Callers pass event names and small, non-health fields only:
// request ids, routes, statuses, durations, error classes. Bodies and health data are never logged.
// The lines are written by pino (maintained, fast, with path-based redaction): should a caller pass a
// field that holds a credential or an address, it is replaced by "[redacted]" before it is written.

import pino from 'pino'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

/** Field names whose values never reach a log line, at the top level or one level down. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'password',
  'secret',
  'client_secret',
  'email',
]
export const REDACTED_PATHS = [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)]

// Written to stdout directly, not through console.log, which routeStrayConsole takes over.
const toStdout = (line: string) => void process.stdout.write(`${line}\n`)

export function createLogger(level: LogLevel, write: (line: string) => void = toStdout): Logger {
  const sink = pino(
    {
      level,
      // One line as before: {"level":"info","time":"<ISO>","event":"…",…fields}; no pid or host name.
      base: undefined,
      messageKey: 'event',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) },
  )
  const emit =
    (at: Exclude<LogLevel, 'silent'>) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      sink[at](fields, event)
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
