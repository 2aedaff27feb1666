// Looks at the start of a file and decides what it is, by content only: container (zip, gzip, BGZF),
// format (VCF/gVCF, BCF, consumer layouts), VCF header and samples, and the build where the header
// or provider text says it. Keeps what the scan needs next (parsed header, first data lines, the
// consumer layout) in an Inspection; detectSource publishes only the Detection part.

import { bcfToVcfText } from '../bcf/bcf-to-vcf-text'
import { type ConsumerLayout, detectConsumerLayout } from '../consumer/layouts'
import { GeneticsInputError } from '../errors'
import { zeroFilledAfterText } from '../scan/cut-off-text'
import { isBcfMagic, isNonTextControlByte, readFileHead, sniffCompression } from '../stream/sniff'
import { utf16ByteOrder } from '../stream/text-encoding'
import { textLines } from '../stream/text-lines'
import { listZipEntries, openTextChunks } from '../stream/text-source'
import type { BuildCall, Compression, Detection, GeneticsWarning, SourceFormat } from '../types'
import { addVcfHeaderLine, emptyVcfHeader, type VcfHeader, vcfVersionNumber } from '../vcf/vcf-header'
import { infoValue, isReferenceRecord, parseVcfRecordLine } from '../vcf/vcf-record'
import { unopenedArchive } from './archives'
import { chipVcfEvidence } from './chip-vcf'
import { documentInsteadOfData } from './documents'
import {
  buildFromConsumerComments,
  buildFromContigLengths,
  buildFromContigNames,
  buildFromHeaderText,
  UNKNOWN_BUILD,
  type UnsupportedAssembly,
  unsupportedAssembly,
} from './genome-build'
import { imputedVcfEvidence } from './imputed-vcf'
import { officeCompoundFile, officePackage } from './office-documents'
import { otherGenomicsBinary, otherGenomicsText } from './other-genomics-files'
import { provisionalReferenceEvidence } from './provisional-reference'
import { somaticEvidence, somaticWarning } from './somatic-calls'

/** Data lines kept from the head of a VCF for gVCF detection and validation. */
export const HEAD_LINES = 2_000
const HEAD_TEXT_BYTES = 2 << 20
const CONSUMER_SAMPLE_LINES = 50
const MAX_HEADER_LINES = 2_000_000

/** What is known of a file before its text is read: how it is packed, its size, warnings so far. */
interface InspectionBase {
  compression: Compression
  fileBytes: number
  warnings: GeneticsWarning[]
  archiveEntry: string | null
}

export interface Inspection {
  path: string
  detection: Detection
  /** VCF only. */
  header: VcfHeader | null
  /** First data lines of a VCF (up to HEAD_LINES), with their 1-based line numbers. */
  headLines: { text: string; line: number }[]
  /** True when headLines holds every data line of the file. */
  headIsWholeBody: boolean
  /** Consumer formats only. */
  layout: ConsumerLayout | null
  /** VCF body without any header lines (read leniently). */
  headerless: boolean
}

