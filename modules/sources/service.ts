// Sources: creating a source with its normalized observations (used by imports, genetics and wearable
// sync), and reading them back within the caller's scope. Other modules call these functions; they never
// touch the tables.

import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import { withKeyLock } from '../shared/keyed-lock'
import { readPage, toPage } from '../shared/pagination'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import type { ModalityName, Source, SourceObservation } from './model'
import * as repo from './repo'

export type { ObservationFilter, ObservationRow, SourceRow } from './repo'

/** The lab's own flag on a result, normalized; see the observations table. */
export type LabFlag = 'low' | 'high' | 'critical_low' | 'critical_high' | 'abnormal' | 'critical' | 'normal'

export interface NewObservationInput {
  modality: 'biomarkers' | 'wearables' | 'behavioral'
  code: string
  original_name: string
  value: number | null
  value_text?: string | null
  unit: string | null
  original_value?: string | null
  original_unit?: string | null
  observed_at: string
  observed_end?: string | null
  device?: string | null
  reference_low?: number | null
  reference_high?: number | null
  comparator?: '<' | '<=' | '>' | '>=' | null
  lab_flag?: LabFlag | null
  specimen?: 'serum_plasma' | 'whole_blood' | 'urine' | 'other' | null
  source_ref?: string | null
  details?: Record<string, unknown> | null
}

export interface NewSourceInput {
  modality: ModalityName
  format: string
  provider?: string | null
  filename?: string | null
  content_type?: string | null
  /** Records read; defaults to the number of observations. */
  record_count?: number
  warnings?: { code: string; message: string; line?: number }[]
  details?: Record<string, unknown>
}

export function toSource(row: repo.SourceRow): Source {
  return {
    id: row.id,
    source_id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    modality: row.modality,
    format: row.format,
    provider: row.provider,
    filename: row.filename,
    record_count: row.record_count,
    time_range: row.time_start && row.time_end ? { start: row.time_start, end: row.time_end } : null,
    warnings: row.warnings,
    details: row.details,
    created_at: row.created_at,
  }
}

/** 413 when one import or sync carries more observations than OBSERVATIONS_MAX_PER_SOURCE. */
export function assertSourceSize(app: AppContext, observationCount: number): void {
  const cap = app.config.observations.maxPerSource
  if (observationCount <= cap) return
  throw new ProblemError(
    'payloadTooLarge',
    `The content holds ${observationCount} observations; one import may store at most ${cap} (OBSERVATIONS_MAX_PER_SOURCE). Split it into smaller files.`,
    {
      extra: { limit: 'OBSERVATIONS_MAX_PER_SOURCE', max_observations: cap, observations: observationCount },
    },
  )
}

/** 422 when the user's live sources plus this one would hold more than OBSERVATIONS_MAX_PER_USER. */
async function assertUserRoom(app: AppContext, scope: Scope, adding: number): Promise<void> {
  const cap = app.config.observations.maxPerUser
  const held = await repo.countLiveObservations(app.db, scope)
  if (held + adding <= cap) return
  throw new ProblemError(
    'limitExceeded',
    `This user's sources hold ${held} observations and this import adds ${adding}; a user may hold at most ${cap} (OBSERVATIONS_MAX_PER_USER). Nothing was stored; delete sources that are no longer needed to make room.`,
    { extra: { limit: 'OBSERVATIONS_MAX_PER_USER', max_observations: cap, held, adding } },
  )
}

/**
 * Store a source and its observations, never visible half-written (see the repo); the time range is
 * computed from the observations. Both observation caps are checked first; the per-user check and the insert run one at a time per user,
 * so concurrent imports cannot pass the cap together.
 */
export async function createSource(
  app: AppContext,
  scope: Scope,
  input: NewSourceInput,
  observations: NewObservationInput[] = [],
  timeRange?: { start: string; end: string } | null,
): Promise<Source> {
  assertSourceSize(app, observations.length)
  if (observations.length === 0) return storeSource(app, scope, input, observations, timeRange)
  return withKeyLock(`observations:${scope.organization_id}:${scope.user_id}`, async () => {
    await assertUserRoom(app, scope, observations.length)
    return storeSource(app, scope, input, observations, timeRange)
  })
}

/** The span the observations cover, from the first start to the last end; null when there are none. */
export function observationTimeRange(
  observations: readonly NewObservationInput[],
): { start: string; end: string } | null {
  let start: string | null = null
  let end: string | null = null
  for (const o of observations) {
    const last = o.observed_end ?? o.observed_at
    if (!start || o.observed_at < start) start = o.observed_at
    if (!end || last > end) end = last
  }
  return start && end ? { start, end } : null
}

/** A new observation as a stored row: every optional field the reader left out is null. */
export function observationRow(
  o: NewObservationInput,
  keys: { id: string; organization_id: string; user_id: string; source_id: string },
): repo.ObservationRow {
  return {
    ...o,
    ...keys,
    value_text: o.value_text ?? null,
    original_value: o.original_value ?? null,
    original_unit: o.original_unit ?? null,
    observed_end: o.observed_end ?? null,
    device: o.device ?? null,
    reference_low: o.reference_low ?? null,
    reference_high: o.reference_high ?? null,
    comparator: o.comparator ?? null,
    lab_flag: o.lab_flag ?? null,
    specimen: o.specimen ?? null,
    source_ref: o.source_ref ?? null,
    details: o.details ?? null,
  }
}

