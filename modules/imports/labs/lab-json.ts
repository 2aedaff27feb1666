// Lab results as JSON: an array of results (or one under "results", "observations", "biomarkers" ...)
// with a name, value, unit and optional date, reference range and flag per result. A date on the
// document applies to results without one.

import type { NewObservationInput } from '../../sources/service'
import { COLUMN_NAMES, type ColumnRole } from '../columns'
import { normalizeKey } from '../header'
import type { JsonRow } from '../json-rows'
import { readFileConventions } from './lab-context'
import type { LabContext } from './lab-row'
import { labObservation } from './lab-row'

/** The key of a row in a role (`name`, `value`, `unit`, ...), if any. */
export function keyFor(fields: Record<string, unknown>, role: ColumnRole): string | undefined {
  return Object.keys(fields).find((k) => COLUMN_NAMES[role].has(normalizeKey(k)))
}

export function isLabRow(row: JsonRow): boolean {
  const name = keyFor(row.fields, 'name')
  return (
    name !== undefined && typeof row.fields[name] === 'string' && keyFor(row.fields, 'value') !== undefined
  )
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The collection date of the whole document, where a portal export puts it: a date key at the top
 * (`collected_at`, `collection_date`, `date`) or in an object one level down (`report.collected`,
 * `specimen.collected_at`).
 */
export function documentDate(doc: unknown): unknown {
  if (!isObject(doc)) return undefined
  const top = keyFor(doc, 'date')
  if (top !== undefined && typeof doc[top] !== 'object') return doc[top]
  for (const value of Object.values(doc)) {
    if (!isObject(value)) continue
    const inner = keyFor(value, 'date')
    if (inner !== undefined && typeof value[inner] !== 'object') return value[inner]
  }
  return undefined
}

export function jsonLabRows(rows: JsonRow[], ctx: LabContext): NewObservationInput[] {
  const out: NewObservationInput[] = []
  const cellsOf = (role: ColumnRole) =>
    rows.map((r) => {
      const key = keyFor(r.fields, role)
      return key === undefined ? undefined : r.fields[key]
    })
  readFileConventions(ctx, {
    numbers: [...cellsOf('value'), ...cellsOf('range'), ...cellsOf('low'), ...cellsOf('high')],
    dates: [...cellsOf('date'), ctx.fallbackIsUploadTime ? undefined : ctx.fallbackDate.local_date],
  })
  for (const row of rows) {
    const f = row.fields
    const get = (role: ColumnRole) => {
      const key = keyFor(f, role)
      return key === undefined ? undefined : f[key]
    }
    const text = (v: unknown) => (v === undefined || v === null ? null : String(v))
    const observation = labObservation(
      {
        name: String(get('name') ?? ''),
        value: get('value'),
        unit: text(get('unit')),
        date: get('date'),
        reference_range: text(get('range')),
        reference_low: get('low') ?? undefined,
        reference_high: get('high') ?? undefined,
        flag: text(get('flag')),
        loinc: text(get('loinc')),
        source_ref: row.path,
      },
      ctx,
    )
    if (observation) out.push(observation)
  }
  return out
}