export async function inspectSource(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<Inspection> {
  const { head, size } = await readFileHead(path, 65536)
  // By the bytes read, not the size: standard input has none until it has been read (size 0).
  if (head.length === 0) throw new GeneticsInputError('EMPTY_FILE', 'the file is empty')
  const compression = sniffCompression(head)
  const warnings: GeneticsWarning[] = []
  const base = { compression, fileBytes: size, warnings }

  if (compression !== 'zip') return inspectStream(path, base, null, options.signal)
  const entries = await listZipEntries(path)
  if (entries.length === 0)
    throw new GeneticsInputError('ZIP_ENTRY_INVALID', 'the zip archive holds no genotype file')
  const office = officePackage(entries.map((e) => e.name))
  if (office) throw new GeneticsInputError('UNRECOGNISED_FORMAT', office)
  // Exports often put a README or licence before the data: take the first entry whose content is a
  // genotype file, and say which entries were passed over.
  const skipped: string[] = []
  // Why each entry was passed over: the refusal names it (a data file re-saved as UTF-16, say).
  const reasons: string[] = []
  const tried = entries.slice(0, MAX_ZIP_ENTRIES_TRIED)
  for (const [i, entry] of tried.entries()) {
    try {
      const inspection = await inspectStream(path, { ...base, warnings: [] }, entry.name, options.signal)
      await refuseSecondGenotypeEntry(path, base, entry.name, tried.slice(i + 1), options.signal)
      if (entries.length > 1) {
        const passedOver = skipped.length > 0 ? `; passed over ${skipped.join(', ')} (not genotype data)` : ''
        inspection.detection.warnings.unshift({
          code: 'ZIP_MULTIPLE_ENTRIES',
          message: `the zip archive holds ${entries.length} files; reading ${entry.name}${passedOver}`,
        })
      }
      inspection.detection.warnings.unshift(...warnings)
      return inspection
    } catch (error) {
      if (!(error instanceof GeneticsInputError) || !NOT_GENOTYPE_DATA.has(error.code)) throw error
      skipped.push(entry.name)
      reasons.push(`${entry.name}: ${error.message}`)
    }
  }
  throw new GeneticsInputError(
    'ZIP_ENTRY_INVALID',
    `the zip archive holds no genotype file (${reasons.join('; ').slice(0, 500)})`,
  )
}

/**
 * A zip that holds two genotype files is refused rather than read by its first: they may be two
 * people's downloads zipped together, and reading one by the archive's order could file one person's
 * genome as the other's. One person's files in parts (FTDNA's autosomal and X files, a lab's SNP and
 * indel VCFs) are each a source of their own.
 */
async function refuseSecondGenotypeEntry(
  path: string,
  base: Omit<InspectionBase, 'archiveEntry'>,
  first: string,
  rest: { name: string }[],
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const entry of rest) {
    try {
      await inspectStream(path, { ...base, warnings: [] }, entry.name, signal)
    } catch (error) {
      // Only an entry that reads as genotype data is a second one: a README, an index, or an entry
      // that cannot be read (encrypted, damaged) does not stop the first from being read.
      if (error instanceof GeneticsInputError) continue
      throw error
    }
    throw new GeneticsInputError(
      'ZIP_ENTRY_INVALID',
      `the zip archive holds more than one genotype file (${first}, ${entry.name}), and one upload is read as one person's data: send each file on its own (one person's files in parts, such as FTDNA's autosomal and X files or a lab's SNP and indel VCFs, each become a source), or the provider's single download`,
    )
  }
}

/** Zip entries tried in turn before the archive is refused. */
const MAX_ZIP_ENTRIES_TRIED = 10
/** Errors that mean "this entry is not genotype data", so the next zip entry is tried. */
const NOT_GENOTYPE_DATA = new Set(['UNRECOGNISED_FORMAT', 'EMPTY_FILE'])

async function inspectStream(
  path: string,
  base: Omit<InspectionBase, 'archiveEntry'>,
  archiveEntry: string | null,
  signal: AbortSignal | undefined,
): Promise<Inspection> {
  const { compression } = base
  const text = await openTextChunks(path, compression, { signal, archiveEntry })
  try {
    const firstChunk = await peekFirstChunk(text.chunks)
    if (firstChunk.bytes.length === 0)
      throw new GeneticsInputError('EMPTY_FILE', 'the file holds no text after decompression')
    if (isBcfMagic(firstChunk.bytes))
      return bcfInspection(await inspectText(path, bcfToVcfText(firstChunk.rest), { ...base, archiveEntry }))
    const other =
      otherGenomicsBinary(firstChunk.bytes) ??
      officeCompoundFile(firstChunk.bytes) ??
      unopenedArchive(firstChunk.bytes, compression) ??
      documentInsteadOfData(firstChunk.bytes)
    if (other) throw new GeneticsInputError('UNRECOGNISED_FORMAT', other)
    if (looksUtf16(firstChunk.bytes)) {
      throw new GeneticsInputError(
        'UNRECOGNISED_FORMAT',
        'the file is UTF-16 text without a byte-order mark (or inside BGZF), not UTF-8: upload the original download, or save it again as UTF-8',
      )
    }
    const zeroFilled = zeroFilledAfterText(firstChunk.bytes)
    if (zeroFilled) throw zeroFilled
    if (looksBinary(firstChunk.bytes)) {
      throw new GeneticsInputError(
        'UNRECOGNISED_FORMAT',
        'the file is binary data, not a VCF or a consumer genotype export',
      )
    }
    return await inspectText(path, firstChunk.rest, { ...base, archiveEntry })
  } finally {
    text.close()
  }
}

/**
 * A BCF read as the VCF text it holds (bcf/): everything is decided from that text, and the format is
 * named 'bcf' (a gVCF in BCF keeps isGvcf). Its header text must be a VCF header.
 */
function bcfInspection(inspection: Inspection): Inspection {
  if (inspection.header === null || inspection.headerless) {
    throw new GeneticsInputError('BAD_HEADER', 'the BCF header is not a VCF header')
  }
  inspection.detection.format = 'bcf'
  return inspection
}

