// Catalog findings of genetics sources: stored once per (source, catalog entry) when an analysis
// finishes, and read back within the caller's scope (by HTTP, MCP, and by analyses that need genotype
// context such as APOE beside LDL/ApoB).

import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import { readPage, toPage } from '../shared/pagination'
import type { Scope } from '../shared/principal'
import { findSources } from '../sources/service'
import { findingNotice, poorlyCalledWarning } from './finding-notice'
import type { GeneticFinding } from './model'
import * as repo from './repo'

/** A carrier finding as the genetics core reports it (CompactFinding), reduced to what we store. */
export interface FindingInput {
  entryId: string
  rsid: string | null
  gene: string | null
  label: string
  category: 'pharmacogenomic' | 'clinical' | 'trait'
  observedGenotype: string
  zygosity: 'het' | 'hom_alt' | 'hemizygous'
  altCopies: number
  interpretation: string
  evidence: { level: 'strong' | 'moderate' | 'limited'; summary: string }
  citations: { kind: string; id: string; title?: string }[]
  matchedBy: string
  filter: string | null
  /** Set when the genotype was imputed (estimated from a reference panel), null when measured or unknown. */
  imputation?: { imputed: true; r2: number | null } | null
  /** The sequencing call's GQ, depth and ALT read share with what falls short; null or absent when none. */
  callQuality?: {
    gq: number | null
    depth: number | null
    altFraction: number | null
    concerns: ('low_gq' | 'low_depth' | 'allele_balance')[]
  } | null
}

export interface FindingFilter {
  sourceIds?: string[]
  genes?: string[]
  rsids?: string[]
}

/**
 * Which of these findings' sources come from a chip sample that read poorly (their LOW_CALL_RATE
 * warning): each finding of theirs says so in its notice, since a finding is read alone (an agent, a card).
 */
async function poorlyCalledSources(
  app: AppContext,
  scope: Scope,
  rows: repo.FindingRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set()
  const sources = await findSources(
    app,
    scope,
    rows.map((r) => r.source_id),
  )
  return new Set(sources.filter((s) => poorlyCalledWarning(s) !== undefined).map((s) => s.id))
}

export function toFinding(row: repo.FindingRow, poorlyCalledSample = false): GeneticFinding {
  return {
    id: row.id,
    source_id: row.source_id,
    entry_id: row.entry_id,
    rsid: row.rsid,
    gene: row.gene,
    label: row.label,
    category: row.category,
    genotype: row.genotype,
    zygosity: row.zygosity,
    alt_copies: row.alt_copies,
    interpretation: row.interpretation,
    evidence_level: row.evidence_level,
    evidence_summary: row.evidence_summary,
    notice: findingNotice(row.category, row.imputed, row.call_quality, poorlyCalledSample),
    citations: row.citations,
    matched_by: row.matched_by,
    filter: row.filter,
    sample: row.sample,
    imputed: row.imputed,
    imputation_r2: row.imputed ? row.imputation_r2 : null,
    call_quality: row.call_quality ?? null,
    created_at: row.created_at,
  }
}

/** The caller's genetic findings, optionally only of some sources, genes or rsIDs. */
export async function listGeneticFindings(
  app: AppContext,
  scope: Scope,
  filter: FindingFilter = {},
): Promise<GeneticFinding[]> {
  const empty = (list?: string[]) => list !== undefined && list.length === 0
  if (empty(filter.sourceIds) || empty(filter.genes) || empty(filter.rsids)) return []
  const rows = await repo.listFindings(app.db, scope, filter)
  const poorlyCalled = await poorlyCalledSources(app, scope, rows)
  return rows.map((row) => toFinding(row, poorlyCalled.has(row.source_id)))
}

/** One page of findings, newest first, with the shared cursor/limit convention. */
export async function listGeneticFindingsPage(
  app: AppContext,
  scope: Scope,
  filter: FindingFilter,
  page: { limit?: number; cursor?: string },
): Promise<{ data: GeneticFinding[]; next_cursor: string | null }> {
  const { limit, before } = readPage(page)
  const empty = (list?: string[]) => list !== undefined && list.length === 0
  if (empty(filter.sourceIds) || empty(filter.genes) || empty(filter.rsids))
    return { data: [], next_cursor: null }
  const rows = await repo.listFindings(app.db, scope, filter, { before, limit: limit + 1 })
  const cut = toPage(rows, limit)
  const poorlyCalled = await poorlyCalledSources(app, scope, cut.data)
  return {
    data: cut.data.map((row) => toFinding(row, poorlyCalled.has(row.source_id))),
    next_cursor: cut.next_cursor,
  }
}

/** Write a source's findings; idempotent, so a retried job leaves the same set. */
export async function storeFindings(
  app: AppContext,
  scope: Scope,
  sourceId: string,
  findings: FindingInput[],
  /** The VCF sample the genotypes are of; null for a consumer file. */
  sample: string | null = null,
): Promise<void> {
  const now = app.clock.now()
  await repo.replaceFindings(
    app.db,
    scope,
    sourceId,
    findings.map((f) => ({
      id: newId('gf', now.getTime()),
      ...scope,
      source_id: sourceId,
      entry_id: f.entryId,
      rsid: f.rsid,
      gene: f.gene,
      label: f.label,
      category: f.category,
      genotype: f.observedGenotype,
      zygosity: f.zygosity,
      alt_copies: f.altCopies,
      interpretation: f.interpretation,
      evidence_level: f.evidence.level,
      evidence_summary: f.evidence.summary,
      citations: f.citations.map((c) => ({ kind: c.kind, id: c.id, ...(c.title ? { title: c.title } : {}) })),
      matched_by: f.matchedBy,
      filter: f.filter,
      sample,
      imputed: f.imputation?.imputed === true,
      imputation_r2: f.imputation?.imputed === true ? f.imputation.r2 : null,
      call_quality: f.callQuality
        ? {
            gq: f.callQuality.gq,
            depth: f.callQuality.depth,
            alt_fraction: f.callQuality.altFraction,
            concerns: f.callQuality.concerns,
          }
        : null,
      created_at: now.toISOString(),
    })),
  )
}
