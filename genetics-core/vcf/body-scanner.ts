// The hot path: scans VCF data lines straight from bytes. Per record it reads CHROM (re-resolved only
// when it changes), POS, ID, REF, ALT, FILTER and the counted sample's GT; INFO is read only for
// placeholder records (to find END), and no per-record strings are made for the common SNV case.
// Records that hit a lookup go back as text for a full parse on the main thread.

import * as jsc from 'bun:jsc'
import { isReferencePlaceholder, RecordType } from '../normalize/alleles'
import { chromosomeCode } from '../normalize/chromosome'
import { MAX_POSITION, positionTooLargeMessage } from '../normalize/position'
import { C } from '../scan/counters'
import { keepOutOfLine } from '../scan/jit-hints'
import { LineScanner, latin1, utf8 } from '../scan/line-scanner'
import { Lookup, type LookupTables, rsNumber } from '../scan/lookup-tables'
import { type ChromRun, HEADER_LINE_TALLY, REPEATED_HEADER_MESSAGE } from '../scan/segment-scan'
import { isNonPseudoautosomalX, X_PAR1_LAST, X_PAR2_FIRST } from '../sex/sex-chromosome-sites'

export interface VcfBodyConfig {
  /** Columns every data line must have (8 fixed + FORMAT + samples); 0 = not checked (headerless file). */
  columns: number
  /** A second accepted count (a #CHROM line with FORMAT but no samples: 8 or 9). */
  altColumns: number
  /** Column index (0-based) of the sample whose genotypes are counted; -1 for none. */
  sampleColumn: number
  lookup: LookupTables | null
  /** false sends every line through the general path (a test checks both paths count alike). */
  commonPath?: boolean
}

const TAB = 9
const MAX_INDEL_SPAN_CHECK = 100

// Allele classes as small integers (the byte classifier's result).
const K_REFERENCE = 0
const K_SNV = 1
const K_MNV = 2
const K_INSERTION = 3
const K_DELETION = 4
const K_COMPLEX = 5
const K_SYMBOLIC = 6
const K_BREAKEND = 7
const K_OVERLAP = 8
const ALLELE_COUNTER = [
  0,
  C.aSnv,
  C.aMnv,
  C.aInsertion,
  C.aDeletion,
  C.aComplex,
  C.aSymbolic,
  C.aBreakend,
  C.aOverlap,
]
const RECORD_BIT = [
  0,
  RecordType.snv,
  RecordType.mnv,
  RecordType.indel,
  RecordType.indel,
  RecordType.other,
  RecordType.other,
  0, // breakends: bcftools stats leaves them out of its SN lines; counted in alleleTypes only
  0,
]
// The counter a called diploid genotype adds to for genetic sex, by [record without a real ALT (a gVCF
// block)] [sex chromosome (0 none, 1 X, 2 Y)] [outside X's pseudoautosomal regions] [heterozygous]: the
// common path indexes this table instead of branching, since the X and Y records come last in a genome,
// after the compiled code has seen none.
const SEX_CALL_SLOT = Uint8Array.of(
  ...[C.notSexLinked, C.notSexLinked, C.notSexLinked, C.notSexLinked],
  ...[C.notSexLinked, C.notSexLinked, C.xHom, C.xHet],
  ...[C.yCalled, C.yCalled, C.yCalled, C.yCalled],
  ...[C.notSexLinked, C.notSexLinked, C.notSexLinked, C.notSexLinked],
  ...[C.notSexLinked, C.notSexLinked, C.xReference, C.xReference],
  ...[C.yReferenceCalled, C.yReferenceCalled, C.yReferenceCalled, C.yReferenceCalled],
)
const NON_REF = [60, 78, 79, 78, 95, 82, 69, 70, 62] // <NON_REF>

function sameBase(a: number, b: number): boolean {
  return a === b || (a | 32) === (b | 32)
}

/**
 * Class of the ALT allele at [as, ae) against REF at [rs, re), straight from the bytes; the same
 * rules as classifyAllele (placeholders, '*', symbolic, breakends, then suffix-then-prefix trimming).
 */
