// Lab results in a table. Long layout: one result per row with marker, value, unit and optional date,
// reference range (or low/high) and flag. Wide layout: one draw per row, a date column and one column
// per marker, the unit in the header ("LDL (mmol/L)") or assumed canonical.

import { findBiomarker } from '../../biomarkers/catalog'
import type { NewObservationInput } from '../../sources/service'
import { findColumn } from '../columns'
import type { Table } from '../csv'
import { parseHeader } from '../header'
import { readFileConventions } from './lab-context'
import type { LabContext } from './lab-row'
import { labObservation } from './lab-row'
import { specimenOfText } from './specimen'

export function isLongLabTable(header: string[]): boolean {
  return findColumn(header, 'name') !== -1 && findColumn(header, 'value') !== -1
}

/** Header cells (other than the date) that name a catalog marker. */
export function markerColumns(header: string[], dateColumn: number): number[] {
  return header
    .map((h, i) => ({ h, i }))
    .filter(
      ({ h, i }) =>
        i !== dateColumn &&
        findBiomarker(h.replace(/[([][^)\]]*[)\]]\s*$/, '').trim(), parseHeader(h).unit ?? undefined),
    )
    .map(({ i }) => i)
}

export function longLabRows(table: Table, ctx: LabContext): NewObservationInput[] {
  const h = table.header
  const col = {
    name: findColumn(h, 'name'),
    value: findColumn(h, 'value'),
    unit: findColumn(h, 'unit'),
    date: findColumn(h, 'date'),
    range: findColumn(h, 'range'),
    low: findColumn(h, 'low'),
    high: findColumn(h, 'high'),
    flag: findColumn(h, 'flag'),
    loinc: findColumn(h, 'loinc'),
    specimen: findColumn(h, 'specimen'),
  }
  const cell = (cells: string[], i: number) => (i === -1 ? undefined : cells[i])
  readFileConventions(ctx, {
    numbers: table.rows.flatMap(({ cells }) =>
      [col.value, col.range, col.low, col.high].map((i) => cell(cells, i)),
    ),
    dates: table.rows.map(({ cells }) => cell(cells, col.date)),
  })
  const out: NewObservationInput[] = []
  for (const { cells, line } of table.rows) {
    const observation = labObservation(
      {
        name: cell(cells, col.name) ?? '',
        value: cell(cells, col.value),
        unit: cell(cells, col.unit) ?? null,
        date: cell(cells, col.date),
        reference_range: cell(cells, col.range) ?? null,
        reference_low: cell(cells, col.low) || undefined,
        reference_high: cell(cells, col.high) || undefined,
        flag: cell(cells, col.flag) || null,
        loinc: cell(cells, col.loinc) || null,
        specimen: specimenOfText(cell(cells, col.specimen)),
        source_ref: `line ${line}`,
        line,
      },
      ctx,
    )
    if (observation) out.push(observation)
  }
  return out
}

export function wideLabRows(table: Table, dateColumn: number, ctx: LabContext): NewObservationInput[] {
  const out: NewObservationInput[] = []
  const columns = table.header
    .map((raw, i) => ({ i, raw, header: parseHeader(raw) }))
    .filter((c) => c.i !== dateColumn)
  readFileConventions(ctx, {
    numbers: table.rows.flatMap(({ cells }) => columns.map((c) => cells[c.i])),
    dates: dateColumn === -1 ? [] : table.rows.map(({ cells }) => cells[dateColumn]),
  })
  for (const { cells, line } of table.rows) {
    for (const c of columns) {
      const value = cells[c.i]
      if (value === undefined || value === '') continue
      const observation = labObservation(
        {
          name: c.raw.replace(/[([][^)\]]*[)\]]\s*$/, '').trim(),
          value,
          unit: c.header.unit,
          date: dateColumn === -1 ? undefined : cells[dateColumn],
          source_ref: `line ${line}, column "${c.raw}"`,
          line,
        },
        ctx,
      )
      if (observation) out.push(observation)
    }
  }
  return out
}
