// Detect what an upload is by its content, never by its name, and read it: genotype files go to the
// genetics module; Apple Health exports (XML or zip) are streamed; JSON is FHIR, Health Connect, lab
// results or daily records; delimited text is a lab, wearable or behavioral table; anything else is
// tried as pasted lab lines.

import { unopenedArchive } from '../../genetics-core/detect/archives'
import { type DocumentKind, documentKind } from '../../genetics-core/detect/documents'
import {
  COMPOUND_FILE_KIND,
  isOfficeCompoundFile,
  officePackageKind,
} from '../../genetics-core/detect/office-documents'
import { WearableAccumulator } from '../wearables/readers/accumulator'
import { looksLikeAppleHealth, readAppleHealth, textChunks } from '../wearables/readers/apple-health'
import { appleHealthZipChunks } from '../wearables/readers/apple-health-zip'
import { type Content, isZip } from './content'
import { detectDelimiter } from './csv'
import { looksLikeGenotype } from './genotype'
import { jsonErrorLine } from './json-error-line'
import { parseJsonDocument } from './json-import'
import { labContext, noteUploadDate } from './labs/lab-context'
import { labLines, pastedLabLines } from './labs/lines'
import { isPdf, pdfLines } from './labs/pdf-text'
import { type ParsedImport, Warnings } from './parsed'
import { unreadable } from './problems'
import { parseDelimited } from './table'
import { holdsAppleHealthExport, zipEntryNames } from './zip-entries'

export interface ParseOptions {
  provider: string | null
  uploadedAt: Date
  /** Largest decompressed export.xml read from a zip. */
  maxUnzippedBytes: number
}

export type ParseOutcome = { kind: 'genetics' } | { kind: 'parsed'; parsed: ParsedImport }

async function appleHealth(
  chunks: AsyncIterable<string> | Iterable<string>,
  format: string,
  provider: string | null,
): Promise<ParsedImport> {
  const warnings = new Warnings()
  const accumulator = new WearableAccumulator(warnings)
  const { records, person } = await readAppleHealth(chunks, accumulator, warnings)
  return {
    person,
    modality: 'wearables',
    format,
    provider: provider ?? 'apple_health',
    records,
    observations: accumulator.observations(),
    warnings: warnings.all(),
  }
}

/** A lab report PDF: its text layer, row by row, through the report-line reader. */
async function labPdf(bytes: Uint8Array, options: ParseOptions): Promise<ParsedImport> {
  const pdf = await pdfLines(bytes)
  const warnings = new Warnings()
  const ctx = labContext(warnings, options.uploadedAt)
  const read = labLines(pdf.lines.join('\n'), ctx, { refs: pdf.refs })
  if (!read)
    throw unreadable('The PDF has text, but no line of it reads as a lab result ("Name value unit").')
  noteUploadDate(ctx, read.observations)
  return {
    modality: 'biomarkers',
    format: 'lab_pdf',
    provider: options.provider,
    records: read.records,
    observations: read.observations,
    warnings: warnings.all(),
    unknown_markers: [...ctx.unknown],
  }
}

const officeDocumentMessage = (kind: string) =>
  `It is ${kind}, which this service does not read: save the sheet as CSV or tab-separated text ` +
  "(for a DNA test, send the provider's original download) and send that."

/** A saved web page, a rich-text re-save or a picture: named, with what to send instead (a PDF is read). */
const DOCUMENT_MESSAGES: Record<Exclude<DocumentKind, 'pdf'>, string> = {
  html: 'It is a web page (HTML), which this service does not read: send the portal\'s PDF or CSV download, or copy the result lines (such as "Glucose 92 mg/dL") as text; for a DNA test, send its raw data download.',
  rtf: 'It is a rich-text document (RTF), which this service does not read: save it again as plain text (TextEdit: Format, Make Plain Text) or send the original download.',
  image:
    'It is a picture, which holds no text to read values from: send the lab\'s PDF or CSV, or type the result lines (such as "Glucose 92 mg/dL") as text.',
}

export async function parseContent(content: Content, options: ParseOptions): Promise<ParseOutcome> {
  if (looksLikeGenotype(content)) return { kind: 'genetics' }
  if (isZip(content.bytes)) {
    const names = await zipEntryNames(content.bytes)
    // A workbook of lab results or of a DNA download: say so and how to get the text out of it.
    const office = officePackageKind(names)
    if (office) throw unreadable(officeDocumentMessage(office))
    // A zip without an Apple Health export.xml is taken as a DNA test's download (23andMe and
    // AncestryDNA ship a zip of one text file); the genetics reader answers 422 if it is not one.
    if (!holdsAppleHealthExport(names)) return { kind: 'genetics' }
    return {
      kind: 'parsed',
      parsed: await appleHealth(
        appleHealthZipChunks(content.bytes, options.maxUnzippedBytes),
        'apple_health_zip',
        options.provider,
      ),
    }
  }
  if (isPdf(content.bytes)) return { kind: 'parsed', parsed: await labPdf(content.bytes, options) }
  const document = documentKind(content.bytes)
  if (document && document !== 'pdf') throw unreadable(DOCUMENT_MESSAGES[document])
  const text = content.text
  if (text === null) {
    // An older Excel or Word file, or a tar bundle, 7-Zip, RAR, bzip2, xz or zstd file: named, with
    // how to get the text out of it.
    if (isOfficeCompoundFile(content.bytes)) throw unreadable(officeDocumentMessage(COMPOUND_FILE_KIND))
    const archive = unopenedArchive(content.bytes, 'none')
    throw unreadable(
      archive
        ? `${archive.replace(/^the/, 'The')}.`
        : 'The content is binary and not a format this service reads (text, JSON, XML, zip or gzip).',
    )
  }
  const head = text.slice(0, 65_536).trimStart()
  if (head.startsWith('<')) {
    if (!looksLikeAppleHealth(head))
      throw unreadable('The XML is not an Apple Health export (no <HealthData> element).', 1)
    return {
      kind: 'parsed',
      parsed: await appleHealth(textChunks(content.bytes), 'apple_health_xml', options.provider),
    }
  }
  if (head.startsWith('{') || head.startsWith('[')) {
    let doc: unknown
    try {
      doc = JSON.parse(text)
    } catch (error) {
      throw unreadable(
        `The JSON is malformed (${(error as Error).message.replace(/^JSON Parse error: /, '')}).`,
        jsonErrorLine(text),
      )
    }
    return { kind: 'parsed', parsed: parseJsonDocument(doc, options) }
  }
  const delimiter = detectDelimiter(text)
  if (delimiter) {
    const parsed = parseDelimited(text, delimiter, options)
    if (parsed) return { kind: 'parsed', parsed }
  }
  const warnings = new Warnings()
  const ctx = labContext(warnings, options.uploadedAt)
  const lines = pastedLabLines(text, ctx)
  if (!lines) {
    throw unreadable(
      'The content is not a format this service reads: not a lab table, wearable or behavioral export, FHIR, Apple Health or genotype file, and no line reads as "Name value unit".',
      1,
    )
  }
  noteUploadDate(ctx, lines.observations)
  return {
    kind: 'parsed',
    parsed: {
      modality: 'biomarkers',
      format: 'lab_text',
      provider: options.provider,
      records: lines.records,
      observations: lines.observations,
      warnings: warnings.all(),
      unknown_markers: [...ctx.unknown],
    },
  }
}