export function classifyAlleleBytes(buf: Uint8Array, rs: number, re: number, as: number, ae: number): number {
  const altLength = ae - as
  const refLength = re - rs
  const first = buf[as]
  if (altLength === 1) {
    if (first === 46 || first === 88) return K_REFERENCE // '.', mpileup 'X'
    if (first === 42) return K_OVERLAP
    if (refLength === 1) return sameBase(first, buf[rs]) ? K_REFERENCE : K_SNV
  } else if (first === 60 /* < */ && buf[ae - 1] === 62) {
    if (altLength === 3 && (buf[as + 1] === 42 || buf[as + 1] === 88)) return K_REFERENCE // <*>, <X>
    if (altLength === 9) {
      let nonRef = true
      for (let i = 0; i < 9; i++) {
        if (buf[as + i] !== NON_REF[i]) {
          nonRef = false
          break
        }
      }
      if (nonRef) return K_REFERENCE
    }
    return K_SYMBOLIC
  }
  if (altLength > 1 && (first === 46 || buf[ae - 1] === 46)) return K_BREAKEND
  for (let i = as; i < ae; i++) if (buf[i] === 91 || buf[i] === 93) return K_BREAKEND // [ ]
  let suffix = 0
  while (suffix < refLength && suffix < altLength && sameBase(buf[re - 1 - suffix], buf[ae - 1 - suffix]))
    suffix++
  let prefix = 0
  while (
    prefix < refLength - suffix &&
    prefix < altLength - suffix &&
    sameBase(buf[rs + prefix], buf[as + prefix])
  )
    prefix++
  const r = refLength - suffix - prefix
  const a = altLength - suffix - prefix
  if (r === 0 && a === 0) return K_REFERENCE
  if (r === 0) return K_INSERTION
  if (a === 0) return K_DELETION
  if (r === 1 && a === 1) return K_SNV
  return r === a ? K_MNV : K_COMPLEX
}

export class VcfBodyScanner extends LineScanner {
  private readonly lookup: Lookup | null
  private chromBytes = new Uint8Array(0)
  private chromName = ''
  private chromCode = 0
  /** 0 for an autosome (or any other sequence), 1 for X, 2 for Y. */
  private sexChromosome = 0
  private run: ChromRun | null = null
  private readonly gtIndexByFormat = new Map<string, number>()
  /** One counted sample in the last column: the shape commonLine reads. */
  private readonly oneSample: boolean

  constructor(private readonly config: VcfBodyConfig) {
    super()
    this.oneSample =
      config.commonPath !== false &&
      config.sampleColumn === 9 &&
      config.columns === 10 &&
      config.altColumns === 10
    this.lookup = config.lookup ? new Lookup(config.lookup) : null
    if (this.lookup?.empty) this.lookup = null
  }

  protected override onPieceEnd(): void {
    this.run = null
  }

  protected scanLine(buf: Uint8Array, s: number, e: number): void {
    if (this.oneSample && this.commonLine(buf, s, e)) return
    this.anyLine(buf, s, e)
  }

