// Streaming merge join of a coordinate-sorted input VCF with a coordinate-sorted dbSNP VCF. For each
// input chromosome the reference is streamed from that chromosome's first block (found through its
// index), so chromosome order and naming may differ between the two files. Reference alleles sit in
// a small window around the input position; an allele matches when its trimmed position and allele
// code agree (and, for non-SNVs, the trimmed text). Memory is the window plus the batches in flight.

import { GeneticsInputError, throwIfAborted } from '../errors'
import type { AlleleBatch } from './allele-keys'
import type { AlleleStream } from './allele-stream'
import { type AssignedCallback, type JoinStats, recordAssignment } from './join-stats'

/** How far before an input allele's POS a reference record may start and still describe it. */
export const LOOKBACK = 64

/** Thrown when the input turns out not to be sorted; the caller falls back to region reads. */
export class InputNotSorted extends Error {
  constructor(readonly allelesDone: number) {
    super('input is not sorted')
  }
}

/**
 * The reference side of the join: one stream that moves through the reference's chromosomes in
 * index order. Moving on to the next chromosome keeps streaming; a jump (input chromosome order that
 * differs from the reference's, or chromosomes the input lacks) reopens at the chromosome's block.
 */
export class ReferenceSource {
  private stream: AlleleStream | null = null
  private position = -1
  private pending: { batch: AlleleBatch; index: number } | null = null

  constructor(
    private readonly open: (referenceName: string) => AlleleStream,
    /** Reference sequence names in index order. */
    private readonly order: string[],
  ) {}

  /** Readies the source for a chromosome; returns false when the reference has no such sequence. */
  moveTo(referenceName: string): boolean {
    const index = this.order.indexOf(referenceName)
    if (index < 0) return false
    if (this.stream === null || index !== this.position + 1) {
      this.stream?.close()
      this.stream = this.open(referenceName)
      this.pending = null
    }
    this.position = index
    return true
  }

  async next(): Promise<{ batch: AlleleBatch; index: number } | null> {
    if (this.pending) {
      const p = this.pending
      this.pending = null
      return p
    }
    const batch = await this.stream?.next()
    return batch ? { batch, index: 0 } : null
  }

  /** Hands back the rest of a batch that belongs to the next chromosome. */
  pushBack(batch: AlleleBatch, index: number): void {
    this.pending = { batch, index }
  }

  /** A batch is fully copied into a window: its arrays can go back to the workers. */
  release(batch: AlleleBatch): void {
    this.stream?.release(batch)
  }

  close(): void {
    this.stream?.close()
    this.stream = null
  }
}

class ReferenceWindow {
  pos = new Float64Array(1024)
  tpos = new Float64Array(1024)
  code = new Uint32Array(1024)
  rs = new Float64Array(1024)
  text: (string | null)[] = []
  start = 0
  end = 0
  loadedThrough = -1
  exhausted = false
  private seenChrom = false

  constructor(
    private readonly source: ReferenceSource,
    private readonly chrom: string,
  ) {}

  /**
   * Loads until a record past `upTo` has been seen: records at one position can continue in the next
   * batch, so stopping at the first record at `upTo` would leave its neighbours unloaded.
   */
  async load(upTo: number): Promise<void> {
    while (!this.exhausted && this.loadedThrough <= upTo) {
      const next = await this.source.next()
      if (next === null) {
        this.exhausted = true
        break
      }
      if (!this.append(next.batch, next.index)) this.source.release(next.batch)
    }
  }

  /** Copies this chromosome's entries; true when the rest of the batch was handed back. */
  private append(batch: AlleleBatch, from: number): boolean {
    const names = batch.names
    for (let i = from; i < batch.count; i++) {
      if (names[batch.chrom[i]] !== this.chrom) {
        if (this.seenChrom) {
          this.exhausted = true
          this.source.pushBack(batch, i)
          return true
        }
        continue
      }
      this.seenChrom = true
      const pos = batch.pos[i]
      if (pos < this.loadedThrough) {
        throw new GeneticsInputError(
          'DBSNP_REFERENCE_INVALID',
          'the dbSNP reference is not sorted by position',
        )
      }
      if (this.end === this.pos.length) this.makeRoom()
      const k = this.end++
      this.pos[k] = pos
      this.tpos[k] = batch.tpos[i]
      this.code[k] = batch.code[i]
      this.rs[k] = batch.rs[i]
      const t = batch.textIndex[i]
      this.text[k] = t >= 0 ? batch.texts[t] : null
      this.loadedThrough = pos
    }
    return false
  }

