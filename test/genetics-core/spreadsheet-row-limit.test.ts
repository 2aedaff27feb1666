// A consumer download opened in a spreadsheet that cut it at its row limit and saved again, with the
// vendor's separator or another, ends at exactly that many lines: refused as cut off, naming the
// limit, rather than read with its last chromosomes missing. One line fewer is an ordinary file.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { spreadsheetRowLimitError } from '../../genetics-core/consumer/spreadsheet-row-limit'
import { scanSource } from '../../genetics-core/index'
import { spreadsheetResave, twentyThreeAndMeDownload } from '../support/consumer-dna'
import { tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const download = twentyThreeAndMeDownload(1_100_000).trimEnd().split('\n')

describe('a table cut at a spreadsheet’s row limit', () => {
  test('Excel’s 1,048,576 rows, saved again as CSV: refused, naming the limit', async () => {
    const path = tmp.path('genome.csv')
    writeFileSync(path, spreadsheetResave(download.slice(0, 1_048_576), '\t', ','))
    const error = await scanSource(path).catch((e) => e)
    expect([error.code, error.message]).toEqual([
      'TRUNCATED_INPUT',
      "the file has exactly 1,048,576 lines, the most a spreadsheet keeps (Excel and LibreOffice): it looks opened in one and saved again, and the rows after that were dropped; send the provider's original download",
    ])
  }, 60_000)

  test('Excel 97-2003’s 65,536 rows, saved as tab-separated text with CRLF: refused', async () => {
    const path = tmp.path('genome.txt')
    writeFileSync(path, `${download.slice(0, 65_536).join('\r\n')}\r\n`)
    const error = await scanSource(path).catch((e) => e)
    expect(error.code).toBe('TRUNCATED_INPUT')
    expect(error.message).toContain('exactly 65,536 lines, the most a spreadsheet keeps (Excel 97-2003')
  })

  test('one line fewer is an ordinary file', async () => {
    const path = tmp.path('genome-short.txt')
    writeFileSync(path, `${download.slice(0, 65_535).join('\n')}\n`)
    const { summary } = await scanSource(path)
    expect(summary.records).toBeGreaterThan(65_000)
  })

  test('Apple Numbers’ 1,000,000 rows is named too', () => {
    expect(spreadsheetRowLimitError(1_000_000)?.message).toContain('(Apple Numbers)')
    expect(spreadsheetRowLimitError(999_999)).toBeNull()
  })
})