  /**
   * The record almost every line of a one-sample genome (or gVCF) is, counted with a short function JSC
   * can afford to compile at its top tier: the previous line's CHROM, a numeric POS, an ID that is '.' or
   * one rsID, ALTs that are real alleles or a gVCF's placeholder (so reference blocks too), FORMAT
   * starting with GT and a three-byte diploid call. Returns false, having changed nothing, for any other
   * line; anyLine then reads it.
   */
  private commonLine(buf: Uint8Array, s: number, e: number): boolean {
    const run = this.run
    if (run === null) return false
    const chrom = this.chromBytes
    const chromLength = chrom.length
    if (buf[s + chromLength] !== TAB) return false
    for (let i = 0; i < chromLength; i++) if (buf[s + i] !== chrom[i]) return false

    let p = s + chromLength + 1
    const posStart = p
    let pos = 0
    let c = buf[p]
    while (c >= 48 && c <= 57) {
      pos = pos * 10 + (c - 48)
      c = buf[++p]
    }
    if (c !== TAB || p === posStart || pos > MAX_POSITION) return false

    let rs = -1
    c = buf[++p]
    if (c === 46) {
      if (buf[++p] !== TAB) return false
    } else if (c === 114 && buf[p + 1] === 115) {
      p += 2
      const digits = p
      rs = 0
      c = buf[p]
      while (c >= 48 && c <= 57) {
        rs = rs * 10 + (c - 48)
        c = buf[++p]
      }
      if (c !== TAB || p === digits) return false
    } else return false

    const refStart = ++p
    while (p < e && buf[p] !== TAB) p++
    const refEnd = p
    const refLength = refEnd - refStart
    if (p >= e || refLength === 0) return false
    // ALT: up to nine alleles, so that a GT index is one digit; each a real one (an SNV, MNV, insertion,
    // deletion or complex change) or a gVCF placeholder. The real ones' classes (1-5) are packed three
    // bits each, first allele lowest.
    let kinds = 0
    let altCount = 0
    let realAlts = 0
    let spansMoreThanOne = refLength > 1
    let a0 = p + 1
    while (true) {
      let a1 = a0
      while (a1 < e && buf[a1] !== TAB && buf[a1] !== 44) a1++
      if (a1 === a0 || a1 >= e || altCount === 9) return false
      let kind = K_SNV
      if (refLength !== 1 || a1 - a0 !== 1) {
        kind = classifyAlleleBytes(buf, refStart, refEnd, a0, a1)
        if (kind >= K_SYMBOLIC) return false
        if (a1 - a0 !== 1) spansMoreThanOne = true
      } else {
        const first = buf[a0]
        if (first === 46 || first === 42 || first === 88 || sameBase(first, buf[refStart])) return false
      }
      // A gVCF's <NON_REF> or <*> (every record of one lists it; alone, it makes a reference block). Other
      // alleles that stand for the reference ('.', 'X', REF itself) are left to the general path.
      if (kind === K_REFERENCE) {
        if (buf[a0] !== 60) return false
      } else kinds |= kind << (3 * realAlts++)
      altCount++
      if (buf[a1] === TAB) {
        p = a1
        break
      }
      a0 = a1 + 1
    }

    p++
    while (p < e && buf[p] !== TAB) p++ // QUAL
    const filterStart = ++p
    while (p < e && buf[p] !== TAB) p++
    const filterEnd = p
    if (p >= e) return false
    const formatStart = buf.indexOf(TAB, filterEnd + 1) + 1 // past INFO
    if (formatStart <= 0 || formatStart >= e) return false
    if (buf[formatStart] !== 71 || buf[formatStart + 1] !== 84) return false // GT first
    p = formatStart + 2
    if (buf[p] !== 58 && buf[p] !== TAB) return false
    while (p < e && buf[p] !== TAB) p++
    const g = p + 1
    if (g + 3 > e || (g + 3 < e && buf[g + 3] !== 58)) return false
    const a = buf[g]
    const sep = buf[g + 1]
    const b = buf[g + 2]
    const highest = 48 + altCount
    if (a < 48 || a > highest || b < 48 || b > highest || (sep !== 47 && sep !== 124)) return false
    for (p = g + 3; p < e; p++) if (buf[p] === TAB) return false // a column after the sample

    const counts = this.counts
    countRecord(counts, rs, buf, filterStart, filterEnd)
    let typeBits = 0
    for (let k = 0; k < realAlts; k++) {
      const kind = (kinds >>> (3 * k)) & 7
      counts[ALLELE_COUNTER[kind]]++
      typeBits |= RECORD_BIT[kind]
    }
    const isBlock = realAlts === 0 // then every ALT is a placeholder
    if (typeBits & RecordType.snv) counts[C.rtSnv]++
    if (typeBits & RecordType.mnv) counts[C.rtMnv]++
    if (typeBits & RecordType.indel) counts[C.rtIndel]++
    if (typeBits & RecordType.other) counts[C.rtOther]++
    if (isBlock) counts[C.rtNoAlt]++
    if (altCount > 1) counts[C.multiallelic]++
    counts[isBlock ? C.referenceBlocks : C.variantRecords]++
    run.records++
    if (pos < run.lastPos) run.sorted = false
    run.lastPos = pos
    if (a === b) counts[a === 48 ? C.gHomRef : C.gHomAlt]++
    else counts[C.gHet]++
    // A called diploid genotype on Y, or on X outside the pseudoautosomal regions (for genetic sex),
    // without a branch: see SEX_CALL_SLOT.
    const nonPar = +(pos > X_PAR1_LAST) & +(pos < X_PAR2_FIRST)
    counts[SEX_CALL_SLOT[+isBlock * 12 + this.sexChromosome * 4 + nonPar * 2 + +(a !== b)]]++

    const lookup = this.lookup
    if (
      lookup !== null &&
      ((rs >= 0 && lookup.hasRs(rs)) ||
        this.coversLookedForPosition(
          lookup,
          pos,
          refLength,
          spansMoreThanOne,
          isBlock,
          buf,
          filterEnd + 1,
          formatStart - 1,
        ))
    )
      this.hit(buf, s, e)
    return true
  }

