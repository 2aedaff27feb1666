// An ordered stream of allele-key batches from one VCF, for the dbSNP join. BGZF files are cut into
// segments that the shared worker pool inflates and extracts ahead of the consumer (a bounded number
// in flight); other files are inflated and extracted on the main thread. Edge lines between pieces
// are stitched and extracted in order, so batches come out in exact file order. A BCF input is decoded
// to the VCF text `bcftools view` prints and extracted from that: a BGZF BCF in chunks of whole records
// on the workers (bcf/bgzf-bcf-chunks.ts), any other on the main thread (bcf/open-bcf-text.ts).

import { type BcfChunkEvent, BgzfBcfChunks } from '../bcf/bgzf-bcf-chunks'
import { openBcfText } from '../bcf/open-bcf-text'
import { type GeneticsErrorCode, GeneticsInputError } from '../errors'
import { LineStitcher } from '../scan/line-stitcher'
import { type BgzfSegment, BgzfSegmentReader } from '../stream/bgzf-segments'
import { openTextChunks, type TextChunks } from '../stream/text-source'
import type { ScanWorkerPool } from '../stream/worker-pool'
import type { Compression } from '../types'
import { type AlleleBatch, AlleleKeyExtractor, type AlleleKeyPiece, batchBuffers } from './allele-keys'

const MAIN_GC_EVERY = Number(process.env.GENETICS_MAIN_GC_EVERY ?? 0)
const MAX_RECYCLED = 8
/** Smaller segments than a scan uses: two streams are in flight at once, and this halves their memory. */
const SEGMENT_BYTES = Number(process.env.GENETICS_JOIN_SEGMENT ?? 512 * 1024)
const MAIN_GC_SYNC = process.env.GENETICS_MAIN_GC_SYNC !== '0'

export interface AlleleStreamOptions {
  path: string
  compression: Compression
  /** A BCF input is decoded to VCF text first; absent: VCF text. */
  binary?: 'bcf'
  role: 'input' | 'reference'
  pool: ScanWorkerPool | null
  channel: number
  /** Compressed offset of a BGZF block to start at. */
  start?: number
  /** The start block begins inside a line (the record wanted starts later in the block): drop that line. */
  skipFirstLine?: boolean
  signal?: AbortSignal
  inFlight?: number
}

export class AlleleStream {
  private readonly queue: AlleleBatch[] = []
  private readonly edge = new AlleleKeyExtractor({ role: 'input' })
  private readonly stitcher: LineStitcher
  private readonly inFlight: Promise<AlleleKeyPiece>[] = []
  private segments: AsyncGenerator<BgzfSegment> | null = null
  private reader: BgzfSegmentReader | null = null
  private bcfChunks: BgzfBcfChunks | null = null
  private bcfEvents: AsyncGenerator<BcfChunkEvent> | null = null
  /** A problem the BCF chunker found, raised once the chunks before it have been taken. */
  private bcfProblem: unknown = null
  private text: TextChunks | null = null
  private textIterator: AsyncIterator<Uint8Array> | null = null
  private readonly mainExtractor = new AlleleKeyExtractor({ role: 'input' })
  private sourceDone = false
  private finished = false
  private closed = false
  /** Data records seen so far. */
  records = 0
  private readonly recycled: ArrayBuffer[][] = []
  private readonly fromWorkers = new WeakSet<AlleleBatch>()
  private pieces = 0

  constructor(private readonly options: AlleleStreamOptions) {
    let skip = options.skipFirstLine === true
    this.stitcher = new LineStitcher((line, lineNo) => {
      if (skip) {
        skip = false
        return
      }
      this.accept(this.edge.extractLine(line), lineNo)
    })
  }

  get bytesRead(): number {
    return this.reader?.bytesRead ?? this.bcfChunks?.bytesRead ?? this.text?.bytesRead() ?? 0
  }

  /** The next batch in file order, or null at the end. */
  async next(): Promise<AlleleBatch | null> {
    while (this.queue.length === 0) {
      if (this.finished) return null
      const piece = await this.nextPiece()
      if (piece === null) {
        this.stitcher.finish()
        this.finished = true
        continue
      }
      const first = this.stitcher.push(piece)
      if (first >= 0) this.accept(piece, first)
    }
    return this.queue.shift()!
  }

  /**
   * Hands a consumed batch's arrays back; the next segment sent to a worker carries them, so the
   * workers refill the same buffers instead of allocating (the main thread then makes no garbage).
   */
  release(batch: AlleleBatch): void {
    if (!this.fromWorkers.delete(batch) || this.recycled.length >= MAX_RECYCLED) return
    this.recycled.push(batchBuffers(batch))
  }

