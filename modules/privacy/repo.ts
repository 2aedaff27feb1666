// The privacy module's database access. Deletion and export do not list other modules' tables: they
// read the live schema (sqlite_master) and treat every table with a user-scoped column as holding the
// user's data, so a table another module adds later is covered without editing this module.

import { eq, sql } from 'drizzle-orm'
import { type Database, executeRaw, type RawResult } from '../../db/client'
import { privacyDeletions, privacyExports } from './tables'

/** Tables that are ours or the migrator's, never the user's data. */
const SYSTEM_TABLES = new Set(['privacy_deletions', '__drizzle_migrations', 'sqlite_sequence'])

/**
 * Columns that name the person a row is about (`user_id`, and any `<role>_user_id`). A workspace's
 * `owner_user_id` is not among them: a workspace goes only when the user owns it alone (its id is then
 * in the subject), since a team workspace holds other people's data too.
 */
const isUserColumn = (column: string) =>
  column === 'user_id' || (column.endsWith('_user_id') && column !== 'owner_user_id')
/**
 * Columns holding credentials or secrets (token hashes, provider access and refresh tokens, however a
 * module names them): never exported.
 */
const SECRET_COLUMN = /hash|secret|password|token|credential|private_key/

export interface TableShape {
  name: string
  columns: string[]
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/** Every application table with its columns, from the database itself. */
export async function listTables(db: Database): Promise<TableShape[]> {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  )
  const shapes: TableShape[] = []
  for (const { name } of tables) {
    if (SYSTEM_TABLES.has(name)) continue
    const columns = await db.all<{ name: string }>(sql.raw(`pragma table_info(${quote(name)})`))
    shapes.push({ name, columns: columns.map((c) => c.name) })
  }
  return shapes
}

/** Who a purge or an export is about: the user, the workspaces they own alone, and their address. */
export interface Subject {
  user_id: string
  organization_ids: string[]
  email: string | null
}

/** The predicate selecting a subject's rows in one table, or null when the table holds nothing of theirs. */
function subjectFilter(table: TableShape, subject: Subject): { where: string; args: string[] } | null {
  const parts: string[] = []
  const args: string[] = []
  for (const column of table.columns) {
    if (isUserColumn(column)) {
      parts.push(`${quote(column)} = ?`)
      args.push(subject.user_id)
    }
  }
  if (table.columns.includes('organization_id') && subject.organization_ids.length > 0) {
    parts.push(`${quote('organization_id')} in (${subject.organization_ids.map(() => '?').join(', ')})`)
    args.push(...subject.organization_ids)
  }
  if (table.name === 'users') {
    parts.push('"id" = ?')
    args.push(subject.user_id)
  }
  if (table.name === 'organizations' && subject.organization_ids.length > 0) {
    parts.push(`"id" in (${subject.organization_ids.map(() => '?').join(', ')})`)
    args.push(...subject.organization_ids)
  }
  if (table.columns.includes('email') && subject.email) {
    parts.push('"email" = ?')
    args.push(subject.email)
  }
  return parts.length === 0 ? null : { where: parts.join(' or '), args }
}

/** True when the table can hold rows about a person (used by the coverage check and the export). */
export const holdsUserData = (table: TableShape) =>
  subjectFilter(table, { user_id: 'x', organization_ids: ['x'], email: 'x' }) !== null

async function run(db: Database, text: string, args: unknown[]): Promise<RawResult> {
  // Raw statements over table names read from the schema: drizzle's typed builder cannot name them.
  return executeRaw(db, text, args)
}

/** The subject's rows of one table (all columns). */
export async function rowsOf(db: Database, table: TableShape, subject: Subject) {
  const filter = subjectFilter(table, subject)
  if (!filter) return []
  const result = await run(db, `select * from ${quote(table.name)} where ${filter.where}`, filter.args)
  return result.rows
}

