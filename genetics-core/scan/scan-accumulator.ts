// Adds up the pieces of one scan in file order: counters, chromosome runs (sortedness and per-
// chromosome counts), warnings with absolute line numbers, hit lines, and the first fatal problem,
// which it raises as a typed error naming the line.

import { GeneticsInputError } from '../errors'
import { canonicalChromosome } from '../normalize/chromosome'
import type { GeneticsWarning } from '../types'
import { addCounters, C, newCounters } from './counters'
import { cutOffLastLine, cutShortLastLine } from './cut-off-text'
import type { LineScanner } from './line-scanner'
import { LineStitcher } from './line-stitcher'
import {
  HEADER_LINE_TALLY,
  REPEATED_HEADER_MESSAGE,
  type SegmentScan,
  type WarningTally,
} from './segment-scan'

export interface CountedWarning extends GeneticsWarning {
  count: number
}

export class ScanAccumulator {
  readonly counts = newCounters()
  readonly chromosomes = new Map<string, number>()
  sorted = true
  private lastRun: { name: string; lastPos: number } | null = null
  private readonly closedRuns = new Set<string>()
  private readonly warnings = new Map<string, CountedWarning>()
  /** #CHROM lines seen so far (the file's own header and any repeated one). */
  private chromLines = 0
  private readonly stitcher: LineStitcher
  /** Piece results in order; tests and the dbSNP join read the stitched line's piece from here. */

  constructor(
    private readonly stitchScanner: LineScanner,
    private readonly onHit: (text: string, line: number) => void,
    /** Canonical name of a chromosome as written (consumer files map 23-26 too). */
    private readonly canonical: (name: string) => string = canonicalChromosome,
  ) {
    this.stitcher = new LineStitcher((line, lineNo) => this.merge(stitchScanner.scanWholeLine(line), lineNo))
  }

  /** Adds the next piece (pieces must arrive in file order). */
  add(piece: SegmentScan): void {
    const firstLine = this.stitcher.push(piece)
    if (firstLine < 0) {
      this.counts[C.textBytes] += piece.counts[C.textBytes]
      return
    }
    this.merge(piece, firstLine)
  }

  /** Handles the last line when the text does not end with a newline. */
  finish(): void {
    try {
      this.stitcher.finish()
    } catch (error) {
      throw this.stitcher.missingFinalNewline ? cutOffLastLine(error, this.stitcher.lastLineHasZeros) : error
    }
    if (this.stitcher.missingFinalNewline) {
      const cutShort = this.stitchScanner.lastLineCutShort(this.stitcher.unterminatedText, this.counts)
      if (cutShort !== null)
        throw cutShortLastLine(cutShort, this.stitcher.lines, this.stitcher.lastLineHasZeros)
      this.tally({
        code: 'NO_FINAL_NEWLINE',
        message: 'the file does not end with a newline (it may be truncated)',
        line: this.stitcher.lines,
        count: 1,
      })
    }
  }

  get lines(): number {
    return this.stitcher.lines
  }

  warningList(): GeneticsWarning[] {
    return [...this.warnings.values()].map(({ code, message, line, count }) => ({
      code,
      message:
        count > 1
          ? `${message} (${count} times${line !== undefined ? `; first at line ${line}` : ''})`
          : message,
      ...(line !== undefined ? { line } : {}),
    }))
  }

  tally(warning: CountedWarning): void {
    const known = this.warnings.get(warning.code)
    if (known) known.count += warning.count
    else this.warnings.set(warning.code, { ...warning })
  }

  /**
   * #CHROM lines a piece saw (see HEADER_LINE_TALLY): every one but the file's own header line, the first
   * seen before any record, is a repeated header.
   */
  private countHeaderLines(w: WarningTally, firstLine: number, recordsBefore: number): void {
    const ownHeaderHere = w.code === HEADER_LINE_TALLY.leading && recordsBefore === 0 && this.chromLines === 0
    this.chromLines += w.count
    const repeated = ownHeaderHere ? w.count - 1 : w.count
    if (repeated === 0) return
    this.tally({
      code: HEADER_LINE_TALLY.afterRecords,
      message: REPEATED_HEADER_MESSAGE,
      // The tally names its first line, which is the file's own header when that shares the piece.
      ...(ownHeaderHere ? {} : { line: firstLine + w.line }),
      count: repeated,
    })
  }

  private merge(piece: SegmentScan, firstLine: number): void {
    if (piece.error)
      throw new GeneticsInputError(piece.error.code, piece.error.message, firstLine + piece.error.line)
    const recordsBefore = this.counts[C.records]
    addCounters(this.counts, piece.counts)
    for (const run of piece.runs) {
      const name = this.canonical(run.name)
      this.chromosomes.set(name, (this.chromosomes.get(name) ?? 0) + run.records)
      if (!run.sorted) this.sorted = false
      const last = this.lastRun
      if (last && last.name === run.name) {
        if (run.firstPos < last.lastPos) this.sorted = false
        last.lastPos = run.lastPos
        continue
      }
      if (last) this.closedRuns.add(last.name)
      if (this.closedRuns.has(run.name)) this.sorted = false
      this.lastRun = { name: run.name, lastPos: run.lastPos }
    }
    for (const w of piece.warnings) {
      if (w.code === HEADER_LINE_TALLY.leading || w.code === HEADER_LINE_TALLY.afterRecords) {
        this.countHeaderLines(w, firstLine, recordsBefore)
        continue
      }
      this.tally({ code: w.code, message: w.message, line: firstLine + w.line, count: w.count })
    }
    for (const hit of piece.hits) this.onHit(hit.text, firstLine + hit.line)
  }
}
