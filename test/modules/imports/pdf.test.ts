// Lab report PDFs over POST /imports/file: a PDF written with pdf-lib is recognised by its content (not
// its name) and read from its text layer; a PDF without text (a scanned image) and a damaged PDF are
// 422 problems that say why; a dry run previews a PDF without storing it.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { type TestApp, testApp } from '../../support/app'
import { importer, type Person } from './support'

let t: TestApp
let imports: ReturnType<typeof importer>
let p: Person
beforeAll(async () => {
  t = await testApp()
  imports = importer(t)
  p = await t.userWithKey()
})
afterAll(() => t.cleanup())

const FIXTURES = join(import.meta.dir, '..', '..', 'fixtures', 'imports')
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** A one-page report in the Sonic/Synlab European layout, columns at fixed x positions, Helvetica. */
async function europeanReport(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle('Laborbefund')
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  page.drawText('Labor Beispielstadt - Befundbericht', { x: 40, y: 800, size: 14, font: bold })
  page.drawText('Patient: Muster, Max   geb. 01.02.1975', { x: 40, y: 780, size: 9, font })
  page.drawText('Probenentnahme: 10.02.2026 07:50', { x: 40, y: 766, size: 9, font })
  const columns = [40, 220, 290, 360]
  const rows = [
    ['Untersuchung', 'Ergebnis', 'Einheit', 'Referenzbereich'],
    ['Kreatinin', '1,32 H', 'mg/dl', '0,70 - 1,20'],
    ['LDL-Cholesterin', '3,1', 'mmol/l', '< 3,0'],
    ['Ferritin', '1.250', 'µg/l', '30 - 400'],
    ['Kalium', '6,9 HH', 'mmol/l', '3,5 - 5,1'],
  ]
  for (const [i, row] of rows.entries())
    for (const [c, cell] of row.entries())
      page.drawText(cell, {
        x: columns[c],
        y: 730 - i * 16,
        size: 10,
        font: i === 0 ? bold : font,
        color: rgb(0, 0, 0),
      })
  page.drawText('Seite 1 von 1', { x: 40, y: 40, size: 8, font })
  return doc.save()
}

describe('POST /imports/file with a PDF lab report', () => {
  it("reads a text PDF by its content, column by column, with the file's decimal mark and date", async () => {
    const r = await imports.upload(p, { filename: 'befund.bin', data_base64: b64(await europeanReport()) })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      format: 'lab_pdf',
      modality: 'biomarkers',
      observation_count: 4,
      unknown_markers: [],
      markers: ['creatinine', 'ferritin', 'ldl_cholesterol', 'potassium'],
    })
    expect(r.body.warnings.filter((w: any) => w.code === 'skipped_line')).toHaveLength(2)
    const list = await t.call('GET', `/sources/${r.body.source_id}/observations`, { token: p.key })
    const [creatinine, ldl, ferritin, potassium] = list.body.data
    expect(creatinine).toMatchObject({
      code: 'creatinine',
      value: 1.32,
      lab_flag: 'high',
      reference_low: 0.7,
      reference_high: 1.2,
      observed_at: '2026-02-10T07:50:00.000Z',
      source_ref: 'page 1, line 5',
      original_text: 'Kreatinin   1,32 H   mg/dl   0,70 - 1,20',
    })
    expect(ldl.value).toBeCloseTo(119.9, 1)
    expect(ferritin).toMatchObject({ value: 1250, unit: 'ng/mL' })
    expect(potassium).toMatchObject({ value: 6.9, lab_flag: 'critical_high' })
  })

  it('refuses a PDF without a text layer (a scanned image) with a 422 that says so', async () => {
    const doc = await PDFDocument.create()
    const page = doc.addPage([595, 842])
    page.drawRectangle({ x: 40, y: 600, width: 400, height: 150, color: rgb(0.8, 0.8, 0.8) })
    const r = await imports.upload(p, { data_base64: b64(await doc.save()) })
    expect(r.status).toBe(422)
    expect(r.headers.get('content-type')).toContain('application/problem+json')
    expect(r.body.detail).toContain('no text layer')
  })

  it('refuses a damaged PDF with a 422, not a crash', async () => {
    const bytes = await europeanReport()
    const damaged = new Uint8Array([...bytes.slice(0, 200), ...new Uint8Array(500)])
    const r = await imports.upload(p, { data_base64: b64(damaged) })
    expect(r.status).toBe(422)
    expect(r.body.detail).toMatch(/PDF/)
  })

  it('refuses a PDF that opens but is damaged inside a page with a 422 naming the page, not a 500', async () => {
    // Found by the import fuzzer: a junk line inside the page objects of a real lab report PDF.
    const latin1 = new TextDecoder('latin1').decode(readFileSync(join(FIXTURES, 'quest-report.pdf')))
    const lines = latin1.split('\n')
    lines.splice(28, 0, 'x'.repeat(1000))
    const damaged = Uint8Array.from(lines.join('\n'), (c) => c.charCodeAt(0))
    const r = await imports.upload(p, { data_base64: b64(damaged) })
    expect(r.status).toBe(422)
    expect(r.body.detail).toBe('The file could not be read. The PDF could not be read: page 1 is damaged.')
  })

  it('previews a PDF with dry_run without storing it', async () => {
    const r = await imports.upload(p, { data_base64: b64(await europeanReport()), dry_run: true })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ dry_run: true, source_id: null, format: 'lab_pdf', observation_count: 4 })
    expect(r.body.observations.map((o: any) => o.code)).toEqual([
      'creatinine',
      'ldl_cholesterol',
      'ferritin',
      'potassium',
    ])
  })
})
