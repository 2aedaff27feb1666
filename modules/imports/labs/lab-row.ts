// One lab result as any layout gives it (name, value, unit, date, reference range, flag) turned into a
// normalized observation: the catalog marker, the value in its canonical unit, the original value and
// unit, a censored result's comparator, the lab's flag normalized, the specimen, the reference range
// converted alike, and where in the file it came from. Numbers and dates are read with the file's own
// decimal mark and date order (lab-context.ts). An unknown marker is kept under an `unknown:` code with
// a warning, never dropped.

import { findBiomarker } from '../../biomarkers/catalog'
import { toUcum } from '../../biomarkers/lab-units'
import type { Specimen } from '../../biomarkers/loinc-alternates'
import { URINE_MARKER_CODES } from '../../biomarkers/markers/urine'
import type { BiomarkerDefinition } from '../../biomarkers/types'
import { stripUnitAnnotations } from '../../biomarkers/unit-annotations'
import { convertToCanonical } from '../../biomarkers/units'
import type { NewObservationInput } from '../../sources/service'
import { type DateOrder, type ParsedDate, parseDate } from '../dates'
import type { Warnings } from '../parsed'
import { normalizeLabFlag } from './lab-flag'
import type { DecimalMark } from './number-format'
import { parseReferenceRange, type RawRange } from './reference-range'
import { type Comparator, readResultValue } from './result-value'
import { specimenOf } from './specimen'

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
  /** A comparator given apart from the value (FHIR valueQuantity.comparator). */
  comparator?: string | null
  /** A specimen the source states apart from the name (FHIR). */
  specimen?: Specimen | null
  /** Where in the file: `line 12`, `$.results[3]`, `Observation/abc`. */
  source_ref: string
  /** The line number for warnings, when the layout has lines. */
  line?: number
  /** The printed line a result was read from, for text and PDF reports. */
  original_text?: string
}

export interface LabContext {
  warnings: Warnings
  unknown: Set<string>
  /** When the row has no date: a date found elsewhere in the file, else the upload time. */
  fallbackDate: ParsedDate
  fallbackIsUploadTime: boolean
  /** The file's decimal mark, decided from all its numbers; null when nothing decided it. */
  decimalMark: DecimalMark | null
  /** The file's date order, decided from all its dates; null when nothing decided it. */
  dateOrder: DateOrder | null
}

/** "<5", "> 90", "5,2", "1 234", "162 H" → number, with the comparator kept (wearable readers use it too). */
export function parseResultValue(
  raw: unknown,
  mark: DecimalMark | null = null,
): { value: number; comparator?: Comparator } | null {
  const read = readResultValue(raw, mark)
  if (!read || 'ambiguous' in read) return null
  return read.comparator ? { value: read.value, comparator: read.comparator } : { value: read.value }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60) || 'unnamed'

const COMPARATORS = new Set(['<', '<=', '>', '>='])

function convertBound(marker: BiomarkerDefinition, bound: number | undefined, unit: string): number | null {
  if (bound === undefined) return null
  const converted = convertToCanonical(marker, bound, unit)
  return 'error' in converted ? null : converted.value
}

function boundOf(raw: unknown, mark: DecimalMark | null): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  const read = readResultValue(raw, mark)
  return read && 'value' in read ? read.value : undefined
}

