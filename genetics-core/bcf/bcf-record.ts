// One BCF record back into its VCF text line, written as htslib 1.16's vcf_format() writes it, so the
// line equals `bcftools view`'s: CHROM from the contig dictionary, POS + 1, ID, alleles, QUAL (missing
// 0x7F800001), FILTER and INFO keys from the string dictionary, typed values with their missing and
// end-of-vector markers, and the sample columns field by field (BCF stores them by FORMAT key, all
// samples together). GT is (allele + 1) << 1 | phased per allele, vectors padded at their end.
// Every length and index is checked before it is used: a damaged record is a typed error, never a
// RangeError or a line that only looks right.
//
// A compact line is the same record for the scan's counting: CHROM, POS, ID, alleles and FILTER as
// above, QUAL and INFO '.', FORMAT `GT` and one sample column, the counted sample's GT (its scanner
// reads the line as a one-sample VCF's). The scan reads nothing else from a record but a reference
// block's END, so a record without a real ALT (ALT '.' or symbolic) keeps its INFO, and one without
// GT keeps its FORMAT and that sample's values. Every field and every sample's GT is still checked as
// in a whole line, so a damaged record is the same error either way. Writing the floats, vectors and
// other samples the scan skips was most of a BCF's decoding time; the records the scan keeps (target
// hits) are decoded again whole.

import type { BcfHeader } from './bcf-header'
import { corruptRecord } from './bcf-problems'
import { writeBcfFloat } from './format-float'
import { type TextWriter, writeIntAt } from './text-writer'

