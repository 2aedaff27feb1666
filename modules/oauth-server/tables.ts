// The authorization server's storage: every record oidc-provider keeps (clients registered by MCP
// clients, grants, sign-in interactions, authorization codes, access and refresh tokens) in one table,
// keyed by the provider's model name and record id, so it survives a restart.
// Tokens and codes are stored under the SHA-256 hash of their value (see adapter.ts), never in the clear.

import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const oauthRecords = sqliteTable(
  'oauth_records',
  {
    /** oidc-provider's model name: Client, Grant, Session, Interaction, AccessToken, RefreshToken … */
    model: text('model').notNull(),
    /** The record id, or for a token or code the hash of its value. */
    id: text('id').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    uid: text('uid'),
    user_code: text('user_code'),
    /** The person a grant or token acts for (exported and deleted with their data). */
    user_id: text('user_id'),
    /** Unix seconds after which the record is gone; null for records that do not expire (clients). */
    expires_at: integer('expires_at'),
    /** Unix seconds at which a one-time record (code, rotated refresh token) was used. */
    consumed_at: integer('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oauth_records_grant').on(t.grant_id),
    index('oauth_records_uid').on(t.uid),
    index('oauth_records_user').on(t.user_id, t.model),
  ],
)
