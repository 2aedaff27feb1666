// Scanner for consumer genotype rows (23andMe, AncestryDNA, MyHeritage, FTDNA, LivingDNA,
// deCODEme). Well-formed rows are read from their bytes (fields by offset, no strings but the
// chromosome name, cached); anything unusual (the column-header row, a bad position or genotype, too
// few columns) goes through the string parser, which words the problem. Counts and lookups mirror the
// VCF body scanner so both feed the same accumulator.

import { canonicalConsumerChromosome, chromosomeCode } from '../normalize/chromosome'
import { MAX_POSITION } from '../normalize/position'
import { C } from '../scan/counters'
import { keepOutOfLine } from '../scan/jit-hints'
import { LineScanner, latin1 } from '../scan/line-scanner'
import { Lookup, type LookupTables, rsNumber } from '../scan/lookup-tables'
import type { ChromRun } from '../scan/segment-scan'
import { isNonPseudoautosomalX } from '../sex/sex-chromosome-sites'
import { isRowProblem, isUnplaced, parseConsumerRow } from './consumer-row'
import { cutShortRowReason } from './cut-short-row'
import { type ConsumerLayout, normaliseHeaderRow } from './layouts'

const NO_CHROMOSOME = new Uint8Array(0)

// A well-formed row's counters are chosen by table rather than by branches. A consumer file lists X, Y
// and MT last, and only there do single letters and sex-chromosome calls turn up: a branch first taken
// there makes JSC throw fastRow's compiled code away and compile it again (measured: two top-tier
// compiles and three middle-tier ones of fastRow for a 650 k-row file, each after an exit on X or Y).
// GENOTYPE_SLOT: by letters called (0, 1, 2) and heterozygous (0, 1).
const GENOTYPE_SLOT = Uint8Array.of(
  ...[C.gNoCall, C.gNoCall],
  ...[C.gHemizygous, C.gHemizygous],
  ...[C.gHomozygousUnknownRef, C.gHet],
)
// SEX_CALL_SLOT: by sex chromosome (0 other, 1 X proper, 2 Y), outside X's pseudoautosomal regions
// (0, 1), letters called and heterozygous as above; rows that count for neither land in notSexLinked.
const NOT = C.notSexLinked
const SEX_CALL_SLOT = Uint8Array.of(
  ...[NOT, NOT, NOT, NOT, NOT, NOT, NOT, NOT, NOT, NOT, NOT, NOT],
  ...[NOT, NOT, NOT, NOT, NOT, NOT],
  ...[NOT, NOT, C.xHaploid, C.xHaploid, C.xHom, C.xHet],
  ...[C.yNoCall, C.yNoCall, C.yCalled, C.yCalled, C.yCalled, C.yCalled],
  ...[C.yNoCall, C.yNoCall, C.yCalled, C.yCalled, C.yCalled, C.yCalled],
)

export class ConsumerRowScanner extends LineScanner {
  private readonly lookup: Lookup | null
  private run: ChromRun | null = null

  constructor(
    private readonly layout: ConsumerLayout,
    lookup: LookupTables | null,
  ) {
    super()
    this.separatorByte = layout.separator.charCodeAt(0)
    const built = lookup ? new Lookup(lookup) : null
    this.lookup = built && !built.empty ? built : null
  }

  protected override onPieceEnd(): void {
    this.run = null
  }

  override lastLineCutShort(line: Uint8Array, counts: Float64Array): string | null {
    return cutShortRowReason(this.layout, latin1(line, 0, line.length), counts)
  }

  // Field offsets of the current row (start, end pairs) and the last chromosome seen, as bytes.
  private readonly fields = new Int32Array(64)
  private readonly separatorByte: number
  private chromBytes = new Uint8Array(0)
  private chromRaw = ''
  private chromCode = 0
  private chromUnplaced = false
  /** 0 for any chromosome but X proper and Y, 1 for X (not its PAR rows), 2 for Y. */
  private sexChromosome = 0

