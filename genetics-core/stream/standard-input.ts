// Standard input as a genetics source (`genetics inspect -`). A stream is read once and cannot be
// seeked, but detection reads the start of a source several times (its first bytes, then its first
// lines) and the scan then starts again from byte 0. So the bytes detection pulls are kept, every
// reader replays them before pulling new ones, and once detection is done the scan's reader replays
// them one last time and lets them go: memory holds the header and the first lines, never the rest.

import { GeneticsInputError } from '../errors'

/**
 * The path that names standard input in genetics-core's functions. NUL cannot appear in a file path,
 * so no caller's file is ever mistaken for it (`-` stays a file name for library callers).
 */
export const STANDARD_INPUT_PATH = '\u0000standard input'

export const isStandardInput = (path: string) => path === STANDARD_INPUT_PATH

/** Bytes of the stream's head that hold every magic number and header detection sniffs for. */
const SNIFF_BYTES = 4096
/** Bytes kept from the end of the stream: the BGZF end-of-file check looks at no more. */
const TAIL_BYTES = 1 << 16

/** What is read from a web ReadableStream's reader. */
interface ByteReader {
  read(): Promise<{ done: false; value: Uint8Array } | { done: true; value?: Uint8Array }>
  cancel(): Promise<void>
}

export class StandardInput {
  private reader: ByteReader | null = null
  private ended = false
  /** Pieces read while detection runs, replayed to every later reader. */
  private readonly kept: Uint8Array[] = []
  private keeping = true
  /** The last reader has started: a further one would find the start of the stream gone. */
  private spent = false
  private pulled = 0
  /** The last pieces, at least TAIL_BYTES of them once the stream is that long. */
  private lastPieces: Uint8Array[] = []
  private lastPiecesBytes = 0

  constructor(private readonly open: () => ByteReader) {}

  /** Bytes taken from the stream so far; once it has been read to its end, its size. */
  get bytesRead(): number {
    return this.pulled
  }

  /**
   * Detection is over: the next reader replays the kept start one last time, dropping each piece as it
   * passes it, and then reads on without keeping anything. No reader may follow it.
   */
  detectionDone(): void {
    this.keeping = false
  }

  /** The stream from its first byte, piece by piece; one reader at a time. */
  async *pieces(): AsyncGenerator<Uint8Array> {
    if (this.spent)
      throw new GeneticsInputError(
        'FILE_UNREADABLE',
        'standard input was already read and cannot be read again: save the stream to a file and give its path',
      )
    const last = !this.keeping
    if (last) this.spent = true
    for (let index = 0; ; ) {
      let piece: Uint8Array | null | undefined
      if (last) piece = this.kept.shift()
      else if (index < this.kept.length) piece = this.kept[index++]
      if (!piece) {
        piece = await this.pull()
        if (!piece) return
        if (this.keeping) {
          this.kept.push(piece)
          index++
        }
      }
      yield piece
    }
  }

  /**
   * Up to `length` bytes from the start, kept for the readers after; empty standard input is refused.
   * Fewer once SNIFF_BYTES are in: a head is read for magic numbers, and waiting for more would hold
   * back the verdict on a slow writer's first bytes (a zip refused only when the writer is done).
   */
  async head(length: number): Promise<Uint8Array> {
    const parts: Uint8Array[] = []
    let bytes = 0
    const pieces = this.pieces()
    try {
      while (bytes < Math.min(length, SNIFF_BYTES)) {
        const next = await pieces.next()
        if (next.done) break
        const part = next.value.subarray(0, length - bytes)
        parts.push(part)
        bytes += part.length
      }
    } finally {
      await pieces.return(undefined)
    }
    if (bytes === 0)
      throw new GeneticsInputError('EMPTY_FILE', 'standard input is empty: nothing was piped in')
    return parts.length === 1 ? parts[0] : Buffer.concat(parts)
  }

  /** The last bytes of the stream (up to 64 KiB); meaningful once it has been read to its end. */
  tail(): Uint8Array {
    const joined = this.lastPieces.length === 1 ? this.lastPieces[0] : Buffer.concat(this.lastPieces)
    return joined.subarray(Math.max(0, joined.length - TAIL_BYTES))
  }

  private keepTail(piece: Uint8Array): void {
    this.lastPieces.push(piece)
    this.lastPiecesBytes += piece.length
    while (this.lastPiecesBytes - this.lastPieces[0].length >= TAIL_BYTES)
      this.lastPiecesBytes -= this.lastPieces.shift()!.length
  }

  /** Stops reading the stream, so a run that ends early does not wait for its writer to finish. */
  close(): void {
    this.ended = true
    this.kept.length = 0
    this.reader?.cancel().catch(() => {})
    this.reader = null
  }

  /**
   * The next piece of the stream as the pipe hands it over (up to 64 KiB), null at its end. Reads are not
   * joined into larger pieces: waiting for more would hold back what a slow writer has already sent.
   */
  private async pull(): Promise<Uint8Array | null> {
    if (this.ended) return null
    this.reader ??= this.open()
    const reader = this.reader
    for (;;) {
      const next = await reader.read().catch((error) => {
        throw new GeneticsInputError(
          'FILE_UNREADABLE',
          `could not read standard input (${(error as { code?: string })?.code ?? 'I/O error'})`,
        )
      })
      if (next.done || this.ended) {
        this.ended = true
        return null
      }
      if (next.value.length === 0) continue
      this.pulled += next.value.length
      this.keepTail(next.value)
      return next.value
    }
  }
}

let shared: StandardInput | null = null

/** The process's standard input, opened on first use (a run that reads a file never touches it). */
export function standardInput(): StandardInput {
  shared ??= new StandardInput(() => Bun.stdin.stream().getReader())
  return shared
}
