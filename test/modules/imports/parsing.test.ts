// The building blocks of imports on their own: dates as exports write them, result values, reference
// ranges, header units, detection of genotype content, and a large Apple Health export streamed into a
// handful of daily observations.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readContent } from '../../../modules/imports/content'
import { parseDate } from '../../../modules/imports/dates'
import { looksLikeGenotype } from '../../../modules/imports/genotype'
import { parseHeader } from '../../../modules/imports/header'
import { jsonErrorLine } from '../../../modules/imports/json-error-line'
import { parseResultValue } from '../../../modules/imports/labs/lab-row'
import { parseReferenceRange } from '../../../modules/imports/labs/reference-range'
import { type TestApp, testApp } from '../../support/app'

describe('parseDate', () => {
  it('reads ISO, Apple Health, US, European and epoch forms, keeping the local day', () => {
    expect(parseDate('2026-03-01')).toEqual({ iso: '2026-03-01T00:00:00.000Z', local_date: '2026-03-01' })
    expect(parseDate('2026-03-01 23:30:00 -0800')).toEqual({
      iso: '2026-03-02T07:30:00.000Z',
      local_date: '2026-03-01',
    })
    expect(parseDate('2026-03-01T07:45:00-04:00')?.iso).toBe('2026-03-01T11:45:00.000Z')
    expect(parseDate('15.03.2026')?.local_date).toBe('2026-03-15')
    expect(parseDate('03/15/2026')?.local_date).toBe('2026-03-15')
    expect(parseDate('03/04/2026')).toMatchObject({ local_date: '2026-03-04', ambiguous: true })
    expect(parseDate(1772323200)?.iso).toBe('2026-03-01T00:00:00.000Z')
  })

  it('refuses what is not a date', () => {
    for (const bad of ['2026-02-30', '13/13/2026', 'yesterday', '', null, 42, '2026-3-1x'])
      expect(parseDate(bad)).toBeNull()
  })
})

describe('values, ranges and headers', () => {
  it('reads result values with comparators, decimal commas and thousands separators', () => {
    expect(parseResultValue('<5')).toEqual({ value: 5, comparator: '<' })
    expect(parseResultValue('≥ 90')).toEqual({ value: 90, comparator: '>=' })
    expect(parseResultValue('5,2')).toEqual({ value: 5.2 })
    expect(parseResultValue('1 234')).toEqual({ value: 1234 })
    expect(parseResultValue('Negative')).toBeNull()
  })

  it('reads reference ranges as reports print them', () => {
    expect(parseReferenceRange('70-99')).toEqual({ low: 70, high: 99 })
    expect(parseReferenceRange('3,5 – 5,0')).toEqual({ low: 3.5, high: 5 })
    expect(parseReferenceRange('< 200')).toEqual({ high: 200 })
    expect(parseReferenceRange('>39')).toEqual({ low: 39 })
    expect(parseReferenceRange('see note')).toBeNull()
  })

  it('splits a unit out of a header', () => {
    expect(parseHeader('Resting heart rate (bpm)')).toEqual({ name: 'resting heart rate', unit: 'bpm' })
    expect(parseHeader('Blood oxygen %')).toEqual({ name: 'blood oxygen', unit: '%' })
    expect(parseHeader('hrv_rmssd_milli')).toEqual({ name: 'hrv rmssd milli', unit: null })
  })

  it('finds the line where JSON breaks', () => {
    expect(jsonErrorLine('{\n"a": 1,\n"b": [1, 2\n}')).toBe(4)
    expect(jsonErrorLine('[1,\n2,\n]')).toBe(3)
  })
})

describe('looksLikeGenotype', () => {
  const text = (t: string) => readContent({ text: t }, 1_000_000)
  it('recognises VCF, consumer exports and headerless genotype rows, and not lab tables', () => {
    expect(looksLikeGenotype(text('##fileformat=VCFv4.2\n#CHROM\tPOS\n'))).toBe(true)
    expect(looksLikeGenotype(text('# rsid\tchromosome\tposition\tgenotype\nrs1\t1\t100\tAA\n'))).toBe(true)
    expect(looksLikeGenotype(text('RSID,CHROMOSOME,POSITION,RESULT\n"rs1","1","100","AA"\n'))).toBe(true)
    expect(
      looksLikeGenotype(
        text('rs4477212\t1\t72017\tAA\nrs3094315\t1\t742429\tAA\nrs3131972\t1\t742584\tGG\n'),
      ),
    ).toBe(true)
    expect(looksLikeGenotype(text('Marker,Value,Unit\nLDL,120,mg/dL\n'))).toBe(false)
    expect(
      looksLikeGenotype(
        readContent({ data_base64: Buffer.from([0x1f, 0x8b, 8, 0]).toString('base64') }, 100),
      ),
    ).toBe(true)
  })
})

describe('a large Apple Health export', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp()
  })
  afterAll(() => t.cleanup())

  it('streams 30,000 samples into one observation per metric, device and day', async () => {
    const p = await t.userWithKey()
    const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<HealthData locale="en_US">']
    for (let day = 1; day <= 30; day++) {
      const d = String(day).padStart(2, '0')
      for (let i = 0; i < 500; i++) {
        const h = String(Math.floor(i / 60) + 6).padStart(2, '0')
        const m = String(i % 60).padStart(2, '0')
        for (const [source, steps] of [
          ['Watch', 12],
          ['iPhone', 10],
        ] as const) {
          lines.push(
            ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam’s ${source}" unit="count" startDate="2026-04-${d} ${h}:${m}:00 +0200" endDate="2026-04-${d} ${h}:${m}:59 +0200" value="${steps}"/>`,
          )
        }
      }
    }
    lines.push('</HealthData>')
    const xml = lines.join('\n')
    const r = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { data_base64: Buffer.from(xml).toString('base64') },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ format: 'apple_health_xml', record_count: 30_000, observation_count: 60 })
  }, 60_000)
})
