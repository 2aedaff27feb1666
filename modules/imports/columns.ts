// Which column of a table holds what, found by header name: marker name, value, unit, date, reference
// range and flag for lab tables; a timestamp, end, type and device for sample series.

import { normalizeKey } from './header'

const names = (list: string[]) => new Set(list.map(normalizeKey))

export const COLUMN_NAMES = {
  name: names([
    'marker',
    'test',
    'test name',
    'analyte',
    'biomarker',
    'name',
    'component',
    'parameter',
    'item',
    'measurement',
    'lab',
    'observation',
    'result name',
    'description',
    'lab test',
    'marker name',
  ]),
  value: names([
    'value',
    'result',
    'result value',
    'measured value',
    'reading',
    'level',
    'numeric value',
    'value numeric',
    'qty',
    'quantity',
  ]),
  unit: names(['unit', 'units', 'uom', 'unit of measure', 'result unit', 'result units']),
  date: names([
    'date',
    'day',
    'collected',
    'collected at',
    'collected on',
    'collection date',
    'collection datetime',
    'collection date time',
    'date of collection',
    'specimen collected',
    'specimen collected at',
    'sample date',
    'sampled at',
    'drawn at',
    'effective date',
    'effective datetime',
    'collected date',
    'collection time',
    'observed at',
    'date collected',
    'drawn',
    'draw date',
    'specimen date',
    'test date',
    'result date',
    'timestamp',
    'time',
    'datetime',
    'date time',
    'start',
    'start date',
    'start time',
    'startdate',
    'summary date',
    'cycle start time',
    'calendar date',
  ]),
  end: names(['end', 'end date', 'end time', 'enddate', 'cycle end time']),
  range: names([
    'reference range',
    'ref range',
    'reference',
    'range',
    'reference interval',
    'normal range',
    'ref interval',
    'standard range',
    'reference ranges',
  ]),
  low: names(['ref low', 'reference low', 'range low', 'lower limit', 'low', 'normal low', 'ref min']),
  high: names(['ref high', 'reference high', 'range high', 'upper limit', 'high', 'normal high', 'ref max']),
  flag: names(['flag', 'abnormal', 'abnormal flag', 'interpretation', 'h l', 'status']),
  loinc: names(['loinc', 'loinc code']),
  type: names(['type', 'metric', 'data type', 'record type', 'measure', 'category', 'kind']),
  device: names(['device', 'source', 'source name', 'sourcename', 'device name', 'origin', 'app']),
}

export type ColumnRole = keyof typeof COLUMN_NAMES

/** Index of the first header in a role, or -1. */
export function findColumn(header: string[], role: ColumnRole, exclude: number[] = []): number {
  return header.findIndex((h, i) => !exclude.includes(i) && COLUMN_NAMES[role].has(normalizeKey(h)))
}