async function storeSource(
  app: AppContext,
  scope: Scope,
  input: NewSourceInput,
  observations: NewObservationInput[],
  timeRange?: { start: string; end: string } | null,
): Promise<Source> {
  const now = app.clock.now()
  const id = newId('src', now.getTime())
  const range = timeRange ?? observationTimeRange(observations)
  const start = range?.start ?? null
  const end = range?.end ?? null
  const row = await repo.insertSourceWithObservations(
    app.db,
    {
      id,
      ...scope,
      modality: input.modality,
      format: input.format,
      provider: input.provider ?? null,
      filename: input.filename ?? null,
      content_type: input.content_type ?? null,
      record_count: input.record_count ?? observations.length,
      observation_count: observations.length,
      time_start: start,
      time_end: end,
      warnings: input.warnings ?? [],
      details: input.details ?? {},
      created_at: now.toISOString(),
    },
    observations.length,
    (from, to) =>
      observations
        .slice(from, to)
        .map((o) => observationRow(o, { id: newId('obs', now.getTime()), ...scope, source_id: id })),
  )
  return toSource(row)
}

export async function getSource(app: AppContext, scope: Scope, id: string): Promise<Source> {
  const row = await repo.findSource(app.db, scope, id)
  if (!row) throw notFound(`Source ${id}`)
  return toSource(row)
}

/** The live sources among these ids (one read each: callers pass the few a page of findings cites). */
export async function findSources(app: AppContext, scope: Scope, ids: string[]): Promise<Source[]> {
  const rows = await Promise.all([...new Set(ids)].map((id) => repo.findSource(app.db, scope, id)))
  return rows.filter((row): row is repo.SourceRow => row !== undefined).map(toSource)
}

export async function listSources(
  app: AppContext,
  scope: Scope,
  query: { modality?: ModalityName; since?: string; limit?: number; cursor?: string },
) {
  const { limit, before } = readPage(query)
  const rows = await repo.listSources(app.db, scope, { ...query, before, limit: limit + 1 })
  const page = toPage(rows, limit)
  return { data: page.data.map(toSource), next_cursor: page.next_cursor }
}

export async function listObservations(app: AppContext, scope: Scope, filter: repo.ObservationFilter = {}) {
  return repo.listObservations(app.db, scope, filter)
}

/** Only the named fields of the observations `listObservations` would return (cheaper for long reads). */
export async function listObservationFields<K extends keyof repo.ObservationRow>(
  app: AppContext,
  scope: Scope,
  filter: repo.ObservationFilter,
  fields: readonly K[],
) {
  return repo.listObservationFields(app.db, scope, filter, fields)
}

/** Which of these source ids have been deleted (analyses name them as withdrawn). */
export async function deletedSourceIds(app: AppContext, scope: Scope, ids: string[]): Promise<string[]> {
  return repo.deletedSourceIds(app.db, scope, ids)
}

const text = (v: unknown) => (typeof v === 'string' ? v : null)

/** An observation as GET /sources/{id}/observations shows it: what was read, from where, and how. */
export function toSourceObservation(row: repo.ObservationRow): SourceObservation {
  const d = row.details ?? {}
  const warnings = Array.isArray(d.warnings)
    ? (d.warnings as { code: string; message: string }[]).map((w) => ({ code: w.code, message: w.message }))
    : []
  return {
    id: row.id,
    source_id: row.source_id,
    modality: row.modality,
    code: row.code,
    original_name: row.original_name,
    original_text: text(d.original_text),
    source_ref: row.source_ref,
    observed_at: row.observed_at,
    original_value: row.original_value,
    original_unit: row.original_unit,
    value: row.value,
    value_text: row.value_text,
    unit: row.unit,
    comparator: row.comparator,
    lab_flag: row.lab_flag,
    flag: text(d.flag),
    specimen: row.specimen,
    reference_low: row.reference_low,
    reference_high: row.reference_high,
    reference_text: text(d.reference_text),
    warnings,
  }
}

/** GET /sources/{id}/observations: the observations a source produced, in file order, paged. */
export async function listSourceObservations(
  app: AppContext,
  scope: Scope,
  id: string,
  query: { limit?: number; cursor?: string },
) {
  await getSource(app, scope, id)
  const { limit, before: after } = readPage(query)
  const rows = await repo.pageSourceObservations(app.db, scope, id, { after, limit: limit + 1 })
  const page = toPage(rows, limit)
  return { data: page.data.map(toSourceObservation), next_cursor: page.next_cursor }
}

/** Tombstone a source and remove its observations; null when no live source matches. */
export async function removeSource(app: AppContext, scope: Scope, id: string, now: string) {
  return repo.deleteSource(app.db, scope, id, now)
}