/** A value with its unit glued on ("5.4 mmol/L", "92mg/dL") when the layout has no unit column. */
function splitGluedUnit(value: string): { value: string; unit: string } | null {
  const glued = /^\s*([<>≤≥]?=?\s*-?\d[\d.,]*)\s*([^\d\s(][^\s]*)\s*$/.exec(value)
  if (!glued || readResultValue(value)) return null
  return { value: glued[1], unit: glued[2] }
}

/** The observation for one lab row, or null when the row is set aside (with a warning). */
export function labObservation(row: LabRowInput, ctx: LabContext): NewObservationInput | null {
  const name = row.name.trim()
  if (!name) {
    ctx.warnings.add('missing_name', 'A result without a marker name was skipped.', row.line)
    return null
  }
  const rowWarnings: { code: string; message: string }[] = []
  const warn = (code: string, message: string) => {
    rowWarnings.push({ code, message })
    ctx.warnings.add(code, message, row.line)
  }
  let unitWritten = (row.unit ?? '').toString().trim()
  let valueWritten = row.value
  if (!unitWritten && typeof valueWritten === 'string') {
    const glued = splitGluedUnit(valueWritten)
    if (glued) {
      valueWritten = glued.value
      unitWritten = glued.unit
    }
  }
  const date =
    row.date !== undefined && row.date !== null && row.date !== ''
      ? parseDate(row.date, ctx.dateOrder)
      : ctx.fallbackDate
  if (!date) {
    ctx.warnings.add(
      'unreadable_date',
      `The date "${String(row.date)}" of ${name} could not be read; the result was skipped.`,
      row.line,
    )
    return null
  }
  if (date.ambiguous)
    warn(
      'ambiguous_date',
      `The date "${String(row.date)}" could be day-first or month-first; it was read month-first.`,
    )

  let marker =
    (row.loinc ? findBiomarker(row.loinc) : undefined) ?? findBiomarker(name, unitWritten || undefined)
  let specimen = specimenOf(name, row.loinc) ?? row.specimen ?? null
  if (marker && URINE_MARKER_CODES.has(marker.code)) specimen ??= 'urine'
  else if (marker && specimen === 'other') {
    // A blood marker's name measured in another fluid (CSF glucose) has other normal values.
    warn(
      'other_specimen',
      `${name} was measured in a fluid other than blood; it was kept apart from ${marker.name}.`,
    )
    marker = undefined
  } else if (marker && specimen === 'urine') {
    // A urine test named like a blood test must not join the blood series: its urine marker, if any.
    const urine = findBiomarker(`urine ${name}`, unitWritten || undefined)
    if (urine && URINE_MARKER_CODES.has(urine.code)) marker = urine
    else {
      warn(
        'urine_specimen',
        `${name} was measured in urine, not blood; it was kept apart from ${marker.name}.`,
      )
      marker = undefined
    }
  }

  const rawValue = typeof valueWritten === 'string' ? valueWritten.trim() : valueWritten
  const read = readResultValue(rawValue, ctx.decimalMark)
  if (read && 'ambiguous' in read)
    warn(
      'ambiguous_number',
      `${name}: "${read.ambiguous}" could be read with the comma as a decimal mark or as a thousands separator, and nothing else in the file decides; kept as text.`,
    )
  const parsed = read && 'value' in read ? read : null
  const comparator = (parsed?.comparator ??
    (row.comparator && COMPARATORS.has(row.comparator) ? row.comparator : null)) as Comparator | null
  const range: RawRange | null =
    parseReferenceRange(row.reference_range, ctx.decimalMark) ??
    (boundOf(row.reference_low, ctx.decimalMark) !== undefined ||
    boundOf(row.reference_high, ctx.decimalMark) !== undefined
      ? {
          ...(boundOf(row.reference_low, ctx.decimalMark) !== undefined
            ? { low: boundOf(row.reference_low, ctx.decimalMark) as number }
            : {}),
          ...(boundOf(row.reference_high, ctx.decimalMark) !== undefined
            ? { high: boundOf(row.reference_high, ctx.decimalMark) as number }
            : {}),
        }
      : null)
  const flagText = (row.flag ?? '').toString().trim() || parsed?.flag || null
  const labFlag = normalizeLabFlag(flagText, { value: parsed?.value, low: range?.low, high: range?.high })

  const details: Record<string, unknown> = { local_date: date.local_date }
  if (flagText) details.flag = flagText
  if (comparator) details.comparator = comparator
  if (row.loinc) details.loinc = row.loinc
  if (row.reference_range) details.reference_text = row.reference_range
  if (row.original_text) details.original_text = row.original_text
  const base = {
    modality: 'biomarkers' as const,
    original_name: name,
    original_value: rawValue === null || rawValue === undefined ? null : String(rawValue),
    original_unit: unitWritten || null,
    observed_at: date.iso,
    source_ref: row.source_ref,
    comparator,
    lab_flag: labFlag,
    specimen,
    details,
  }
  const finish = (o: NewObservationInput): NewObservationInput => {
    if (rowWarnings.length > 0) details.warnings = rowWarnings
    return o
  }

  if (!marker) {
    ctx.unknown.add(name)
    warn('unknown_marker', `"${name}" is not in the biomarker catalog; it was kept as written.`)
    return finish({
      ...base,
      code: `unknown:${slug(name)}`,
      value: parsed?.value ?? null,
      value_text: parsed ? null : String(rawValue ?? ''),
      unit: unitWritten ? toUcum(unitWritten) : null,
      reference_low: range?.low ?? null,
      reference_high: range?.high ?? null,
    })
  }
  details.loinc ??= marker.loinc
  if (!parsed) {
    // Qualitative results ("Negative", "See note") are kept as text.
    if (!(read && 'ambiguous' in read))
      warn('non_numeric_value', `${marker.name}: "${String(rawValue ?? '')}" is not a number; kept as text.`)
    return finish({ ...base, code: marker.code, value: null, value_text: String(rawValue ?? ''), unit: null })
  }
  // A unit column holding only an annotation ("(calc)") states no unit.
  let unit = stripUnitAnnotations(unitWritten) ? unitWritten : ''
  if (!unit) {
    unit = marker.unit
    warn('unit_assumed', `${marker.name} has no unit; ${marker.unit} was assumed.`)
  }
  const converted = convertToCanonical(marker, parsed.value, unit)
  if ('error' in converted) {
    warn('unit_not_convertible', `${marker.name}: ${converted.error} The value was kept as written.`)
    return finish({
      ...base,
      code: marker.code,
      value: null,
      value_text: String(rawValue),
      unit: toUcum(unit),
    })
  }
  return finish({
    ...base,
    code: marker.code,
    value: converted.value,
    unit: converted.unit,
    reference_low: convertBound(marker, range?.low, unit),
    reference_high: convertBound(marker, range?.high, unit),
  })
}