  dropBefore(pos: number): void {
    while (this.start < this.end && this.pos[this.start] < pos) this.start++
  }

  private makeRoom(): void {
    const live = this.end - this.start
    const size = live * 2 > this.pos.length ? this.pos.length * 2 : this.pos.length
    const move = <T extends Float64Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size)
      b.set(a.subarray(this.start, this.end) as never)
      return b
    }
    this.pos = move(this.pos, (n) => new Float64Array(n))
    this.tpos = move(this.tpos, (n) => new Float64Array(n))
    this.code = move(this.code, (n) => new Uint32Array(n))
    this.rs = move(this.rs, (n) => new Float64Array(n))
    this.text = this.text.slice(this.start, this.end)
    this.start = 0
    this.end = live
  }
}

export interface MergeJoinContext {
  stats: JoinStats
  onAssigned?: AssignedCallback
  /** Reference sequence name for a canonical input chromosome, or null. */
  referenceName(chrom: string): string | null
  reference: ReferenceSource
  unmatched: Set<string>
  contigMapping: Map<string, string>
  signal?: AbortSignal
  onBatch?: () => void
}

export async function mergeJoin(input: AlleleStream, ctx: MergeJoinContext): Promise<void> {
  const { stats } = ctx
  let chrom: string | null = null
  let window: ReferenceWindow | null = null
  const finished = new Set<string>()
  let lastPos = -1
  let done = 0
  try {
    for (let batch = await input.next(); batch !== null; batch = await input.next()) {
      throwIfAborted(ctx.signal)
      ctx.onBatch?.()
      for (let i = 0; i < batch.count; i++) {
        const name = batch.names[batch.chrom[i]]
        if (name !== chrom) {
          if (finished.has(name)) throw new InputNotSorted(done)
          if (chrom !== null) finished.add(chrom)
          chrom = name
          lastPos = -1
          const referenceName = ctx.referenceName(name)
          const written = batch.rawNames[batch.chrom[i]]
          if (referenceName === null) ctx.unmatched.add(written)
          else ctx.contigMapping.set(written, referenceName)
          window =
            referenceName !== null && ctx.reference.moveTo(referenceName)
              ? new ReferenceWindow(ctx.reference, name)
              : null
        }
        const pos = batch.pos[i]
        if (pos < lastPos) throw new InputNotSorted(done)
        lastPos = pos
        done++
        stats.alleles++
        if (window === null) continue
        const tpos = batch.tpos[i]
        if (window.loadedThrough <= tpos && !window.exhausted) await window.load(tpos)
        window.dropBefore(pos - LOOKBACK)
        const code = batch.code[i]
        const ti = batch.textIndex[i]
        const text = ti >= 0 ? batch.texts[ti] : null
        let matchRs = -1
        let firstRs = -1
        let matches = 0
        let exact = false
        let samePosition = false
        const wpos = window.pos
        const wtpos = window.tpos
        const wcode = window.code
        for (let k = window.start; k < window.end && wpos[k] <= tpos; k++) {
          if (wtpos[k] !== tpos) continue
          samePosition = true
          if (wcode[k] !== code || window.rs[k] < 0 || (text !== null && window.text[k] !== text)) continue
          // Several records can trim to the same allele; the one written at the input's own POS is
          // the exact match (what bcftools assigns) and wins over an earlier one.
          if (matches === 0) firstRs = window.rs[k]
          if (matches === 0 || window.rs[k] !== firstRs) matches++
          if (matchRs < 0 || (!exact && wpos[k] === pos)) {
            matchRs = window.rs[k]
            exact = wpos[k] === pos
          }
        }
        if (matches > 0 && matchRs >= 0) {
          recordAssignment(stats, ctx.onAssigned, name, tpos, code, text, batch.rs[i], matchRs, matches)
        } else if (samePosition) stats.alleleMismatches++
      }
      input.release(batch)
    }
  } finally {
    ctx.reference.close()
  }
}
