// Builds the provisioned dbSNP index from a dbSNP VCF (bgzipped as NCBI ships it, or gzip or plain): one streaming pass with the same
// allele-key extraction as the joins (multi-allelic split, trimming, rsID), one chromosome held in
// memory at a time and written sorted by trimmed position. Records without an rsID are left out.

import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, join } from 'node:path'
import { type Inspection, inspectSource } from '../../detect/inspect-source'
import { GeneticsInputError, isGeneticsError, throwIfAborted } from '../../errors'
import { canonicalChromosome } from '../../normalize/chromosome'
import { endsWithBgzfEof } from '../../stream/sniff'
import { ScanWorkerPool } from '../../stream/worker-pool'
import { AlleleStream } from '../allele-stream'
import { dbsnpReferenceBuild } from '../reference-build'
import { acquireBuildLock, IndexLockedError } from './build-lock'
import { RunningChecksum, writeCounted } from './checksum'
import {
  ALLELES_MAGIC,
  auxWord,
  BLOCK_RECORDS,
  F_AUX,
  F_CODE,
  F_RS,
  F_TPOS,
  HEADER_BYTES,
  INDEX_FORMAT,
  INDEX_VERSION,
  type IndexedChromosome,
  type IndexManifest,
  MANIFEST_FILE,
  RECORD_BYTES,
} from './format'

export interface BuildIndexOptions {
  /** Inflate workers (default 2). */
  workers?: number
  signal?: AbortSignal
  onProgress?: (bytesRead: number, alleles: number) => void
  /** Records per block (default BLOCK_RECORDS); tests use tiny blocks to cross block edges often. */
  blockRecords?: number
  /** One-line notes for the operator (a stale build lock taken over); the CLI prints them on stderr. */
  onNote?: (line: string) => void
}

/** Growable columns of one chromosome's alleles, in reference order. */
class ChromosomeColumns {
  count = 0
  tpos = new Uint32Array(1 << 16)
  code = new Uint32Array(1 << 16)
  rs = new Uint32Array(1 << 16)
  aux = new Uint32Array(1 << 16)

  push(tpos: number, code: number, rs: number, aux: number): void {
    if (this.count === this.tpos.length) this.grow()
    const k = this.count++
    this.tpos[k] = tpos
    this.code[k] = code
    this.rs[k] = rs
    this.aux[k] = aux
  }

  private grow(): void {
    const size = this.tpos.length * 2
    const grow = (a: Uint32Array) => {
      const b = new Uint32Array(size)
      b.set(a)
      return b
    }
    this.tpos = grow(this.tpos)
    this.code = grow(this.code)
    this.rs = grow(this.rs)
    this.aux = grow(this.aux)
  }
}

/**
 * Writes the index of `referencePath` into `outDir` and returns its manifest.
 *
 * The data files of each build carry a name of their own, and the manifest that names them replaces
 * the previous one by a rename only at the end: an older index in `outDir` stays whole and in use
 * until then, a failed build removes what it wrote, and a successful one removes the older files.
 * A build lock in `outDir` (build-lock.ts) keeps a second build from removing this one's files: it is
 * refused with IndexLockedError while this one runs.
 *
 * @example
 * const manifest = await buildReferenceIndex('/refs/dbsnp.vcf.gz', '/refs/dbsnp-index')
 * // then DBSNP_REFERENCE_PATH=/refs/dbsnp-index
 */
export async function buildReferenceIndex(
  referencePath: string,
  outDir: string,
  options: BuildIndexOptions = {},
): Promise<IndexManifest> {
  const blockRecords = options.blockRecords ?? BLOCK_RECORDS
  if (!Number.isInteger(blockRecords) || blockRecords < 1)
    throw new RangeError('blockRecords must be a positive integer')
  const inspection = await inspectReference(referencePath, options.signal)
  prepareOutDir(outDir)
  const lock = await acquireBuildLock(outDir, options.onNote).catch((error) => {
    throw outputError(error, outDir)
  })
  try {
    return await buildLocked(referencePath, outDir, inspection, blockRecords, options)
  } finally {
    lock.release()
  }
}

