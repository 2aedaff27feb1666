// Reads the provisioned dbSNP index: the manifest, each chromosome's fence (one number per 512
// records, kept in memory) and blocks of records fetched with positioned reads into a small cache.
// Nothing is memory-mapped on purpose: mapped pages count towards a process's resident memory, and a
// whole-genome join touches most of a 16-byte-per-allele index; fixed buffers keep memory flat.

import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { GeneticsInputError } from '../../errors'
import { CRC32_HEX } from './checksum'
import { dataFilesOf, sizeProblem } from './data-files'
import {
  ALLELES_MAGIC,
  HEADER_BYTES,
  INDEX_FORMAT,
  INDEX_VERSION,
  type IndexedChromosome,
  type IndexManifest,
  MANIFEST_FILE,
  RECORD_BYTES,
} from './format'

/** Blocks kept per chromosome: the current block of a sorted input and a few for unsorted ones. */
const CACHED_BLOCKS = 16
/** Blocks fetched by one read while the reads walk forward: a whole-genome join reads every block. */
const READ_AHEAD = 8

function invalid(message: string): GeneticsInputError {
  return new GeneticsInputError('DBSNP_REFERENCE_INVALID', `the dbSNP index is unusable: ${message}`)
}

/** Opens a file of the index for reading, with the index's own error when it is missing or unreadable. */
function openIndexFile(dir: string, file: string): number {
  try {
    return openSync(join(dir, file), 'r')
  } catch (error) {
    throw unreadable(file, error)
  }
}

function readIndexFile(dir: string, file: string): Buffer {
  try {
    return readFileSync(join(dir, file))
  } catch (error) {
    throw unreadable(file, error)
  }
}

function unreadable(file: string, error: unknown): GeneticsInputError {
  const code = (error as { code?: unknown })?.code
  const reason =
    code === 'ENOENT' ? 'is missing' : `cannot be read (${typeof code === 'string' ? code : 'I/O error'})`
  return invalid(`${file} ${reason}; rebuild the index with index-dbsnp`)
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
  const problem = manifestProblem(manifest)
  if (problem) throw invalid(`${MANIFEST_FILE} ${problem}; rebuild it with index-dbsnp`)
  return { dir, manifest }
}

/** What is wrong with a parsed manifest's shape, or null: a hand-edited or damaged one must not crash a job. */
function manifestProblem(manifest: IndexManifest): string | null {
  const build = manifest.referenceBuild
  if (typeof build?.build !== 'string' || typeof build.method !== 'string') return 'has no reference build'
  if (!Number.isInteger(manifest.blockRecords) || manifest.blockRecords < 1) return 'has no block size'
  if (!Array.isArray(manifest.chromosomes)) return 'lists no chromosomes'
  for (const c of manifest.chromosomes) {
    const named = typeof c?.name === 'string' && typeof c.canonical === 'string'
    // Plain names in the index directory: a manifest must not point reads anywhere else.
    const files = [c?.allelesFile, c?.fenceFile].every((f) => typeof f === 'string' && PLAIN_NAME.test(f))
    if (!named || !files || !Number.isInteger(c.alleles) || c.alleles < 0 || !checksumsWellFormed(c))
      return `has a malformed chromosome entry (${String(c?.name).slice(0, 40)})`
  }
  return null
}

/** All four size and checksum fields, well formed, or none of them (an index written before them). */
function checksumsWellFormed(c: IndexedChromosome): boolean {
  const fields = [c.allelesBytes, c.allelesCrc32, c.fenceBytes, c.fenceCrc32]
  if (fields.every((f) => f === undefined)) return true
  const size = (n: unknown) => Number.isInteger(n) && (n as number) >= 0
  const crc = (h: unknown) => typeof h === 'string' && CRC32_HEX.test(h)
  return size(c.allelesBytes) && size(c.fenceBytes) && crc(c.allelesCrc32) && crc(c.fenceCrc32)
}

const PLAIN_NAME = /^[\w-][\w.-]*$/

/**
 * One chromosome's records: lookups by trimmed position through the fence and cached blocks. A cursor
 * (`seek`, then `words` and `offset`, then `next`) walks the records at one position; sorted input
 * seeks forward within the block it is already in, so most lookups cost a short search in one block.
 */