/** Reads the first chunk and returns it with an iterable that replays it before the rest. */
async function peekFirstChunk(chunks: AsyncIterable<Uint8Array>) {
  const iterator = chunks[Symbol.asyncIterator]()
  const first = await iterator.next()
  const bytes = first.done ? new Uint8Array(0) : first.value
  const rest: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      if (!first.done) yield bytes
      while (true) {
        const next = await iterator.next()
        if (next.done) return
        yield next.value
      }
    },
  }
  return { bytes, rest }
}

/**
 * UTF-16 text: a byte-order mark (FF FE or FE FF), or ASCII letters with a NUL beside every one. A
 * genotype export re-saved by an editor as "Unicode" looks like that, and would otherwise be called
 * binary data without a word on why.
 */
function looksUtf16(bytes: Uint8Array): boolean {
  if (utf16ByteOrder(bytes)) return true
  const n = Math.min(bytes.length, 512) & ~1
  if (n < 16) return false
  let evenNul = 0
  let oddNul = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++
    if (bytes[i + 1] === 0) oddNul++
  }
  const pairs = n / 2
  return (oddNul > pairs * 0.9 && evenNul === 0) || (evenNul > pairs * 0.9 && oddNul === 0)
}

/** NUL bytes or many control characters in the first KiB mean binary data. */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096)
  let control = 0
  for (let i = 0; i < n; i++) {
    const c = bytes[i]
    if (c === 0) return true
    if (isNonTextControlByte(c)) control++
  }
  return control > n * 0.05
}

async function inspectText(
  path: string,
  chunks: AsyncIterable<Uint8Array>,
  base: InspectionBase,
): Promise<Inspection> {
  const lines = textLines(chunks)
  let lineNo = 0
  let first: string | undefined
  // Manual next() calls: a for-await loop would close the generator on break.
  for (;;) {
    const next = await lines.next()
    if (next.done) break
    lineNo++
    if (next.value.trim() === '') continue
    first = next.value
    break
  }
  if (first === undefined) throw new GeneticsInputError('EMPTY_FILE', 'the file holds only blank lines')

  // `##fileformat=` naming something other than VCF is a vendor's own header (MyHeritage downloads open
  // with `##fileformat=MyHeritage`): such a file is read as a consumer export first, and as a VCF only
  // when it is none.
  const vendorFileformat = /^##fileformat=(?!VCF)/i.test(first)
  if (
    !vendorFileformat &&
    (first.startsWith('##fileformat=VCF') ||
      first.startsWith('#CHROM') ||
      (first.startsWith('##') && !first.startsWith('###')))
  ) {
    return inspectVcf(path, first, lineNo, lines, base)
  }
  const firstLineNo = lineNo

  // Consumer formats: comment block, optional column-header row, data rows.
  const comments: string[] = []
  const sample: string[] = []
  const readAfterFirst: string[] = []
  let pending: string | undefined = first
  while (pending !== undefined) {
    // A spreadsheet that saved the table again may have quoted a comment line ('"# This data file').
    if (pending.startsWith('#') || pending.startsWith('"#')) comments.push(pending)
    else if (pending.trim() !== '') sample.push(pending)
    if (sample.length >= CONSUMER_SAMPLE_LINES) break
    const next = await lines.next()
    pending = next.done ? undefined : next.value
    if (pending !== undefined && vendorFileformat) readAfterFirst.push(pending)
  }
  // The column header of 23andMe files is the last comment line ('# rsid\tchromosome...').
  const headerComment =
    comments.length > 0 && /^"?#\s*"?rsid"?[\t,;]/i.test(comments[comments.length - 1])
      ? [comments[comments.length - 1]]
      : []
  const consumer = detectConsumerLayout(comments, [...headerComment, ...sample])
  if (consumer) {
    const build = buildFromConsumerComments(comments) ?? UNKNOWN_BUILD
    const warnings = [...base.warnings, ...consumer.warnings]
    return {
      path,
      detection: {
        format: consumer.layout.format,
        compression: base.compression,
        archiveEntry: base.archiveEntry,
        vcfVersion: null,
        isGvcf: false,
        chipEvidence: null,
        imputedEvidence: null,
        provisionalReference: null,
        samples: [],
        build,
        contigs: [],
        headerLines:
          comments.length + (consumer.layout.headerRow !== null && headerComment.length === 0 ? 1 : 0),
        fileBytes: base.fileBytes,
        warnings,
      },
      header: null,
      headLines: [],
      headIsWholeBody: false,
      layout: consumer.layout,
      headerless: false,
    }
  }

  // Not a vendor's layout after all: a VCF with an odd ##fileformat value, read (or refused) as one.
  if (vendorFileformat) return inspectVcf(path, first, firstLineNo, replay(readAfterFirst, lines), base)

  // A VCF body without header lines (seen in tool test data): read leniently, with a warning.
  const fields = sample[0]?.split('\t') ?? []
  if (
    comments.length === 0 &&
    fields.length >= 8 &&
    /^\d+$/.test(fields[1]) &&
    /^[ACGTN]+$/i.test(fields[3])
  ) {
    const header = emptyVcfHeader()
    const warnings = [
      ...base.warnings,
      {
        code: 'VCF_HEADER_MISSING',
        message: 'no ##fileformat or #CHROM header; read as a VCF body without sample names or declarations',
      },
    ]
    const headLines = sample.map((text, i) => ({ text, line: i + 1 }))
    return {
      path,
      detection: vcfDetection(header, base, warnings, headLines, true),
      header,
      headLines,
      headIsWholeBody: false,
      layout: null,
      headerless: true,
    }
  }
  // A consumer export's comment block, column header included, and no row after it: an export that
  // stopped early, said so as a VCF without records is, not "not a genetics file".
  if (sample.length === 0 && (headerComment.length > 0 || CONSUMER_PROSE.test(comments.join('\n'))))
    throw new GeneticsInputError(
      'NO_RECORDS',
      "the file has a consumer DNA export's header but no genotype rows, so there is nothing to analyse (a download that stopped early?)",
    )
  // Reads, alignments, a sequence or a PLINK variant list sent instead of the calls: named, with what to send.
  const other = otherGenomicsText(sample)
  if (other) throw new GeneticsInputError('UNRECOGNISED_FORMAT', other)
  throw new GeneticsInputError(
    'UNRECOGNISED_FORMAT',
    'not a recognised genetics file: expected a VCF, or a 23andMe, AncestryDNA, MyHeritage, FTDNA, LivingDNA or deCODEme export',
  )
}

