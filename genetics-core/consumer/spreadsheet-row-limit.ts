// A spreadsheet keeps at most so many rows, and saving a table it cut drops the rest without a word:
// Excel 2007 and later and LibreOffice keep 1,048,576, Apple Numbers 1,000,000, Excel 97-2003 and old
// LibreOffice 65,536. A consumer export opened in one and saved again (as its own separator or another,
// resaved-tables.ts) then ends at exactly that many lines, its last chromosomes missing, and a site
// among them would read as not tested. No vendor's download has exactly that many lines by chance.

import { GeneticsInputError } from '../errors'

const LIMITS = new Map([
  [65_536, 'Excel 97-2003 and older LibreOffice'],
  [1_000_000, 'Apple Numbers'],
  [1_048_576, 'Excel and LibreOffice'],
])

/** The refusal of a consumer table of exactly a spreadsheet's row limit, or null. */
export function spreadsheetRowLimitError(lines: number): GeneticsInputError | null {
  const programs = LIMITS.get(lines)
  if (programs === undefined) return null
  return new GeneticsInputError(
    'TRUNCATED_INPUT',
    `the file has exactly ${lines.toLocaleString('en-US')} lines, the most a spreadsheet keeps (${programs}): it looks opened in one and saved again, and the rows after that were dropped; send the provider's original download`,
  )
}