/** The build proper, while this build holds the directory's lock. */
async function buildLocked(
  referencePath: string,
  outDir: string,
  inspection: Inspection,
  blockRecords: number,
  options: BuildIndexOptions,
): Promise<IndexManifest> {
  const files = new DataFiles(outDir)
  let manifest: IndexManifest
  try {
    const contents = await writeChromosomes(referencePath, inspection, files, blockRecords, options)
    const stat = statSync(referencePath)
    manifest = {
      format: INDEX_FORMAT,
      version: INDEX_VERSION,
      blockRecords,
      source: { file: basename(referencePath), bytes: stat.size, modified: stat.mtime.toISOString() },
      referenceBuild: dbsnpReferenceBuild(
        inspection.detection.build,
        contents.chromosomes.map((c) => c.name),
      ),
      ...contents,
      createdAt: new Date().toISOString(),
    }
    // The manifest is written last, through a rename: an interrupted build leaves no usable index.
    const temporary = files.create(`${MANIFEST_FILE}.tmp`).path
    writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`)
    renameSync(temporary, join(outDir, MANIFEST_FILE))
  } catch (error) {
    files.removeAll()
    throw outputError(error, outDir)
  }
  files.removeOlder()
  return manifest
}

/** Inspects the reference: a VCF, bgzipped (checked for its end-of-file block), gzipped or plain. */
async function inspectReference(referencePath: string, signal: AbortSignal | undefined): Promise<Inspection> {
  const inspection = await inspectSource(referencePath, { signal }).catch((error) => {
    if (!(error instanceof GeneticsInputError)) throw error
    throw new GeneticsInputError(error.code, `the dbSNP reference is unusable: ${error.message}`)
  })
  const { format, compression } = inspection.detection
  // The build reads the file once from start to end, so no tabix index (and no BGZF) is needed.
  if (format !== 'vcf' || compression === 'zip') {
    const what = compression === 'zip' ? 'a zip archive' : `a ${format} file`
    throw new GeneticsInputError(
      'DBSNP_REFERENCE_INVALID',
      `the dbSNP reference must be a VCF (bgzipped, gzipped or plain), not ${what}`,
    )
  }
  // A download cut at a block boundary inflates cleanly and would become an index missing the rest
  // of the genome; bgzip ends every complete file with an empty block, so its absence is refused.
  if (compression === 'bgzf' && !(await endsWithBgzfEof(referencePath))) {
    throw new GeneticsInputError(
      'TRUNCATED_INPUT',
      'the dbSNP reference has no BGZF end-of-file block: the download looks truncated (check it with `bgzip -t`)',
    )
  }
  return inspection
}

/** Creates the output directory, with a clear error when that is impossible. */
function prepareOutDir(outDir: string): void {
  try {
    mkdirSync(outDir, { recursive: true })
    accessSync(outDir, constants.W_OK)
  } catch (error) {
    throw outputError(error, outDir)
  }
}

/** The data files one build writes, named apart from any older index's so that one stays usable. */
class DataFiles {
  /** Base-36 time and a random tail: unique per build, and short. */
  readonly prefix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`
  private readonly written: string[] = []

  constructor(readonly dir: string) {}

  /** A new file of this build (`<prefix>-<name>`), remembered so that a failed build can remove it. */
  create(name: string): { file: string; path: string } {
    const file = `${this.prefix}-${name}`
    this.written.push(file)
    return { file, path: join(this.dir, file) }
  }

  removeAll(): void {
    for (const file of this.written) rmSync(join(this.dir, file), { force: true })
  }

  /** After the new manifest is in place: data files of earlier builds (or the unprefixed ones of old). */
  removeOlder(): void {
    for (const file of readdirSync(this.dir)) {
      if (DATA_FILE.test(file) && !file.startsWith(`${this.prefix}-`))
        rmSync(join(this.dir, file), { force: true })
    }
  }
}

/** Names of index data files, with or without a build prefix (`000.alleles`, `m1x2y3zab-000.fence`). */
const DATA_FILE = /^(?:[0-9a-z]+-)?\d{3,}\.(?:alleles|fence)$/

/** Typed errors pass; a file-system failure while writing names the directory and the reason. */
function outputError(error: unknown, outDir: string): unknown {
  if (isGeneticsError(error) || error instanceof RangeError || error instanceof IndexLockedError) return error
  const code = (error as { code?: unknown })?.code
  if (typeof code !== 'string') return error
  const reason =
    {
      EACCES: 'permission denied',
      EPERM: 'permission denied',
      EROFS: 'the file system is read-only',
      ENOSPC: 'no space left on the device',
      EEXIST: 'a file of that name is in the way',
      ENOTDIR: 'a file of that name is in the way',
      ENOENT: 'the path cannot be created',
    }[code] ?? code
  return new IndexWriteError(`cannot write the dbSNP index in ${outDir.slice(0, 200)}: ${reason}`)
}

/**
 * The index could not be written (the output directory, not the reference, is the problem).
 * genetics-core/errors.ts has no code for output failures, so this one carries its own.
 */
export class IndexWriteError extends Error {
  override readonly name = 'IndexWriteError'
  readonly code = 'INDEX_NOT_WRITABLE' as const
}

interface IndexContents {
  records: number
  alleles: number
  withoutRsid: number
  chromosomes: IndexedChromosome[]
}

/** One pass over the reference, one chromosome in memory at a time, each written when it ends. */
async function writeChromosomes(
  referencePath: string,
  inspection: Inspection,
  files: DataFiles,
  blockRecords: number,
  options: BuildIndexOptions,
): Promise<IndexContents> {
  const { signal } = options
  const compression = inspection.detection.compression
  // Only BGZF can be cut into blocks for the workers; gzip and plain text are read on this thread.
  const workers = compression === 'bgzf' ? (options.workers ?? 2) : 0
  const pool = workers > 0 ? new ScanWorkerPool(workers) : null
  pool?.init(2, 'allele-keys', { role: 'reference' })
  const stream = new AlleleStream({
    path: referencePath,
    compression,
    role: 'reference',
    pool,
    channel: 2,
    signal,
    inFlight: 6,
  })
  const chromosomes: IndexedChromosome[] = []
  const done = new Set<string>()
  let current: { canonical: string; name: string; columns: ChromosomeColumns } | null = null
  let alleles = 0
  let withoutRsid = 0
  const finish = () => {
    if (!current) return
    const ordinal = String(chromosomes.length).padStart(3, '0')
    chromosomes.push(writeChromosome(files, current.name, current.columns, ordinal, blockRecords))
    done.add(current.canonical)
    current = null
  }
  try {
    for (let batch = await stream.next(); batch !== null; batch = await stream.next()) {
      throwIfAborted(signal)
      for (let i = 0; i < batch.count; i++) {
        // Runs are told apart by canonical chromosome: `1` and `chr1` in one file are one chromosome
        // (the join looks chromosomes up by canonical name and would see only one of two entries).
        const canonical = batch.names[batch.chrom[i]]
        if (current === null || current.canonical !== canonical) {
          finish()
          const name = batch.rawNames[batch.chrom[i]]
          if (done.has(canonical)) {
            throw new GeneticsInputError(
              'DBSNP_REFERENCE_INVALID',
              `the dbSNP reference is not sorted: ${name.slice(0, 40)} appears in two separate runs (sort it with \`bcftools sort\`)`,
            )
          }
          current = { canonical, name, columns: new ChromosomeColumns() }
        }
        const rs = batch.rs[i]
        if (rs < 0 || rs > 0xffffffff) {
          withoutRsid++
          continue
        }
        const t = batch.textIndex[i]
        const text = t >= 0 ? batch.texts[t] : null
        current.columns.push(batch.tpos[i], batch.code[i], rs, auxWord(text, batch.tpos[i], batch.pos[i]))
        alleles++
      }
      stream.release(batch)
      options.onProgress?.(stream.bytesRead, alleles)
    }
    finish()
  } finally {
    stream.close()
    await pool?.terminate()
  }
  return { records: stream.records, alleles, withoutRsid, chromosomes }
}

/** Sorts one chromosome by trimmed position (stable: reference order within a position) and writes it. */
function writeChromosome(
  files: DataFiles,
  name: string,
  columns: ChromosomeColumns,
  ordinal: string,
  blockRecords: number,
): IndexedChromosome {
  const n = columns.count
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  const { tpos } = columns
  // The reference is sorted by POS and a trimmed position sits at most a few bases after it, so the
  // order is nearly sorted already; a comparison sort with the index as tie-break keeps it stable.
  let sorted = true
  for (let i = 1; i < n && sorted; i++) if (tpos[i] < tpos[i - 1]) sorted = false
  if (!sorted) {
    const plain = Array.from(order)
    plain.sort((a, b) => tpos[a] - tpos[b] || a - b)
    order.set(plain)
  }
  const allelesFile = files.create(`${ordinal}.alleles`)
  const fenceFile = files.create(`${ordinal}.fence`)
  const allelesSum = new RunningChecksum()
  const fd = openSync(allelesFile.path, 'w')
  try {
    const header = new Uint8Array(HEADER_BYTES)
    header.set(ALLELES_MAGIC, 0)
    new DataView(header.buffer).setUint32(8, n, true)
    new DataView(header.buffer).setUint32(12, blockRecords, true)
    writeCounted(fd, header, allelesSum)
    const chunkRecords = 1 << 16
    const words = new Uint32Array(chunkRecords * (RECORD_BYTES / 4))
    for (let start = 0; start < n; start += chunkRecords) {
      const end = Math.min(n, start + chunkRecords)
      for (let i = start; i < end; i++) {
        const k = order[i]
        const w = (i - start) * 4
        words[w + F_TPOS] = tpos[k]
        words[w + F_CODE] = columns.code[k]
        words[w + F_RS] = columns.rs[k]
        words[w + F_AUX] = columns.aux[k]
      }
      writeCounted(fd, new Uint8Array(words.buffer, 0, (end - start) * RECORD_BYTES), allelesSum)
    }
  } finally {
    closeSync(fd)
  }
  const fence = new Uint32Array(Math.ceil(n / blockRecords))
  for (let b = 0; b < fence.length; b++) fence[b] = tpos[order[b * blockRecords]]
  const fenceBytes = new Uint8Array(fence.buffer)
  const fenceSum = new RunningChecksum()
  fenceSum.update(fenceBytes)
  writeFileSync(fenceFile.path, fenceBytes)
  return {
    name,
    canonical: canonicalChromosome(name),
    alleles: n,
    allelesFile: allelesFile.file,
    fenceFile: fenceFile.file,
    allelesBytes: allelesSum.bytes,
    allelesCrc32: allelesSum.hex,
    fenceBytes: fenceSum.bytes,
    fenceCrc32: fenceSum.hex,
  }
}
