// Queries of the wearables module: the only code that touches the connection and authorization tables.
// Every function takes the caller's scope and filters by it.

import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { sources } from '../sources/tables'
import {
  wearableAuthorizations,
  wearableConnections,
  wearableDeviceCredentials,
  wearableSyncJobs,
  wearableUploadedRecords,
} from './tables'

export type ConnectionRow = typeof wearableConnections.$inferSelect
export type AuthorizationRow = typeof wearableAuthorizations.$inferSelect
export type DeviceCredentialRow = typeof wearableDeviceCredentials.$inferSelect
export type UploadedRecordRow = typeof wearableUploadedRecords.$inferSelect

/** Rows of any wearables table that belong to the caller's workspace and person. */
const owned = (table: { organization_id: SQLiteColumn; user_id: SQLiteColumn }, scope: Scope) =>
  and(eq(table.organization_id, scope.organization_id), eq(table.user_id, scope.user_id))

export async function insertAuthorization(db: Database, row: AuthorizationRow): Promise<void> {
  await db.insert(wearableAuthorizations).values(row)
}

export async function findAuthorization(db: Database, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(wearableAuthorizations)
    .where(and(eq(wearableAuthorizations.id, id), owned(wearableAuthorizations, scope)))
  return row ?? null
}

/** The newest unused, unexpired authorization this user started with this provider. */
export async function latestPendingAuthorization(db: Database, scope: Scope, provider: string, now: string) {
  const [row] = await db
    .select()
    .from(wearableAuthorizations)
    .where(
      and(
        owned(wearableAuthorizations, scope),
        eq(wearableAuthorizations.provider, provider),
        isNull(wearableAuthorizations.used_at),
        gt(wearableAuthorizations.expires_at, now),
      ),
    )
    .orderBy(desc(wearableAuthorizations.id))
    .limit(1)
  return row ?? null
}

/** Mark an authorization used; false when it was already used (a replayed state). */
export async function consumeAuthorization(db: Database, id: string, now: string): Promise<boolean> {
  const rows = await db
    .update(wearableAuthorizations)
    .set({ used_at: now })
    .where(and(eq(wearableAuthorizations.id, id), isNull(wearableAuthorizations.used_at)))
    .returning({ id: wearableAuthorizations.id })
  return rows.length > 0
}

export async function findConnection(db: Database, scope: Scope, provider: string) {
  const [row] = await db
    .select()
    .from(wearableConnections)
    .where(and(owned(wearableConnections, scope), eq(wearableConnections.provider, provider)))
  return row ?? null
}

export async function listConnections(db: Database, scope: Scope) {
  return db
    .select()
    .from(wearableConnections)
    .where(owned(wearableConnections, scope))
    .orderBy(asc(wearableConnections.provider))
}

/** Insert the user's connection to a provider, or replace the existing one (one per user and provider). */
export async function upsertConnection(db: Database, row: ConnectionRow): Promise<ConnectionRow> {
  const { id: _id, created_at: _created, organization_id: _o, user_id: _u, provider: _p, ...replaced } = row
  const [saved] = await db
    .insert(wearableConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [
        wearableConnections.organization_id,
        wearableConnections.user_id,
        wearableConnections.provider,
      ],
      set: replaced,
    })
    .returning()
  return saved as ConnectionRow
}

export async function updateConnectionTokens(
  db: Database,
  id: string,
  tokens: Pick<ConnectionRow, 'access_token' | 'refresh_token' | 'token_expires_at' | 'updated_at'>,
): Promise<void> {
  await db.update(wearableConnections).set(tokens).where(eq(wearableConnections.id, id))
}

/** Delete the user's connection to a provider; false when there was none. */
export async function deleteConnection(db: Database, scope: Scope, provider: string): Promise<boolean> {
  const rows = await db
    .delete(wearableConnections)
    .where(and(owned(wearableConnections, scope), eq(wearableConnections.provider, provider)))
    .returning({ id: wearableConnections.id })
  return rows.length > 0
}

/** Every connection of a user across the given organizations (privacy deletion). */
export async function connectionsOfUser(db: Database, userId: string, organizationIds: string[]) {
  if (organizationIds.length === 0) return []
  return db
    .select()
    .from(wearableConnections)
    .where(
      and(
        eq(wearableConnections.user_id, userId),
        inArray(wearableConnections.organization_id, organizationIds),
      ),
    )
}

export async function markConnectionSynced(db: Database, id: string, at: string): Promise<void> {
  await db
    .update(wearableConnections)
    .set({ last_sync_at: at, updated_at: at })
    .where(eq(wearableConnections.id, id))
}

/** Record the connection code of an approved Health Connect authorization (once: false if already set). */
export async function setConnectionCode(
  db: Database,
  scope: Scope,
  id: string,
  codeHash: string,
  codeExpiresAt: string,
): Promise<boolean> {
  const rows = await db
    .update(wearableAuthorizations)
    .set({ connection_code_hash: codeHash, code_expires_at: codeExpiresAt })
    .where(
      and(
        eq(wearableAuthorizations.id, id),
        owned(wearableAuthorizations, scope),
        isNull(wearableAuthorizations.connection_code_hash),
        isNull(wearableAuthorizations.used_at),
      ),
    )
    .returning({ id: wearableAuthorizations.id })
  return rows.length > 0
}

