// Delimited text (CSV, TSV, semicolon or pipe separated) read with csv-parse: quoted fields, embedded
// delimiters and newlines, BOMs. Preamble lines starting with '#' before the header are skipped. A
// malformed file is a 422 naming the line csv-parse stopped at.

import { CsvError, parse } from 'csv-parse/sync'
import { unreadable } from './problems'

export interface Table {
  delimiter: string
  header: string[]
  /** 1-based line of the header in the file. */
  headerLine: number
  rows: { cells: string[]; line: number }[]
}

const CANDIDATES = ['\t', ',', ';', '|']

/** Count a delimiter outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false
  let n = 0
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes
    else if (ch === delimiter && !inQuotes) n++
  }
  return n
}

function firstContentLine(lines: string[]): number {
  return lines.findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
}

/** The delimiter of the header line, or null when the text is not delimited. */
export function detectDelimiter(text: string): string | null {
  const lines = text.split(/\r?\n/, 200)
  const index = firstContentLine(lines)
  if (index === -1) return null
  const header = lines[index]
  const counts = CANDIDATES.map((d) => ({ d, n: countOutsideQuotes(header, d) })).sort((a, b) => b.n - a.n)
  if (counts[0].n === 0) return null
  // The delimiter must repeat on the next content line, else this is prose with a comma in it.
  const next = lines.slice(index + 1).find((l) => l.trim() !== '')
  if (next !== undefined && countOutsideQuotes(next, counts[0].d) === 0) return null
  return counts[0].d
}

export function readTable(text: string, delimiter: string): Table {
  const lines = text.split(/\r?\n/)
  const headerIndex = firstContentLine(lines)
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      from_line: headerIndex + 1,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines
      throw unreadable(error.message.replace(/^Invalid [^:]*: /, ''), line)
    }
    throw unreadable((error as Error).message)
  }
  if (records.length === 0) throw unreadable('The table has no header.', 1)
  const [head, ...rest] = records
  return {
    delimiter,
    header: head.record,
    headerLine: head.info.lines,
    rows: rest
      .filter((r) => r.record.some((c) => c !== ''))
      .map((r) => ({ cells: r.record, line: r.info.lines })),
  }
}