  /** Any data or header line, with every check and message (the general path). */
  private anyLine(buf: Uint8Array, s: number, e: number): void {
    if (s === e) {
      this.warn('BLANK_LINE', 'blank line skipped')
      return
    }
    if (buf[s] === 35 /* # */) {
      // Header and comment lines are skipped. A #CHROM line is noted: after data records it means a second
      // VCF was joined on (see HEADER_LINE_TALLY).
      if (
        e - s >= 6 &&
        buf[s + 1] === 67 &&
        buf[s + 2] === 72 &&
        buf[s + 3] === 82 &&
        buf[s + 4] === 79 &&
        buf[s + 5] === 77
      )
        this.warn(
          this.counts[C.records] > 0 ? HEADER_LINE_TALLY.afterRecords : HEADER_LINE_TALLY.leading,
          REPEATED_HEADER_MESSAGE,
        )
      return
    }

    // CHROM
    let p = s
    while (p < e && buf[p] !== TAB) p++
    if (p >= e) {
      this.fail('COLUMN_COUNT', 'line has no tab-separated columns (a VCF data line has at least 8)')
      return
    }
    if (p === s) {
      this.fail('BAD_RECORD', 'CHROM is empty')
      return
    }
    this.resolveChrom(buf, s, p)

    // POS
    p++
    const posStart = p
    let pos = 0
    while (p < e) {
      const c = buf[p]
      if (c === TAB) break
      if (c < 48 || c > 57) {
        this.fail(
          'BAD_POSITION',
          `POS "${latin1(buf, posStart, Math.min(e, posStart + 20)).split('\t')[0]}" is not a whole number`,
        )
        return
      }
      pos = pos * 10 + (c - 48)
      p++
    }
    if (p === posStart) {
      this.fail('BAD_POSITION', 'POS is empty')
      return
    }
    if (pos > MAX_POSITION) {
      this.fail('BAD_POSITION', `POS ${positionTooLargeMessage(latin1(buf, posStart, p))}`)
      return
    }
    if (p >= e) {
      this.tooFewColumns(2)
      return
    }

    // ID: the rs number is read in the same pass that finds the end of the field.
    p++
    const idStart = p
    let rs = -1
    if (buf[p] === 114 && buf[p + 1] === 115 && buf[p + 2] >= 48 && buf[p + 2] <= 57) {
      rs = 0
      p += 2
      let c = buf[p]
      while (c >= 48 && c <= 57) {
        rs = rs * 10 + (c - 48)
        c = buf[++p]
      }
    }
    let idHasSemicolon = false
    while (p < e && buf[p] !== TAB) {
      if (buf[p] === 59) idHasSemicolon = true
      p++
    }
    const idEnd = p
    if (p >= e) {
      this.tooFewColumns(3)
      return
    }

    // REF
    p++
    const refStart = p
    while (p < e && buf[p] !== TAB) p++
    const refEnd = p
    if (p >= e) {
      this.tooFewColumns(4)
      return
    }
    // ALT
    p++
    const altStart = p
    while (p < e && buf[p] !== TAB) p++
    const altEnd = p
    if (p >= e) {
      this.tooFewColumns(5)
      return
    }
    if (refEnd === refStart) {
      this.fail('BAD_RECORD', 'REF is empty')
      return
    }
    if (altEnd === altStart) {
      this.fail('BAD_RECORD', 'ALT is empty')
      return
    }

    // QUAL and FILTER: short fields, a byte loop beats a native call here.
    p++
    while (p < e && buf[p] !== TAB) p++
    if (p >= e) {
      this.tooFewColumns(6)
      return
    }
    const filterStart = ++p
    while (p < e && buf[p] !== TAB) p++
    const filterEnd = p
    if (p >= e) {
      this.tooFewColumns(7)
      return
    }
    // INFO: long and never needed on the hot path, so skipped with one native search.
    const infoStart = filterEnd + 1
    let infoEnd = buf.indexOf(TAB, infoStart)
    if (infoEnd < 0 || infoEnd > e) infoEnd = e

    // FORMAT and sample columns: byte loops up to the counted sample, native searches after it.
    let columns = 8
    let sampleStart = -1
    let sampleEnd = -1
    let formatStart = -1
    let formatEnd = -1
    if (infoEnd < e) {
      const sampleColumn = this.config.sampleColumn
      formatStart = infoEnd + 1
      let q = formatStart
      let column = 8
      while (true) {
        let end: number
        if (column <= sampleColumn || column === 8) {
          end = q
          while (end < e && buf[end] !== TAB) end++
        } else {
          const t = buf.indexOf(TAB, q)
          end = t < 0 || t > e ? e : t
        }
        if (column === 8) formatEnd = end
        else if (column === sampleColumn) {
          sampleStart = q
          sampleEnd = end
        }
        columns = column + 1
        if (end === e) break
        q = end + 1
        column++
      }
    }
    const expected = this.config.columns
    if (expected > 0 && columns !== expected && columns !== this.config.altColumns) {
      // A tab at the end of the line (some writers end every line with one, the #CHROM line too, whose
      // empty sample name the header reader drops) leaves an empty last column; htslib reads past it.
      const trailingTab =
        buf[e - 1] === TAB && (columns - 1 === expected || columns - 1 === this.config.altColumns)
      if (!trailingTab) {
        this.fail(
          'COLUMN_COUNT',
          `expected ${expected} tab-separated columns (as the #CHROM header line has), found ${columns}`,
        )
        return
      }
      this.warn('TRAILING_TAB', 'a data line ends with a tab; the empty column after it was ignored')
    }

    const counts = this.counts
    countRecord(counts, rs, buf, filterStart, filterEnd)

    // REF/ALT classes, from bytes: no strings are made for any allele.
    const refLength = refEnd - refStart
    let typeBits = 0
    let altCount = 0
    let realAlts = 0
    let placeholders = 0
    let spansMoreThanOne = refLength > 1
    const first = buf[altStart]
    if (
      refLength === 1 &&
      altEnd - altStart === 1 &&
      first !== 46 &&
      first !== 42 &&
      first !== 88 &&
      first !== 44 &&
      !sameBase(first, buf[refStart])
    ) {
      // The common case, an SNV with one ALT, without the general loop.
      altCount = 1
      realAlts = 1
      typeBits = RecordType.snv
      counts[C.aSnv]++
    } else {
      let a0 = altStart
      while (a0 <= altEnd) {
        let a1 = a0
        while (a1 < altEnd && buf[a1] !== 44 /* , */) a1++
        if (a1 === a0) {
          // 'A,,C' or 'A,': htslib reads the empty allele as missing, a byte classifier would call it a
          // deletion of REF; neither is what the file says, so it is refused as ALT itself empty is.
          this.fail('BAD_RECORD', 'ALT lists an empty allele (two commas together, or one at either end)')
          return
        }
        altCount++
        if (a1 - a0 !== 1) spansMoreThanOne = true
        const kind = classifyAlleleBytes(buf, refStart, refEnd, a0, a1)
        if (kind === K_REFERENCE) placeholders++
        else if (kind === K_OVERLAP) counts[C.aOverlap]++
        else {
          counts[ALLELE_COUNTER[kind]]++
          typeBits |= RECORD_BIT[kind]
          realAlts++
        }
        a0 = a1 + 1
      }
    }
    if (altCount === 1 && altEnd - altStart === 1 && buf[altStart] === 46) altCount = 0
    if (placeholders > 0 && realAlts === 0) typeBits |= RecordType.noAlt
    if (typeBits & RecordType.snv) counts[C.rtSnv]++
    if (typeBits & RecordType.mnv) counts[C.rtMnv]++
    if (typeBits & RecordType.indel) counts[C.rtIndel]++
    if (typeBits & RecordType.other) counts[C.rtOther]++
    if (typeBits === RecordType.noAlt) counts[C.rtNoAlt]++
    if (altCount > 1) counts[C.multiallelic]++
    const isBlock = realAlts === 0 && (typeBits & RecordType.noAlt) !== 0
    if (realAlts > 0) counts[C.variantRecords]++
    else if (isBlock) counts[C.referenceBlocks]++

    // Chromosome runs (for sortedness)
    const run = this.run
    if (run === null || run.name !== this.chromName) {
      this.run = { name: this.chromName, records: 1, firstPos: pos, lastPos: pos, sorted: true }
      this.runs.push(this.run)
    } else {
      run.records++
      if (pos < run.lastPos) run.sorted = false
      run.lastPos = pos
    }

    // Genotype of the counted sample
    if (this.config.sampleColumn >= 0) {
      const sexChromosome = this.chromCode === 24 || (this.chromCode === 23 && isNonPseudoautosomalX(pos))
      const before = sexChromosome ? genotypeSnapshot(counts) : null
      if (sampleStart < 0) counts[C.gNoCall]++
      else this.countGenotype(buf, formatStart, formatEnd, sampleStart, sampleEnd, altCount)
      if (before !== null) countSexChromosomeCall(counts, this.chromCode, before, isBlock)
    }

    // Lookups
    const lookup = this.lookup
    if (lookup === null) return
    let wanted = rs >= 0 && lookup.hasRs(rs)
    if (!wanted && idHasSemicolon) {
      for (const id of latin1(buf, idStart, idEnd).split(';')) {
        const n = rsNumber(id)
        if (n >= 0 && lookup.hasRs(n)) wanted = true
      }
    }
    if (!wanted)
      wanted = this.coversLookedForPosition(
        lookup,
        pos,
        refLength,
        spansMoreThanOne,
        isBlock,
        buf,
        infoStart,
        infoEnd,
      )
    if (wanted) this.hit(buf, s, e)
  }

