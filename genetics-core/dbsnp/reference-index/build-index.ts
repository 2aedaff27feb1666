// Builds the provisioned dbSNP index from a bgzipped dbSNP VCF: one streaming pass with the same
// allele-key extraction as the joins (multi-allelic split, trimming, rsID), one chromosome held in
// memory at a time and written sorted by trimmed position. Records without an rsID are left out.

import { closeSync, mkdirSync, openSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { basename, join } from 'node:path'
import { inspectSource } from '../../detect/inspect-source'
import { GeneticsInputError, throwIfAborted } from '../../errors'
import { canonicalChromosome } from '../../normalize/chromosome'
import { ScanWorkerPool } from '../../stream/worker-pool'
import { AlleleStream } from '../allele-stream'
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
 * @example
 * const manifest = await buildReferenceIndex('/refs/dbsnp.vcf.gz', '/refs/dbsnp-index')
 * // then DBSNP_REFERENCE_PATH=/refs/dbsnp-index
 */
export async function buildReferenceIndex(
  referencePath: string,
  outDir: string,
  options: BuildIndexOptions = {},
): Promise<IndexManifest> {
  const { signal } = options
  const inspection = await inspectSource(referencePath, { signal })
  if (inspection.detection.format !== 'vcf' || inspection.detection.compression !== 'bgzf') {
    throw new GeneticsInputError(
      'DBSNP_REFERENCE_INVALID',
      'the dbSNP reference must be a bgzip-compressed VCF',
    )
  }
  const blockRecords = options.blockRecords ?? BLOCK_RECORDS
  if (!Number.isInteger(blockRecords) || blockRecords < 1)
    throw new RangeError('blockRecords must be a positive integer')
  mkdirSync(outDir, { recursive: true })
  const workers = options.workers ?? 2
  const pool = workers > 0 ? new ScanWorkerPool(workers) : null
  pool?.init(2, 'allele-keys', { role: 'reference' })
  const stream = new AlleleStream({
    path: referencePath,
    compression: 'bgzf',
    role: 'reference',
    pool,
    channel: 2,
    signal,
    inFlight: 6,
  })
  const chromosomes: IndexedChromosome[] = []
  const done = new Set<string>()
  let current: { name: string; columns: ChromosomeColumns } | null = null
  let alleles = 0
  let withoutRsid = 0
  const finish = () => {
    if (!current) return
    chromosomes.push(writeChromosome(outDir, current.name, current.columns, chromosomes.length, blockRecords))
    done.add(current.name)
    current = null
  }
  try {
    for (let batch = await stream.next(); batch !== null; batch = await stream.next()) {
      throwIfAborted(signal)
      for (let i = 0; i < batch.count; i++) {
        const name = batch.rawNames[batch.chrom[i]]
        if (current === null || current.name !== name) {
          finish()
          if (done.has(name)) {
            throw new GeneticsInputError(
              'DBSNP_REFERENCE_INVALID',
              `the dbSNP reference is not sorted: ${name.slice(0, 40)} appears in two separate runs`,
            )
          }
          current = { name, columns: new ChromosomeColumns() }
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
  const stat = statSync(referencePath)
  const manifest: IndexManifest = {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    blockRecords,
    source: { file: basename(referencePath), bytes: stat.size, modified: stat.mtime.toISOString() },
    referenceBuild: inspection.detection.build,
    records: stream.records,
    alleles,
    withoutRsid,
    chromosomes,
    createdAt: new Date().toISOString(),
  }
  // The manifest is written last, through a rename: an interrupted build leaves no usable index.
  const temporary = join(outDir, `${MANIFEST_FILE}.tmp`)
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`)
  renameSync(temporary, join(outDir, MANIFEST_FILE))
  return manifest
}

/** Sorts one chromosome by trimmed position (stable: reference order within a position) and writes it. */
function writeChromosome(
  outDir: string,
  name: string,
  columns: ChromosomeColumns,
  ordinal: number,
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
  const file = `${String(ordinal).padStart(3, '0')}`
  const allelesFile = `${file}.alleles`
  const fenceFile = `${file}.fence`
  const fd = openSync(join(outDir, allelesFile), 'w')
  try {
    const header = new Uint8Array(HEADER_BYTES)
    header.set(ALLELES_MAGIC, 0)
    new DataView(header.buffer).setUint32(8, n, true)
    new DataView(header.buffer).setUint32(12, blockRecords, true)
    writeSync(fd, header)
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
      writeSync(fd, new Uint8Array(words.buffer, 0, (end - start) * RECORD_BYTES))
    }
  } finally {
    closeSync(fd)
  }
  const fence = new Uint32Array(Math.ceil(n / blockRecords))
  for (let b = 0; b < fence.length; b++) fence[b] = tpos[order[b * blockRecords]]
  writeFileSync(join(outDir, fenceFile), new Uint8Array(fence.buffer))
  return { name, canonical: canonicalChromosome(name), alleles: n, allelesFile, fenceFile }
}
