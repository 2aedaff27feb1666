// Lab report PDFs: the text layer read with unpdf (a maintained server build of Mozilla's pdf.js, no
// worker or canvas needed, so it runs the same under Bun and Node). Text items are put back into rows
// by their baseline and into columns by their x position, so a row reads as the report prints it
// ("GLUCOSE   105 H   65-99 mg/dL   EN") and goes through the same line reader as pasted text.
// A PDF without text (a scanned image) is refused with a 422 that says so: there is no OCR here.

import { getDocumentProxy } from 'unpdf'
import { unreadable } from '../problems'

export const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 &&
  bytes[0] === 0x25 &&
  bytes[1] === 0x50 &&
  bytes[2] === 0x44 &&
  bytes[3] === 0x46 &&
  bytes[4] === 0x2d

export interface PdfLines {
  lines: string[]
  /** Where each line is: `page 1, line 4`. */
  refs: string[]
  pages: number
}

interface Item {
  str: string
  x: number
  y: number
  width: number
  size: number
}

/** Rows of one page: items within a third of the font size of one baseline form a row. */
function rowsOf(items: Item[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x)
  const rows: Item[][] = []
  for (const item of sorted) {
    const row = rows[rows.length - 1]
    if (row && Math.abs(row[0].y - item.y) <= Math.max(2, row[0].size / 3)) row.push(item)
    else rows.push([item])
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x)
    let text = ''
    let end = Number.NEGATIVE_INFINITY
    for (const item of row) {
      const gap = item.x - end
      // A gap wider than a couple of characters is a column boundary; keep it visible as wide space.
      if (text) text += gap > item.size * 1.2 ? '   ' : gap > item.size * 0.15 ? ' ' : ''
      text += item.str
      end = item.x + item.width
    }
    return text.replace(/\s+$/, '')
  })
}

/**
 * One page and its text. A PDF that opens can still be damaged further in (a broken object, a
 * truncated stream): that is the sender's unreadable file, a 422 naming the page, not a server error.
 */
async function readPage(pdf: Awaited<ReturnType<typeof getDocumentProxy>>, n: number) {
  try {
    const page = await pdf.getPage(n)
    return { page, content: await page.getTextContent() }
  } catch {
    throw unreadable(`The PDF could not be read: page ${n} is damaged.`)
  }
}

export async function pdfLines(bytes: Uint8Array, maxPages = 200): Promise<PdfLines> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false, verbosity: 0 })
  } catch (error) {
    const why =
      (error as Error).name === 'PasswordException'
        ? 'it is password-protected'
        : 'it is damaged or not a PDF'
    throw unreadable(`The PDF could not be opened: ${why}.`)
  }
  try {
    if (pdf.numPages > maxPages)
      throw unreadable(`The PDF has ${pdf.numPages} pages; lab reports above ${maxPages} pages are not read.`)
    const lines: string[] = []
    const refs: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const { page, content } = await readPage(pdf, n)
      const items: Item[] = []
      for (const raw of content.items) {
        if (!('str' in raw) || !raw.str.trim()) continue
        const [a, b, , , x, y] = raw.transform as number[]
        items.push({ str: raw.str, x, y, width: raw.width, size: Math.hypot(a, b) || 10 })
      }
      rowsOf(items).forEach((row, i) => {
        lines.push(row)
        refs.push(`page ${n}, line ${i + 1}`)
      })
      page.cleanup()
    }
    if (lines.every((l) => !l.trim()))
      throw unreadable(
        'The PDF has no text layer (it is probably a scanned image), and this service does not read images. Download the report as a text PDF, CSV or FHIR export from the lab portal, or paste its text.',
      )
    return { lines, refs, pages: pdf.numPages }
  } finally {
    await pdf.loadingTask.destroy()
  }
}
