// Queries of the sources module: the only code that touches the sources and observations tables.
// Every function takes the caller's scope first and filters by it.

import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { observations, sources } from './tables'

export type SourceRow = typeof sources.$inferSelect
export type NewSource = typeof sources.$inferInsert
export type ObservationRow = typeof observations.$inferSelect
export type NewObservation = typeof observations.$inferInsert

const inScope = (scope: Scope) =>
  and(
    eq(sources.organization_id, scope.organization_id),
    eq(sources.user_id, scope.user_id),
    isNull(sources.deleted_at),
  )

/** Insert a source and its observations in one transaction: a source never exists half-written. */
export async function insertSourceWithObservations(
  db: Database,
  source: NewSource,
  rows: NewObservation[],
): Promise<SourceRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(sources).values(source).returning()
    for (let i = 0; i < rows.length; i += 500) await tx.insert(observations).values(rows.slice(i, i + 500))
    return inserted
  })
}

export async function findSource(db: Database, scope: Scope, id: string): Promise<SourceRow | undefined> {
  return db.query.sources.findFirst({ where: and(inScope(scope), eq(sources.id, id)) })
}

export async function listSources(
  db: Database,
  scope: Scope,
  filter: { modality?: SourceRow['modality']; since?: string; before?: string | null; limit: number },
): Promise<SourceRow[]> {
  const conditions: (SQL | undefined)[] = [inScope(scope)]
  if (filter.modality) conditions.push(eq(sources.modality, filter.modality))
  if (filter.since) conditions.push(gte(sources.created_at, filter.since))
  if (filter.before) conditions.push(lt(sources.id, filter.before))
  return db
    .select()
    .from(sources)
    .where(and(...conditions))
    .orderBy(desc(sources.id))
    .limit(filter.limit)
}

export interface ObservationFilter {
  codes?: string[]
  modality?: ObservationRow['modality']
  sourceIds?: string[]
  from?: string
  to?: string
}

/** Observations of live (not deleted) sources in scope, oldest first. */
export async function listObservations(
  db: Database,
  scope: Scope,
  filter: ObservationFilter = {},
): Promise<ObservationRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(observations.organization_id, scope.organization_id),
    eq(observations.user_id, scope.user_id),
    isNull(sources.deleted_at),
  ]
  if (filter.codes) conditions.push(inArray(observations.code, filter.codes))
  if (filter.modality) conditions.push(eq(observations.modality, filter.modality))
  if (filter.sourceIds) conditions.push(inArray(observations.source_id, filter.sourceIds))
  if (filter.from) conditions.push(gte(observations.observed_at, filter.from))
  if (filter.to) conditions.push(lte(observations.observed_at, filter.to))
  const rows = await db
    .select({ observation: observations })
    .from(observations)
    .innerJoin(sources, eq(sources.id, observations.source_id))
    .where(and(...conditions))
    .orderBy(asc(observations.observed_at), asc(observations.id))
  return rows.map((r) => r.observation)
}

/** One page of a source's observations in file order (ids increase as rows are written). */
export async function pageSourceObservations(
  db: Database,
  scope: Scope,
  sourceId: string,
  page: { after: string | null; limit: number },
): Promise<ObservationRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(observations.organization_id, scope.organization_id),
    eq(observations.user_id, scope.user_id),
    eq(observations.source_id, sourceId),
  ]
  if (page.after) conditions.push(gt(observations.id, page.after))
  return db
    .select()
    .from(observations)
    .where(and(...conditions))
    .orderBy(asc(observations.id))
    .limit(page.limit)
}

/**
 * Delete one source: its observations are removed and the source row is tombstoned (so ids that
 * analyses cite stay resolvable as deleted), in one transaction. Null when no live source matches.
 */
export async function deleteSource(
  db: Database,
  scope: Scope,
  id: string,
  now: string,
): Promise<{ observations: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sources)
      .set({ deleted_at: now })
      .where(and(inScope(scope), eq(sources.id, id)))
      .returning({ id: sources.id })
    if (!row) return null
    const removed = await tx
      .delete(observations)
      .where(
        and(
          eq(observations.organization_id, scope.organization_id),
          eq(observations.user_id, scope.user_id),
          eq(observations.source_id, id),
        ),
      )
      .returning({ id: observations.id })
    return { observations: removed.length }
  })
}

/** Which of these source ids are deleted (tombstoned) in scope. */
export async function deletedSourceIds(db: Database, scope: Scope, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: sources.id, deleted_at: sources.deleted_at })
    .from(sources)
    .where(
      and(
        eq(sources.organization_id, scope.organization_id),
        eq(sources.user_id, scope.user_id),
        inArray(sources.id, ids),
      ),
    )
  return rows.filter((r) => r.deleted_at !== null).map((r) => r.id)
}

/** Tombstone every source of a user (privacy deletion); observations go with them. */
export async function tombstoneSources(db: Database, scope: Scope, now: string): Promise<number> {
  const rows = await db
    .update(sources)
    .set({ deleted_at: now })
    .where(inScope(scope))
    .returning({ id: sources.id })
  return rows.length
}