// Type codes of the typed-value descriptor's low four bits.
const BT_NULL = 0
const BT_INT8 = 1
const BT_INT16 = 2
const BT_INT32 = 3
const BT_FLOAT = 5
const BT_CHAR = 7
/** Bytes per value by type code; 0 for the codes BCF does not define (4 is htslib's unused int64). */
const TYPE_BYTES = [0, 1, 2, 4, 0, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
const VALID_TYPE = [
  true,
  true,
  true,
  true,
  false,
  true,
  false,
  true,
  false,
  false,
  false,
  false,
  false,
  false,
  false,
  false,
]

/** Most text one integer element takes with its separator, by type code: ',-120', ',-32760', ',-2147483640'. */
const INT_TEXT_BYTES = [0, 5, 7, 12]

const INT8_MISSING = -128
const INT8_END = -127
const INT16_MISSING = -32768
const INT16_END = -32767
const INT32_MISSING = -2147483648
const INT32_END = -2147483647
const FLOAT_MISSING = 0x7f800001
const FLOAT_END = 0x7f800002
/** The byte htslib writes for a missing character in a string vector. */
const STR_MISSING = 7

const TAB = 9
const DOT = 46
const COMMA = 44
const COLON = 58
const SEMICOLON = 59
const EQUALS = 61
const SLASH = 47
const PIPE = 124
const NEWLINE = 10
const LESS_THAN = 60
const GT_NAME = new TextEncoder().encode('GT')

/** Bytes of the fixed part of the site block: CHROM, POS, rlen, QUAL, n_allele/n_info, n_fmt/n_sample. */
export const FIXED_SITE_BYTES = 24

export class BcfRecordDecoder {
  // The record being read, and a cursor over it. Fields, not locals, so the small readers below share
  // them without allocating a result object per value.
  private bytes: Uint8Array = new Uint8Array(0)
  private view: DataView = new DataView(new ArrayBuffer(0))
  private p = 0
  private end = 0
  private record = 0
  /** Type code and value count of the descriptor read last. */
  private type = 0
  private count = 0
  // FORMAT fields of the record: dictionary key, type, values per sample, first byte, bytes per sample.
  private readonly fmtKey = new Int32Array(256)
  private readonly fmtType = new Int32Array(256)
  private readonly fmtCount = new Int32Array(256)
  private readonly fmtData = new Int32Array(256)
  private readonly fmtSize = new Int32Array(256)
  /** True while the record is written as a compact line (see the top of the file). */
  private compact = false
  /** The sample a compact line keeps (0-based). */
  private keptSample = 0

  constructor(private readonly header: BcfHeader) {}

  /**
   * Writes the VCF line of the record whose l_shared sits at `start` (its 8 length bytes, then
   * l_shared + l_indiv bytes, all within `bytes`); `compact` writes the compact line instead, with
   * sample `keptSample` (0-based) as its one sample column.
   */
  decode(
    bytes: Uint8Array,
    view: DataView,
    start: number,
    record: number,
    out: TextWriter,
    compact = false,
    keptSample = 0,
  ): void {
    this.bytes = bytes
    this.view = view
    this.record = record
    this.compact = compact
    this.keptSample = keptSample
    const lShared = view.getUint32(start, true)
    const lIndiv = view.getUint32(start + 4, true)
    const site = start + 8
    if (lShared < FIXED_SITE_BYTES) {
      throw corruptRecord(
        record,
        `l_shared is ${lShared} bytes, less than the ${FIXED_SITE_BYTES} its fixed fields take`,
      )
    }
    this.writeSite(site, site + lShared, out)
    this.writeSamples(site, site + lShared, site + lShared + lIndiv, out)
    out.byte(NEWLINE)
  }

  private writeSite(site: number, siteEnd: number, out: TextWriter): void {
    const { view, header } = this
    const rid = view.getInt32(site, true)
    const pos0 = view.getUint32(site + 4, true)
    const qualBits = view.getUint32(site + 12, true)
    const alleleInfo = view.getUint32(site + 16, true)
    const nInfo = alleleInfo & 0xffff
    const nAllele = alleleInfo >>> 16
    const contig = rid >= 0 ? header.contigs[rid] : undefined
    if (contig === undefined) {
      throw corruptRecord(this.record, `its CHROM is contig ${rid}, which the header does not declare`)
    }
    out.copy(contig, 0, contig.length)
    out.byte(TAB)
    // POS is 0-based; 0xFFFFFFFF is htslib's -1, the telomere position 0 (MT:0).
    out.int(pos0 === 0xffffffff ? 0 : pos0 + 1)
    out.byte(TAB)
    this.p = site + FIXED_SITE_BYTES
    this.end = siteEnd
    this.readDescriptor('ID')
    if (this.type !== BT_CHAR && !(this.type === BT_NULL && this.count === 0)) this.wrongType('ID')
    this.writeChars(out)
    out.byte(TAB)
    if (nAllele === 0) throw corruptRecord(this.record, 'it has no REF allele')
    // A reference block (no ALT, or a symbolic one) keeps its INFO in a compact line: END is there.
    let block = nAllele === 1
    for (let i = 0; i < nAllele; i++) {
      if (i >= 2) out.byte(COMMA)
      this.readDescriptor('an allele')
      if (this.type !== BT_CHAR && !(this.type === BT_NULL && this.count === 0)) this.wrongType('an allele')
      if (i > 0 && this.count > 0 && this.p < this.end && this.bytes[this.p] === LESS_THAN) block = true
      this.writeChars(out)
      if (i === 0) out.byte(TAB)
    }
    if (nAllele === 1) out.byte(DOT)
    out.byte(TAB)
    const compact = this.compact
    if (qualBits === FLOAT_MISSING || compact) out.byte(DOT)
    else writeBcfFloat(out, view.getFloat32(site + 12, true))
    out.byte(TAB)
    this.writeFilter(out)
    out.byte(TAB)
    if (compact && !block) this.skipInfo(nInfo, out)
    else this.writeInfo(nInfo, out)
    if (this.p !== siteEnd) {
      throw corruptRecord(
        this.record,
        `l_shared says ${siteEnd - site} bytes but its fields take ${this.p - site}`,
      )
    }
  }

  private writeFilter(out: TextWriter): void {
    this.readDescriptor('FILTER')
    const { type, count } = this
    if (count === 0) {
      out.byte(DOT)
      return
    }
    if (type !== BT_INT8 && type !== BT_INT16 && type !== BT_INT32) this.wrongType('FILTER')
    const size = TYPE_BYTES[type]
    this.need(count * size, 'FILTER')
    for (let i = 0; i < count; i++) {
      if (i > 0) out.byte(SEMICOLON)
      const name = this.dictionaryName(this.intAt(this.p, type), 'a FILTER')
      out.copy(name, 0, name.length)
      this.p += size
    }
  }

  private writeInfo(nInfo: number, out: TextWriter): void {
    if (nInfo === 0) {
      out.byte(DOT)
      return
    }
    for (let i = 0; i < nInfo; i++) {
      if (i > 0) out.byte(SEMICOLON)
      const name = this.dictionaryName(this.readTypedInt('an INFO key'), 'an INFO')
      out.copy(name, 0, name.length)
      this.readDescriptor('an INFO value')
      const { type, count } = this
      if (type === BT_NULL && count > 0) this.wrongType('an INFO value')
      const bytes = count * TYPE_BYTES[type]
      this.need(bytes, 'an INFO value')
      // A flag (no values) is its key alone.
      if (count > 0) {
        out.byte(EQUALS)
        if (count === 1) this.writeSingleInfoValue(this.p, type, out)
        else this.writeVector(this.p, type, count, out)
      }
      this.p += bytes
    }
  }

  /** INFO checked as writeInfo checks it, in the same order, and written as '.'. */
  private skipInfo(nInfo: number, out: TextWriter): void {
    out.byte(DOT)
    for (let i = 0; i < nInfo; i++) {
      this.dictionaryName(this.readTypedInt('an INFO key'), 'an INFO')
      this.readDescriptor('an INFO value')
      const { type, count } = this
      if (type === BT_NULL && count > 0) this.wrongType('an INFO value')
      const bytes = count * TYPE_BYTES[type]
      this.need(bytes, 'an INFO value')
      this.p += bytes
    }
  }

  /** An INFO value of one element, as htslib writes it (a missing one is '.'). */
  private writeSingleInfoValue(at: number, type: number, out: TextWriter): void {
    if (type === BT_FLOAT) {
      if (this.view.getUint32(at, true) === FLOAT_MISSING) out.byte(DOT)
      else writeBcfFloat(out, this.view.getFloat32(at, true))
    } else if (type === BT_CHAR) {
      if (this.bytes[at] !== 0) out.byte(this.bytes[at])
    } else {
      const value = this.intAt(at, type)
      if (value === missingOf(type)) out.byte(DOT)
      else out.int(value)
    }
  }

  private writeSamples(site: number, siteEnd: number, indivEnd: number, out: TextWriter): void {
    const sampleFmt = this.view.getUint32(site + 20, true)
    const nSample = sampleFmt & 0xffffff
    let nFmt = sampleFmt >>> 24
    const { header } = this
    if (nSample !== header.sampleCount) {
      throw corruptRecord(
        this.record,
        `it holds ${nSample} samples but the header names ${header.sampleCount}`,
      )
    }
    // htslib's own fix-up for files an old bcf_subset wrote: FORMAT keys without sample data are none.
    if (indivEnd === siteEnd || nSample === 0) nFmt = 0
    if (nFmt === 0) {
      if (indivEnd !== siteEnd) {
        throw corruptRecord(
          this.record,
          `l_indiv says ${indivEnd - siteEnd} bytes but the record has no FORMAT fields`,
        )
      }
      // A sites-only file has no FORMAT column; samples without FORMAT fields are '.' throughout.
      if (nSample === 0) return
      for (let j = 0; j <= (this.compact ? 1 : nSample); j++) {
        out.byte(TAB)
        out.byte(DOT)
      }
      return
    }
    this.p = siteEnd
    this.end = indivEnd
    const { fmtKey, fmtType, fmtCount, fmtData, fmtSize } = this
    const compact = this.compact
    let gtField = -1
    out.byte(TAB)
    const formatStart = out.length
    for (let f = 0; f < nFmt; f++) {
      const key = this.readTypedInt('a FORMAT key')
      const name = this.dictionaryName(key, 'a FORMAT')
      if (key === header.gtKey) gtField = f
      if (f > 0) out.byte(COLON)
      out.copy(name, 0, name.length)
      this.readDescriptor('a FORMAT field')
      if (this.type === BT_NULL && this.count > 0) this.wrongType('a FORMAT field')
      const size = this.count * TYPE_BYTES[this.type]
      this.need(size * nSample, 'a FORMAT field')
      fmtKey[f] = key
      fmtType[f] = this.type
      fmtCount[f] = this.count
      fmtData[f] = this.p
      fmtSize[f] = size
      if (
        key === header.gtKey &&
        this.type !== BT_NULL &&
        this.type !== BT_INT8 &&
        this.type !== BT_INT16 &&
        this.type !== BT_INT32
      )
        this.wrongType('GT')
      this.p += size * nSample
    }
    if (this.p !== indivEnd) {
      throw corruptRecord(
        this.record,
        `l_indiv says ${indivEnd - siteEnd} bytes but its fields take ${this.p - siteEnd}`,
      )
    }
    const gtKey = header.gtKey
    if (compact) {
      const kept = this.keptSample
      if (gtField < 0) {
        // No GT: the FORMAT written above and the kept sample's values.
        out.byte(TAB)
        for (let f = 0; f < nFmt; f++) {
          if (f > 0) out.byte(COLON)
          this.writeVector(fmtData[f] + kept * fmtSize[f], fmtType[f], fmtCount[f], out)
        }
        return
      }
      out.length = formatStart
      out.copy(GT_NAME, 0, GT_NAME.length)
      out.byte(TAB)
      const at = fmtData[gtField]
      const size = fmtSize[gtField]
      const type = fmtType[gtField]
      const count = fmtCount[gtField]
      // Every sample's GT is checked, as writing them all would check them, then the kept one written.
      for (let j = 0; j < nSample; j++) if (j !== kept) this.checkGenotype(at + j * size, type, count)
      this.writeGenotype(at + kept * size, type, count, out)
      return
    }
    for (let j = 0; j < nSample; j++) {
      out.byte(TAB)
      for (let f = 0; f < nFmt; f++) {
        if (f > 0) out.byte(COLON)
        const at = fmtData[f] + j * fmtSize[f]
        if (fmtKey[f] === gtKey) this.writeGenotype(at, fmtType[f], fmtCount[f], out)
        else this.writeVector(at, fmtType[f], fmtCount[f], out)
      }
    }
  }

  /**
   * One sample's GT. The vector ends at its end-of-vector marker; the missing marker is read as an end
   * too, as BCF 2.1 writers (htsjdk) pad a haploid call in a diploid vector with it. The first allele's
   * phase bit is not written, as in htslib 1.16.
   */
  private writeGenotype(at: number, type: number, count: number, out: TextWriter): void {
    if (type === BT_NULL) {
      out.byte(DOT)
      return
    }
    const size = TYPE_BYTES[type]
    const end = endOf(type)
    const missing = missingOf(type)
    let i = 0
    for (; i < count; i++) {
      const value = this.intAt(at + i * size, type)
      if (value === end || value === missing) break
      if (value < 0) throw corruptRecord(this.record, 'a GT value is negative')
      if (i > 0) out.byte((value & 1) === 1 ? PIPE : SLASH)
      const allele = value >> 1
      if (allele === 0) out.byte(DOT)
      else out.int(allele - 1)
    }
    if (i === 0) out.byte(DOT)
  }

  /** A sample's GT checked as writeGenotype checks it (the same error), without writing it. */
  private checkGenotype(at: number, type: number, count: number): void {
    if (type === BT_NULL) return
    const size = TYPE_BYTES[type]
    const end = endOf(type)
    const missing = missingOf(type)
    for (let i = 0; i < count; i++) {
      const value = this.intAt(at + i * size, type)
      if (value === end || value === missing) return
      if (value < 0) throw corruptRecord(this.record, 'a GT value is negative')
    }
  }

  /** A vector (INFO of several values, or one sample's FORMAT value) as htslib's bcf_fmt_array writes it. */
  private writeVector(at: number, type: number, count: number, out: TextWriter): void {
    if (count === 0) {
      out.byte(DOT)
      return
    }
    const { bytes, view } = this
    if (type === BT_CHAR) {
      // Room for the whole string once, then the characters without a check each (an ID, an allele).
      out.reserve(count)
      const text = out.bytes
      let w = out.length
      for (let i = 0; i < count; i++) {
        const c = bytes[at + i]
        if (c === 0) break
        text[w++] = c === STR_MISSING ? DOT : c
      }
      out.length = w
      return
    }
    if (type === BT_FLOAT) {
      for (let i = 0; i < count; i++) {
        const bits = view.getUint32(at + i * 4, true)
        if (bits === FLOAT_END) break
        if (i > 0) out.byte(COMMA)
        if (bits === FLOAT_MISSING) out.byte(DOT)
        else writeBcfFloat(out, view.getFloat32(at + i * 4, true))
      }
      return
    }
    // Room for the whole vector is made once, its longest text (a separator and the widest value of its
    // type per element), and the values are written without a check each.
    out.reserve(count * (INT_TEXT_BYTES[type] ?? 12))
    const text = out.bytes
    let w = out.length
    if (type === BT_INT8) {
      // The common case (AD, PL, DP of one sample), read without the per-value type dispatch.
      for (let i = 0; i < count; i++) {
        const value = (bytes[at + i] << 24) >> 24
        if (value === INT8_END) break
        if (i > 0) text[w++] = COMMA
        if (value === INT8_MISSING) text[w++] = DOT
        else w = writeIntAt(text, w, value)
      }
      out.length = w
      return
    }
    const size = TYPE_BYTES[type]
    const end = endOf(type)
    const missing = missingOf(type)
    for (let i = 0; i < count; i++) {
      const value = this.intAt(at + i * size, type)
      if (value === end) break
      if (i > 0) text[w++] = COMMA
      if (value === missing) text[w++] = DOT
      else w = writeIntAt(text, w, value)
    }
    out.length = w
  }

  /** Characters of a typed string (ID, an allele): '.' when it has none, up to a NUL otherwise. */
  private writeChars(out: TextWriter): void {
    const { count } = this
    if (count === 0) {
      out.byte(DOT)
      return
    }
    this.need(count, 'a string')
    this.writeVector(this.p, BT_CHAR, count, out)
    this.p += count
  }

  /** Reads a type descriptor (and a long vector's typed length) at the cursor. */
  private readDescriptor(what: string): void {
    if (this.p >= this.end) this.overrun(what)
    const b = this.bytes[this.p++]
    const type = b & 15
    if (!VALID_TYPE[type]) {
      throw corruptRecord(this.record, `${what} has the unknown value type ${type}`)
    }
    let count = b >> 4
    if (count === 15) {
      count = this.readTypedInt(`the length of ${what}`)
      if (count < 0) throw corruptRecord(this.record, `${what} has the negative length ${count}`)
    }
    this.type = type
    this.count = count
  }

  /** A typed atomic integer: a dictionary key or a long vector's length. */
  private readTypedInt(what: string): number {
    if (this.p >= this.end) this.overrun(what)
    const type = this.bytes[this.p++] & 15
    if (type !== BT_INT8 && type !== BT_INT16 && type !== BT_INT32) {
      throw corruptRecord(this.record, `${what} is not an integer (type ${type})`)
    }
    const size = TYPE_BYTES[type]
    this.need(size, what)
    const value = this.intAt(this.p, type)
    this.p += size
    return value
  }

  // Read from the bytes: JavaScriptCore left DataView's getInt16 a native call on this path (a sampling
  // profile put 6 % of a BCF's decoding there, for the AD and PL values above 127).
  private intAt(at: number, type: number): number {
    const bytes = this.bytes
    if (type === BT_INT8) return (bytes[at] << 24) >> 24
    if (type === BT_INT16) return ((bytes[at] | (bytes[at + 1] << 8)) << 16) >> 16
    return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)
  }

  private dictionaryName(index: number, what: string): Uint8Array {
    const name = index >= 0 ? this.header.strings[index] : undefined
    if (name === undefined) {
      throw corruptRecord(
        this.record,
        `${what} key is dictionary entry ${index}, which the header does not declare`,
      )
    }
    return name
  }

  private need(bytes: number, what: string): void {
    if (this.p + bytes > this.end) this.overrun(what)
  }

  private overrun(what: string): never {
    throw corruptRecord(this.record, `${what} runs past the end of its block (l_shared or l_indiv too small)`)
  }

  private wrongType(what: string): never {
    throw corruptRecord(this.record, `${what} has the wrong value type (${this.type})`)
  }
}

function missingOf(type: number): number {
  return type === BT_INT8 ? INT8_MISSING : type === BT_INT16 ? INT16_MISSING : INT32_MISSING
}

function endOf(type: number): number {
  return type === BT_INT8 ? INT8_END : type === BT_INT16 ? INT16_END : INT32_END
}
