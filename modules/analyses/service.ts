// Analyses: run the engine over the caller's data (all of it, or the named sources), store the result,
// and read analyses back within the caller's scope. Other modules (dashboards, MCP) call these.

import { analysisProfile } from '../profiles/service'
import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import { readPage, toPage } from '../shared/pagination'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { deletedSourceIds } from '../sources/service'
import { catalogs } from './catalogs'
import { type AnalysisBody, runAnalysis } from './engine'
import { gatherInputs, resolveSources } from './gather-inputs'
import type { AnalysisInputs, AnalysisOptions } from './inputs'
import type { Analysis, AnalysisCreateBody, AnalysisListItem, WearableAnalyzeBody } from './model'
import * as repo from './repo'

function optionsOf(body: {
  baseline_days?: number
  recent_days?: number
  profile?: AnalysisOptions['profile']
}): AnalysisOptions {
  return {
    profile: body.profile && Object.keys(body.profile).length > 0 ? body.profile : null,
    baselineDays: body.baseline_days ?? 28,
    recentDays: body.recent_days ?? 7,
  }
}

function noData(detail: string): ProblemError {
  return new ProblemError('validation', detail, {
    extra: { errors: [{ in: 'body', path: '/source_ids', message: detail }] },
  })
}

export function toAnalysis(row: repo.AnalysisRow): Analysis {
  const body = row.result as unknown as AnalysisBody
  return {
    id: row.id,
    analysis_id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    created_at: row.created_at,
    ...body,
    // Analyses stored before the urgent tier existed have no such field.
    urgent: body.urgent ?? null,
    recovery: body.recovery ?? null,
    // Nor did highlights carry imputation, FILTER and call quality before: such an analysis is shown as it was made.
    genetics: (body.genetics ?? []).map((g) => ({
      ...g,
      imputed: g.imputed ?? false,
      imputation_r2: g.imputation_r2 ?? null,
      filter: g.filter ?? null,
      call_quality: g.call_quality ?? null,
    })),
  }
}

async function store(app: AppContext, scope: Scope, body: AnalysisBody): Promise<Analysis> {
  const now = app.clock.now()
  const row: repo.AnalysisRow = {
    id: newId('an', now.getTime()),
    ...scope,
    kind: body.kind,
    source_ids: body.input.source_ids,
    result: body as unknown as Record<string, unknown>,
    created_at: now.toISOString(),
  }
  await repo.insertAnalysis(app.db, row)
  app.log.info('analyses.created', { analysis_id: row.id, kind: row.kind, sources: row.source_ids.length })
  return toAnalysis(row)
}

const hasData = (inputs: AnalysisInputs) =>
  inputs.observations.length > 0 ||
  inputs.wearables.some((s) => s.values.length > 0) ||
  inputs.findings.length > 0

/** POST /analyses: multimodal over the named sources or all of the caller's data. */
export async function createAnalysis(
  app: AppContext,
  scope: Scope,
  body: AnalysisCreateBody,
): Promise<Analysis> {
  const sources = await resolveSources(app, scope, body.source_ids)
  const inputs = await gatherInputs(app, scope, sources)
  if (
    inputs.sources.length === 0 ||
    (!hasData(inputs) && !inputs.sources.some((s) => s.modality === 'genetics'))
  )
    throw noData('There is no data to analyse: import lab results, wearable data or a genotype file first.')
  // Sex and age the request leaves out come from the stored profile (set by the user or read from data).
  const stored = await analysisProfile(app, scope)
  const profile = stored || body.profile ? { ...stored, ...body.profile } : undefined
  return store(app, scope, runAnalysis('multimodal', inputs, catalogs, optionsOf({ ...body, profile })))
}

/** POST /wearables/analyze: baselines and deviations of wearable metrics. */
export async function createWearableAnalysis(
  app: AppContext,
  scope: Scope,
  body: WearableAnalyzeBody,
): Promise<Analysis> {
  const sources = await resolveSources(app, scope, body.source_ids)
  const inputs = await gatherInputs(app, scope, sources, { wearablesOnly: true, metrics: body.metrics })
  if (!inputs.wearables.some((s) => s.values.length > 0))
    throw noData(
      body.metrics
        ? `There are no daily values of ${body.metrics.join(', ')} in the chosen wearable sources.`
        : 'There is no wearable data to analyse: import or sync a wearable export first.',
    )
  inputs.sources = inputs.sources.filter((s) => s.modality === 'wearables')
  return store(app, scope, runAnalysis('wearables', inputs, catalogs, optionsOf({ ...body, profile: null })))
}

export async function getAnalysis(app: AppContext, scope: Scope, id: string): Promise<Analysis> {
  const row = await repo.findAnalysis(app.db, scope, id)
  if (!row) throw notFound(`Analysis ${id}`)
  // A source deleted since (DELETE /sources/{id}) is named, so findings citing it are read as withdrawn.
  const deleted = await deletedSourceIds(app, scope, row.source_ids)
  return deleted.length > 0 ? { ...toAnalysis(row), deleted_sources: deleted } : toAnalysis(row)
}

/** Analyses that read a source (for DELETE /sources/{id} to report). */
export async function analysesCitingSource(
  app: AppContext,
  scope: Scope,
  sourceId: string,
): Promise<string[]> {
  return repo.analysesCitingSource(app.db, scope, sourceId)
}

export async function listAnalyses(
  app: AppContext,
  scope: Scope,
  query: { kind?: Analysis['kind']; limit?: number; cursor?: string },
): Promise<{ data: AnalysisListItem[]; next_cursor: string | null }> {
  const { limit, before } = readPage(query)
  const rows = await repo.listAnalyses(app.db, scope, { kind: query.kind, before, limit: limit + 1 })
  const page = toPage(rows, limit)
  return {
    data: page.data.map((row) => {
      const a = toAnalysis(row)
      return {
        id: a.id,
        analysis_id: a.id,
        kind: a.kind,
        created_at: a.created_at,
        source_ids: a.input.source_ids,
        summary: a.summary,
      }
    }),
    next_cursor: page.next_cursor,
  }
}