/** A vendor named in a consumer export's comment block. */
const CONSUMER_PROSE = /23andMe|AncestryDNA|MyHeritage|Family Tree DNA|FTDNA|Living\s*DNA|deCODEme/i

/** The lines already read, then the rest of the file. */
async function* replay(read: string[], rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield* read
  yield* rest
}

async function inspectVcf(
  path: string,
  first: string,
  firstLineNo: number,
  lines: AsyncGenerator<string>,
  base: InspectionBase,
): Promise<Inspection> {
  const header = emptyVcfHeader()
  const warnings = [...base.warnings]
  let lineNo = firstLineNo
  addVcfHeaderLine(header, first, lineNo)
  while (header.chromLine === 0) {
    const next = await lines.next()
    if (next.done) break
    lineNo++
    const text = next.value
    if (!text.startsWith('#')) break
    addVcfHeaderLine(header, text, lineNo)
    if (header.lineCount > MAX_HEADER_LINES) {
      throw new GeneticsInputError('BAD_HEADER', `the VCF header has more than ${MAX_HEADER_LINES} lines`)
    }
  }
  if (header.chromLine === 0) {
    if (!header.fileformat?.startsWith('VCF')) {
      throw new GeneticsInputError(
        'UNRECOGNISED_FORMAT',
        'not a recognised genetics file: it has #-comment lines but neither ##fileformat=VCF nor a #CHROM line',
      )
    }
    throw new GeneticsInputError(
      'MISSING_HEADER',
      'the VCF header has no #CHROM line, so its columns and samples are unknown',
      lineNo,
    )
  }
  if (header.fileformat === null) {
    warnings.push({ code: 'VCF_FILEFORMAT_MISSING', message: 'no ##fileformat line; read as VCF' })
  } else if (!/^VCFv\d+\.\d+$/.test(header.fileformat)) {
    warnings.push({
      code: 'VCF_FILEFORMAT_INVALID',
      message: `##fileformat value "${header.fileformat.slice(0, 40)}" is not VCFvN.N`,
      line: 1,
    })
  }
  // A trailing tab on the #CHROM line leaves an empty sample name; drop it (htslib refuses the file).
  while (header.samples.length > 0 && header.samples[header.samples.length - 1] === '') {
    header.samples.pop()
    header.columns.pop()
    warnings.push({
      code: 'EMPTY_SAMPLE_NAME',
      message: 'the #CHROM line ends with a tab; the empty sample name was ignored',
      line: header.chromLine,
    })
  }

  const headLines: { text: string; line: number }[] = []
  let bytes = 0
  let whole = true
  for (;;) {
    const next = await lines.next()
    if (next.done) break
    lineNo++
    headLines.push({ text: next.value, line: lineNo })
    bytes += next.value.length
    if (headLines.length >= HEAD_LINES || bytes >= HEAD_TEXT_BYTES) {
      whole = false
      break
    }
  }
  return {
    path,
    detection: vcfDetection(header, base, warnings, headLines, false),
    header,
    headLines,
    headIsWholeBody: whole,
    layout: null,
    headerless: false,
  }
}

