// A spreadsheet or word-processor file sent instead of text. People open their DNA download in Excel,
// LibreOffice or Numbers and keep the program's own format; the reader takes text (a table re-saved as
// CSV is read, consumer/resaved-tables.ts), so such a file is named, with how to get the text back,
// rather than refused as "a zip archive without a genotype file" or "binary data". Told apart by the
// names inside the package (Office Open XML, OpenDocument, Apple iWork are zips) or by the magic of the
// compound file that older Excel and Word files are.

const SAVE_AS_TEXT =
  'send the provider\'s original download, or save the sheet as text (Excel\'s "Text (Tab delimited)" or CSV) and send that'

/** Entry names that give each package kind away, and what it is called. */
const PACKAGES: { test: (names: Set<string>) => boolean; what: string }[] = [
  { test: (n) => n.has('xl/workbook.xml') || n.has('xl/workbook.bin'), what: 'an Excel workbook (.xlsx)' },
  { test: (n) => n.has('word/document.xml'), what: 'a Word document (.docx)' },
  {
    // OpenDocument keeps its kind in its 'mimetype' entry; content.xml with it is enough to name it.
    test: (n) => n.has('mimetype') && n.has('content.xml'),
    what: 'an OpenDocument file (LibreOffice .ods or .odt)',
  },
  { test: (n) => n.has('Index/Document.iwa'), what: 'an Apple Numbers or Pages file' },
]

/** What kind of office document a zip with these entries is ('an Excel workbook (.xlsx)'), or null. */
export function officePackageKind(entryNames: string[]): string | null {
  const names = new Set(entryNames)
  return PACKAGES.find((p) => p.test(names))?.what ?? null
}

/** The genetics reader's refusal of a zip that is an office document, or null. */
export function officePackage(entryNames: string[]): string | null {
  const kind = officePackageKind(entryNames)
  return kind ? `the file is ${kind}, not a genotype text file: ${SAVE_AS_TEXT}` : null
}

/** The compound-file magic of .xls and .doc (OLE2). */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

export const COMPOUND_FILE_KIND = 'an older Excel or Word file (.xls or .doc)'

/** True when the bytes start as an older Excel or Word file does. */
export function isOfficeCompoundFile(bytes: Uint8Array): boolean {
  return COMPOUND_FILE.every((b, i) => bytes[i] === b)
}

/** The genetics reader's refusal of such a file, or null. */
export function officeCompoundFile(bytes: Uint8Array): string | null {
  return isOfficeCompoundFile(bytes)
    ? `the file is ${COMPOUND_FILE_KIND}, not a genotype text file: ${SAVE_AS_TEXT}`
    : null
}
