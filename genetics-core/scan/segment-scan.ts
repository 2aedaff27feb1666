// What a line scanner reports for one piece of decompressed text: counters, chromosome runs (for
// the sortedness check), the lines that hit a lookup, tallied warnings, the first fatal problem, and
// the partial lines at both ends, which the main thread stitches to their neighbours in file order.

import type { GeneticsErrorCode } from '../errors'

export interface ChromRun {
  /** Contig name as written in the file. */
  name: string
  records: number
  firstPos: number
  lastPos: number
  /** Positions never decreased inside the run. */
  sorted: boolean
}

export interface LineHit {
  /** Index of the line among the complete lines of the piece (0 = first line after the first newline). */
  line: number
  text: string
}

export interface LineProblem {
  line: number
  code: GeneticsErrorCode
  message: string
}

export interface WarningTally {
  code: string
  /** Line index (as in LineHit) of the first occurrence. */
  line: number
  message: string
  count: number
}

export interface SegmentScan {
  counts: Float64Array
  /** Newline bytes in the piece. */
  newlines: number
  /** Bytes before the first newline; the whole piece when it holds no newline. */
  head: Uint8Array
  /** Bytes after the last newline (empty when the piece ends with one, or holds none). */
  tail: Uint8Array
  runs: ChromRun[]
  hits: LineHit[]
  warnings: WarningTally[]
  error: LineProblem | null
}

/**
 * Tallies of #CHROM lines (the piece scanners cannot tell the file's own header from a second one): one
 * after a record of the same piece is a repeated header; one before any record of its piece is one only when
 * records came in earlier pieces, which ScanAccumulator decides. `cat a.vcf.gz b.vcf.gz` of two complete
 * files (bgzip allows it) gives such a file: its records are read as one file's, and with other samples
 * in b they would be another person's genotypes.
 */
export const HEADER_LINE_TALLY = { leading: '#CHROM_LEADING', afterRecords: 'REPEATED_HEADER' } as const
export const REPEATED_HEADER_MESSAGE =
  "a second VCF header (#CHROM line) follows data records: the file looks like two VCFs joined end to end (as `cat a.vcf.gz b.vcf.gz` makes); all records were read as one file, with the first header's samples"
