// Results of the hottest reads (the API-key lookup of every keyed request, the source list, an analysis
// and its deleted-source check), kept in memory only until the next commit to the database, by this
// process or any other that shares the file (db/commit-watch.ts tells). So a revoked key stops at once
// everywhere and a new source is listed at once, while a read-mostly load answers without a SQLite
// transaction (each costs two system calls).
// Never used inside a transaction (it may hold writes not yet committed), and only on the embedded
// database: a libsql server has no shared header to watch.

import type { CommitWatch } from './commit-watch'

/**
 * Rows kept per database between commits (a list counts its rows, anything else one); past it the cache
 * starts again. A source row is at most a few kilobytes, so this bounds the memory to tens of megabytes
 * even when thousands of different lists are read without a commit in between.
 */
const MAX_ROWS = 10_000

const weightOf = (value: unknown) => (Array.isArray(value) ? value.length + 1 : 1)

export interface ReadCache {
  /**
   * `read()`'s result for `key`, or the one stored under `key` since the last commit. `weight` is how many
   * rows the value counts for against MAX_ROWS (by default a list's length plus one, anything else one);
   * a caller whose value is much larger than a source row says so.
   */
  read<T>(key: string, read: () => Promise<T>, weight?: number): Promise<T>
}

/**
 * One cached object is handed to every later caller, so no caller may change it. Under the test runner
 * (NODE_ENV=test, which `bun test` sets, and which the servers tests start inherit) every cached value is
 * deep-frozen, so a test fails the moment any code tries to. Elsewhere it is not: JSON.stringify takes a
 * slow path over frozen objects (3.5 µs against 0.9 µs for a one-source list, about 8 % of a keyed read).
 */
const FREEZE_CACHED_VALUES = process.env.NODE_ENV === 'test'

/** Freeze a cached value and everything in it (see FREEZE_CACHED_VALUES). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** A cache over one connection; `inTransaction` tells when it must be bypassed. */
export function readCache(watch: CommitWatch, inTransaction: () => boolean): ReadCache {
  let generation = -1
  let rows = 0
  const entries = new Map<string, unknown>()
  return {
    async read<T>(key: string, read: () => Promise<T>, weight?: number): Promise<T> {
      if (inTransaction()) return read()
      const now = watch.generation()
      if (now !== generation) {
        entries.clear()
        rows = 0
        generation = now
      }
      if (entries.has(key)) return entries.get(key) as T
      const value = await read()
      // Kept only if nothing was committed while it was read and no transaction has opened since.
      if (!inTransaction() && watch.generation() === now && generation === now) {
        const counted = weight ?? weightOf(value)
        if (rows + counted > MAX_ROWS) {
          entries.clear()
          rows = 0
        }
        entries.set(key, FREEZE_CACHED_VALUES ? deepFreeze(value) : value)
        rows += counted
      }
      return value
    },
  }
}