  /**
   * Whether a record at `pos` on the current chromosome touches a looked-for position: its own, or (see
   * spannedPositionWanted) one a reference block or an indel covers. The common check stays small enough
   * to be inlined into both scan paths.
   */
  private coversLookedForPosition(
    lookup: Lookup,
    pos: number,
    refLength: number,
    spansMoreThanOne: boolean,
    isBlock: boolean,
    buf: Uint8Array,
    infoStart: number,
    infoEnd: number,
  ): boolean {
    const code = this.chromCode
    if (code === 0) return false
    if (lookup.hasPosition(code, pos)) return true
    if (!isBlock && !spansMoreThanOne) return false
    return this.spannedPositionWanted(lookup, code, pos, refLength, isBlock, buf, infoStart, infoEnd)
  }

  /** A looked-for position a reference block spans (to END in INFO [infoStart, infoEnd)), or an indel's REF covers. */
  private spannedPositionWanted(
    lookup: Lookup,
    code: number,
    pos: number,
    refLength: number,
    isBlock: boolean,
    buf: Uint8Array,
    infoStart: number,
    infoEnd: number,
  ): boolean {
    if (isBlock) return lookup.anyInRange(code, pos, Math.max(this.infoEnd(buf, infoStart, infoEnd), pos))
    const last = pos + Math.min(Math.max(refLength, 2) - 1, MAX_INDEL_SPAN_CHECK)
    for (let q = pos + 1; q <= last; q++) if (lookup.hasPosition(code, q)) return true
    return false
  }