function vcfDetection(
  header: VcfHeader,
  base: Omit<InspectionBase, 'warnings'>,
  warnings: GeneticsWarning[],
  headLines: { text: string; line: number }[],
  headerless: boolean,
): Detection {
  // The records decide when there are any: GATK's joint calling (GenotypeGVCFs) copies the ##GVCFBlock
  // lines of its input gVCFs into a plain multi-sample VCF, which has no reference blocks at all. A gVCF
  // opens with reference blocks, so its first lines show it; a header alone decides only without records.
  const isGvcf = headLines.length > 0 ? headLines.some(({ text }) => isGvcfLine(text)) : header.gvcfHeader
  const somatic = somaticEvidence(header)
  if (somatic) warnings.push(somaticWarning(somatic))
  const format: SourceFormat = isGvcf ? 'gvcf' : 'vcf'
  let build: BuildCall = UNKNOWN_BUILD
  const fromText = buildFromHeaderText(header.referenceTexts)
  const fromLengths = buildFromContigLengths(header.contigs) ?? buildFromContigNames(header.contigs)
  const unsupported = fromLengths ? null : unsupportedAssembly(header.referenceTexts, header.contigs)
  if (unsupported) {
    // Build stays unknown, so nothing is matched by position; the warning says why and what would help.
    build = {
      build: 'unknown',
      method: unsupported.method,
      evidence: `${unsupported.name}: ${unsupported.evidence}`,
    }
    warnings.push(unsupportedBuildWarning(unsupported))
    if (fromText)
      warnings.push({
        code: 'BUILD_CONFLICT',
        message: `the header names ${fromText.build} (${fromText.evidence}) but ${unsupported.method === 'header' ? `${unsupported.evidence} names` : 'contig lengths match'} ${unsupported.name}; positions are not read as ${fromText.build}`,
      })
  } else if (fromLengths) {
    build = fromLengths
    if (fromText && fromText.build !== fromLengths.build) {
      warnings.push({
        code: 'BUILD_CONFLICT',
        message: `the header names ${fromText.build} (${fromText.evidence}) but contig lengths match ${fromLengths.build}; using the contig lengths`,
      })
    }
  } else if (fromText) build = fromText
  return {
    format,
    compression: base.compression,
    archiveEntry: base.archiveEntry,
    vcfVersion: headerless ? null : vcfVersionNumber(header.fileformat),
    isGvcf,
    chipEvidence: chipVcfEvidence(header),
    imputedEvidence: imputedVcfEvidence(header),
    provisionalReference: provisionalReferenceEvidence(header),
    samples: header.samples,
    build,
    contigs: header.contigs.map((c) => c.id),
    headerLines: header.lineCount,
    fileBytes: base.fileBytes,
    warnings,
  }
}

/** Why a file on an assembly without catalog positions gets no position-matched findings, and what would. */
function unsupportedBuildWarning(assembly: UnsupportedAssembly): GeneticsWarning {
  return {
    code: 'BUILD_UNSUPPORTED',
    message: `the file is on ${assembly.name} (${assembly.evidence}); catalog and ancestry positions exist for GRCh37 and GRCh38 only, so no position is matched: lift the calls over to GRCh38 (for example bcftools +liftover or Picard LiftoverVcf) or call them against GRCh38`,
  }
}

/** A GATK <NON_REF> record, or a placeholder-only record with END beyond POS (a reference block). */
function isGvcfLine(text: string): boolean {
  if (text.startsWith('#')) return false
  if (text.includes('<NON_REF>')) return true
  const record = parseVcfRecordLine(text)
  if (!record || !isReferenceRecord(record)) return false
  const end = Number(infoValue(record.info, 'END'))
  return Number.isInteger(end) && end > record.pos
}