export class ChromosomeIndex {
  private readonly fd: number
  private readonly fence: Uint32Array
  private readonly cache = new Map<number, Uint32Array>()
  readonly count: number
  readonly blockRecords: number
  private readonly allelesFile: string
  /** The block the cursor is in, its number, its record count and the cursor's record within it. */
  words: Uint32Array = new Uint32Array(0)
  private current = -1
  private records = 0
  private at = 0
  /** The last read's bytes: blocks [spanFirst, spanFirst + spanBlocks). */
  private span: Uint8Array | null = null
  private spanFirst = -1
  private spanBlocks = 0

  /** `chromosome` is the manifest's entry: its counts must be those of the files it names. */
  constructor(dir: string, chromosome: IndexedChromosome, blockRecords: number) {
    const { allelesFile, fenceFile } = chromosome
    const [alleles, fence] = dataFilesOf(chromosome, blockRecords)
    this.fd = openIndexFile(dir, allelesFile)
    try {
      // The size of the file opened (fstat on its descriptor), not of whatever has the name by now.
      const allelesSize = fstatSync(this.fd).size
      const wrongSize = sizeProblem(alleles, allelesSize)
      const header = new Uint8Array(HEADER_BYTES)
      // A file cut inside its header has no counts to compare: its size says what happened.
      if (readSync(this.fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES && wrongSize)
        throw invalid(`${wrongSize}; rebuild the index with index-dbsnp`)
      if (!ALLELES_MAGIC.every((b, i) => header[i] === b))
        throw invalid(`${allelesFile} is not an index file`)
      const view = new DataView(header.buffer)
      this.count = view.getUint32(8, true)
      this.blockRecords = view.getUint32(12, true)
      // Files of another build beside this manifest (a copy gone wrong) must not be read as this one's.
      if (this.count !== chromosome.alleles || this.blockRecords !== blockRecords)
        throw invalid(
          `${allelesFile} does not belong to this ${MANIFEST_FILE} (allele or block count differs)`,
        )
      // After the counts: a file of another index is named as such rather than as the wrong size.
      if (wrongSize) throw invalid(`${wrongSize}; rebuild the index with index-dbsnp`)
      const fenceBytes = readIndexFile(dir, fenceFile)
      const wrongFence = sizeProblem(fence, fenceBytes.byteLength)
      if (wrongFence) throw invalid(`${wrongFence}; rebuild the index with index-dbsnp`)
      this.fence = new Uint32Array(
        fenceBytes.buffer.slice(fenceBytes.byteOffset, fenceBytes.byteOffset + fenceBytes.byteLength),
      )
      if (this.fence.length !== Math.ceil(this.count / this.blockRecords))
        throw invalid(`${fenceFile} does not match ${allelesFile}`)
    } catch (error) {
      closeSync(this.fd)
      throw error instanceof GeneticsInputError ? error : unreadable(allelesFile, error)
    }
    this.allelesFile = allelesFile
  }

  /** Block b as u32 words (4 per record); only `enter` asks, and never for the block the cursor is in. */
  private block(b: number): Uint32Array {
    let words = this.cache.get(b)
    if (words) {
      // Refresh its place so the least recently used block is the one dropped.
      this.cache.delete(b)
      this.cache.set(b, words)
    } else {
      const records = Math.min(this.blockRecords, this.count - b * this.blockRecords)
      // The buffer of the block dropped from the cache is reused: a whole-genome join reads every block
      // once, and fresh memory for each cost more (page faults) than reading it.
      let reuse: Uint32Array | undefined
      if (this.cache.size >= CACHED_BLOCKS) {
        const oldest = this.cache.keys().next().value!
        reuse = this.cache.get(oldest)
        this.cache.delete(oldest)
      }
      words =
        reuse && reuse.length === records * (RECORD_BYTES / 4)
          ? reuse
          : new Uint32Array((records * RECORD_BYTES) / 4)
      if (b < this.spanFirst || b >= this.spanFirst + this.spanBlocks) this.readSpan(b)
      const from = (b - this.spanFirst) * this.blockRecords * RECORD_BYTES
      new Uint8Array(words.buffer, words.byteOffset, records * RECORD_BYTES).set(
        this.span!.subarray(from, from + records * RECORD_BYTES),
      )
      this.checkBlock(b, words)
      this.cache.set(b, words)
    }
    return words
  }

  /**
   * A block must start at its fence position, stay sorted and end before the next block starts: a
   * damaged file otherwise sends lookups past records that are there, or to the wrong ones, in silence.
   * One pass over 512 positions per block read, next to an 8 KiB read.
   */
  private checkBlock(b: number, words: Uint32Array): void {
    const last = words.length - 4
    let sorted = words[0] === this.fence[b]
    for (let o = 4; sorted && o <= last; o += 4) sorted = words[o - 4]! <= words[o]!
    const next = this.fence[b + 1]
    if (!sorted || (next !== undefined && words[last]! > next))
      throw invalid(
        `${this.allelesFile} is damaged (block ${b} is out of order); rebuild it with index-dbsnp`,
      )
  }

  /** Read blocks b .. b + READ_AHEAD - 1 (fewer at the end) into the span buffer. */
  private readSpan(b: number): void {
    // Read ahead only when the reads walk forward (sorted input): the block wanted is the one after the
    // last span. A lookup elsewhere (unsorted or sparse input) reads just its block, as before.
    const sequential = b === this.spanFirst + this.spanBlocks
    const blocks = Math.min(sequential ? READ_AHEAD : 1, this.fence.length - b)
    const bytes = Math.min(blocks * this.blockRecords, this.count - b * this.blockRecords) * RECORD_BYTES
    this.span ??= new Uint8Array(READ_AHEAD * this.blockRecords * RECORD_BYTES)
    this.spanFirst = -1
    const read = readSync(this.fd, this.span, 0, bytes, HEADER_BYTES + b * this.blockRecords * RECORD_BYTES)
    if (read !== bytes) throw invalid('an alleles file is shorter than its header says (truncated?)')
    this.spanFirst = b
    this.spanBlocks = blocks
  }

  /** Word offset of the cursor's record in `words`. */
  get offset(): number {
    return this.at * 4
  }

  private enter(b: number): void {
    this.current = b
    this.words = this.block(b)
    this.records = this.words.length >>> 2
  }

  /**
   * Puts the cursor on the first record whose trimmed position is `tpos` (true), or reports that there
   * is none (false). Records of one position may continue into the next block; `next` follows them.
   */
  seek(tpos: number): boolean {
    let lo: number
    // Forward within the block the cursor is in (sorted input): no fence search, no block change.
    if (
      this.current >= 0 &&
      this.records > 0 &&
      this.words[(this.records - 1) * 4]! >= tpos &&
      this.words[0]! < tpos
    ) {
      lo = this.words[Math.min(this.at, this.records - 1) * 4]! < tpos ? this.at : 0
    } else {
      const fence = this.fence
      // First block whose first position is >= tpos; the run can start in the block before it.
      let a = 0
      let z = fence.length
      while (a < z) {
        const mid = (a + z) >>> 1
        if (fence[mid]! < tpos) a = mid + 1
        else z = mid
      }
      const b = Math.max(0, a - 1)
      if (b >= fence.length) return false
      if (b !== this.current) this.enter(b)
      lo = 0
    }
    const words = this.words
    let hi = this.records
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (words[mid * 4]! < tpos) lo = mid + 1
      else hi = mid
    }
    this.at = lo
    // Past this block's last record: the run, if any, starts the next block.
    if (lo === this.records && !this.enterNextAt(tpos)) return false
    return this.words[this.at * 4] === tpos
  }

  /** Moves the cursor to the next record at `tpos`; false when the run has ended. */
  next(tpos: number): boolean {
    this.at++
    if (this.at === this.records && !this.enterNextAt(tpos)) return false
    return this.words[this.at * 4] === tpos
  }

  /** Moves the cursor to the first record of the next block when that block starts at `tpos`. */
  private enterNextAt(tpos: number): boolean {
    if (this.current + 1 >= this.fence.length || this.fence[this.current + 1] !== tpos) return false
    this.enter(this.current + 1)
    this.at = 0
    return true
  }

  close(): void {
    closeSync(this.fd)
  }
}
