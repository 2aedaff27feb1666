// "Has anything been committed to this database since then?", answered without a system call, for the
// embedded database in WAL mode. Every connection of every process that commits rewrites the WAL-index
// header at the start of the database's `-shm` file (https://sqlite.org/walformat.html, "The WAL-Index
// Header": two copies of 48 bytes holding, among others, a change counter bumped by each transaction,
// the last valid frame and the WAL salts). This file maps that header and turns "the bytes differ from
// the last look" into a generation number.
//
// Why: on this service's machines a system call costs microseconds (and empties the TLB), and each SQLite
// read transaction in WAL mode takes and releases a shared-memory lock with two of them (fcntl), plus an
// fstat, whatever the query. A cache that is valid only while the generation has not moved
// (db/read-cache.ts) lets the hottest reads skip SQLite without ever serving data older than the last
// commit, by this process or any other.
//
// The descriptor is this file's own and stays open while any watch of the file lives. POSIX record locks
// belong to a process and an inode, and closing *any* descriptor of the inode drops *all* of them: an
// open-read-close per look, or Bun.mmap (which closes the file it maps), would silently release SQLite's
// own shared-memory locks, and another process could then reset the WAL index under a live reader. So
// the mapping is made with libc's mmap on that descriptor (bun:ffi), and the descriptor is closed only
// when the last watch of the file closes, after its connection has. Where libc cannot be loaded, each
// look is one pread on the same descriptor instead.

import { closeSync, openSync, readSync, realpathSync } from 'node:fs'
import { type HeaderMapping, mapHeader } from './shm-mapping'

/** Bytes of the two header copies at the start of the `-shm` file. */
const HEADER_BYTES = 96
const WORDS = HEADER_BYTES / 4 / 2

export interface CommitWatch {
  /** How the header is looked at: a mapping (no system call) or one pread per look. */
  how: 'mapped' | 'read'
  /** A number that changes whenever a commit may have happened since the previous call. */
  generation(): number
  /** Let go of the file; call it only after this watch's own connection has closed. */
  close(): void
}

/** One descriptor per `-shm` file in this process, shared by every watch of it (see above). */
const descriptors = new Map<string, { fd: number; mapping: HeaderMapping | null; watches: number }>()

interface HeldShm {
  path: string
  fd: number
  /** The header's words, live, when mapped; otherwise null and each look reads them. */
  mapping: HeaderMapping | null
}

function holdShm(shmPath: string): HeldShm | null {
  let path: string
  try {
    path = realpathSync(shmPath)
  } catch {
    return null
  }
  const held = descriptors.get(path)
  if (held) {
    held.watches++
    return { path, fd: held.fd, mapping: held.mapping }
  }
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  const mapping = mapHeader(fd, HEADER_BYTES)
  descriptors.set(path, { fd, mapping, watches: 1 })
  return { path, fd, mapping }
}

function releaseShm(path: string) {
  const held = descriptors.get(path)
  if (!held || --held.watches > 0) return
  descriptors.delete(path)
  held.mapping?.unmap()
  closeSync(held.fd)
}

/**
 * Watch the WAL-index header of the database at `databasePath`, or null when there is none to watch
 * (not in WAL mode, an in-memory database, no `-shm` file yet, a header shorter than it should be).
 *
 * The header stays where it is while this process holds the database open: SQLite truncates the `-shm`
 * file only when it is the first connection of all, and deletes it only as the last one.
 */
export function commitWatch(
  databasePath: string,
  journalMode: string,
  options: { map?: boolean } = {},
): CommitWatch | null {
  if (journalMode.toLowerCase() !== 'wal' || databasePath === '' || databasePath.startsWith(':memory:'))
    return null
  const shm = holdShm(`${databasePath}-shm`)
  if (!shm) return null
  const mapped = options.map === false ? undefined : shm.mapping?.words
  const header = mapped ?? new Uint32Array(HEADER_BYTES / 4)
  const bytes = new Uint8Array(header.buffer, header.byteOffset, HEADER_BYTES)
  const look = mapped ? () => true : () => readSync(shm.fd, bytes, 0, HEADER_BYTES, 0) === HEADER_BYTES
  // A file that cannot be read whole (shorter than the header) is not watched.
  if (!mapped && readSync(shm.fd, bytes, 0, HEADER_BYTES, 0) !== HEADER_BYTES) {
    releaseShm(shm.path)
    return null
  }
  const seen = new Uint32Array(WORDS)
  let generation = 0
  let open = true
  return {
    how: mapped ? 'mapped' : 'read',
    generation() {
      if (!open || !look()) return ++generation
      let moved = false
      for (let i = 0; i < WORDS; i++) {
        const word = header[i]!
        // A writer updates the second copy, then the first: while they differ a commit is being published.
        if (word !== header[i + WORDS] || word !== seen[i]) {
          moved = true
          seen[i] = word
        }
      }
      if (moved) generation++
      return generation
    },
    close() {
      if (!open) return
      open = false
      releaseShm(shm.path)
    },
  }
}