  private tooFewColumns(found: number): void {
    this.fail('COLUMN_COUNT', `only ${found} tab-separated columns; a VCF data line has at least 8`)
  }

  private resolveChrom(buf: Uint8Array, start: number, end: number): void {
    const previous = this.chromBytes
    const length = end - start
    if (length === previous.length) {
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
    this.chromName = utf8(buf, start, end)
    this.chromCode = chromosomeCode(this.chromName)
    this.sexChromosome = this.chromCode === 23 ? 1 : this.chromCode === 24 ? 2 : 0
  }

  /** END=<n> from INFO, or -1. */
  private infoEnd(buf: Uint8Array, start: number, end: number): number {
    let i = start
    while (i + 4 <= end) {
      if (
        buf[i] === 69 &&
        buf[i + 1] === 78 &&
        buf[i + 2] === 68 &&
        buf[i + 3] === 61 &&
        (i === start || buf[i - 1] === 59)
      ) {
        let n = 0
        let j = i + 4
        for (; j < end; j++) {
          const c = buf[j]
          if (c < 48 || c > 57) break
          n = n * 10 + (c - 48)
        }
        return j > i + 4 ? n : -1
      }
      const next = buf.indexOf(59, i)
      if (next < 0 || next >= end) return -1
      i = next + 1
    }
    return -1
  }

  private countGenotype(
    buf: Uint8Array,
    formatStart: number,
    formatEnd: number,
    sampleStart: number,
    sampleEnd: number,
    altCount: number,
  ): void {
    const counts = this.counts
    let gtIndex = 0
    if (
      !(
        formatEnd - formatStart >= 2 &&
        buf[formatStart] === 71 &&
        buf[formatStart + 1] === 84 &&
        (formatEnd === formatStart + 2 || buf[formatStart + 2] === 58)
      )
    ) {
      const format = latin1(buf, formatStart, formatEnd)
      let cached = this.gtIndexByFormat.get(format)
      if (cached === undefined) {
        cached = format.split(':').indexOf('GT')
        this.gtIndexByFormat.set(format, cached)
      }
      gtIndex = cached
    }
    if (gtIndex < 0) {
      counts[C.gNoCall]++
      return
    }
    let g = sampleStart
    for (let k = 0; k < gtIndex; k++) {
      const colon = buf.indexOf(58, g)
      if (colon < 0 || colon >= sampleEnd) {
        counts[C.gNoCall]++
        return
      }
      g = colon + 1
    }
    let ge = g
    while (ge < sampleEnd && buf[ge] !== 58) ge++

    // Fast path: the three-byte diploid calls that make up almost every WGS record.
    if (ge - g === 3) {
      const a = buf[g]
      const sep = buf[g + 1]
      const b = buf[g + 2]
      if ((sep === 47 || sep === 124) && a >= 48 && a <= 57 && b >= 48 && b <= 57) {
        if (a === b) counts[a === 48 ? C.gHomRef : C.gHomAlt]++
        else counts[C.gHet]++
        if (a - 48 > altCount || b - 48 > altCount) this.outOfRange()
        return
      }
    }
    let i = g
    if (i < ge && (buf[i] === 47 || buf[i] === 124)) i++
    let ploidy = 0
    let missing = 0
    let first = -1
    let mixed = false
    let maxIndex = 0
    while (i < ge) {
      const c = buf[i]
      if (c === 46) {
        missing++
        i++
      } else if (c >= 48 && c <= 57) {
        let n = 0
        while (i < ge && buf[i] >= 48 && buf[i] <= 57) {
          n = n * 10 + (buf[i] - 48)
          i++
        }
        if (first < 0) first = n
        else if (n !== first) mixed = true
        if (n > maxIndex) maxIndex = n
      } else {
        this.warn('BAD_GENOTYPE', 'a GT value is not a genotype; counted as no-call')
        counts[C.gNoCall]++
        return
      }
      ploidy++
      if (i < ge) {
        if (buf[i] !== 47 && buf[i] !== 124) {
          this.warn('BAD_GENOTYPE', 'a GT value is not a genotype; counted as no-call')
          counts[C.gNoCall]++
          return
        }
        i++
        if (i === ge) ploidy = -1 // trailing separator
      }
    }
    if (ploidy <= 0) {
      counts[C.gNoCall]++
      if (ploidy < 0) this.warn('BAD_GENOTYPE', 'GT value ends with a separator; counted as no-call')
      return
    }
    if (maxIndex > altCount) this.outOfRange()
    if (missing === ploidy) counts[C.gNoCall]++
    else if (missing > 0) {
      counts[C.gNoCall]++
      counts[C.gPartial]++
    } else if (ploidy === 1) counts[C.gHemizygous]++
    else if (mixed) counts[C.gHet]++
    else counts[first === 0 ? C.gHomRef : C.gHomAlt]++
  }

  private outOfRange(): void {
    this.warn('GT_ALLELE_OUT_OF_RANGE', 'GT refers to an allele the record does not list')
  }
}

/** Counts a record, whether it has an rsID, and its FILTER: missing ('.'), PASS or failed. */
function countRecord(
  counts: Float64Array,
  rs: number,
  buf: Uint8Array,
  filterStart: number,
  filterEnd: number,
): void {
  counts[C.records]++
  if (rs >= 0) counts[C.withRsid]++
  const filterLength = filterEnd - filterStart
  if (filterLength === 1 && buf[filterStart] === 46) counts[C.filterMissing]++
  else if (
    filterLength === 4 &&
    buf[filterStart] === 80 &&
    buf[filterStart + 1] === 65 &&
    buf[filterStart + 2] === 83 &&
    buf[filterStart + 3] === 83
  )
    counts[C.filterPass]++
  else counts[C.filterFailed]++
}

/** Genotype counters before a call on X or Y, so the class it was counted as can be told afterwards. */
function genotypeSnapshot(counts: Float64Array): number[] {
  return [counts[C.gHet], counts[C.gHemizygous], counts[C.gNoCall]]
}

/**
 * Adds the call just counted to the sex-chromosome tallies (rare records: X and Y only); a record without a
 * real ALT (a gVCF block) to the reference tallies.
 */
function countSexChromosomeCall(
  counts: Float64Array,
  code: number,
  before: number[],
  isBlock: boolean,
): void {
  const het = counts[C.gHet] > before[0]
  const haploid = counts[C.gHemizygous] > before[1]
  const missing = counts[C.gNoCall] > before[2]
  if (isBlock) {
    if (code === 24) counts[missing ? C.yReferenceNoCall : C.yReferenceCalled]++
    else if (!missing) counts[C.xReference]++
  } else if (code === 24) counts[missing ? C.yNoCall : C.yCalled]++
  else if (!missing) counts[het ? C.xHet : haploid ? C.xHaploid : C.xHom]++
}

/** True when every ALT value is a placeholder (exported for the record parser). */
export function altsArePlaceholders(alts: string[]): boolean {
  return alts.every(isReferencePlaceholder)
}

// The general path and the genotype counter stop at JavaScriptCore's DFG tier, and the general path is
// never inlined into its caller. Each scan worker runs its own engine, and compiling large functions with
// the top tier (FTL) costs more CPU than it saves on a whole genome: on 2 cores the compiler threads
// compete with the workers themselves (scan of the 4.5 M-record bench file, alternated: 1.38-1.49 s
// without FTL against 1.47-1.66 s with it, when one function read every line). The common-record path
// is short, so FTL compiles it cheaply and it runs at the top tier: with it, the same scan took 0.92-1.03 s
// against 1.01-1.13 s, and single-threaded 156-161 ms against 275-284 ms for 1.37 M records.
const scanner = VcfBodyScanner.prototype as unknown as Record<'anyLine' | 'countGenotype', () => void>
jsc.noFTL(scanner.anyLine)
jsc.noFTL(scanner.countGenotype)
keepOutOfLine(scanner.anyLine)
