// Reads the provisioned dbSNP index: the manifest, each chromosome's fence (one number per 512
// records, kept in memory) and blocks of records fetched with positioned reads into a small cache.
// Nothing is memory-mapped on purpose: mapped pages count towards a process's resident memory, and a
// whole-genome join touches most of a 16-byte-per-allele index; fixed buffers keep memory flat.

import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { GeneticsInputError } from '../../errors'
import {
  ALLELES_MAGIC,
  HEADER_BYTES,
  INDEX_FORMAT,
  INDEX_VERSION,
  type IndexManifest,
  MANIFEST_FILE,
  RECORD_BYTES,
} from './format'

/** Blocks kept per chromosome: the current block of a sorted input and a few for unsorted ones. */
const CACHED_BLOCKS = 16

function invalid(message: string): GeneticsInputError {
  return new GeneticsInputError('DBSNP_REFERENCE_INVALID', `the dbSNP index is unusable: ${message}`)
}

/** True when the path is an index directory (or its index.json) rather than a VCF. */
export function isIndexPath(path: string): boolean {
  try {
    if (path.endsWith(MANIFEST_FILE)) return statSync(path).isFile()
    return statSync(path).isDirectory() && statSync(join(path, MANIFEST_FILE)).isFile()
  } catch {
    return false
  }
}

export function readManifest(path: string): { dir: string; manifest: IndexManifest } {
  const dir = path.endsWith(MANIFEST_FILE) ? path.slice(0, -MANIFEST_FILE.length) || '.' : path
  let manifest: IndexManifest
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'))
  } catch (error) {
    throw invalid(`${MANIFEST_FILE} cannot be read (${String((error as Error).message).slice(0, 120)})`)
  }
  if (manifest?.format !== INDEX_FORMAT || manifest.version !== INDEX_VERSION) {
    throw invalid(
      `${MANIFEST_FILE} is not a ${INDEX_FORMAT} version ${INDEX_VERSION}; rebuild it with index-dbsnp`,
    )
  }
  return { dir, manifest }
}

/** One chromosome's records: lookups by trimmed position through the fence and cached blocks. */
export class ChromosomeIndex {
  private readonly fd: number
  private readonly fence: Uint32Array
  private readonly cache = new Map<number, Uint32Array>()
  readonly count: number
  readonly blockRecords: number

  constructor(dir: string, allelesFile: string, fenceFile: string) {
    try {
      this.fd = openSync(join(dir, allelesFile), 'r')
    } catch {
      throw invalid(`${allelesFile} is missing`)
    }
    const header = new Uint8Array(HEADER_BYTES)
    readSync(this.fd, header, 0, HEADER_BYTES, 0)
    if (!ALLELES_MAGIC.every((b, i) => header[i] === b)) throw invalid(`${allelesFile} is not an index file`)
    const view = new DataView(header.buffer)
    this.count = view.getUint32(8, true)
    this.blockRecords = view.getUint32(12, true)
    const fenceBytes = readFileSync(join(dir, fenceFile))
    this.fence = new Uint32Array(
      fenceBytes.buffer.slice(fenceBytes.byteOffset, fenceBytes.byteOffset + fenceBytes.byteLength),
    )
    if (this.fence.length !== Math.ceil(this.count / this.blockRecords))
      throw invalid(`${fenceFile} does not match ${allelesFile}`)
  }

  /** Block b as u32 words (4 per record). */
  block(b: number): Uint32Array {
    const hit = this.cache.get(b)
    if (hit) {
      // Refresh its place so the least recently used block is the one dropped.
      this.cache.delete(b)
      this.cache.set(b, hit)
      return hit
    }
    const records = Math.min(this.blockRecords, this.count - b * this.blockRecords)
    const bytes = new Uint8Array(records * RECORD_BYTES)
    const read = readSync(
      this.fd,
      bytes,
      0,
      bytes.length,
      HEADER_BYTES + b * this.blockRecords * RECORD_BYTES,
    )
    if (read !== bytes.length) throw invalid('an alleles file is shorter than its header says (truncated?)')
    const words = new Uint32Array(bytes.buffer)
    if (this.cache.size >= CACHED_BLOCKS) this.cache.delete(this.cache.keys().next().value!)
    this.cache.set(b, words)
    return words
  }

  /**
   * Calls `visit` with (words, offset) for every record whose trimmed position is `tpos`, in index
   * order; a run of records at one position may continue into the next block.
   */
  forEachAt(tpos: number, visit: (words: Uint32Array, offset: number) => void): void {
    const fence = this.fence
    // First block whose first position is >= tpos; the run can start in the block before it.
    let lo = 0
    let hi = fence.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (fence[mid] < tpos) lo = mid + 1
      else hi = mid
    }
    let b = Math.max(0, lo - 1)
    if (b >= fence.length) return
    let words = this.block(b)
    let n = words.length >>> 2
    // First record in the block at or after tpos.
    let i = 0
    let j = n
    while (i < j) {
      const mid = (i + j) >>> 1
      if (words[mid * 4] < tpos) i = mid + 1
      else j = mid
    }
    for (;;) {
      if (i === n) {
        if (++b >= fence.length || fence[b] !== tpos) return
        words = this.block(b)
        n = words.length >>> 2
        i = 0
      }
      if (words[i * 4] !== tpos) return
      visit(words, i * 4)
      i++
    }
  }

  close(): void {
    closeSync(this.fd)
  }
}