  /** Reads a well-formed row from its bytes; false hands the row to the string parser. */
  private fastRow(buf: Uint8Array, s: number, e: number): boolean {
    const layout = this.layout
    const sep = this.separatorByte
    const fields = this.fields
    let n = 0
    let start = s
    for (let i = s; i <= e; i++) {
      if (i === e || buf[i] === sep) {
        if (n === 32) return false
        // Spaces and quotes around a field, however many (see unquotedField).
        let fs = start
        let fe = i
        while (fs < fe && (buf[fs] === 32 || buf[fs] === 34)) fs++
        while (fe > fs && (buf[fe - 1] === 32 || buf[fe - 1] === 34)) fe--
        fields[2 * n] = fs
        fields[2 * n + 1] = fe
        n++
        start = i + 1
      }
    }
    if (n < layout.minColumns) return false
    // Position: digits only (the column-header row fails here and is recognised by the parser).
    const ps = fields[2 * layout.pos]
    const pe = fields[2 * layout.pos + 1]
    if (ps === pe) return false
    let pos = 0
    for (let i = ps; i < pe; i++) {
      const c = buf[i]
      if (c < 48 || c > 57) return false
      pos = pos * 10 + (c - 48)
    }
    if (pos === 0 || pos > MAX_POSITION) return false // unplaced (see isUnplaced), or refused by the parser
    // Genotype letters (upper-cased), or a no-call.
    let a = 0
    let b = 0
    let letters = 0
    if (layout.genotype >= 0) {
      const gs = fields[2 * layout.genotype]
      const ge = fields[2 * layout.genotype + 1]
      letters = ge - gs
      if (letters > 2) return false
      if (letters >= 1) a = upper(buf[gs])
      if (letters === 2) b = upper(buf[gs + 1])
    } else {
      const s1 = fields[2 * layout.allele1]
      const s2 = fields[2 * layout.allele2]
      if (fields[2 * layout.allele1 + 1] - s1 !== 1 || fields[2 * layout.allele2 + 1] - s2 !== 1) return false
      a = upper(buf[s1])
      b = upper(buf[s2])
      letters = 2
    }
    const missing = letters === 0 || (isMissing(a) && (letters === 1 || isMissing(b)))
    if (!missing && (!isLetter(a) || (letters === 2 && !isLetter(b)))) return false
    const called = missing ? 0 : letters
    // Chromosome, decoded only when it changes.
    const cs = fields[2 * layout.chrom]
    const ce = fields[2 * layout.chrom + 1]
    if (!sameBytes(this.chromBytes, buf, cs, ce)) this.enterChromosome(buf, cs, ce)
    if (this.chromUnplaced) return false
    // rsID from the id column.
    const is = fields[2 * layout.id]
    const ie = fields[2 * layout.id + 1]
    let rs = -1
    if (ie - is >= 3 && (buf[is] | 32) === 114 && (buf[is + 1] | 32) === 115) {
      let v = 0
      let i = is + 2
      for (; i < ie && buf[i] >= 48 && buf[i] <= 57; i++) v = v * 10 + (buf[i] - 48)
      if (i > is + 2) rs = v
    }

    // Counted by table and arithmetic rather than by branches: see GENOTYPE_SLOT and SEX_CALL_SLOT.
    const counts = this.counts
    counts[C.records]++
    counts[C.withRsid] += +(rs >= 0)
    const het = +(called === 2) & +(a !== b)
    counts[GENOTYPE_SLOT[called * 2 + het]]++
    // A missing call's characters are '-', '0' or '.', and a single letter leaves b at 0: neither is D or I.
    counts[C.indelCalls] += +(a === 68) | +(a === 73) | +(b === 68) | +(b === 73)
    const outsidePar = +isNonPseudoautosomalX(pos)
    counts[SEX_CALL_SLOT[this.sexChromosome * 12 + outsidePar * 6 + called * 2 + het]]++
    const run = this.run
    if (run === null) this.startRun(this.chromRaw, pos)
    else {
      run.records++
      if (pos < run.lastPos) run.sorted = false
      run.lastPos = pos
    }
    const lookup = this.lookup
    if (lookup && ((rs >= 0 && lookup.hasRs(rs)) || lookup.hasPosition(this.chromCode, pos)))
      this.hitRow(buf, s, e)
    return true
  }

  /** A row on another chromosome than the last one (rare: kept out of fastRow's compiled code). */
  private enterChromosome(buf: Uint8Array, start: number, end: number): void {
    this.chromBytes = buf.slice(start, end)
    this.chromRaw = latin1(buf, start, end)
    const canonical = canonicalConsumerChromosome(this.chromRaw)
    this.chromCode = chromosomeCode(canonical)
    this.chromUnplaced = isUnplaced(this.chromRaw, '')
    this.sexChromosome =
      canonical === 'Y' ? 2 : canonical === 'X' && !isPseudoautosomalName(this.chromRaw) ? 1 : 0
    if (this.run !== null && this.run.name !== this.chromRaw) this.run = null
  }

