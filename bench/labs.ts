// Lab import benchmark: our readers beside a baseline doing less on the same input, in the same run.
//   - a 20-page lab report PDF: text layer into rows and results (pdfLines + the report-line reader)
//     against unpdf's plain text extraction of the same file (no layout, no results);
//   - a 5,000-row lab CSV through the whole content reader (detection, decimal mark, date order,
//     catalog lookup, unit conversion) against csv-parse alone on the same text.
// Compare within one run; the machine is shared.

import { parse } from 'csv-parse/sync'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { labContext } from '../modules/imports/labs/lab-context'
import { labLines } from '../modules/imports/labs/lines'
import { pdfLines } from '../modules/imports/labs/pdf-text'
import { parseContent } from '../modules/imports/parse-content'
import { Warnings } from '../modules/imports/parsed'

const ROWS = [
  'GLUCOSE                            97                            65-99 mg/dL              EN',
  'CHOLESTEROL, TOTAL                              212 H            <200 mg/dL               EN',
  'HDL CHOLESTEROL                    52                            > OR = 50 mg/dL          EN',
  'HEMOGLOBIN A1c                                  5.9 H            <5.7 % of total Hgb      EN',
  'VITAMIN B12                                     1,250 H          200-1100 pg/mL           EN',
  'HS CRP                             <0.3                          <1.0 mg/L                EN',
]

async function reportPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Courier)
  const width = font.widthOfTextAtSize('M', 7)
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([612, 792])
    page.drawText(`Collected: 03/${String((n % 28) + 1).padStart(2, '0')}/2026`, {
      x: 20,
      y: 770,
      size: 7,
      font,
    })
    for (let i = 0; i < 60; i++)
      for (const m of ROWS[i % ROWS.length].matchAll(/\S+(?: \S+)*/g))
        page.drawText(m[0], { x: 20 + (m.index ?? 0) * width, y: 750 - i * 11, size: 7, font })
  }
  return doc.save()
}

async function time(label: string, reps: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < reps; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  console.log(
    `${label.padEnd(58)} best ${times[0].toFixed(1).padStart(8)} ms   median ${median.toFixed(1).padStart(8)} ms`,
  )
  return median
}

const reps = Number(process.env.BENCH_REPS ?? 5)
const pdf = await reportPdf(20)
console.log(`PDF: 20 pages, 1,200 result rows, ${(pdf.byteLength / 1024).toFixed(0)} KiB`)
const base = await time('baseline: unpdf extractText (plain text, no layout)', reps, async () => {
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  await extractText(doc, { mergePages: true })
  await doc.loadingTask.destroy()
})
let results = 0
const ours = await time('ours: pdfLines + report-line reader (rows, results)', reps, async () => {
  const read = await pdfLines(pdf)
  const ctx = labContext(new Warnings(), new Date())
  results = labLines(read.lines.join('\n'), ctx, { refs: read.refs })?.observations.length ?? 0
})
console.log(`  ${results} results; ours/baseline ${(ours / base).toFixed(2)}x\n`)

const header = 'Test,Result,Flag,Reference Range,Units,Date\n'
const csvRows = [
  'GLUCOSE,97,,65-99,mg/dL',
  'VITAMIN B12,"1,250",H,200-1100,pg/mL',
  'HS CRP,<0.3,,<1.0,mg/L',
  'LDL Chol Calc (NIH),131,H,0-99,mg/dL (calc)',
  'Kreatinin,0.92,H,0.50-0.90,mg/dL',
]
const csv =
  header +
  Array.from(
    { length: 5000 },
    (_, i) => `${csvRows[i % csvRows.length]},03/${String((i % 28) + 1).padStart(2, '0')}/2026`,
  ).join('\n')
const csvBase = await time('baseline: csv-parse alone (5,000 rows)', reps, async () =>
  parse(csv, { relax_column_count: true }),
)
const csvOurs = await time('ours: parseContent (detect, read, map, convert; 5,000 rows)', reps, async () => {
  const bytes = new TextEncoder().encode(csv)
  await parseContent({ bytes, text: csv }, { provider: null, uploadedAt: new Date(), maxUnzippedBytes: 1e8 })
})
console.log(`  ours/baseline ${(csvOurs / csvBase).toFixed(2)}x`)
