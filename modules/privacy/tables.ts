// Table of the privacy module: one tombstone per deletion request. While the purge runs the row names
// the user (so a restart can resume it); once the purge is complete only a hash of the user id and the
// receipt remain, so the tombstone itself holds nothing about the person.

import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const privacyDeletions = sqliteTable('privacy_deletions', {
  id: text('id').primaryKey(),
  /** SHA-256 of the user id: finds the tombstone again (idempotency) without keeping the id. */
  subject_hash: text('subject_hash').notNull().unique(),
  /**
   * Who is being purged (user id, the workspaces they own alone, e-mail), so a restart resumes the
   * purge; cleared when it completes.
   */
  pending_subject: text('pending_subject', { mode: 'json' }).$type<{
    user_id: string
    organization_ids: string[]
    email: string | null
  }>(),
  state: text('state', { enum: ['purging', 'completed'] }).notNull(),
  /** What was removed and what was kept and why (no identifiers of the person). */
  receipt: text('receipt', { mode: 'json' }).$type<Record<string, unknown>>(),
  requested_at: text('requested_at').notNull(),
  completed_at: text('completed_at'),
})

/**
 * Archive jobs for exports too large to answer directly. The finished archive is a blob; it is fetched
 * once through a short-lived URL whose token is stored only as a hash.
 */
export const privacyExports = sqliteTable('privacy_exports', {
  id: text('id').primaryKey(),
  organization_id: text('organization_id').notNull(),
  user_id: text('user_id').notNull(),
  state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
  percent: integer('percent').notNull().default(0),
  stage: text('stage').notNull(),
  bytes_total: integer('bytes_total').notNull().default(0),
  blob_key: text('blob_key').notNull(),
  archive_bytes: integer('archive_bytes'),
  download_token_hash: text('download_token_hash'),
  download_expires_at: text('download_expires_at'),
  error: text('error'),
  created_at: text('created_at').notNull(),
  finished_at: text('finished_at'),
})
