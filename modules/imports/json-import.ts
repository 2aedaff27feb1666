// A JSON document, classified by its shape: FHIR R4, Health Connect records, lab results, or daily
// wearable or behavioral records (Oura, WHOOP and similar exports).

import { deviceKey } from '../wearables/devices'
import { wearableMetricByCode } from '../wearables/metrics'
import { WearableAccumulator } from '../wearables/readers/accumulator'
import { dailyScore, readDailyJson } from '../wearables/readers/daily-json'
import { healthConnectRecords, readHealthConnect } from '../wearables/readers/health-connect'
import { parseDate } from './dates'
import { jsonRows } from './json-rows'
import { isFhir, readFhir } from './labs/fhir'
import { fhirPatientPerson } from './labs/fhir-patient'
import { labContext, noteUploadDate } from './labs/lab-context'
import { documentDate, isLabRow, jsonLabRows } from './labs/lab-json'
import { type ParsedImport, Warnings } from './parsed'
import { unreadable } from './problems'

export interface JsonOptions {
  provider: string | null
  uploadedAt: Date
}

function providerOf(doc: unknown, groups: string[]): string | null {
  const text = JSON.stringify(doc).slice(0, 20_000)
  if (
    groups.some((g) => ['readiness', 'daily_readiness', 'daily_activity', 'daily_sleep'].includes(g)) ||
    text.includes('"total_sleep_duration"')
  )
    return 'oura'
  if (text.includes('_milli"') || text.includes('"recovery_score"')) return 'whoop'
  return null
}

/** Wearable unless every observation is behavioral. */
function modalityOf(observations: { modality: string }[]): 'wearables' | 'behavioral' {
  return observations.length > 0 && observations.every((o) => o.modality === 'behavioral')
    ? 'behavioral'
    : 'wearables'
}

export function parseJsonDocument(doc: unknown, options: JsonOptions): ParsedImport {
  const warnings = new Warnings()
  if (isFhir(doc)) {
    const ctx = labContext(warnings, options.uploadedAt)
    const accumulator = new WearableAccumulator(warnings)
    const result = readFhir(doc, ctx, accumulator, warnings)
    noteUploadDate(ctx, result.observations)
    const wearables = accumulator.observations()
    return {
      modality: result.observations.length >= wearables.length ? 'biomarkers' : 'wearables',
      format: doc.resourceType === 'Bundle' ? 'fhir_bundle' : 'fhir_observation',
      provider: options.provider,
      records: result.records,
      observations: [...result.observations, ...wearables],
      warnings: warnings.all(),
      unknown_markers: [...ctx.unknown],
      person: fhirPatientPerson(doc),
    }
  }
  const hc = healthConnectRecords(doc)
  if (hc) {
    const accumulator = new WearableAccumulator(warnings)
    readHealthConnect(hc, accumulator, warnings)
    const observations = accumulator.observations()
    return {
      modality: modalityOf(observations),
      format: 'health_connect_json',
      provider: options.provider ?? 'health_connect',
      records: hc.length,
      observations,
      warnings: warnings.all(),
    }
  }
  const rows = jsonRows(doc)
  if (rows.length === 0)
    throw unreadable('The JSON holds no records (expected an array of results or records).')
  const labRows = rows.filter(isLabRow)
  if (labRows.length > 0 && labRows.length >= rows.length / 2) {
    const written = documentDate(doc)
    const fileDate = written === undefined ? null : parseDate(written)
    if (written !== undefined && !fileDate)
      warnings.add('unreadable_date', `The document's date "${String(written)}" could not be read.`)
    const ctx = labContext(warnings, options.uploadedAt, fileDate)
    const observations = jsonLabRows(labRows, ctx)
    noteUploadDate(ctx, observations)
    return {
      modality: 'biomarkers',
      format: 'lab_json',
      provider: options.provider,
      records: labRows.length,
      observations,
      warnings: warnings.all(),
      unknown_markers: [...ctx.unknown],
    }
  }
  const wearable = rows.reduce((n, r) => n + dailyScore(r, 'wearables'), 0)
  const behavioral = rows.reduce((n, r) => n + dailyScore(r, 'behavioral'), 0)
  if (wearable === 0 && behavioral === 0) {
    throw unreadable(
      'The JSON is not a shape this service reads: no lab results (name, value, unit) and no dated wearable or behavioral records were found.',
    )
  }
  const kind = wearable >= behavioral ? 'wearables' : 'behavioral'
  const provider = options.provider ?? providerOf(doc, [...new Set(rows.map((r) => r.group))])
  const accumulator = new WearableAccumulator(warnings)
  readDailyJson(rows, kind, accumulator, {
    warnings,
    device: deviceKey(provider) ?? (kind === 'behavioral' ? 'diary' : null),
  })
  const observations = accumulator.observations().filter((o) => wearableMetricByCode(o.code))
  return {
    modality: kind,
    format: kind === 'wearables' ? 'wearable_daily_json' : 'behavioral_json',
    provider,
    records: rows.length,
    observations,
    warnings: warnings.all(),
  }
}