/** The user's approved, unused Health Connect authorization holding this connection code. */
export async function findByConnectionCode(db: Database, scope: Scope, codeHash: string) {
  const [row] = await db
    .select()
    .from(wearableAuthorizations)
    .where(
      and(
        owned(wearableAuthorizations, scope),
        eq(wearableAuthorizations.provider, 'health_connect'),
        eq(wearableAuthorizations.connection_code_hash, codeHash),
        isNull(wearableAuthorizations.used_at),
      ),
    )
  return row ?? null
}

export async function insertDeviceCredential(db: Database, row: DeviceCredentialRow): Promise<void> {
  await db.insert(wearableDeviceCredentials).values(row)
}

/** Revoke every device credential of a connection (reconnecting or disconnecting). */
export async function deleteDeviceCredentials(db: Database, scope: Scope, connectionId: string) {
  await db
    .delete(wearableDeviceCredentials)
    .where(
      and(owned(wearableDeviceCredentials, scope), eq(wearableDeviceCredentials.connection_id, connectionId)),
    )
}

/** A device credential by its hash, only while its connection still exists. */
export async function findDeviceCredentialByHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ credential: wearableDeviceCredentials })
    .from(wearableDeviceCredentials)
    .innerJoin(wearableConnections, eq(wearableConnections.id, wearableDeviceCredentials.connection_id))
    .where(eq(wearableDeviceCredentials.token_hash, tokenHash))
  return row?.credential ?? null
}

export async function touchDeviceCredential(db: Database, id: string, at: string): Promise<void> {
  await db
    .update(wearableDeviceCredentials)
    .set({ last_used_at: at })
    .where(eq(wearableDeviceCredentials.id, id))
}

/** Of these record ids, the ones already stored for the user and store, with their content hashes (sources still present). */
export async function uploadedRecords(db: Database, scope: Scope, store: string, recordIds: string[]) {
  const out = new Map<string, string>()
  for (let i = 0; i < recordIds.length; i += 500) {
    const rows = await db
      .select({
        record_id: wearableUploadedRecords.record_id,
        content_hash: wearableUploadedRecords.content_hash,
      })
      .from(wearableUploadedRecords)
      .innerJoin(sources, eq(sources.id, wearableUploadedRecords.source_id))
      .where(
        and(
          owned(wearableUploadedRecords, scope),
          eq(wearableUploadedRecords.store, store),
          inArray(wearableUploadedRecords.record_id, recordIds.slice(i, i + 500)),
          isNull(sources.deleted_at),
        ),
      )
    for (const row of rows) out.set(row.record_id, row.content_hash)
  }
  return out
}

/** Remember uploaded records (a record id sent again later points at its newest source). */
export async function rememberUploadedRecords(db: Database, rows: UploadedRecordRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(wearableUploadedRecords)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: [
          wearableUploadedRecords.organization_id,
          wearableUploadedRecords.user_id,
          wearableUploadedRecords.store,
          wearableUploadedRecords.record_id,
        ],
        set: { content_hash: sql`excluded.content_hash`, source_id: sql`excluded.source_id` },
      })
  }
}

export type SyncJobRow = typeof wearableSyncJobs.$inferSelect

export async function insertSyncJob(db: Database, row: SyncJobRow): Promise<void> {
  await db.insert(wearableSyncJobs).values(row)
}

export async function findSyncJob(db: Database, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(wearableSyncJobs)
    .where(and(eq(wearableSyncJobs.id, id), owned(wearableSyncJobs, scope)))
  return row ?? null
}

/** The task's own read of its job (it runs with the scope stored in the job). */
export async function syncJobById(db: Database, id: string) {
  const [row] = await db.select().from(wearableSyncJobs).where(eq(wearableSyncJobs.id, id))
  return row ?? null
}

export async function updateSyncJob(
  db: Database,
  id: string,
  set: Partial<Omit<SyncJobRow, 'id' | 'organization_id' | 'user_id'>>,
): Promise<void> {
  await db.update(wearableSyncJobs).set(set).where(eq(wearableSyncJobs.id, id))
}

/** Every connection made with the deployment's own app to this provider member (webhooks name only them). */
export async function firstPartyConnectionsOfMember(db: Database, provider: string, memberId: string) {
  return db
    .select()
    .from(wearableConnections)
    .where(
      and(
        eq(wearableConnections.provider, provider),
        eq(wearableConnections.provider_user_id, memberId),
        isNull(wearableConnections.client_id),
      ),
    )
}

/** Whether a webhook-started sync of this user's provider connection is still waiting to run. */
export async function hasQueuedWebhookSync(db: Database, scope: Scope, provider: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wearableSyncJobs.id })
    .from(wearableSyncJobs)
    .where(
      and(
        owned(wearableSyncJobs, scope),
        eq(wearableSyncJobs.provider, provider),
        eq(wearableSyncJobs.trigger, 'webhook'),
        eq(wearableSyncJobs.state, 'queued'),
      ),
    )
    .limit(1)
  return row !== undefined
}
