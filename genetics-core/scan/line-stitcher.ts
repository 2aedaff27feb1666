// Joins the partial lines at the edges of consecutive pieces, in file order, and keeps the line
// numbering: a piece's complete lines are numbered from the newlines of every earlier piece, and the
// line formed by the previous piece's tail and this piece's head is handed to scanWhole first.

import { GeneticsInputError } from '../errors'
import { MAX_LINE_BYTES } from './line-scanner'

export class LineStitcher {
  private pending: Uint8Array[] = []
  private pendingBytes = 0
  /** Newlines in every piece pushed so far. */
  private newlinesBefore = 0
  /** The number of the last line when it had no newline to count it (set by finish), else 0. */
  private unterminatedLine = 0
  /** That last line's bytes when the text did not end with a newline (set by finish), else empty. */
  unterminatedText: Uint8Array = new Uint8Array(0)

  constructor(private readonly scanWhole: (line: Uint8Array, lineNo: number) => void) {}

  /**
   * Takes the next piece's edges; returns the line number of the piece's first complete line (the
   * one after its first newline), or -1 when the piece holds no newline at all.
   */
  push(piece: { newlines: number; head: Uint8Array; tail: Uint8Array }): number {
    if (piece.newlines === 0) {
      this.hold(piece.head)
      return -1
    }
    this.hold(piece.head)
    const line = this.takePending()
    const lineNo = this.newlinesBefore + 1
    this.scanWhole(line, lineNo)
    this.newlinesBefore += piece.newlines
    if (piece.tail.length > 0) this.hold(piece.tail)
    return lineNo + 1
  }

  finish(): void {
    if (this.pendingBytes === 0) return
    const line = this.takePending()
    const only = line.length === 1 && line[0] === 13
    this.unterminatedLine = this.newlinesBefore + 1
    if (!only) this.unterminatedText = line
    this.scanWhole(line, this.unterminatedLine)
  }

  /** True when the text did not end with a newline (once finish has run). */
  get missingFinalNewline(): boolean {
    return this.unterminatedText.length > 0
  }

  /** True when that last line holds zero bytes (text followed by a never-filled space). */
  get lastLineHasZeros(): boolean {
    return this.unterminatedText.includes(0)
  }

  /** Lines so far, counting a last line without a newline (held, or already handed over by finish). */
  get lines(): number {
    return this.newlinesBefore + (this.pendingBytes > 0 || this.unterminatedLine > 0 ? 1 : 0)
  }

  private hold(bytes: Uint8Array): void {
    if (bytes.length === 0) return
    this.pending.push(bytes)
    this.pendingBytes += bytes.length
    if (this.pendingBytes > MAX_LINE_BYTES) {
      throw new GeneticsInputError(
        'LINE_TOO_LONG',
        `line is longer than ${MAX_LINE_BYTES} bytes`,
        this.newlinesBefore + 1,
      )
    }
  }

  private takePending(): Uint8Array {
    const parts = this.pending
    this.pending = []
    const total = this.pendingBytes
    this.pendingBytes = 0
    if (parts.length === 1) return parts[0]
    const line = new Uint8Array(total)
    let offset = 0
    for (const part of parts) {
      line.set(part, offset)
      offset += part.length
    }
    return line
  }
}
