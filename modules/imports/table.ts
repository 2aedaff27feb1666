// A delimited file, classified by its header: lab results (long or wide), wearable sample series,
// a wearable daily table, or a behavioral log. Returns null when the header fits none of them, so the
// caller can try the pasted-lines reader.

import { findBiomarker } from '../biomarkers/catalog'
import { deviceKey } from '../wearables/devices'
import { WearableAccumulator } from '../wearables/readers/accumulator'
import { behavioralScore, dailyColumns, readDailyTable } from '../wearables/readers/daily-table'
import { readSampleTable, sampleKey, typeColumn } from '../wearables/readers/sample-table'
import { findColumn } from './columns'
import { readTable, type Table } from './csv'
import { labContext, noteUploadDate } from './labs/lab-context'
import { isLongLabTable, longLabRows, markerColumns, wideLabRows } from './labs/lab-table'
import { type ParsedImport, Warnings } from './parsed'

export interface TableOptions {
  provider: string | null
  uploadedAt: Date
}

/** A provider recognisable from its export's columns. */
function providerOf(header: string[]): string | null {
  const joined = header.join('|').toLowerCase()
  if (joined.includes('recovery score') || joined.includes('day strain')) return 'whoop'
  if (joined.includes('readiness score')) return 'oura'
  return null
}

/** Rows whose name reads as a wearable or behavioral measurement rather than a lab marker. */
function looksLikeSamples(table: Table, nameColumn: number): boolean {
  const sample = table.rows.slice(0, 30)
  const metric = sample.filter(
    (r) => sampleKey(r.cells[nameColumn] ?? '') && !findBiomarker(r.cells[nameColumn] ?? ''),
  ).length
  return metric > sample.length / 2
}

export function parseDelimited(text: string, delimiter: string, options: TableOptions): ParsedImport | null {
  const table = readTable(text, delimiter)
  const suffix = delimiter === '\t' ? 'tsv' : 'csv'
  const warnings = new Warnings()
  const h = table.header
  const provider = options.provider ?? providerOf(h)
  const device = deviceKey(provider)

  const typeCol = typeColumn(h)
  const hasValue = findColumn(h, 'value') !== -1
  if (typeCol !== -1 && hasValue && findColumn(h, 'date') !== -1 && looksLikeSamples(table, typeCol)) {
    const accumulator = new WearableAccumulator(warnings)
    readSampleTable(table, accumulator, { warnings, device })
    const observations = accumulator.observations()
    const behavioral = observations.length > 0 && observations.every((o) => o.modality === 'behavioral')
    return {
      modality: behavioral ? 'behavioral' : 'wearables',
      format: `${behavioral ? 'behavioral' : 'wearable'}_samples_${suffix}`,
      provider,
      records: table.rows.length,
      observations,
      warnings: warnings.all(),
    }
  }
  if (isLongLabTable(h)) {
    const ctx = labContext(warnings, options.uploadedAt)
    const observations = longLabRows(table, ctx)
    noteUploadDate(ctx, observations)
    return {
      modality: 'biomarkers',
      format: `lab_${suffix}`,
      provider,
      records: table.rows.length,
      observations,
      warnings: warnings.all(),
      unknown_markers: [...ctx.unknown],
    }
  }

  const dateCol = findColumn(h, 'date')
  const scores = {
    wearables: dateCol === -1 ? 0 : dailyColumns(h, dateCol, 'wearables').length,
    behavioral: dateCol === -1 ? 0 : behavioralScore(h, dateCol),
    labs: markerColumns(h, dateCol).length,
  }
  const best = (Object.entries(scores) as [keyof typeof scores, number][]).sort((a, b) => b[1] - a[1])[0]
  if (best[1] === 0) return null
  if (best[0] === 'labs') {
    const ctx = labContext(warnings, options.uploadedAt)
    const observations = wideLabRows(table, dateCol, ctx)
    noteUploadDate(ctx, observations)
    return {
      modality: 'biomarkers',
      format: `lab_wide_${suffix}`,
      provider,
      records: table.rows.length,
      observations,
      warnings: warnings.all(),
      unknown_markers: [...ctx.unknown],
    }
  }
  const accumulator = new WearableAccumulator(warnings)
  readDailyTable(table, dateCol, best[0], accumulator, {
    warnings,
    device: best[0] === 'behavioral' ? (device ?? 'diary') : device,
  })
  return {
    modality: best[0],
    format: `${best[0] === 'wearables' ? 'wearable_daily' : 'behavioral'}_${suffix}`,
    provider,
    records: table.rows.length,
    observations: accumulator.observations(),
    warnings: warnings.all(),
  }
}
