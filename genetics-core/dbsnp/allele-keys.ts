// Turns VCF lines into sortable allele keys for the dbSNP join, as typed arrays: chromosome, POS,
// trimmed position, a 32-bit allele code (exact for SNVs, FNV-1a hash of the trimmed alleles
// otherwise, with the text kept so a hash match is confirmed by string comparison) and the rsID.
// Runs on worker threads for both the input and the reference file.

import { canonicalChromosome } from '../normalize/chromosome'
import { LineScanner, latin1, utf8 } from '../scan/line-scanner'
import type { SegmentScan } from '../scan/segment-scan'

export interface AlleleKeyConfig {
  /** Only used in messages. */
  role: 'input' | 'reference'
}

/** A worker's configuration for extracting keys from BCF record chunks (decoded to VCF text first). */
export interface BcfAlleleKeyConfig {
  /** The BCF header's own text (the worker builds the dictionaries from it). */
  headerText: string
  keys: AlleleKeyConfig
}

export interface AlleleBatch {
  count: number
  /** Index into names, per allele. */
  chrom: Uint16Array
  /** Canonical chromosome names used by this batch. */
  names: string[]
  /** The same chromosomes as the file writes them (same index as names). */
  rawNames: string[]
  pos: Float64Array
  tpos: Float64Array
  code: Uint32Array
  /** rs number of the record (first rsID in ID), or -1. */
  rs: Float64Array
  /** Index into texts for non-SNV alleles, -1 for SNVs. */
  textIndex: Int32Array
  /** Trimmed 'REF>ALT' of non-SNV alleles. */
  texts: string[]
  records: number
}

export interface AlleleKeyPiece extends SegmentScan {
  batch: AlleleBatch
}

/** The six array buffers behind a batch, in the order recycle() expects. */
export function batchBuffers(batch: AlleleBatch): ArrayBuffer[] {
  return [batch.chrom, batch.pos, batch.tpos, batch.code, batch.rs, batch.textIndex].map(
    (a) => a.buffer as ArrayBuffer,
  )
}

/** Base -> 2-bit code (A C G T, either case); -1 for anything else. */
const BASE = new Int8Array(256).fill(-1)
for (const [c, v] of [
  ['A', 0],
  ['C', 1],
  ['G', 2],
  ['T', 3],
] as const) {
  BASE[c.charCodeAt(0)] = v
  BASE[c.toLowerCase().charCodeAt(0)] = v
}

function sameBase(a: number, b: number): boolean {
  return a === b || (a | 32) === (b | 32)
}

/** Exact code of an SNV: high bit set, then ref * 4 + alt. */
export function snvCode(ref: number, alt: number): number {
  return (0x80000000 | (ref << 2) | alt) >>> 0
}

/** Code of any other allele: FNV-1a of the trimmed 'REF>ALT' with the high bit cleared. */
export function textCode(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h & 0x7fffffff) >>> 0
}

export const SNV_BASES = 'ACGT'

class BatchBuilder {
  count = 0
  chrom = new Uint16Array(4096)
  pos = new Float64Array(4096)
  tpos = new Float64Array(4096)
  code = new Uint32Array(4096)
  rs = new Float64Array(4096)
  textIndex = new Int32Array(4096)
  texts: string[] = []
  names: string[] = []
  rawNames: string[] = []
  records = 0

  push(chrom: number, pos: number, tpos: number, code: number, rs: number, text: string | null): void {
    if (this.count === this.pos.length) this.grow()
    const i = this.count++
    this.chrom[i] = chrom
    this.pos[i] = pos
    this.tpos[i] = tpos
    this.code[i] = code
    this.rs[i] = rs
    if (text === null) this.textIndex[i] = -1
    else {
      this.textIndex[i] = this.texts.length
      this.texts.push(text)
    }
  }

