// Third-party libraries that print straight to the console (the UCUM library prints unit strings it
// cannot parse) must not reach stdout: what they print can hold the caller's text, health data or a
// forged log line. Two guards: `withConsoleCaptured` silences the console around one synchronous library
// call, and `routeStrayConsole` turns any other console output of a running process into a JSON log
// event that records only that something was printed, never what.

import type { Logger } from './logger'

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const
type Method = (typeof METHODS)[number]

/** Run a synchronous call with the console silenced; returns its value and how many lines it printed. */
export function withConsoleCaptured<T>(call: () => T): { value: T; printed: number } {
  const saved = METHODS.map((m) => [m, console[m]] as const)
  let printed = 0
  for (const m of METHODS) console[m] = () => void printed++
  try {
    return { value: call(), printed }
  } finally {
    for (const [m, original] of saved) console[m] = original
  }
}

/**
 * From now on, console output of this process becomes a `console.output_suppressed` warning with the
 * method and the size of what was printed. The service's own output goes through the logger, which
 * writes to stdout directly, and `print` for its start-up lines.
 */
export function routeStrayConsole(log: Logger): void {
  for (const m of METHODS) {
    console[m] = (...args: unknown[]) =>
      log.warn('console.output_suppressed', {
        method: m satisfies Method,
        chars: args.reduce<number>((n, a) => n + String(a).length, 0),
      })
  }
}

/** Write one line of the service's own (non-log) output, such as where it listens, to stdout. */
export function print(line: string): void {
  process.stdout.write(`${line}\n`)
}