  /** Stops reading; results still in flight are dropped. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.text?.close()
    void this.segments?.return(undefined)
    void this.bcfEvents?.return(undefined)
  }

  private accept(piece: AlleleKeyPiece, firstLine: number): void {
    if (piece.error) {
      const code: GeneticsErrorCode =
        this.options.role === 'reference' ? 'DBSNP_REFERENCE_INVALID' : piece.error.code
      const prefix = this.options.role === 'reference' ? 'dbSNP reference: ' : ''
      throw new GeneticsInputError(code, `${prefix}${piece.error.message}`, firstLine + piece.error.line)
    }
    this.records += piece.batch.records
    if (piece.batch.count > 0 || piece.batch.records > 0) this.queue.push(piece.batch)
  }

  private async nextPiece(): Promise<AlleleKeyPiece | null> {
    const { pool, compression, binary } = this.options
    if (pool && compression === 'bgzf') {
      return binary === 'bcf' ? this.nextBcfWorkerPiece(pool) : this.nextWorkerPiece(pool)
    }
    if (!this.text) {
      const open = binary === 'bcf' ? openBcfText : openTextChunks
      this.text = await open(this.options.path, compression, {
        signal: this.options.signal,
        start: this.options.start,
      })
      this.textIterator = this.text.chunks[Symbol.asyncIterator]()
    }
    const next = await this.textIterator!.next()
    if (next.done) return null
    return this.mainExtractor.extractPiece(next.value)
  }

  private async nextWorkerPiece(pool: ScanWorkerPool): Promise<AlleleKeyPiece | null> {
    if (!this.segments) {
      this.reader = new BgzfSegmentReader(this.options.path, {
        signal: this.options.signal,
        start: this.options.start,
        segmentBytes: SEGMENT_BYTES,
      })
      this.segments = this.reader.segments()
    }
    const limit = this.options.inFlight ?? 4
    while (!this.sourceDone && this.inFlight.length < limit) {
      const next = await this.segments.next()
      if (next.done) {
        this.sourceDone = true
        break
      }
      const { buffer, length, fileOffset } = next.value
      this.submit(pool, buffer, length, fileOffset, (input) => this.reader?.recycle(input))
    }
    return this.takeInFlight()
  }

  /** The next piece of a BGZF BCF: chunks of whole records decoded and extracted on the workers. */
  private async nextBcfWorkerPiece(pool: ScanWorkerPool): Promise<AlleleKeyPiece | null> {
    if (!this.bcfChunks) {
      this.bcfChunks = new BgzfBcfChunks(
        new BgzfSegmentReader(this.options.path, {
          signal: this.options.signal,
          segmentBytes: SEGMENT_BYTES,
        }),
      )
      this.bcfEvents = this.bcfChunks.events()
    }
    const chunks = this.bcfChunks
    const { channel, role } = this.options
    const limit = this.options.inFlight ?? 4
    while (!this.sourceDone && this.inFlight.length < limit) {
      let next: IteratorResult<BcfChunkEvent>
      try {
        next = await this.bcfEvents!.next()
      } catch (error) {
        // A cut or damaged file: the chunks already sent come first, as on one thread.
        if (!(error instanceof GeneticsInputError)) throw error
        this.bcfProblem = error
        this.sourceDone = true
        break
      }
      if (next.done) {
        this.sourceDone = true
        break
      }
      const event = next.value
      if (event.type === 'header') {
        pool.init(channel, 'bcf-allele-keys', { headerText: event.headerText, keys: { role } })
        // The header's lines are read here, so that the records' line numbers are those of the text.
        const header = this.mainExtractor.extractPiece(new TextEncoder().encode(event.header.vcfText))
        this.inFlight.push(Promise.resolve(header))
        continue
      }
      this.submit(pool, event.buffer, event.length, 0, (input) => chunks.recycle(input), event.firstRecord)
    }
    const head = this.takeInFlight()
    if (head) return head
    if (this.bcfProblem) throw this.bcfProblem
    return null
  }

  /** Hands a segment or record chunk to a worker; its input buffer goes to `giveBack` when done. */
  private submit(
    pool: ScanWorkerPool,
    buffer: ArrayBuffer,
    length: number,
    fileOffset: number,
    giveBack: (input: ArrayBuffer) => void,
    firstRecord?: number,
  ): void {
    const recycle = this.recycled.pop()
    const piece = pool
      .submit(this.options.channel, buffer, length, fileOffset, recycle, firstRecord)
      .then((r) => {
        giveBack(r.input)
        const result = r.result as AlleleKeyPiece
        this.fromWorkers.add(result.batch)
        return result
      })
    piece.catch(() => {}) // awaited in order; dropped ones must not surface as unhandled
    this.inFlight.push(piece)
  }

  /** The oldest piece in flight, or null when none is. */
  private takeInFlight(): Promise<AlleleKeyPiece> | null {
    const head = this.inFlight.shift()
    if (!head) return null
    // Worker results are transferred typed arrays; collect every few pieces so they do not pile up.
    if (MAIN_GC_EVERY > 0 && ++this.pieces % MAIN_GC_EVERY === 0) Bun.gc(MAIN_GC_SYNC)
    return head
  }
}