  private grow(): void {
    const n = this.pos.length * 2
    const grow = <T extends Uint16Array | Float64Array | Uint32Array | Int32Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(n)
      b.set(a as never)
      return b
    }
    this.chrom = grow(this.chrom, (k) => new Uint16Array(k))
    this.pos = grow(this.pos, (k) => new Float64Array(k))
    this.tpos = grow(this.tpos, (k) => new Float64Array(k))
    this.code = grow(this.code, (k) => new Uint32Array(k))
    this.rs = grow(this.rs, (k) => new Float64Array(k))
    this.textIndex = grow(this.textIndex, (k) => new Int32Array(k))
  }

  /** Buffer sets handed back by the consumer, reused instead of allocating new arrays per batch. */
  private readonly free: ArrayBuffer[][] = []

  recycle(buffers: ArrayBuffer[]): void {
    if (buffers.length === 6) this.free.push(buffers)
  }

  take(): AlleleBatch {
    const n = this.count
    // Reuse a returned set when one is large enough (views of length n over it), else allocate.
    const index = this.free.findIndex((set) => set[1].byteLength >= n * 8)
    const set = index >= 0 ? this.free.splice(index, 1)[0] : null
    const into = <T extends Uint16Array | Float64Array | Uint32Array | Int32Array>(
      source: T,
      buffer: ArrayBuffer | undefined,
      make: (b: ArrayBuffer, n: number) => T,
    ): T => {
      if (!buffer) return source.slice(0, n) as T
      const view = make(buffer, n)
      view.set(source.subarray(0, n) as never)
      return view
    }
    const batch: AlleleBatch = {
      count: n,
      chrom: into(this.chrom, set?.[0], (b, k) => new Uint16Array(b, 0, k)),
      names: this.names,
      rawNames: this.rawNames,
      pos: into(this.pos, set?.[1], (b, k) => new Float64Array(b, 0, k)),
      tpos: into(this.tpos, set?.[2], (b, k) => new Float64Array(b, 0, k)),
      code: into(this.code, set?.[3], (b, k) => new Uint32Array(b, 0, k)),
      rs: into(this.rs, set?.[4], (b, k) => new Float64Array(b, 0, k)),
      textIndex: into(this.textIndex, set?.[5], (b, k) => new Int32Array(b, 0, k)),
      texts: this.texts,
      records: this.records,
    }
    this.count = 0
    this.texts = []
    this.names = []
    this.rawNames = []
    this.records = 0
    return batch
  }
}

export class AlleleKeyExtractor extends LineScanner {
  private batch = new BatchBuilder()
  private chromBytes = new Uint8Array(0)
  private chromName = ''
  private chromIndex = -1

  constructor(readonly config: AlleleKeyConfig) {
    super()
  }

  /** Takes back the six array buffers of a consumed batch (see allelesBuffers). */
  recycle(buffers: ArrayBuffer[]): void {
    this.batch.recycle(buffers)
  }

  extractPiece(text: Uint8Array): AlleleKeyPiece {
    const scan = this.scanPiece(text)
    return { ...scan, batch: this.takeBatch() }
  }

  extractLine(line: Uint8Array): AlleleKeyPiece {
    const scan = this.scanWholeLine(line)
    return { ...scan, batch: this.takeBatch() }
  }

  transferList(piece: AlleleKeyPiece): ArrayBuffer[] {
    const b = piece.batch
    return [b.chrom, b.pos, b.tpos, b.code, b.rs, b.textIndex, piece.counts, piece.head, piece.tail].map(
      (a) => a.buffer as ArrayBuffer,
    )
  }

  private takeBatch(): AlleleBatch {
    this.chromIndex = -1
    this.chromBytes = new Uint8Array(0)
    return this.batch.take()
  }

