// One lab result as any layout gives it (name, value, unit, date, reference range) turned into a
// normalized observation: the catalog marker, the value in its canonical unit, the original value and
// unit, the reference range converted alike, and where in the file it came from. An unknown marker is
// kept under an `unknown:` code with a warning, never dropped.

import { findBiomarker } from '../../biomarkers/catalog'
import { normalizeLabFlag } from '../../biomarkers/lab-flags'
import { toUcum } from '../../biomarkers/lab-units'
import type { BiomarkerDefinition } from '../../biomarkers/types'
import { convertToCanonical } from '../../biomarkers/units'
import type { NewObservationInput } from '../../sources/service'
import { type ParsedDate, parseDate } from '../dates'
import type { Warnings } from '../parsed'
import { parseReferenceRange, type RawRange } from './reference-range'

export interface LabRowInput {
  name: string
  value: unknown
  unit?: string | null
  date?: unknown
  reference_range?: string | null
  reference_low?: unknown
  reference_high?: unknown
  flag?: string | null
  loinc?: string | null
  /** Where in the file: `line 12`, `$.results[3]`, `Observation/abc`. */
  source_ref: string
  /** The line number for warnings, when the layout has lines. */
  line?: number
}

export interface LabContext {
  warnings: Warnings
  unknown: Set<string>
  /** When the row has no date: a date found elsewhere in the file, else the upload time. */
  fallbackDate: ParsedDate
  fallbackIsUploadTime: boolean
}

/** "<5", "> 90", "5,2", "1 234" → number, with the comparator kept. */
export function parseResultValue(raw: unknown): { value: number; comparator?: string } | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { value: raw } : null
  if (typeof raw !== 'string') return null
  const m = /^\s*(<=?|>=?|≤|≥)?\s*(-?\d{1,3}(?:[ \u00a0]\d{3})+|-?\d*[.,]?\d+)\s*$/.exec(raw)
  if (!m) return null
  const text = m[2].replace(/[ \u00a0]/g, '').replace(',', '.')
  const value = Number(text)
  if (!Number.isFinite(value)) return null
  return m[1] ? { value, comparator: m[1].replace('≤', '<=').replace('≥', '>=') } : { value }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60) || 'unnamed'

function numberOrNull(raw: unknown): number | null {
  const parsed = parseResultValue(raw)
  return parsed ? parsed.value : null
}

function convertBound(marker: BiomarkerDefinition, bound: number | undefined, unit: string): number | null {
  if (bound === undefined) return null
  const converted = convertToCanonical(marker, bound, unit)
  return 'error' in converted ? null : converted.value
}

/** The observation for one lab row, or null when the row is set aside (with a warning). */
type Comparator = '<' | '<=' | '>' | '>='
const COMPARATORS = new Set(['<', '<=', '>', '>='])

export function labObservation(row: LabRowInput, ctx: LabContext): NewObservationInput | null {
  const name = row.name.trim()
  if (!name) {
    ctx.warnings.add('missing_name', 'A result without a marker name was skipped.', row.line)
    return null
  }
  let unitWritten = (row.unit ?? '').toString().trim()
  let valueWritten = row.value
  // "5.4 mmol/L" in a result column with no unit column: split the unit off.
  if (!unitWritten && typeof valueWritten === 'string') {
    const glued = /^\s*([<>≤≥]?=?\s*-?\d+(?:[.,]\d+)?)\s*([^\d\s][^\s]*)\s*$/.exec(valueWritten)
    if (glued) {
      valueWritten = glued[1]
      unitWritten = glued[2]
    }
  }
  const marker =
    (row.loinc ? findBiomarker(row.loinc) : undefined) ?? findBiomarker(name, unitWritten || undefined)
  const date =
    row.date !== undefined && row.date !== null && row.date !== '' ? parseDate(row.date) : ctx.fallbackDate
  if (!date) {
    ctx.warnings.add(
      'unreadable_date',
      `The date "${String(row.date)}" of ${name} could not be read; the result was skipped.`,
      row.line,
    )
    return null
  }
  if (date.ambiguous)
    ctx.warnings.add('ambiguous_date', `The date "${String(row.date)}" was read month-first.`, row.line)
  const rawValue = typeof valueWritten === 'string' ? valueWritten.trim() : valueWritten
  const parsed = parseResultValue(rawValue)
  const range: RawRange | null =
    parseReferenceRange(row.reference_range) ??
    (row.reference_low !== undefined || row.reference_high !== undefined
      ? {
          ...(numberOrNull(row.reference_low) !== null
            ? { low: numberOrNull(row.reference_low) as number }
            : {}),
          ...(numberOrNull(row.reference_high) !== null
            ? { high: numberOrNull(row.reference_high) as number }
            : {}),
        }
      : null)
  const details: Record<string, unknown> = { local_date: date.local_date }
  if (row.flag) details.flag = row.flag
  if (parsed?.comparator) details.comparator = parsed.comparator
  if (row.loinc) details.loinc = row.loinc
  const base = {
    modality: 'biomarkers' as const,
    lab_flag: normalizeLabFlag(row.flag),
    comparator: COMPARATORS.has(parsed?.comparator ?? '') ? (parsed?.comparator as Comparator) : null,
    original_name: name,
    original_value: rawValue === null || rawValue === undefined ? null : String(rawValue),
    original_unit: unitWritten || null,
    observed_at: date.iso,
    source_ref: row.source_ref,
    details,
  }

  if (!marker) {
    ctx.unknown.add(name)
    ctx.warnings.add(
      'unknown_marker',
      `"${name}" is not in the biomarker catalog; it was kept as written.`,
      row.line,
    )
    return {
      ...base,
      code: `unknown:${slug(name)}`,
      value: parsed?.value ?? null,
      value_text: parsed ? null : String(rawValue ?? ''),
      unit: unitWritten ? toUcum(unitWritten) : null,
      reference_low: range?.low ?? null,
      reference_high: range?.high ?? null,
    }
  }
  details.loinc ??= marker.loinc
  if (!parsed) {
    // Qualitative results ("Negative", "See note") are kept as text.
    ctx.warnings.add(
      'non_numeric_value',
      `${marker.name}: "${String(rawValue ?? '')}" is not a number; kept as text.`,
      row.line,
    )
    return { ...base, code: marker.code, value: null, value_text: String(rawValue ?? ''), unit: null }
  }
  let unit = unitWritten
  if (!unit) {
    unit = marker.unit
    ctx.warnings.add('unit_assumed', `${marker.name} has no unit; ${marker.unit} was assumed.`, row.line)
  }
  const converted = convertToCanonical(marker, parsed.value, unit)
  if ('error' in converted) {
    ctx.warnings.add(
      'unit_not_convertible',
      `${marker.name}: ${converted.error} The value was kept as written.`,
      row.line,
    )
    return { ...base, code: marker.code, value: null, value_text: String(rawValue), unit: toUcum(unit) }
  }
  return {
    ...base,
    code: marker.code,
    value: converted.value,
    unit: converted.unit,
    reference_low: convertBound(marker, range?.low, unit),
    reference_high: convertBound(marker, range?.high, unit),
  }
}
