// Lab files in several unit systems and layouts, recognised by content and stored in canonical units
// with the original value, unit and the line they came from.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { fixtureBase64, fixtureText, importer, type Person } from './support'

let t: TestApp
let imports: ReturnType<typeof importer>
let p: Person
beforeAll(async () => {
  t = await testApp()
  imports = importer(t)
  p = await t.userWithKey()
})
afterAll(() => t.cleanup())

const byCode = (rows: { code: string }[], code: string) => rows.find((r) => r.code === code) as any

describe('POST /imports/file with lab results', () => {
  it('reads a US-unit CSV with quoted names, ranges and flags, and keeps an unknown marker with a warning', async () => {
    const r = await imports.upload(p, {
      filename: 'labs.csv',
      text: fixtureText('labs-us.csv'),
      provider: 'Example Lab',
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      modality: 'biomarkers',
      format: 'lab_csv',
      provider: 'Example Lab',
      filename: 'labs.csv',
      record_count: 15,
      observation_count: 15,
      unknown_markers: ['Omega-3 Index'],
      time_range: { start: '2026-01-10T00:00:00.000Z', end: '2026-01-10T00:00:00.000Z' },
    })
    expect(r.body.source_id).toMatch(/^src_/)
    expect(r.body.markers).toContain('ldl_cholesterol')
    expect(r.body.warnings).toEqual([
      {
        code: 'unknown_marker',
        message: '"Omega-3 Index" is not in the biomarker catalog; it was kept as written.',
        line: 16,
      },
    ])
    const rows = await imports.observations(p, r.body.source_id)
    expect(byCode(rows, 'ldl_cholesterol')).toMatchObject({
      original_name: 'LDL Cholesterol, Calculated',
      value: 131,
      unit: 'mg/dL',
      original_value: '131',
      original_unit: 'mg/dL',
      reference_high: 100,
      source_ref: 'line 4',
      details: { flag: 'H', loinc: '13457-7', local_date: '2026-01-10' },
    })
    expect(byCode(rows, 'tsh')).toMatchObject({ value: 2.1, unit: 'm[IU]/L', original_unit: 'uIU/mL' })
    expect(byCode(rows, 'unknown:omega_3_index')).toMatchObject({
      value: 6.1,
      unit: '%',
      reference_low: 8,
      source_ref: 'line 16',
    })
    const source = await t.call('GET', `/sources/${r.body.source_id}`, { token: p.key })
    expect(source.body).toMatchObject({
      id: r.body.source_id,
      modality: 'biomarkers',
      format: 'lab_csv',
      record_count: 15,
    })
  })

  it('reads an SI-unit TSV with a byte-order mark and day-first dates, converting to canonical units', async () => {
    const r = await imports.upload(p, { text: fixtureText('labs-si.tsv') })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      format: 'lab_tsv',
      record_count: 10,
      observation_count: 10,
      unknown_markers: [],
    })
    const rows = await imports.observations(p, r.body.source_id)
    const glucose = byCode(rows, 'glucose')
    expect(glucose.value).toBeCloseTo(97.3, 1)
    expect(glucose).toMatchObject({
      unit: 'mg/dL',
      original_value: '5.4',
      original_unit: 'mmol/L',
      observed_at: '2026-03-15T00:00:00.000Z',
    })
    expect(glucose.reference_low).toBeCloseTo(70.3, 1)
    expect(byCode(rows, 'hba1c').value).toBeCloseTo(5.63, 2)
    expect(byCode(rows, 'creatinine').value).toBeCloseTo(0.928, 3)
    expect(byCode(rows, 'vitamin_d_25oh').value).toBeCloseTo(32.05, 2)
    expect(byCode(rows, 'hemoglobin')).toMatchObject({ value: 14.8, original_name: 'Haemoglobin' })
    expect(byCode(rows, 'wbc')).toMatchObject({ value: 6, unit: '10*3/uL', original_unit: 'x10^9/L' })
  })

  it('reads the same TSV saved as Excel\'s "Unicode Text" (UTF-16 LE with a byte-order mark, CRLF)', async () => {
    const text = fixtureText('labs-si.tsv')
      .replace(/^\ufeff/, '')
      .replace(/\r?\n/g, '\r\n')
    const r = await imports.upload(p, { data_base64: utf16le(text).toString('base64') })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ format: 'lab_tsv', record_count: 10, observation_count: 10 })
    const rows = await imports.observations(p, r.body.source_id)
    expect(byCode(rows, 'hemoglobin')).toMatchObject({ value: 14.8, original_name: 'Haemoglobin' })
  })

  it('reads lines that end in a bare CR (the classic Mac line end, Excel\'s "CSV (Macintosh)"), line numbers kept', async () => {
    const lines = Buffer.from(fixtureBase64('pasted-labs.txt'), 'base64').toString().replace(/\r?\n/g, '\r')
    const pasted = await imports.upload(p, { data_base64: Buffer.from(lines).toString('base64') })
    expect(pasted.body).toMatchObject({ format: 'lab_text', record_count: 6, observation_count: 6 })
    const b12 = byCode(await imports.observations(p, pasted.body.source_id), 'vitamin_b12')
    expect(b12).toMatchObject({ value: 450, source_ref: 'line 8' })
    const table = fixtureText('labs-wide.csv').replace(/\r?\n/g, '\r')
    const wide = await imports.upload(p, { data_base64: Buffer.from(table).toString('base64') })
    expect(wide.body).toMatchObject({ format: 'lab_wide_csv', record_count: 2, observation_count: 8 })
  })

  it('reads a wide table with one column per marker and units in the headers', async () => {
    const r = await imports.upload(p, { text: fixtureText('labs-wide.csv') })
    expect(r.body).toMatchObject({ format: 'lab_wide_csv', record_count: 2, observation_count: 8 })
    const rows = await imports.observations(p, r.body.source_id)
    const ldl = rows.filter((o) => o.code === 'ldl_cholesterol')
    expect(ldl.map((o) => Math.round(o.value! * 10) / 10)).toEqual([139.2, 127.6])
    expect(ldl[0].source_ref).toBe('line 2, column "LDL (mmol/L)"')
    expect(byCode(rows, 'apolipoprotein_b')).toMatchObject({ value: 105, original_unit: 'g/L' })
  })

  it('reads lab JSON with a document date, insulin in pmol/L and Lp(a) in nmol/L', async () => {
    const r = await imports.upload(p, { text: fixtureText('labs.json') })
    expect(r.body).toMatchObject({ format: 'lab_json', record_count: 5, unknown_markers: ['Magnesium, RBC'] })
    const rows = await imports.observations(p, r.body.source_id)
    expect(byCode(rows, 'insulin')).toMatchObject({
      value: 7,
      unit: 'u[IU]/mL',
      original_value: '42',
      original_unit: 'pmol/L',
    })
    expect(byCode(rows, 'lipoprotein_a')).toMatchObject({
      value: 48,
      unit: 'nmol/L',
      source_ref: '$.results[2]',
    })
    expect(byCode(rows, 'ldl_cholesterol').observed_at).toBe('2026-02-20T08:15:00.000Z')
  })

  it('reads a FHIR R4 bundle by LOINC code, keeps components, skips other resources and entered-in-error', async () => {
    const r = await imports.upload(p, {
      text: fixtureText('fhir-bundle.json'),
      content_type: 'application/fhir+json',
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      modality: 'biomarkers',
      format: 'fhir_bundle',
      record_count: 6,
      observation_count: 6,
    })
    // The blood-pressure panel's components are vital signs the catalog knows.
    expect(r.body.unknown_markers).toEqual([])
    expect(r.body.markers).toEqual(expect.arrayContaining(['systolic_bp', 'diastolic_bp']))
    expect(r.body.warnings.map((w: any) => w.code)).toContain('skipped_status')
    const rows = await imports.observations(p, r.body.source_id)
    expect(byCode(rows, 'systolic_bp')).toMatchObject({
      unit: 'mm[Hg]',
      source_ref: expect.stringContaining('component[0]'),
    })
    const ldl = byCode(rows, 'ldl_cholesterol')
    expect(ldl.value).toBeCloseTo(116, 0)
    expect(ldl).toMatchObject({
      original_unit: 'mmol/L',
      observed_at: '2026-05-05T11:45:00.000Z',
      source_ref: 'entry[1] Observation/obs-ldl',
    })
    expect(byCode(rows, 'heart_rate')).toMatchObject({ modality: 'wearables', value: 64 })
    expect(rows.find((o) => o.code === 'glucose')).toBeUndefined()
  })

  it('splits a unit written in the result column when the table has no unit column', async () => {
    const r = await imports.upload(p, {
      text: 'Test,Result,Date\nGlucose,5.4 mmol/L,2026-01-01\nCRP,<1 mg/L,2026-01-01\n',
    })
    const rows = await imports.observations(p, r.body.source_id)
    expect(byCode(rows, 'glucose')).toMatchObject({ original_value: '5.4', original_unit: 'mmol/L' })
    expect(byCode(rows, 'glucose').value).toBeCloseTo(97.3, 1)
    expect(byCode(rows, 'crp')).toMatchObject({
      value: 1,
      unit: 'mg/L',
      comparator: '<',
      details: { comparator: '<' },
    })
  })

  it('reads a single FHIR Observation with a qualitative value kept as text', async () => {
    const observation = {
      resourceType: 'Observation',
      id: 'one',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
      effectiveDateTime: '2026-02-02T08:00:00Z',
      valueString: 'hemolysed, see note',
    }
    const r = await imports.upload(p, { text: JSON.stringify(observation) })
    expect(r.body).toMatchObject({ format: 'fhir_observation', record_count: 1, observation_count: 1 })
    expect(r.body.warnings[0].code).toBe('non_numeric_value')
    const rows = await imports.observations(p, r.body.source_id)
    expect(rows[0]).toMatchObject({
      code: 'glucose',
      value: null,
      value_text: 'hemolysed, see note',
      source_ref: 'Observation/one',
    })
  })

  it('reads pasted lines, sent as base64, with a date line and reference ranges', async () => {
    const r = await imports.upload(p, { data_base64: fixtureBase64('pasted-labs.txt') })
    expect(r.body).toMatchObject({ format: 'lab_text', record_count: 6, observation_count: 6 })
    const rows = await imports.observations(p, r.body.source_id)
    expect(byCode(rows, 'ldl_cholesterol')).toMatchObject({
      original_value: '3.2',
      original_unit: 'mmol/L',
      details: { flag: 'H' },
    })
    expect(byCode(rows, 'vitamin_b12')).toMatchObject({
      value: 450,
      reference_low: 200,
      reference_high: 900,
      source_ref: 'line 8',
    })
    expect(rows.every((o) => o.observed_at === '2026-04-02T00:00:00.000Z')).toBe(true)
  })

  it('dates undated pasted results with the upload time and says so', async () => {
    t.clock.set(new Date('2026-06-01T09:30:00.000Z'))
    const r = await imports.upload(p, { text: 'Ferritin 45 ng/mL\nGlucose: 101 mg/dL' })
    expect(r.status).toBe(201)
    expect(r.body.warnings).toContainEqual({
      code: 'no_date',
      message: 'Some results carry no collection date; the upload time was used for them.',
    })
    expect(r.body.time_range.start).toBe('2026-06-01T09:30:00.000Z')
  })
})

/** Text as UTF-16 LE with its byte-order mark, as Excel's "Unicode Text" saves it. */
function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
}