  protected scanLine(buf: Uint8Array, s: number, e: number): void {
    if (s === e || buf[s] === 35) return
    let p = s
    while (p < e && buf[p] !== 9) p++
    if (p >= e) {
      this.fail('COLUMN_COUNT', 'line has no tab-separated columns (a VCF data line has at least 8)')
      return
    }
    this.resolveChrom(buf, s, p)
    p++
    const posStart = p
    let pos = 0
    while (p < e && buf[p] !== 9) {
      const c = buf[p]
      if (c < 48 || c > 57) {
        this.fail('BAD_POSITION', 'POS is not a whole number')
        return
      }
      pos = pos * 10 + (c - 48)
      p++
    }
    if (p === posStart || p >= e) {
      this.fail(
        p === posStart ? 'BAD_POSITION' : 'COLUMN_COUNT',
        p === posStart ? 'POS is empty' : 'too few columns',
      )
      return
    }
    p++
    let rs = -1
    if (buf[p] === 114 && buf[p + 1] === 115) {
      let n = 0
      let i = p + 2
      for (; i < e; i++) {
        const c = buf[i]
        if (c < 48 || c > 57) break
        n = n * 10 + (c - 48)
      }
      if (i > p + 2) rs = n
    }
    while (p < e && buf[p] !== 9) p++
    p++
    const refStart = p
    while (p < e && buf[p] !== 9) p++
    const refEnd = p
    p++
    const altStart = p
    while (p < e && buf[p] !== 9) p++
    const altEnd = p
    if (refEnd >= e || altStart >= e || refEnd === refStart || altEnd === altStart) {
      this.fail('COLUMN_COUNT', 'too few columns (REF and ALT are required)')
      return
    }
    this.batch.records++
    const chrom = this.chromIndex
    if (refEnd - refStart === 1 && altEnd - altStart === 1) {
      const r = BASE[buf[refStart]]
      const a = BASE[buf[altStart]]
      if (r >= 0 && a >= 0) {
        if (r !== a) this.batch.push(chrom, pos, pos, snvCode(r, a), rs, null)
        return
      }
    }
    let a0 = altStart
    while (a0 <= altEnd) {
      let a1 = a0
      while (a1 < altEnd && buf[a1] !== 44 /* , */) a1++
      this.allele(buf, chrom, pos, rs, refStart, refEnd, a0, a1)
      a0 = a1 + 1
    }
  }

  /** One ALT allele at [as, ae): skipped when it is not a sequence, else trimmed and keyed. */
  private allele(
    buf: Uint8Array,
    chrom: number,
    pos: number,
    rs: number,
    rs0: number,
    re: number,
    as: number,
    ae: number,
  ) {
    const altLength = ae - as
    const refLength = re - rs0
    if (altLength === 0) return
    const first = buf[as]
    if (altLength === 1 && (first === 46 || first === 42 || first === 88)) return // '.', '*', 'X'
    if (first === 60 || first === 46 || buf[ae - 1] === 46) return // symbolic, single breakends
    for (let i = as; i < ae; i++) if (buf[i] === 91 || buf[i] === 93) return // [ ] breakends
    let suffix = 0
    while (suffix < refLength && suffix < altLength && sameBase(buf[re - 1 - suffix], buf[ae - 1 - suffix]))
      suffix++
    let prefix = 0
    while (
      prefix < refLength - suffix &&
      prefix < altLength - suffix &&
      sameBase(buf[rs0 + prefix], buf[as + prefix])
    ) {
      prefix++
    }
    const r = refLength - suffix - prefix
    const a = altLength - suffix - prefix
    if (r === 0 && a === 0) return
    const tpos = pos + prefix
    if (r === 1 && a === 1) {
      const rc = BASE[buf[rs0 + prefix]]
      const ac = BASE[buf[as + prefix]]
      if (rc >= 0 && ac >= 0) {
        this.batch.push(chrom, pos, tpos, snvCode(rc, ac), rs, null)
        return
      }
    }
    const text =
      `${latin1(buf, rs0 + prefix, rs0 + prefix + r)}>${latin1(buf, as + prefix, as + prefix + a)}`.toUpperCase()
    this.batch.push(chrom, pos, tpos, textCode(text), rs, text)
  }

  private resolveChrom(buf: Uint8Array, start: number, end: number): void {
    const previous = this.chromBytes
    const length = end - start
    if (this.chromIndex >= 0 && length === previous.length) {
      let same = true
      for (let i = 0; i < length; i++) {
        if (buf[start + i] !== previous[i]) {
          same = false
          break
        }
      }
      if (same) return
    }
    this.chromBytes = buf.slice(start, end)
    const raw = utf8(buf, start, end)
    this.chromName = canonicalChromosome(raw)
    let index = this.batch.names.indexOf(this.chromName)
    if (index < 0) {
      index = this.batch.names.length
      this.batch.names.push(this.chromName)
      this.batch.rawNames.push(raw)
    }
    this.chromIndex = index
  }
}