/** Delete the subject's rows of one table; returns how many went. */
export async function deleteRowsOf(db: Database, table: TableShape, subject: Subject): Promise<number> {
  const filter = subjectFilter(table, subject)
  if (!filter) return 0
  const result = await run(db, `delete from ${quote(table.name)} where ${filter.where}`, filter.args)
  return result.changes
}

/** Ask the subject's queued and running jobs in a job table to stop (its `cancel_requested_at`). */
export async function requestCancel(db: Database, table: TableShape, subject: Subject, at: string) {
  const filter = subjectFilter(table, subject)
  if (!filter) return
  await run(
    db,
    `update ${quote(table.name)} set "cancel_requested_at" = coalesce("cancel_requested_at", ?)
      where (${filter.where}) and "state" in ('queued', 'running')`,
    [at, ...filter.args],
  )
}

/** How many of the subject's jobs in a job table are still running. */
export async function countRunning(db: Database, table: TableShape, subject: Subject): Promise<number> {
  const filter = subjectFilter(table, subject)
  if (!filter) return 0
  const result = await run(
    db,
    `select count(*) as n from ${quote(table.name)} where (${filter.where}) and "state" = 'running'`,
    filter.args,
  )
  return Number(result.rows[0]?.n ?? 0)
}

/** A row without its secret columns, for the export. */
export function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column)))
}

/** Workspaces the user owns with nobody else in them: they go with the user. */
export async function soleOwnedOrganizations(db: Database, userId: string): Promise<string[]> {
  const rows = await run(
    db,
    `select o.id from organizations o where o.owner_user_id = ?
       and not exists (select 1 from memberships m where m.organization_id = o.id and m.user_id <> ?)`,
    [userId, userId],
  )
  return rows.rows.map((r) => String(r.id))
}

export async function emailOf(db: Database, userId: string): Promise<string | null> {
  const rows = await run(db, 'select email from users where id = ?', [userId])
  return rows.rows[0]?.email ? String(rows.rows[0].email) : null
}

/**
 * Free the pages deleted rows occupied, so the database file keeps no copy of them: VACUUM rewrites the
 * file, and a WAL checkpoint empties the log. Throws when the database refused (the purge then retries).
 */
export async function compactDatabase(db: Database) {
  await run(db, 'vacuum', [])
  await run(db, 'pragma wal_checkpoint(TRUNCATE)', [])
}

/** Overwrite deleted content with zeros from now on, on this connection (SQLite secure_delete). */
export async function secureDelete(db: Database) {
  await run(db, 'pragma secure_delete = ON', []).catch(() => {})
}

// Tombstones

export type DeletionRow = typeof privacyDeletions.$inferSelect

export async function findDeletion(db: Database, subjectHash: string) {
  return (await db.select().from(privacyDeletions).where(eq(privacyDeletions.subject_hash, subjectHash)))[0]
}

export async function insertDeletion(db: Database, row: typeof privacyDeletions.$inferInsert) {
  await db.insert(privacyDeletions).values(row).onConflictDoNothing()
}

export async function pendingDeletions(db: Database) {
  return db.select().from(privacyDeletions).where(eq(privacyDeletions.state, 'purging'))
}

export async function completeDeletion(
  db: Database,
  id: string,
  receipt: Record<string, unknown>,
  at: string,
) {
  await db
    .update(privacyDeletions)
    .set({ state: 'completed', receipt, completed_at: at, pending_subject: null })
    .where(eq(privacyDeletions.id, id))
}

// Export jobs

export type ExportRow = typeof privacyExports.$inferSelect

export async function insertExport(db: Database, row: typeof privacyExports.$inferInsert) {
  await db.insert(privacyExports).values(row)
}

export async function findExport(db: Database, id: string) {
  return (await db.select().from(privacyExports).where(eq(privacyExports.id, id)))[0]
}

export async function updateExport(
  db: Database,
  id: string,
  set: Partial<typeof privacyExports.$inferInsert>,
) {
  await db.update(privacyExports).set(set).where(eq(privacyExports.id, id))
}
