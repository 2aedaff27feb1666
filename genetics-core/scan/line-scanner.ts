// Base of the byte-level scanners (VCF body, consumer rows): walks the complete lines of a piece of
// decompressed text, keeps the per-piece tallies, and hands back the partial lines at both ends so
// pieces can be scanned on any thread and stitched in order afterwards.

import type { GeneticsErrorCode } from '../errors'
import { C, newCounters } from './counters'
import type { ChromRun, LineHit, SegmentScan, WarningTally } from './segment-scan'

/** Longest line accepted (a 2,500-sample 1000 Genomes line with GL is well under 1 MiB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024

const EMPTY = new Uint8Array(0)
const latin1Decoder = new TextDecoder('latin1')
const utf8Decoder = new TextDecoder('utf-8')

/** Latin-1 view of bytes: one char per byte, fast for short ASCII fields. */
export function latin1(buf: Uint8Array, start: number, end: number): string {
  if (end - start < 24) {
    let s = ''
    for (let i = start; i < end; i++) s += String.fromCharCode(buf[i])
    return s
  }
  return latin1Decoder.decode(buf.subarray(start, end))
}

export function utf8(buf: Uint8Array, start: number, end: number): string {
  return utf8Decoder.decode(buf.subarray(start, end))
}

export abstract class LineScanner {
  protected counts = newCounters()
  protected runs: ChromRun[] = []
  protected hits: LineHit[] = []
  private warnings = new Map<string, WarningTally>()
  protected failed: { line: number; code: GeneticsErrorCode; message: string } | null = null
  /** Index of the line being scanned within the current piece. */
  protected lineIndex = 0

  /** Scans one data line [start, end) (newline and any CR already excluded). */
  protected abstract scanLine(buf: Uint8Array, start: number, end: number): void

  /** Scans the complete lines of a piece; the partial lines at its ends come back for stitching. */
  scanPiece(buf: Uint8Array): SegmentScan {
    this.counts[C.textBytes] += buf.length
    const first = buf.indexOf(10)
    if (first < 0) return this.take(0, buf.slice(), EMPTY)
    const last = buf.lastIndexOf(10)
    let newlines = 1
    let start = first + 1
    this.lineIndex = 0
    while (start <= last && this.failed === null) {
      const nl = buf.indexOf(10, start)
      this.scanBounded(buf, start, nl)
      start = nl + 1
      newlines++
      this.lineIndex++
    }
    return this.take(newlines, buf.slice(0, first), last + 1 < buf.length ? buf.slice(last + 1) : EMPTY)
  }

  /** Scans one whole line (a line stitched from neighbouring pieces, or the last line of a file). */
  scanWholeLine(line: Uint8Array): SegmentScan {
    this.lineIndex = 0
    if (line.length > 0) this.scanBounded(line, 0, line.length)
    return this.take(0, EMPTY, EMPTY)
  }

  private scanBounded(buf: Uint8Array, start: number, end: number): void {
    // A UTF-8 byte-order mark (Windows editors write one) can only open the first line; the
    // detector's text decoder drops it, and so must the scanners, or '##fileformat' is not seen.
    if (buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf) start += 3
    let e = end
    if (e > start && buf[e - 1] === 13) e-- // CRLF files
    if (e - start > MAX_LINE_BYTES) {
      this.fail('LINE_TOO_LONG', `line is longer than ${MAX_LINE_BYTES} bytes`)
      return
    }
    this.scanLine(buf, start, e)
  }

  protected fail(code: GeneticsErrorCode, message: string): void {
    if (this.failed === null) this.failed = { line: this.lineIndex, code, message }
  }

  protected warn(code: string, message: string): void {
    const tally = this.warnings.get(code)
    if (tally) tally.count++
    else this.warnings.set(code, { code, line: this.lineIndex, message, count: 1 })
  }

  protected hit(buf: Uint8Array, start: number, end: number): void {
    this.hits.push({ line: this.lineIndex, text: utf8(buf, start, end) })
  }

  private take(newlines: number, head: Uint8Array, tail: Uint8Array): SegmentScan {
    this.counts[C.notSexLinked] = 0 // a scratch slot, never reported
    const result: SegmentScan = {
      counts: this.counts,
      newlines,
      head,
      tail,
      runs: this.runs,
      hits: this.hits,
      warnings: [...this.warnings.values()],
      error: this.failed,
    }
    this.counts = newCounters()
    this.runs = []
    this.hits = []
    this.warnings = new Map()
    this.failed = null
    this.onPieceEnd()
    return result
  }

  /** Subclasses reset per-piece state (e.g. the current chromosome run) here. */
  protected onPieceEnd(): void {}

  /**
   * Why the file's last line, which had no line break and was read without error, looks cut short
   * (see consumer/cut-short-row.ts), or null. `counts` are the whole scan's, that line included.
   */
  lastLineCutShort(_line: Uint8Array, _counts: Float64Array): string | null {
    return null
  }
}
