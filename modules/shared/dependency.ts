// Honest failures of what the service depends on (mail, database, queue, blob storage): a request that
// cannot be served because one of them is down is a 503 problem with Retry-After, logged once with its
// request id and the dependency's name, never a 500. Adapters wrap their failures in
// DependencyUnavailable; errors that escape unwrapped are recognised by their connection-level codes.

import type { Logger } from './logger'
import { ProblemError } from './problem'

/** `upstream`: an unwrapped connection failure of some other service a request called. */
export type Dependency = 'mail' | 'database' | 'queue' | 'storage' | 'upstream'

/** Seconds a client should wait before retrying a request refused for an unavailable dependency. */
export const RETRY_AFTER_SECONDS = 30

export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable`, { cause })
    this.name = 'DependencyUnavailable'
  }
}

const DETAIL: Record<Dependency, string> = {
  mail: 'The sign-in e-mail could not be sent because the mail server is not reachable or refused it; try again shortly.',
  database: 'The database is not reachable right now; try again shortly.',
  queue: 'The job queue is not reachable right now; try again shortly.',
  storage: 'The file storage is not reachable right now; try again shortly.',
  upstream: 'A service this request depends on is not reachable right now; try again shortly.',
}

// Connection-level failures: Node/Bun socket codes, libsql and SQLite's "cannot work now" codes.
const DATABASE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SERVER_ERROR',
  'HRANA_WEBSOCKET_ERROR',
  'HRANA_CLOSED_ERROR',
  'HRANA_PROTO_ERROR',
])
export const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
])

function codesOf(error: unknown): string[] {
  const codes: string[] = []
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
  }
  return codes
}

// The disk under DATA_DIR is full, read-only or failing: the local blob storage cannot take the upload.
const DISK_CODES = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EIO'])
const DISK_DETAIL =
  'The file storage is full or cannot be written right now; nothing of this request was kept. Try again later.'

/** Which dependency an error says is down, or null when it is not a dependency failure. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailable) return error.dependency
  const codes = codesOf(error)
  if (codes.some((code) => DATABASE_CODES.has(code))) return 'database'
  if (codes.some((code) => DISK_CODES.has(code))) return 'storage'
  if (codes.some((code) => NETWORK_CODES.has(code)))
    // Mail, queue and storage wrap their own failures; an unwrapped one is the database client's
    // (libsql) or another service's.
    return (error as Error)?.name === 'LibsqlError' ? 'database' : 'upstream'
  return null
}

/** The 503 problem for a dependency failure (logged once here), or null for any other error. */
export function dependencyProblem(error: unknown, log: Logger, requestId: string): ProblemError | null {
  const dependency = unavailableDependency(error)
  if (!dependency) return null
  const codes = codesOf(error)
  // The code only: driver messages can quote query parameters or addresses.
  log.warn('dependency.unavailable', { request_id: requestId, dependency, code: codes[0] ?? null })
  const diskFull = dependency === 'storage' && codes.some((code) => DISK_CODES.has(code))
  return new ProblemError('unavailable', diskFull ? DISK_DETAIL : DETAIL[dependency], {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    extra: { dependency },
  })
}
