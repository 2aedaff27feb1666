// "Has anything been committed to this database since then?", answered without a system call, for the
// embedded database in WAL mode. Every connection of every process that commits rewrites the WAL-index
// header at the start of the database's `-shm` file (https://sqlite.org/walformat.html, "The WAL-Index
// Header": two copies of 48 bytes holding, among others, a change counter bumped by each transaction,
// the last valid frame and the WAL salts). This file maps that header and turns "the bytes differ from
// the last look" into a generation number.
//
// Why: on this service's machines a system call costs microseconds, and each SQLite read transaction in
// WAL mode takes and releases a shared-memory lock with two of them (fcntl), whatever the query. A cache
// that is valid only while the generation has not moved (db/read-cache.ts) lets the hottest reads skip
// SQLite entirely without ever serving data older than the last commit, by this process or any other.

/** Bytes of the two header copies at the start of the `-shm` file. */
const HEADER_BYTES = 96
const WORDS = HEADER_BYTES / 4 / 2

export interface CommitWatch {
  /** A number that changes whenever a commit may have happened since the previous call. */
  generation(): number
  /** Release the mapping (before the connection closes). */
  close(): void
}

/**
 * Watch the WAL-index header of the database at `databasePath`, or null when there is none to watch
 * (not in WAL mode, an in-memory database, a file system without shared memory).
 *
 * The mapping stays valid while this process holds the database open: SQLite truncates the `-shm` file
 * only when the first connection of all opens it, and a last connection may delete it (the mapping
 * outlives a deletion). `close` must run before this process's own connection closes.
 */
export function commitWatch(databasePath: string, journalMode: string): CommitWatch | null {
  if (journalMode.toLowerCase() !== 'wal' || databasePath === '' || databasePath.startsWith(':memory:'))
    return null
  let shm: Uint8Array | null
  try {
    shm = Bun.mmap(`${databasePath}-shm`, { size: HEADER_BYTES })
  } catch {
    return null
  }
  if (shm.byteLength < HEADER_BYTES || shm.byteOffset % 4 !== 0) return null
  let words: Uint32Array | null = new Uint32Array(shm.buffer, shm.byteOffset, HEADER_BYTES / 4)
  const seen = new Uint32Array(WORDS)
  let generation = 0
  return {
    generation() {
      if (!words) return ++generation
      let moved = false
      for (let i = 0; i < WORDS; i++) {
        const word = words[i]!
        // A writer updates the second copy, then the first: while they differ a commit is being published.
        if (word !== words[i + WORDS] || word !== seen[i]) {
          moved = true
          seen[i] = word
        }
      }
      if (moved) generation++
      return generation
    },
    close() {
      words = null
      shm = null
    },
  }
}
