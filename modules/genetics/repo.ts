// Queries of the genetics module: the only code that touches its tables. Every function takes the
// caller's scope first and filters by it, except the upload-URL lookup, which the URL's own token
// authorizes, and the two lookups of the expiry sweep, which is the service's own housekeeping (the
// scope then comes from the row found).

import { and, asc, count, desc, eq, gt, inArray, lt, lte, type SQL, sum } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { ancestryResults, geneticFindings, geneticsJobs, geneticsUploads } from './tables'

export type UploadRow = typeof geneticsUploads.$inferSelect
export type JobRow = typeof geneticsJobs.$inferSelect
export type FindingRow = typeof geneticFindings.$inferSelect
export type AncestryRow = typeof ancestryResults.$inferSelect

const uploadInScope = (scope: Scope) =>
  and(eq(geneticsUploads.organization_id, scope.organization_id), eq(geneticsUploads.user_id, scope.user_id))
const jobInScope = (scope: Scope) =>
  and(eq(geneticsJobs.organization_id, scope.organization_id), eq(geneticsJobs.user_id, scope.user_id))

export async function insertUpload(
  db: Database,
  row: typeof geneticsUploads.$inferInsert,
): Promise<UploadRow> {
  const [inserted] = await db.insert(geneticsUploads).values(row).returning()
  return inserted
}

/** How many of the caller's sessions are still open (pending, not yet expired) and their declared bytes. */
export async function openUploadTotals(
  db: Database,
  scope: Scope,
  now: string,
): Promise<{ sessions: number; bytes: number }> {
  const [row] = await db
    .select({ sessions: count(), bytes: sum(geneticsUploads.size_bytes) })
    .from(geneticsUploads)
    .where(
      and(uploadInScope(scope), eq(geneticsUploads.state, 'pending'), gt(geneticsUploads.expires_at, now)),
    )
  return { sessions: row?.sessions ?? 0, bytes: Number(row?.bytes ?? 0) }
}

export async function findUpload(db: Database, scope: Scope, id: string): Promise<UploadRow | undefined> {
  return db.query.geneticsUploads.findFirst({ where: and(uploadInScope(scope), eq(geneticsUploads.id, id)) })
}

/** The upload an upload URL points at, if its token matches (the URL is the credential). */
export async function findUploadByToken(
  db: Database,
  id: string,
  tokenHash: string,
): Promise<UploadRow | undefined> {
  return db.query.geneticsUploads.findFirst({
    where: and(eq(geneticsUploads.id, id), eq(geneticsUploads.token_hash, tokenHash)),
  })
}

/** Sessions still pending past their expiry, oldest first (the expiry sweep; every scope). */
export async function listOverdueUploads(db: Database, now: string, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(geneticsUploads)
    .where(and(eq(geneticsUploads.state, 'pending'), lte(geneticsUploads.expires_at, now)))
    .orderBy(asc(geneticsUploads.expires_at))
    .limit(limit)
}

/** The session an S3 multipart upload belongs to, if one still holds it open (the orphan sweep). */
export async function findUploadByMultipartId(
  db: Database,
  multipartUploadId: string,
): Promise<UploadRow | undefined> {
  return db.query.geneticsUploads.findFirst({
    where: eq(geneticsUploads.multipart_upload_id, multipartUploadId),
  })
}

export async function updateUpload(
  db: Database,
  scope: Scope,
  id: string,
  patch: Partial<UploadRow>,
  onlyIfState?: UploadRow['state'],
): Promise<UploadRow | undefined> {
  const conditions = [uploadInScope(scope), eq(geneticsUploads.id, id)]
  if (onlyIfState) conditions.push(eq(geneticsUploads.state, onlyIfState))
  const [row] = await db
    .update(geneticsUploads)
    .set(patch)
    .where(and(...conditions))
    .returning()
  return row
}

/**
 * Work a workspace has waiting for the analysis workers: jobs queued or running, plus upload sessions
 * still open (each becomes a job when completed). The plan's queued-WGS-job quota counts these.
 */
export async function countWaitingWork(db: Database, scope: Scope, now: string): Promise<number> {
  const jobs = await db
    .select({ id: geneticsJobs.id })
    .from(geneticsJobs)
    .where(
      and(
        eq(geneticsJobs.organization_id, scope.organization_id),
        inArray(geneticsJobs.state, ['queued', 'running']),
      ),
    )
  const sessions = await db
    .select({ id: geneticsUploads.id })
    .from(geneticsUploads)
    .where(
      and(
        eq(geneticsUploads.organization_id, scope.organization_id),
        eq(geneticsUploads.state, 'pending'),
        gt(geneticsUploads.expires_at, now),
      ),
    )
  return jobs.length + sessions.length
}

export async function insertJob(db: Database, row: typeof geneticsJobs.$inferInsert): Promise<JobRow> {
  const [inserted] = await db.insert(geneticsJobs).values(row).returning()
  return inserted
}

export async function findJob(db: Database, scope: Scope, id: string): Promise<JobRow | undefined> {
  return db.query.geneticsJobs.findFirst({ where: and(jobInScope(scope), eq(geneticsJobs.id, id)) })
}

