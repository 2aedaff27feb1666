// Bad input never crashes: missing or double content, bad base64, malformed JSON, CSV and XML, unknown
// formats and a garbage line are 422 naming the line where there is one; too large is 413; and a caller
// can import only into their own workspace.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { strToU8, zipSync } from 'fflate'
import { type TestApp, testApp } from '../../support/app'
import { tarOf } from '../../support/tar-archive'
import { fixtureText, importer, type Person } from './support'

let t: TestApp
let imports: ReturnType<typeof importer>
let p: Person
beforeAll(async () => {
  t = await testApp({ importMaxBytes: 4096 })
  imports = importer(t)
  p = await t.userWithKey()
})
afterAll(() => t.cleanup())

describe('POST /imports/file refuses bad input with a typed problem', () => {
  it('asks for exactly one of text and data_base64', async () => {
    const none = await imports.upload(p, { filename: 'x.csv' })
    expect(none.status).toBe(422)
    expect(none.body.errors).toEqual([
      { in: 'body', path: '/text', message: 'Send the content in text or data_base64.' },
    ])
    const both = await imports.upload(p, { text: 'Glucose 92 mg/dL', data_base64: 'R2x1Y29zZQ==' })
    expect(both.status).toBe(422)
    expect(both.body.errors[0].path).toBe('/data_base64')
    const empty = await imports.upload(p, { text: '   \n' })
    expect(empty.status).toBe(422)
    expect(empty.body.detail).toBe('The content is empty.')
    const bad64 = await imports.upload(p, { data_base64: '!!!not base64***' })
    expect(bad64.status).toBe(422)
    expect(bad64.body.detail).toBe('data_base64 is not valid base64.')
  })

  it('names the line of malformed JSON', async () => {
    const r = await imports.upload(p, {
      text: '{\n  "results": [\n    { "test": "LDL", "value": 120 },\n    { "test": "HDL" "value": 50 }\n  ]\n}',
    })
    expect(r.status).toBe(422)
    expect(r.body.line).toBe(4)
    expect(r.body.detail).toStartWith('The file could not be read. Line 4: The JSON is malformed')
    expect(r.headers.get('content-type')).toStartWith('application/problem+json')
  })

  it('answers malformed JSON nested deeper than any stack with 422, not a crash', async () => {
    const r = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { text: '['.repeat(3000) },
    })
    expect(r.status).toBe(422)
    expect(r.body.detail).toContain('The JSON is malformed')
  })

  it('names the line of a CSV with an unclosed quote', async () => {
    const r = await imports.upload(p, { text: 'Marker,Value,Unit\nLDL,120,mg/dL\n"HDL,50,mg/dL\n' })
    expect(r.status).toBe(422)
    expect(r.body.line).toBe(3)
  })

  it('skips a pasted line it cannot read with a warning naming it, and keeps the results around it', async () => {
    // Report text carries footnotes and addresses; one of them must not fail the whole report.
    const r = await imports.upload(p, { text: 'Glucose 92 mg/dL\n12/13 something 44 ## ??\nHbA1c 5.4 %' })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ observation_count: 2, markers: ['glucose', 'hba1c'] })
    expect(r.body.warnings).toContainEqual({
      code: 'unreadable_line',
      message: '"12/13 something 44 ## ??" does not read as a result ("Name value unit"); it was skipped.',
      line: 2,
    })
  })

  it('refuses pasted text where no line reads as a result, naming the content', async () => {
    const r = await imports.upload(p, { text: 'Patient: Jane Roe  DOB: 04/12/1980\nPage 1 of 2\n' })
    expect(r.status).toBe(422)
    expect(r.body.errors[0]).toMatchObject({ in: 'body', path: '/content' })
  })

  it('refuses malformed XML and XML that is not an Apple Health export, naming the line', async () => {
    const broken = fixtureText('apple-health-export.xml').replace(
      '<ExportDate value="2026-03-03 20:00:00 -0800"/>',
      '<ExportDate value="x">',
    )
    const r = await imports.upload(p, { text: broken.slice(0, 4000) })
    expect(r.status).toBe(422)
    expect(typeof r.body.line).toBe('number')
    const other = await imports.upload(p, { text: '<?xml version="1.0"?>\n<note><to>me</to></note>' })
    expect(other.status).toBe(422)
    expect(other.body.detail).toContain('not an Apple Health export')
  })

  it('refuses prose, JSON of an unknown shape and binary content', async () => {
    const prose = await imports.upload(p, { text: 'Dear doctor, I felt fine this week.' })
    expect(prose.status).toBe(422)
    expect(prose.body.detail).toContain('not a format this service reads')
    const json = await imports.upload(p, { text: '{"hello": "world"}' })
    expect(json.status).toBe(422)
    const binary = await imports.upload(p, {
      data_base64: Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]).toString('base64'),
    })
    expect(binary.status).toBe(422)
    const zip = await imports.upload(p, {
      data_base64: Buffer.from('PK\u0003\u0004garbage').toString('base64'),
    })
    expect(zip.status).toBe(422)
  })

  it('names a spreadsheet workbook (lab results or a DNA download kept as .xlsx or .xls) and says to save it as text', async () => {
    const xlsx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData/></worksheet>'),
    })
    const xls = new Uint8Array(512)
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    for (const [bytes, kind] of [
      [xlsx, 'an Excel workbook (.xlsx)'],
      [xls, 'an older Excel or Word file (.xls or .doc)'],
    ] as const) {
      const r = await imports.upload(p, {
        filename: 'results',
        data_base64: Buffer.from(bytes).toString('base64'),
      })
      expect(r.status).toBe(422)
      expect(r.headers.get('content-type')).toBe('application/problem+json')
      expect(r.body.detail).toBe(
        `The file could not be read. It is ${kind}, which this service does not read: save the sheet as CSV or tab-separated text (for a DNA test, send the provider's original download) and send that.`,
      )
    }
  })

  it('names a tar bundle or a 7-Zip archive and says how to unpack it', async () => {
    const bundle = tarOf('results/labs.csv', strToU8('Test,Result,Units\nGlucose,92,mg/dL\n'))
    const r = await imports.upload(p, { data_base64: Buffer.from(bundle).toString('base64') })
    expect(r.status).toBe(422)
    expect(r.body.detail).toBe(
      'The file could not be read. The file is a tar archive; unpack it (`tar -xf FILE`, or `tar -xzf FILE` for .tar.gz) and upload the file it holds.',
    )
    const sevenZip = Uint8Array.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4, 1, 2, 3])
    const seven = await imports.upload(p, { data_base64: Buffer.from(sevenZip).toString('base64') })
    expect(seven.body.detail).toContain('The file is a 7-Zip archive; unpack it (`7z x FILE`)')
  })

  it('names a saved web page, a rich-text re-save and a picture, with what to send instead', async () => {
    const png = new Uint8Array(64)
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    for (const [body, says] of [
      [
        {
          text: '<!DOCTYPE html>\n<html><head><title>Test Results - MyChart</title></head><body></body></html>',
        },
        "It is a web page (HTML), which this service does not read: send the portal's PDF or CSV download, or copy the result lines",
      ],
      [
        { text: '{\\rtf1\\ansi\\ansicpg1252\n\\f0\\fs24 Glucose 92 mg/dL\\\n}' },
        'It is a rich-text document (RTF), which this service does not read: save it again as plain text',
      ],
      [
        { data_base64: Buffer.from(png).toString('base64') },
        'It is a picture, which holds no text to read values from',
      ],
    ] as const) {
      const r = await imports.upload(p, { filename: 'results', ...body })
      expect(r.status).toBe(422)
      expect(r.headers.get('content-type')).toBe('application/problem+json')
      expect(r.body.detail).toContain(says)
    }
  })

  it('refuses a table whose rows all fail, with the first reason', async () => {
    const r = await imports.upload(p, { text: 'Date,Steps\nnot a date,100\nnever,200\n' })
    expect(r.status).toBe(422)
    expect(r.body.line).toBe(2)
  })

  it('answers 413 for content above IMPORT_MAX_BYTES, as text or as base64', async () => {
    const big = `Marker,Value,Unit\n${'Glucose,92,mg/dL\n'.repeat(400)}`
    const text = await imports.upload(p, { text: big })
    expect(text.status).toBe(413)
    expect(text.body).toMatchObject({ status: 413, max_bytes: 4096 })
    const b64 = await imports.upload(p, { data_base64: Buffer.from(big).toString('base64') })
    expect(b64.status).toBe(413)
  })

  it('answers 413 before reading a request body far above the import limit', async () => {
    const r = await t.call('POST', '/imports/file', {
      token: p.key,
      rawBody: JSON.stringify({ text: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(r.status).toBe(413)
  })
})

describe('POST /imports/file and who may call it', () => {
  it('needs a bearer token', async () => {
    const r = await t.call('POST', '/imports/file', { body: { text: 'Glucose 92 mg/dL' } })
    expect(r.status).toBe(401)
  })

  it('refuses to import into another user or workspace with 403, and stores nothing', async () => {
    const other = await t.userWithKey()
    const user = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { user_id: other.userId, text: 'Glucose 92 mg/dL' },
    })
    expect(user.status).toBe(403)
    const org = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { organization_id: other.organizationId, text: 'Glucose 92 mg/dL' },
    })
    expect(org.status).toBe(403)
    expect((await t.call('GET', '/sources', { token: other.key })).body.data).toEqual([])
  })

  it('keeps an import private: another user gets 404 for its source', async () => {
    const other = await t.userWithKey()
    const mine = await imports.upload(p, { text: 'Glucose 92 mg/dL' })
    expect(mine.status).toBe(201)
    const theirs = await t.call('GET', `/sources/${mine.body.source_id}`, { token: other.key })
    expect(theirs.status).toBe(404)
    expect(JSON.stringify(theirs.body)).not.toContain('Glucose')
  })
})
