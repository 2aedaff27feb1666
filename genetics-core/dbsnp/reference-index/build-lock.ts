// The build lock of an index directory: one index-dbsnp build at a time per OUT_DIR. Each build names
// its data files with its own prefix and, once its manifest is in place, removes every other build's
// files, so two builds running into one directory would delete each other's work. Readers (jobs)
// never look at the lock: the manifest's rename keeps them safe on their own.

import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE = 'index-dbsnp.lock'

interface LockHolder {
  pid: number
  hostname: string
  startedAt: string
  /**
   * The holder process's start time in clock ticks since boot (Linux /proc), when known: a pid can be
   * reused once the build has gone, and a live process with another start time is not the holder.
   */
  processStart?: number
}

/** Another build holds the directory's lock; nothing was written. */
export class IndexLockedError extends Error {
  override readonly name = 'IndexLockedError'
  readonly code = 'INDEX_LOCKED' as const
}

export interface BuildLock {
  /** Removes the lock if it is still this build's; safe to call more than once. */
  release(): void
}

/**
 * Takes the build lock of `outDir` (a file created with the exclusive flag, naming this process),
 * or throws IndexLockedError naming the build that holds it. A lock left by a build that no longer
 * runs on this host is taken over, and `onNote` told so.
 */
export async function acquireBuildLock(outDir: string, onNote?: (line: string) => void): Promise<BuildLock> {
  const path = join(outDir, LOCK_FILE)
  const processStart = processStartTicks(process.pid)
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    ...(processStart !== null ? { processStart } : {}),
  }
  const text = `${JSON.stringify(holder)}\n`
  let takenOver: LockHolder | null = null
  // A few rounds at most: each ends in the lock, a refusal, or a stale lock removed and tried again.
  for (let round = 0; round < 3; round++) {
    if (createExclusive(path, text)) {
      if (takenOver) onNote?.(`note: ${takeoverNote(takenOver, path)}`)
      return holdLock(path, text)
    }
    const held = await readHolder(path)
    if (held === null) continue
    if (held.holder === null || !isStale(held.holder)) throw lockedError(outDir, path, held.holder)
    if (removeIfUnchanged(path, held.text)) takenOver = held.holder
  }
  const last = await readHolder(path)
  throw lockedError(outDir, path, last?.holder ?? null)
}

/** True when this call created the lock; false when one is already there. */
function createExclusive(path: string, text: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx')
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, text)
  } catch (error) {
    closeSync(fd)
    rmSync(path, { force: true })
    throw error
  }
  closeSync(fd)
  return true
}

/** The lock's text and holder (null when it names none), or null when the lock has gone meanwhile. */
async function readHolder(path: string): Promise<{ text: string; holder: LockHolder | null } | null> {
  // A build that has just created the lock may not have written it yet: one short wait before a lock
  // without a holder is reported as one.
  for (let attempt = 0; ; attempt++) {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      if ((error as { code?: unknown })?.code === 'ENOENT') return null
      throw error
    }
    const holder = parseHolder(text)
    if (holder !== null || attempt > 0) return { text, holder }
    await Bun.sleep(50)
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text)
    const { pid, hostname: host, startedAt, processStart } = value ?? {}
    if (Number.isInteger(pid) && pid > 0 && typeof host === 'string' && typeof startedAt === 'string')
      return { pid, hostname: host, startedAt, ...(Number.isInteger(processStart) ? { processStart } : {}) }
  } catch {}
  return null
}

/**
 * Stale only when provably so: the holder ran on this host and its process is gone, or its pid now
 * belongs to a process that started at another time. On another host (a shared file system) nothing
 * here can tell, so the operator decides.
 */
function isStale(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return false
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it still runs.
    return (error as { code?: unknown })?.code === 'ESRCH'
  }
  if (holder.processStart === undefined) return false
  const now = processStartTicks(holder.pid)
  return now !== null && now !== holder.processStart
}

/**
 * When process `pid` started, in clock ticks since boot (field 22 of /proc/PID/stat), or null where
 * /proc cannot tell (not Linux, or the process has gone). The command name (field 2) is in brackets
 * and may hold spaces and brackets itself, so fields are counted from the last ')'.
 */
export function processStartTicks(pid: number): number | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[19])
  return Number.isSafeInteger(ticks) && ticks >= 0 ? ticks : null
}

/**
 * Removes a stale lock unless it changed since it was judged. Unlinking by name could remove a fresh
 * lock that another build created after taking over the same stale one; moving it aside first and
 * comparing what was moved makes that visible, and a fresh lock moved by mistake is put back (link
 * fails rather than overwrite when yet another build has created one meanwhile).
 */
function removeIfUnchanged(path: string, staleText: string): boolean {
  const aside = `${path}.${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  try {
    renameSync(path, aside)
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'ENOENT') return false
    throw error
  }
  let moved = ''
  try {
    moved = readFileSync(aside, 'utf8')
  } catch {}
  if (moved !== staleText) {
    try {
      linkSync(aside, path)
    } catch {}
  }
  rmSync(aside, { force: true })
  return moved === staleText
}

function holdLock(path: string, text: string): BuildLock {
  let held = true
  const release = () => {
    if (!held) return
    held = false
    process.removeListener('exit', release)
    try {
      // Only this build's lock: a lock that is no longer ours belongs to a build that took it over.
      if (readFileSync(path, 'utf8') === text) rmSync(path, { force: true })
    } catch {}
  }
  // process.exit (a second Ctrl-C, or the CLI's grace period running out) skips every finally block;
  // an 'exit' listener still runs, synchronously, so the lock does not outlive the process.
  process.on('exit', release)
  return { release }
}

function describeHolder(holder: LockHolder): string {
  return `pid ${holder.pid} on ${holder.hostname.slice(0, 100)}, since ${holder.startedAt.slice(0, 40)}`
}

function takeoverNote(holder: LockHolder, path: string): string {
  return `took over the stale build lock ${path.slice(0, 200)} (${describeHolder(holder)}; that process no longer runs)`
}

function lockedError(outDir: string, path: string, holder: LockHolder | null): IndexLockedError {
  const dir = outDir.slice(0, 200)
  const lock = path.slice(0, 220)
  if (holder === null)
    return new IndexLockedError(
      `${dir} is locked by ${lock}, which names no build: if no index-dbsnp build is writing there, remove it and run again`,
    )
  const advice =
    holder.hostname === hostname()
      ? 'wait for it to finish (or stop it), then run again'
      : `wait for it to finish; if no build runs on ${holder.hostname.slice(0, 100)} any more, remove ${lock} and run again`
  return new IndexLockedError(
    `another index-dbsnp build is writing to ${dir} (${describeHolder(holder)}): ${advice}`,
  )
}
