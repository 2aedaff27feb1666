// The lab corpus: every file under test/fixtures/labs/ (written in the shapes real labs and portals
// export: Quest and LabCorp CSVs and report text, an EU semicolon CSV, a FHIR R4 searchset, a portal
// JSON, German, French, Italian and Spanish reports, an NHS report) is imported over HTTP and compared with its
// <name>.expected.json: nothing dropped, nothing mis-mapped, nothing mis-dated. Report text layers
// (*-pdf-layer.txt) are also rendered into a real PDF with pdf-lib and must read the same.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { type TestApp, testApp } from '../../support/app'
import type { Person } from './support'

const DIR = join(import.meta.dir, '..', '..', 'fixtures', 'labs')

interface Expected {
  format: string
  unknown_markers: string[]
  observations: Record<string, unknown>[]
  /** Warning codes that must not appear. */
  no_warnings?: string[]
}

const files = readdirSync(DIR)
  .filter((f) => !f.endsWith('.expected.json') && f !== 'SOURCES.md')
  .sort()
const expectedOf = (file: string): Expected =>
  JSON.parse(readFileSync(join(DIR, file.replace(/\.[a-z]+$/, '.expected.json')), 'utf8'))

let t: TestApp
let p: Person
beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
})
afterAll(() => t.cleanup())

/** A report's text drawn as a PDF page per 60 lines, each column at its character position. */
export async function reportPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Courier)
  const size = 7
  const charWidth = font.widthOfTextAtSize('M', size)
  const lines = text.split('\n')
  for (let start = 0; start < lines.length; start += 60) {
    const page = doc.addPage([612, 792])
    lines.slice(start, start + 60).forEach((line, i) => {
      // Draw each column (text separated by 2+ spaces) as its own text run, as report generators do.
      for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
        const run = m[0].replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
        page.drawText(run, { x: 20 + (m.index ?? 0) * charWidth, y: 760 - i * 11, size, font })
      }
    })
  }
  return doc.save()
}

async function importAndList(body: Record<string, unknown>) {
  const r = await t.call('POST', '/imports/file', {
    token: p.key,
    body: { user_id: p.userId, organization_id: p.organizationId, ...body },
  })
  if (r.status !== 201) throw new Error(`import answered ${r.status}: ${JSON.stringify(r.body)}`)
  const list = await t.call('GET', `/sources/${r.body.source_id}/observations?limit=100`, { token: p.key })
  return { result: r.body, observations: list.body.data as Record<string, unknown>[] }
}

function compare(file: string, expected: Expected, got: Awaited<ReturnType<typeof importAndList>>) {
  expect([file, got.result.unknown_markers]).toEqual([file, expected.unknown_markers])
  const codes = got.result.warnings.map((w: { code: string }) => w.code)
  for (const code of expected.no_warnings ?? [])
    expect([file, code, codes.includes(code)]).toEqual([file, code, false])
  expect([file, got.observations.map((o) => o.code)]).toEqual([
    file,
    expected.observations.map((o) => o.code),
  ])
  expected.observations.forEach((want, i) => {
    const have = got.observations[i]
    for (const [key, value] of Object.entries(want)) {
      const where = `${file} #${i + 1} ${want.code}.${key}`
      if (typeof value === 'number' && typeof have[key] === 'number') {
        const tolerance = Math.max(0.011, Math.abs(value) * 0.002)
        expect([where, Math.abs((have[key] as number) - value) <= tolerance, have[key]]).toEqual([
          where,
          true,
          have[key],
        ])
      } else expect([where, have[key]]).toEqual([where, value])
    }
  })
}

describe('the lab corpus', () => {
  it('holds at least eleven files, each with an expected-results file', () => {
    expect(files.length).toBeGreaterThanOrEqual(11)
    for (const f of files) expect(expectedOf(f).observations.length).toBeGreaterThan(0)
  })

  for (const file of files) {
    it(`reads ${file} as expected`, async () => {
      const expected = expectedOf(file)
      const got = await importAndList({ filename: file, text: readFileSync(join(DIR, file), 'utf8') })
      expect([file, got.result.format]).toEqual([file, expected.format])
      compare(file, expected, got)
    })
  }

  for (const file of files.filter((f) => f.endsWith('-pdf-layer.txt'))) {
    it(`reads ${file} rendered into a real PDF the same way, citing page and line`, async () => {
      const expected = expectedOf(file)
      const pdf = await reportPdf(readFileSync(join(DIR, file), 'utf8'))
      const got = await importAndList({
        filename: file.replace('.txt', '.pdf'),
        data_base64: Buffer.from(pdf).toString('base64'),
      })
      expect(got.result.format).toBe('lab_pdf')
      compare(file, expected, got)
      expect(got.observations[0].source_ref).toMatch(/^page 1, line \d+$/)
    })
  }
})
