// Gathers what an analysis reads from the other modules, through their services only: the caller's
// sources (all, or the ones named), their observations, deduplicated daily wearable series, genetic
// findings and the APOE genotype of each genetics source.

import { listGeneticFindings } from '../genetics/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { notFound } from '../shared/problem'
import type { Source } from '../sources/model'
import { getSource, listObservationFields, listSources } from '../sources/service'
import { wearableMetricByCode } from '../wearables/service'
import { apoeOfSource } from './apoe'
import { loadDailySeries } from './daily-series'
import type { AnalysisInputs, GeneticFindingInput, ObservationInput, SourceInput } from './inputs'
import { MAX_ANALYSIS_OBSERVATIONS, type WindowCut, windowNote } from './read-window'
import { sourceNotes } from './source-notes'

const MAX_SOURCES = 1000

/** The fields of an observation the engine reads (inputs.ts), and no more: a long window stays cheap. */
const OBSERVATION_FIELDS = [
  'id',
  'source_id',
  'modality',
  'code',
  'original_name',
  'value',
  'value_text',
  'unit',
  'observed_at',
  'observed_end',
  'reference_low',
  'reference_high',
  'comparator',
  'lab_flag',
  'source_ref',
] as const satisfies readonly (keyof ObservationInput)[]

const toSourceInput = (s: Source): SourceInput => ({
  id: s.id,
  modality: s.modality,
  format: s.format,
  provider: s.provider,
  created_at: s.created_at,
})

/** The named sources (404 for any the caller cannot see), or every source of the caller. */
export async function resolveSources(app: AppContext, scope: Scope, sourceIds?: string[]): Promise<Source[]> {
  if (sourceIds) {
    const found: Source[] = []
    for (const id of sourceIds)
      found.push(await getSource(app, scope, id).catch(() => Promise.reject(notFound(`Source ${id}`))))
    return found
  }
  const all: Source[] = []
  let cursor: string | undefined
  do {
    const page = await listSources(app, scope, { limit: 100, cursor })
    all.push(...page.data)
    cursor = page.next_cursor ?? undefined
  } while (cursor && all.length < MAX_SOURCES)
  return all
}

export async function gatherInputs(
  app: AppContext,
  scope: Scope,
  sources: Source[],
  options: { wearablesOnly?: boolean; metrics?: string[] } = {},
): Promise<AnalysisInputs> {
  // Oldest first, so the analysis lists its sources in the order the data arrived.
  const chosen = [...sources]
    .filter((s) => !options.wearablesOnly || s.modality === 'wearables' || s.modality === 'behavioral')
    .sort((a, b) => a.id.localeCompare(b.id))
  const ids = chosen.map((s) => s.id)
  const byModality = (m: Source['modality']) => chosen.filter((s) => s.modality === m).map((s) => s.id)
  const seriesSources = options.wearablesOnly
    ? byModality('wearables')
    : [...byModality('wearables'), ...byModality('behavioral')]
  const cuts: WindowCut[] = []
  const series =
    seriesSources.length > 0
      ? await loadDailySeries(app, scope, seriesSources, options.metrics)
      : { series: [], cut: null }
  if (series.cut) cuts.push(series.cut)
  const wearables = series.series
  // Lab results, and behavioral records the metric catalog does not know, are judged one by one: the
  // newest of each modality, up to a bound, so a user's whole history is never loaded at once.
  const observations: ObservationInput[] = []
  for (const modality of options.wearablesOnly ? [] : (['biomarkers', 'behavioral'] as const)) {
    const ids = byModality(modality)
    if (ids.length === 0) continue
    const rows = await listObservationFields(
      app,
      scope,
      { modality, sourceIds: ids, newest: MAX_ANALYSIS_OBSERVATIONS },
      OBSERVATION_FIELDS,
    )
    if (rows.length >= MAX_ANALYSIS_OBSERVATIONS)
      cuts.push({
        what: 'lab and diary results',
        covered_from: rows[0].observed_at,
        max_rows: MAX_ANALYSIS_OBSERVATIONS,
      })
    for (const o of rows)
      if (o.modality === 'biomarkers' || !wearableMetricByCode(o.code)) observations.push(o)
  }
  observations.sort((a, b) =>
    a.observed_at < b.observed_at ? -1 : a.observed_at > b.observed_at ? 1 : a.id < b.id ? -1 : 1,
  )
  const geneticSources = options.wearablesOnly ? [] : byModality('genetics')
  const findings: GeneticFindingInput[] =
    geneticSources.length > 0
      ? (await listGeneticFindings(app, scope, { sourceIds: geneticSources })).map((f) => ({
          id: f.id,
          source_id: f.source_id,
          rsid: f.rsid,
          gene: f.gene,
          label: f.label,
          category: f.category,
          genotype: f.genotype,
          zygosity: f.zygosity,
          alt_copies: f.alt_copies,
          interpretation: f.interpretation,
          evidence: { level: f.evidence_level, summary: f.evidence_summary },
          citations: f.citations,
          // Carried so a highlight, link or APOE genotype never reads an estimate or a filtered call as measured.
          imputed: f.imputed,
          imputation_r2: f.imputation_r2,
          filter: f.filter,
          call_quality: f.call_quality,
        }))
      : []
  const apoe = chosen
    .filter((s) => s.modality === 'genetics')
    .flatMap(
      (s) =>
        apoeOfSource(
          s,
          findings.filter((f) => f.source_id === s.id),
        ) ?? [],
    )
  return {
    sources: chosen.filter((s) => ids.includes(s.id)).map(toSourceInput),
    observations: observations.map((o) => ({
      id: o.id,
      source_id: o.source_id,
      modality: o.modality,
      code: o.code,
      original_name: o.original_name,
      value: o.value,
      value_text: o.value_text,
      unit: o.unit,
      observed_at: o.observed_at,
      observed_end: o.observed_end,
      reference_low: o.reference_low,
      reference_high: o.reference_high,
      comparator: o.comparator,
      lab_flag: o.lab_flag,
      source_ref: o.source_ref,
    })),
    wearables,
    findings,
    apoe,
    window_notes: cuts.map(windowNote),
    source_notes: sourceNotes(chosen),
  }
}