  /** A new run of rows on one chromosome, from the row at `pos`. */
  private startRun(name: string, pos: number): void {
    this.run = { name, records: 1, firstPos: pos, lastPos: pos, sorted: true }
    this.runs.push(this.run)
  }

  private hitRow(buf: Uint8Array, s: number, e: number): void {
    this.hit(buf, s, e)
  }

  protected scanLine(buf: Uint8Array, s: number, e: number): void {
    if (s === e) return
    if (buf[s] === 35 /* # */) return
    // A comment line a spreadsheet quoted when saving the table again ('"# This data file ...').
    if (buf[s] === 34 && buf[s + 1] === 35) return
    if (this.fastRow(buf, s, e)) return
    const line = latin1(buf, s, e)
    // A line of spaces or tabs (left by an editor at the end of the file) is blank, not a short row.
    if (line.trim() === '') return
    if (this.layout.headerRow !== null && normaliseHeaderRow(line) === this.layout.headerRow) return
    const parsed = parseConsumerRow(this.layout, line)
    const counts = this.counts
    let row = parsed
    if (isRowProblem(parsed)) {
      if (parsed.code === 'UNPLACED') {
        this.warn('UNPLACED_ROW', parsed.message)
        return
      }
      if (parsed.code !== 'BAD_GENOTYPE') {
        this.fail(parsed.code, parsed.message)
        return
      }
      this.warn('BAD_GENOTYPE', `${parsed.message}; counted as no-call`)
      row = parsed.row
    }
    if (isRowProblem(row)) return
    counts[C.records]++
    const rs = rsNumber(row.id)
    if (rs >= 0) counts[C.withRsid]++
    const n = isRowProblem(parsed) ? 0 : row.alleles.length
    if (n === 0) counts[C.gNoCall]++
    else if (n === 1) counts[C.gHemizygous]++
    else if (row.alleles[0] !== row.alleles[1]) counts[C.gHet]++
    else counts[C.gHomozygousUnknownRef]++
    if (row.alleles.some((a) => a === 'I' || a === 'D')) counts[C.indelCalls]++
    if (row.chrom === 'Y') counts[n === 0 ? C.yNoCall : C.yCalled]++
    else if (row.chrom === 'X' && n > 0 && isXOutsidePar(row)) {
      counts[n === 1 ? C.xHaploid : row.alleles[0] !== row.alleles[1] ? C.xHet : C.xHom]++
    }

    const run = this.run
    if (run === null || run.name !== row.rawChrom) {
      this.startRun(row.rawChrom, row.pos)
      // The next well-formed row decodes its chromosome again, so it compares against this run's name.
      this.chromBytes = NO_CHROMOSOME
    } else {
      run.records++
      if (row.pos < run.lastPos) run.sorted = false
      run.lastPos = row.pos
    }

    const lookup = this.lookup
    if (lookup && ((rs >= 0 && lookup.hasRs(rs)) || lookup.hasPosition(chromosomeCode(row.chrom), row.pos))) {
      this.hit(buf, s, e)
    }
  }
}

function isXOutsidePar(row: { rawChrom: string; pos: number }): boolean {
  return !isPseudoautosomalName(row.rawChrom) && isNonPseudoautosomalX(row.pos)
}

/** AncestryDNA writes PAR rows as chromosome 25 and 23andMe-style files as XY: both are not X proper. */
function isPseudoautosomalName(rawChrom: string): boolean {
  return rawChrom === '25' || rawChrom.toUpperCase() === 'XY'
}

function upper(c: number): number {
  return c >= 97 && c <= 122 ? c - 32 : c
}

/** A, C, G, T, D, I. */
function isLetter(c: number): boolean {
  return c === 65 || c === 67 || c === 71 || c === 84 || c === 68 || c === 73
}

/** '-', '0', '.': a missing allele. */
function isMissing(c: number): boolean {
  return c === 45 || c === 48 || c === 46
}

function sameBytes(known: Uint8Array, buf: Uint8Array, start: number, end: number): boolean {
  if (known.length !== end - start) return false
  for (let i = 0; i < known.length; i++) if (known[i] !== buf[start + i]) return false
  return true
}

// The rare steps stay out of fastRow's compiled code (a hit's text, a new chromosome, a new run), so
// what they touch cannot make JSC throw it away; see GENOTYPE_SLOT.
const rare = ConsumerRowScanner.prototype as unknown as Record<
  'enterChromosome' | 'startRun' | 'hitRow',
  () => void
>
keepOutOfLine(rare.enterChromosome, rare.startRun, rare.hitRow)
