// Full verification of a provisioned dbSNP index (`index-dbsnp --verify OUT_DIR`): every data file
// read from start to end, its size and CRC-32 compared with what index.json recorded when the build
// wrote it. A job only checks sizes when it opens a chromosome; damage inside a file (a flipped bit on
// a disk, a bad copy) is found here, before a job hands out a wrong rsID.

import { statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { GeneticsCancelledError, GeneticsInputError, throwIfAborted } from '../../errors'
import { RunningChecksum } from './checksum'
import { dataFilesOf, sizeProblem } from './data-files'
import { MANIFEST_FILE } from './format'
import { readManifest } from './index-reader'

/** Bytes read at a time: large enough for sequential speed, small enough to notice Ctrl-C soon. */
const CHUNK_BYTES = 4 << 20

export interface VerifyOptions {
  signal?: AbortSignal
  /** Bytes read so far of `totalBytes`, and files done. */
  onProgress?: (bytesRead: number, totalBytes: number, files: number) => void
}

export interface VerifyReport {
  /** Data files the manifest names. */
  files: number
  /** Bytes read. */
  bytes: number
  /** False for an index written before checksums were recorded: only sizes could be compared. */
  checksums: boolean
  /** One line per problem, each naming its file; empty when the index is sound. */
  problems: string[]
}

/**
 * Reads every data file of the index at `path` (its directory or its index.json) and reports what
 * does not match the manifest. Never throws for a damaged index: an unreadable manifest is a problem
 * like any other.
 */
export async function verifyIndex(path: string, options: VerifyOptions = {}): Promise<VerifyReport> {
  let opened: ReturnType<typeof readManifest>
  try {
    opened = readManifest(path)
  } catch (error) {
    if (!(error instanceof GeneticsInputError)) throw error
    return { files: 0, bytes: 0, checksums: false, problems: [error.message] }
  }
  const { dir, manifest } = opened
  const manifestIdentity = identity(join(dir, MANIFEST_FILE))
  const files = manifest.chromosomes.flatMap((c) => dataFilesOf(c, manifest.blockRecords))
  const totalBytes = files.reduce((sum, f) => sum + (f.recordedBytes ?? f.expectedBytes), 0)
  const problems: string[] = []
  let bytes = 0
  let done = 0
  for (const entry of files) {
    const sum = new RunningChecksum()
    const problem = await readWhole(join(dir, entry.file), sum, options.signal, (n) => {
      bytes += n
      options.onProgress?.(bytes, totalBytes, done)
    })
    done++
    if (problem) {
      problems.push(`${entry.file} ${problem}`)
      continue
    }
    const wrongSize = sizeProblem(entry, sum.bytes)
    if (wrongSize) problems.push(wrongSize)
    else if (entry.recordedCrc32 !== undefined && sum.hex !== entry.recordedCrc32)
      problems.push(
        `${entry.file} is damaged: its CRC-32 is ${sum.hex} but ${MANIFEST_FILE} records ${entry.recordedCrc32}`,
      )
  }
  // A rebuild that finished meanwhile removed the files this manifest named: they are not damaged.
  if (problems.length > 0 && identity(join(dir, MANIFEST_FILE)) !== manifestIdentity)
    problems.push(`${MANIFEST_FILE} was replaced while verifying (a rebuild finished): run --verify again`)
  return {
    files: files.length,
    bytes,
    checksums: files.every((f) => f.recordedCrc32 !== undefined),
    problems,
  }
}

/** Reads a file to its end into `sum`; a sentence saying why it could not be read, or null. */
async function readWhole(
  path: string,
  sum: RunningChecksum,
  signal: AbortSignal | undefined,
  onRead: (bytes: number) => void,
): Promise<string | null> {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(path, 'r')
  } catch (error) {
    return unreadableReason(error)
  }
  try {
    const buffer = new Uint8Array(CHUNK_BYTES)
    for (;;) {
      throwIfAborted(signal)
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null)
      if (bytesRead === 0) return null
      sum.update(buffer.subarray(0, bytesRead))
      onRead(bytesRead)
    }
  } catch (error) {
    if (error instanceof GeneticsCancelledError) throw error
    return unreadableReason(error)
  } finally {
    await handle.close()
  }
}

function unreadableReason(error: unknown): string {
  const code = (error as { code?: unknown })?.code
  return code === 'ENOENT'
    ? 'is missing'
    : `cannot be read (${typeof code === 'string' ? code : 'I/O error'})`
}

/** Which manifest file is in place: a rebuild renames a new one over it (another inode). */
function identity(path: string): string {
  try {
    const stat = statSync(path)
    return `${stat.ino}:${stat.mtimeMs}`
  } catch {
    return 'none'
  }
}
