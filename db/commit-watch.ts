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
  readonly how: 'mapped' | 'read'
  /** A number that changes whenever a commit may have happened since the previous call. */
  generation(): number
  /** Let go of the file; call it only after this watch's own connection has closed. */
  close(): void
}

/**
 * One descriptor per `-shm` file in this process, shared by every watch of it (see above), and its
 * mapping: made on the first look rather than at open, since loading libc through bun:ffi costs a few
 * milliseconds the service's start-up does not need to wait for (null once it has failed).
 */
interface HeldShm {
  path: string
  fd: number
  mapping: HeaderMapping | null | undefined
  watches: number
}

const descriptors = new Map<string, HeldShm>()

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
    return held
  }
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  const shm: HeldShm = { path, fd, mapping: undefined, watches: 1 }
  descriptors.set(path, shm)
  return shm
}

function mappingOf(shm: HeldShm): HeaderMapping | null {
  if (shm.mapping === undefined) shm.mapping = mapHeader(shm.fd, HEADER_BYTES)
  return shm.mapping
}

function releaseShm(shm: HeldShm) {
  if (--shm.watches > 0) return
  descriptors.delete(shm.path)
  shm.mapping?.unmap()
  closeSync(shm.fd)
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
  const copy = new Uint32Array(HEADER_BYTES / 4)
  const bytes = new Uint8Array(copy.buffer)
  const read = () => readSync(shm.fd, bytes, 0, HEADER_BYTES, 0) === HEADER_BYTES
  // A file that cannot be read whole (shorter than the header) is not watched.
  if (!read()) {
    releaseShm(shm)
    return null
  }
  // Decided on the first look: the mapped header (read live, no system call) or the copy read each time.
  let header: Uint32Array | null = null
  let look = read
  const settle = (): Uint32Array => {
    if (header) return header
    const mapped = options.map === false ? null : mappingOf(shm)
    if (mapped) {
      header = mapped.words
      look = () => true
    } else header = copy
    return header
  }
  const seen = new Uint32Array(WORDS)
  let generation = 0
  let open = true
  return {
    get how() {
      return settle() === copy ? 'read' : 'mapped'
    },
    generation() {
      if (!open) return ++generation
      const words = settle()
      if (!look()) return ++generation
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
      if (!open) return
      open = false
      releaseShm(shm)
    },
  }
}
