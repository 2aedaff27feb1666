// The first upload of a real consumer DNA download: a full-size 23andMe or AncestryDNA file sent to
// POST /imports/file imports when zipped as the vendor ships it (a zip holding a genotype file is a
// genotype file, not an Apple Health export), and plain (larger than IMPORT_MAX_BYTES) gets a 413 that
// names the upload-session path, which takes it.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { strToU8, zipSync } from 'fflate'
import { type TestApp, testApp } from '../../support/app'
import {
  ancestryDnaDownload,
  spreadsheetResave,
  twentyThreeAndMeDownload,
  zipOf,
} from '../../support/consumer-dna'

let t: TestApp
let key: string
const twentyThreeAndMe = twentyThreeAndMeDownload()
const ancestry = ancestryDnaDownload()

beforeAll(async () => {
  t = await testApp()
  key = (await t.userWithKey()).key
})
afterAll(() => t.cleanup())

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('a full-size consumer DNA download sent to POST /imports/file', () => {
  it('is the size of a real download', () => {
    expect(twentyThreeAndMe.length).toBeGreaterThan(15_000_000)
    expect(twentyThreeAndMe.length).toBeLessThan(20_000_000)
    expect(ancestry.length).toBeGreaterThan(15_000_000)
    expect(ancestry.length).toBeLessThan(20_000_000)
  })

  it('imports a 23andMe zip as the vendor ships it, as genetics rather than Apple Health', async () => {
    const zip = await zipOf('genome_Jane_Doe_v5_Full_20240304102136.txt', twentyThreeAndMe)
    const r = await t.call('POST', '/imports/file', {
      token: key,
      body: { filename: 'genome_Jane_Doe_v5_Full_20240304102136.zip', data_base64: base64(zip) },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ modality: 'genetics', format: '23andme' })
    expect(r.body.record_count).toBeGreaterThan(600_000)
  }, 120_000)

  it('imports an AncestryDNA zip the same way', async () => {
    const zip = await zipOf('AncestryDNA.txt', ancestry)
    const r = await t.call('POST', '/imports/file', {
      token: key,
      body: { filename: 'dna-data-2024-03-04.zip', data_base64: base64(zip) },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ modality: 'genetics', format: 'ancestrydna' })
    expect(r.body.record_count).toBeGreaterThan(600_000)
  }, 120_000)

  it("refuses two people's downloads zipped together with a 422 naming both, and stores nothing", async () => {
    const p = await t.userWithKey()
    const head = (text: string) => text.slice(0, text.indexOf('\n', 400_000) + 1)
    const zip = zipSync({
      'genome_John_Doe_v5_Full_20240304102136.txt': strToU8(head(twentyThreeAndMe)),
      'AncestryDNA.txt': strToU8(head(ancestry)),
    })
    const r = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { filename: 'family-dna.zip', data_base64: base64(zip) },
    })
    expect(r.status).toBe(422)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    expect(r.body.detail).toContain(
      'the zip archive holds more than one genotype file (genome_John_Doe_v5_Full_20240304102136.txt, AncestryDNA.txt)',
    )
    expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
  })

  it('answers the plain 23andMe file with a 413 naming the upload-session path', async () => {
    const r = await t.call('POST', '/imports/file', {
      token: key,
      body: { filename: 'genome_Jane_Doe_v5_Full_20240304102136.txt', text: twentyThreeAndMe },
    })
    expect(r.status).toBe(413)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    expect(r.body.upload_session_path).toBe('/genetics/uploads')
    expect(r.body.detail).toContain('POST /genetics/uploads')
  })

  it('answers the plain AncestryDNA file sent as base64 with the same 413', async () => {
    const r = await t.call('POST', '/imports/file', {
      token: key,
      body: { filename: 'AncestryDNA.txt', data_base64: Buffer.from(ancestry).toString('base64') },
    })
    expect(r.status).toBe(413)
    expect(r.body.upload_session_path).toBe('/genetics/uploads')
    expect(r.body.detail).toContain('POST /genetics/uploads')
  })

  it('names the upload-session path when the decoded file, not the body, is over the limit', async () => {
    const small = await testApp({ importMaxBytes: 1_000_000 })
    const smallKey = (await small.userWithKey()).key
    const r = await small.call('POST', '/imports/file', {
      token: smallKey,
      body: { text: twentyThreeAndMe.slice(0, 1_200_000) },
    })
    expect(r.status).toBe(413)
    expect(r.body).toMatchObject({ max_bytes: 1_000_000, upload_session_path: '/genetics/uploads' })
    await small.cleanup()
  })

  it("imports a download re-saved as UTF-16 (Windows PowerShell's >) as the text it holds", async () => {
    const lines = twentyThreeAndMe.slice(0, 200_000).split('\n').slice(0, 2000)
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines.join('\r\n'), 'utf16le')])
    const r = await t.call('POST', '/imports/file', {
      token: key,
      body: { filename: 'genome.txt', data_base64: base64(utf16) },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ modality: 'genetics', format: '23andme' })
    expect(r.body.record_count).toBe(lines.filter((l) => l !== '' && !l.startsWith('#')).length)
  })
})

describe('a consumer DNA download re-saved by a spreadsheet, sent to POST /imports/file', () => {
  const lines = twentyThreeAndMe.slice(0, 200_000).split('\n').slice(0, 2000)
  const rows = lines.filter((l) => l !== '' && !l.startsWith('#'))

  for (const [what, text] of [
    ['as CSV with commas, comment lines and all', spreadsheetResave(lines, '\t', ',')],
    ['with semicolons, where a comma is the decimal mark', spreadsheetResave(lines, '\t', ';', true)],
    ['with semicolons and without its comment lines', spreadsheetResave(rows, '\t', ';')],
  ] as const) {
    it(`imports it ${what}, and says it was re-saved`, async () => {
      const r = await t.call('POST', '/imports/file', { token: key, body: { filename: 'genome.csv', text } })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({ modality: 'genetics', format: '23andme', record_count: rows.length })
      expect(JSON.stringify(r.body.warnings)).toContain('saved again in a spreadsheet')
    })
  }
})
