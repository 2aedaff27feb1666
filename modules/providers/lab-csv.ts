// Reads an operator's lab draw site file (CSV with a header row). Every row is checked before anything
// is stored, and a bad file is refused whole with the line and column of each problem.

import { CsvError, parse } from 'csv-parse/sync'
import type { NewLabSite } from './repo'

export const REQUIRED_COLUMNS = ['id', 'name', 'address', 'city', 'country', 'lat', 'lon'] as const
export const OPTIONAL_COLUMNS = [
  'operator',
  'region',
  'postal_code',
  'phone',
  'hours',
  'services',
  'source_url',
  'checked_at',
  'synthetic',
] as const

export interface LabCsvProblem {
  line: number
  column?: string
  message: string
}

export type LabCsvResult = { ok: true; sites: NewLabSite[] } | { ok: false; problems: LabCsvProblem[] }

const NUMBER = /^-?\d+(\.\d+)?$/

export function readLabSitesCsv(text: string, importedAt: string): LabCsvResult {
  let rows: string[][]
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: false,
      trim: true,
    })
  } catch (error) {
    const line = error instanceof CsvError ? ((error as CsvError & { lines?: number }).lines ?? 0) : 0
    return {
      ok: false,
      problems: [{ line, message: `The file is not valid CSV: ${(error as Error).message}` }],
    }
  }
  if (rows.length === 0) return { ok: false, problems: [{ line: 1, message: 'The file is empty.' }] }
  const header = rows[0].map((h) => h.toLowerCase())
  const known = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS])
  const problems: LabCsvProblem[] = []
  for (const column of REQUIRED_COLUMNS)
    if (!header.includes(column))
      problems.push({ line: 1, column, message: `Missing required column "${column}".` })
  for (const column of header)
    if (!known.has(column)) problems.push({ line: 1, column, message: `Unknown column "${column}".` })
  if (problems.length > 0) return { ok: false, problems }

  const sites: NewLabSite[] = []
  const seen = new Set<string>()
  rows.slice(1).forEach((cells, i) => {
    const line = i + 2
    const value = (column: string) => {
      const v = cells[header.indexOf(column)]
      return v === undefined || v === '' ? null : v
    }
    const problem = (column: string, message: string) => problems.push({ line, column, message })
    for (const column of REQUIRED_COLUMNS)
      if (value(column) === null) problem(column, 'Required value is empty.')
    const id = value('id')
    if (id && seen.has(id)) problem('id', `Duplicate id "${id}".`)
    if (id) seen.add(id)
    const lat = value('lat')
    const lon = value('lon')
    if (lat !== null && (!NUMBER.test(lat) || Math.abs(Number(lat)) > 90))
      problem('lat', 'Latitude must be a number from -90 to 90.')
    if (lon !== null && (!NUMBER.test(lon) || Math.abs(Number(lon)) > 180))
      problem('lon', 'Longitude must be a number from -180 to 180.')
    const country = value('country')
    if (country !== null && !/^[A-Za-z]{2}$/.test(country))
      problem('country', 'Country must be an ISO 3166-1 alpha-2 code (US, GB, CA).')
    const checkedAt = value('checked_at')
    if (checkedAt !== null && !/^\d{4}-\d{2}-\d{2}$/.test(checkedAt))
      problem('checked_at', 'Dates are YYYY-MM-DD.')
    const synthetic = value('synthetic')
    if (synthetic !== null && !/^(true|false|yes|no|1|0)$/i.test(synthetic))
      problem('synthetic', 'Use true or false.')
    const sourceUrl = value('source_url')
    if (sourceUrl !== null && !/^https?:\/\//.test(sourceUrl)) problem('source_url', 'Use an http(s) URL.')
    sites.push({
      id: id ?? '',
      name: value('name') ?? '',
      operator: value('operator'),
      address: value('address') ?? '',
      city: value('city') ?? '',
      region: value('region'),
      postal_code: value('postal_code'),
      country: (country ?? '').toUpperCase(),
      lat: Number(lat),
      lon: Number(lon),
      phone: value('phone'),
      hours: value('hours'),
      services: value('services'),
      source_url: sourceUrl,
      checked_at: checkedAt,
      synthetic: synthetic !== null && /^(true|yes|1)$/i.test(synthetic),
      imported_at: importedAt,
    })
  })
  if (rows.length === 1) problems.push({ line: 2, message: 'The file has a header but no sites.' })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, sites }
}
