// A document, page or picture sent instead of the raw data. People keep their test's PDF report, a
// page their browser saved (or the sign-in or error page a site served in place of the file once a
// download link had expired), the download re-saved as rich text by TextEdit or WordPad, or a
// screenshot of their results, and send that: "not a recognised genetics file" does not tell them the
// reader needs the raw genotype download, which a report or page is not. Each is told by how its
// bytes start, which no VCF, BCF or consumer export shares (those start with '#', a column header, a
// quote or a chromosome), so the test is as safe on an upload's first part as on a whole file.

const RAW_DATA =
  'download the raw genotype data from the testing company (23andMe, AncestryDNA, MyHeritage, FTDNA and Living DNA each offer a raw DNA data download in the account settings), or ask the sequencing lab for the VCF'

export type DocumentKind = 'pdf' | 'html' | 'rtf' | 'image'

/** Signs at the start of the file, in the order they are tried. */
const SIGNS: { kind: DocumentKind; test: (bytes: Uint8Array, text: string) => boolean }[] = [
  { kind: 'pdf', test: (_, text) => text.startsWith('%PDF-') },
  {
    // <!DOCTYPE html>, <html>, or an XHTML page's XML declaration or a comment before them.
    kind: 'html',
    test: (_, text) =>
      /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)[\s>]/i.test(text),
  },
  { kind: 'rtf', test: (_, text) => text.startsWith('{\\rtf') },
  { kind: 'image', test: (bytes) => isImage(bytes) },
]

/** Which document, page or picture the file is, from its first (decompressed) bytes, or null. */
export function documentKind(bytes: Uint8Array): DocumentKind | null {
  // A UTF-8 byte-order mark is skipped: Windows editors put one before a saved page.
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  const text = String.fromCharCode(...bytes.subarray(start, start + 512))
  return SIGNS.find((s) => s.test(bytes, text))?.kind ?? null
}

const GENETICS_MESSAGES: Record<DocumentKind, string> = {
  pdf: `the file is a PDF document, and a report lists findings, not the genotypes the reader needs: ${RAW_DATA}`,
  html: 'the file is a web page (HTML), not the download itself: a page saved from the browser, or a sign-in or error page served in place of the file when the download link had expired; download the raw data file again and send that',
  rtf: 'the file is a rich-text document (RTF), as TextEdit or WordPad save a text file they opened: send the original download, or save it again as plain text (TextEdit: Format, Make Plain Text; WordPad: Save as, Text Document)',
  image: `the file is a picture (a screenshot or photo of results), not genotype data: ${RAW_DATA}`,
}

/** The genetics reader's refusal of a document, page or picture, or null when the file is none. */
export function documentInsteadOfData(bytes: Uint8Array): string | null {
  const kind = documentKind(bytes)
  return kind ? GENETICS_MESSAGES[kind] : null
}

const IMAGE_MAGIC = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
]

/** PNG, JPEG, GIF, WebP, or HEIC/AVIF (an ISO media file whose brand is an image: iPhone photos). */
function isImage(bytes: Uint8Array): boolean {
  if (IMAGE_MAGIC.some((magic) => magic.every((b, i) => bytes[i] === b))) return true
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true
  return ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|heif|mif1|msf1|avif)$/.test(ascii(8, 12))
}
