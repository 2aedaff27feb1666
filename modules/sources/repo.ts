// Queries of the sources module: the only code that touches the sources and observations tables.
// Every function takes the caller's scope first and filters by it.

import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { cachedRead, type Database, executeRaw } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
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

/** Rows per INSERT: each statement is built and run in a few milliseconds, then other requests get a turn. */
const INSERT_BATCH = 250

const otherRequestsTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Insert a source and its observations so that a source never exists half-written: the observations go
 * in first, in short batches with other requests served between them (one long transaction would hold
 * the event loop and the write lock for seconds), and the source row last. Every read joins observations
 * to a live source, so rows whose source is not yet written are invisible; if a batch fails, the rows
 * already written are removed. Rows are built batch by batch (`rowsAt(from, to)`), never all at once.
 */
export async function insertSourceWithObservations(
  db: Database,
  source: NewSource,
  count: number,
  rowsAt: (from: number, to: number) => NewObservation[],
): Promise<SourceRow> {
  try {
    for (let i = 0; i < count; i += INSERT_BATCH) {
      await db.insert(observations).values(rowsAt(i, Math.min(count, i + INSERT_BATCH)))
      await otherRequestsTurn()
    }
    const [inserted] = await db.insert(sources).values(source).returning()
    return inserted
  } catch (error) {
    await db
      .delete(observations)
      .where(eq(observations.source_id, source.id))
      .catch(() => {})
    throw error
  }
}

/**
 * Remove observations whose source row was never written (a process that died mid-import), minted
 * before `beforeId` so that an import still running elsewhere is left alone. Returns how many went.
 */
export async function deleteUnfinishedObservations(
  db: Database,
  beforeId: string,
  batch = 1000,
): Promise<number> {
  let removed = 0
  for (;;) {
    // Raw, because the two drivers report affected rows differently; executeRaw speaks for both.
    const result = await executeRaw(
      db,
      `delete from observations where rowid in (
         select o.rowid from observations o
          where o.id < ?
            and not exists (select 1 from sources s where s.id = o.source_id)
          limit ?)`,
      [beforeId, batch],
    )
    removed += result.changes
    if (result.changes < batch) return removed
    await otherRequestsTurn()
  }
}

/** Observations held by the user's live sources (the per-user cap counts these), from each source's count. */
export async function countLiveObservations(db: Database, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sum(sources.observation_count) })
    .from(sources)
    .where(inScope(scope))
  return Number(row?.n ?? 0)
}

export async function findSource(db: Database, scope: Scope, id: string): Promise<SourceRow | undefined> {
  return db.query.sources.findFirst({ where: and(inScope(scope), eq(sources.id, id)) })
}

/**
 * The list query, prepared once per database: it runs on every `GET /sources` and MCP `list_sources`,
 * and building the SQL cost more than running it. Optional filters are placeholders that may be null.
 */
const listQuery = preparedPerDatabase((db) => {
  const modality = sql.placeholder('modality')
  const since = sql.placeholder('since')
  const before = sql.placeholder('before')
  return db
    .select()
    .from(sources)
    .where(
      and(
        eq(sources.organization_id, sql.placeholder('organizationId')),
        eq(sources.user_id, sql.placeholder('userId')),
        isNull(sources.deleted_at),
        sql`(${modality} is null or ${sources.modality} = ${modality})`,
        sql`(${since} is null or ${sources.created_at} >= ${since})`,
        sql`(${before} is null or ${sources.id} < ${before})`,
      ),
    )
    .orderBy(desc(sources.id))
    .limit(sql.placeholder('limit'))
    .prepare()
})

export async function listSources(
  db: Database,
  scope: Scope,
  filter: { modality?: SourceRow['modality']; since?: string; before?: string | null; limit: number },
): Promise<SourceRow[]> {
  const params = {
    organizationId: scope.organization_id,
    userId: scope.user_id,
    modality: filter.modality ?? null,
    since: filter.since ?? null,
    before: filter.before ?? null,
    limit: filter.limit,
  }
  // Reused until the next commit anywhere: an import or a deletion is listed (or gone) at once.
  return cachedRead(db, `sources\u0000${JSON.stringify(params)}`, () => listQuery(db).execute(params))
}

export interface ObservationFilter {
  codes?: string[]
  modality?: ObservationRow['modality']
  sourceIds?: string[]
  from?: string
  to?: string
  /** Only results with a numeric value. */
  numeric?: boolean
  /**
   * Read only the newest this many (still handed back oldest first): a bounded window for readers that
   * must not load every observation a user holds.
   */
  newest?: number
}

/** Observations of live (not deleted) sources in scope, oldest first. */
export async function listObservations(
  db: Database,
  scope: Scope,
  filter: ObservationFilter = {},
): Promise<ObservationRow[]> {
  return listObservationFields(db, scope, filter, ALL_FIELDS)
}

const ALL_FIELDS = Object.keys(getTableColumns(observations)) as (keyof ObservationRow)[]

/**
 * Only the named fields of the observations `listObservations` would return. Bounded readers that go
 * through thousands of rows read what they use: mapping every column (details is JSON) costs several
 * times more than reading a few.
 */
export async function listObservationFields<K extends keyof ObservationRow>(
  db: Database,
  scope: Scope,
  filter: ObservationFilter,
  fields: readonly K[],
): Promise<Pick<ObservationRow, K>[]> {
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
  if (filter.numeric) conditions.push(isNotNull(observations.value))
  // Typed by the signature: drizzle cannot follow a column set built from a list of names.
  const columns = Object.fromEntries(fields.map((f) => [f, observations[f]])) as Record<
    string,
    AnySQLiteColumn
  >
  const query = db
    .select(columns)
    .from(observations)
    .innerJoin(sources, eq(sources.id, observations.source_id))
    .where(and(...conditions))
  if (filter.newest === undefined)
    return (await query.orderBy(asc(observations.observed_at), asc(observations.id))) as unknown as Pick<
      ObservationRow,
      K
    >[]
  const rows = await query.orderBy(desc(observations.observed_at), desc(observations.id)).limit(filter.newest)
  return (rows as unknown as Pick<ObservationRow, K>[]).reverse()
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

/** The deleted sources among a JSON array of ids, in scope: one statement whatever the number of ids. */
const deletedAmong = preparedPerDatabase((db) =>
  db
    .select({ id: sources.id })
    .from(sources)
    .where(
      and(
        eq(sources.organization_id, sql.placeholder('organizationId')),
        eq(sources.user_id, sql.placeholder('userId')),
        sql`${sources.id} in (select value from json_each(${sql.placeholder('ids')}))`,
        isNotNull(sources.deleted_at),
      ),
    )
    .prepare(),
)

/** Which of these source ids are deleted (tombstoned) in scope. */
export async function deletedSourceIds(db: Database, scope: Scope, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const params = { organizationId: scope.organization_id, userId: scope.user_id, ids: JSON.stringify(ids) }
  // Read with every GET of an analysis; a deletion is a commit, so it shows on the very next read.
  return cachedRead(
    db,
    `deleted-sources\u0000${params.organizationId}\u0000${params.userId}\u0000${params.ids}`,
    async () => (await deletedAmong(db).execute(params)).map((r) => r.id),
  )
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