export async function listJobs(
  db: Database,
  scope: Scope,
  filter: { state?: JobRow['state']; before?: string | null; limit: number },
): Promise<JobRow[]> {
  const conditions: (SQL | undefined)[] = [jobInScope(scope)]
  if (filter.state) conditions.push(eq(geneticsJobs.state, filter.state))
  if (filter.before) conditions.push(lt(geneticsJobs.id, filter.before))
  return db
    .select()
    .from(geneticsJobs)
    .where(and(...conditions))
    .orderBy(desc(geneticsJobs.id))
    .limit(filter.limit)
}

/** Update a job; with `onlyIfStates` the update happens only from those states (returns undefined otherwise). */
export async function updateJob(
  db: Database,
  scope: Scope,
  id: string,
  patch: Partial<JobRow>,
  onlyIfStates?: JobRow['state'][],
): Promise<JobRow | undefined> {
  const conditions = [jobInScope(scope), eq(geneticsJobs.id, id)]
  if (onlyIfStates) conditions.push(inArray(geneticsJobs.state, onlyIfStates))
  const [row] = await db
    .update(geneticsJobs)
    .set(patch)
    .where(and(...conditions))
    .returning()
  return row
}

/** Replace a source's findings in one transaction: a retried job rewrites the same set, never adds to it. */
export async function replaceFindings(
  db: Database,
  scope: Scope,
  sourceId: string,
  rows: (typeof geneticFindings.$inferInsert)[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(geneticFindings)
      .where(
        and(
          eq(geneticFindings.organization_id, scope.organization_id),
          eq(geneticFindings.user_id, scope.user_id),
          eq(geneticFindings.source_id, sourceId),
        ),
      )
    for (let i = 0; i < rows.length; i += 200) await tx.insert(geneticFindings).values(rows.slice(i, i + 200))
  })
}

export async function listFindings(
  db: Database,
  scope: Scope,
  filter: { sourceIds?: string[]; genes?: string[]; rsids?: string[] },
  page?: { before: string | null; limit: number },
): Promise<FindingRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(geneticFindings.organization_id, scope.organization_id),
    eq(geneticFindings.user_id, scope.user_id),
  ]
  if (filter.sourceIds) conditions.push(inArray(geneticFindings.source_id, filter.sourceIds))
  if (filter.genes) conditions.push(inArray(geneticFindings.gene, filter.genes))
  if (filter.rsids) conditions.push(inArray(geneticFindings.rsid, filter.rsids))
  if (page?.before) conditions.push(lt(geneticFindings.id, page.before))
  const query = db
    .select()
    .from(geneticFindings)
    .where(and(...conditions))
  // Pages go newest first by id (ids are time-ordered); the whole list by source, then catalog entry.
  if (page) return query.orderBy(desc(geneticFindings.id)).limit(page.limit)
  return query.orderBy(desc(geneticFindings.source_id), geneticFindings.entry_id)
}

/** Store (or replace) the ancestry result of a source; one row per source. */
export async function upsertAncestry(
  db: Database,
  scope: Scope,
  row: Omit<typeof ancestryResults.$inferInsert, 'organization_id' | 'user_id'>,
): Promise<AncestryRow> {
  const [stored] = await db
    .insert(ancestryResults)
    .values({ ...row, ...scope })
    .onConflictDoUpdate({
      target: ancestryResults.source_id,
      set: { result: row.result, requested_at: row.requested_at ?? null },
      setWhere: and(
        eq(ancestryResults.organization_id, scope.organization_id),
        eq(ancestryResults.user_id, scope.user_id),
      ),
    })
    .returning()
  return stored
}

export async function findAncestry(
  db: Database,
  scope: Scope,
  sourceId: string,
): Promise<AncestryRow | undefined> {
  return db.query.ancestryResults.findFirst({
    where: and(
      eq(ancestryResults.organization_id, scope.organization_id),
      eq(ancestryResults.user_id, scope.user_id),
      eq(ancestryResults.source_id, sourceId),
    ),
  })
}

export async function markAncestryRequested(
  db: Database,
  scope: Scope,
  id: string,
  at: string,
): Promise<AncestryRow | undefined> {
  const [row] = await db
    .update(ancestryResults)
    .set({ requested_at: at })
    .where(
      and(
        eq(ancestryResults.organization_id, scope.organization_id),
        eq(ancestryResults.user_id, scope.user_id),
        eq(ancestryResults.id, id),
      ),
    )
    .returning()
  return row
}

/**
 * Remove what a genetics source produced (findings, ancestry) in one transaction; returns the blob
 * keys of the uploads that became the source, for the caller to delete from storage.
 */
export async function deleteSourceData(db: Database, scope: Scope, sourceId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const own = (table: typeof geneticFindings | typeof ancestryResults) =>
      and(
        eq(table.organization_id, scope.organization_id),
        eq(table.user_id, scope.user_id),
        eq(table.source_id, sourceId),
      )
    await tx.delete(geneticFindings).where(own(geneticFindings))
    await tx.delete(ancestryResults).where(own(ancestryResults))
    const jobs = await tx
      .select({ upload_id: geneticsJobs.upload_id })
      .from(geneticsJobs)
      .where(
        and(
          eq(geneticsJobs.organization_id, scope.organization_id),
          eq(geneticsJobs.user_id, scope.user_id),
          eq(geneticsJobs.source_id, sourceId),
        ),
      )
    if (jobs.length === 0) return []
    const uploads = await tx
      .select({ blob_key: geneticsUploads.blob_key })
      .from(geneticsUploads)
      .where(
        inArray(
          geneticsUploads.id,
          jobs.map((j) => j.upload_id),
        ),
      )
    return uploads.map((u) => u.blob_key)
  })
}
