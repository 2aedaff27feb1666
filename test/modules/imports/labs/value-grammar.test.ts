// The pieces a lab value is read with: the document's decimal mark, the result cell grammar (comparator,
// number, glued flag), the lab flag normalization and the file's date order.

import { describe, expect, it } from 'bun:test'
import { dateOrderOf, parseDate } from '../../../../modules/imports/dates'
import { normalizeLabFlag } from '../../../../modules/imports/labs/lab-flag'
import { decimalMarkOf, parseNumber } from '../../../../modules/imports/labs/number-format'
import { readResultValue } from '../../../../modules/imports/labs/result-value'

describe('the decimal mark of a document', () => {
  it('is decided by the numbers that can only be read one way', () => {
    expect(decimalMarkOf(['5.4', '1,250', '92'])).toEqual({ mark: '.', mixed: false })
    expect(decimalMarkOf(['0,95', '1.250', '92'])).toEqual({ mark: ',', mixed: false })
    expect(decimalMarkOf(['1,250', '92', '2.500'])).toEqual({ mark: null, mixed: false })
    expect(decimalMarkOf(['12,345.6'])).toEqual({ mark: '.', mixed: false })
    expect(decimalMarkOf(['5.4', '3,2', '1.1'])).toEqual({ mark: '.', mixed: true })
    expect(decimalMarkOf([1.5, 2])).toEqual({ mark: '.', mixed: false })
  })

  it('reads grouping and decimals with the mark, and says when a number stays ambiguous', () => {
    expect(parseNumber('1,250', '.')).toEqual({ value: 1250 })
    expect(parseNumber('1,250', ',')).toEqual({ value: 1.25 })
    expect(parseNumber('1,250', null)).toEqual({ ambiguous: true })
    expect(parseNumber('1.250', ',')).toEqual({ value: 1250 })
    expect(parseNumber('1.250', null)).toEqual({ value: 1.25 })
    expect(parseNumber('12,345.67', '.')).toEqual({ value: 12345.67 })
    expect(parseNumber('1 250', null)).toEqual({ value: 1250 })
    expect(parseNumber('0,5', null)).toEqual({ value: 0.5 })
    expect(parseNumber('0,5', '.')).toEqual({ ambiguous: true })
    expect(parseNumber('1.2.3', null)).toBeNull()
    expect(parseNumber('abc', null)).toBeNull()
  })
})

describe('a result cell', () => {
  it('keeps the comparator of a censored result and the flag printed with the value', () => {
    expect(readResultValue('<0.5')).toEqual({ value: 0.5, comparator: '<' })
    expect(readResultValue('> 2000')).toEqual({ value: 2000, comparator: '>' })
    expect(readResultValue('≤5')).toEqual({ value: 5, comparator: '<=' })
    expect(readResultValue('162 H')).toEqual({ value: 162, flag: 'H' })
    expect(readResultValue('105*')).toEqual({ value: 105, flag: '*' })
    expect(readResultValue('5.9 (H)')).toEqual({ value: 5.9, flag: 'H' })
    expect(readResultValue('7.1 HH')).toEqual({ value: 7.1, flag: 'HH' })
    expect(readResultValue('<0,6', ',')).toEqual({ value: 0.6, comparator: '<' })
    expect(readResultValue('1,250 H', null)).toEqual({ ambiguous: '1,250' })
    expect(readResultValue('5.4 mmol/L')).toBeNull()
    expect(readResultValue('Negative')).toBeNull()
  })
})

describe('the lab flag', () => {
  it("normalizes letters, words and FHIR codes, taking a critical mark's direction from the interval", () => {
    const cases: [string, string | null][] = [
      ['H', 'high'],
      ['L', 'low'],
      ['HH', 'critical_high'],
      ['LL', 'critical_low'],
      ['A', 'abnormal'],
      ['*', 'abnormal'],
      ['AA', 'critical'],
      ['N', 'normal'],
      ['High', 'high'],
      ['Critical High', 'critical_high'],
      ['Panic Low', 'critical_low'],
      ['HU', 'high'],
      ['LU', 'low'],
      ['', null],
      ['see note', null],
    ]
    for (const [text, flag] of cases) expect([text, normalizeLabFlag(text)]).toEqual([text, flag])
    expect(normalizeLabFlag('Critical', { value: 2.4, low: 3.5, high: 5.1 })).toBe('critical_low')
    expect(normalizeLabFlag('Panic', { value: 7, low: 3.5, high: 5.1 })).toBe('critical_high')
  })
})

describe('the date order of a file', () => {
  it('is proved by one date that can only be day-first or month-first', () => {
    expect(dateOrderOf(['02/03/2026', '15/03/2026'])).toEqual({ order: 'dmy', conflict: false })
    expect(dateOrderOf(['02/03/2026', '03/15/2026'])).toEqual({ order: 'mdy', conflict: false })
    expect(dateOrderOf(['02/03/2026'])).toEqual({ order: null, conflict: false })
    expect(dateOrderOf(['13/01/2026', '01/13/2026'])).toEqual({ order: null, conflict: true })
    expect(parseDate('02/03/2026', 'dmy')).toEqual({
      iso: '2026-03-02T00:00:00.000Z',
      local_date: '2026-03-02',
    })
    expect(parseDate('02/03/2026')?.ambiguous).toBe(true)
  })
})
