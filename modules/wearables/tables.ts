// Tables of the wearables module: a user's connections to wearable providers (tokens sealed with
// TOKEN_ENCRYPTION_KEY, never in clear) and the short-lived pending authorizations that bind an OAuth
// `state` to the user who started it. Both carry user_id, so privacy deletion removes them.

import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const wearableConnections = sqliteTable(
  'wearable_connections',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    provider: text('provider').notNull(),
    provider_user_id: text('provider_user_id').notNull(),
    /** Sealed (AES-256-GCM) access token. */
    access_token: text('access_token').notNull(),
    /** Sealed refresh token; null when the provider issued none. */
    refresh_token: text('refresh_token'),
    token_expires_at: text('token_expires_at'),
    scopes: text('scopes').notNull(),
    /** The integrator's own client id; null for the deployment's first-party credentials. */
    client_id: text('client_id'),
    status: text('status', { enum: ['active', 'needs_reauthorization'] }).notNull(),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
    last_sync_at: text('last_sync_at'),
  },
  (t) => [uniqueIndex('wearable_connections_user_provider').on(t.organization_id, t.user_id, t.provider)],
)

export const wearableAuthorizations = sqliteTable(
  'wearable_authorizations',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    provider: text('provider').notNull(),
    /** Sealed PKCE code verifier; null when the provider takes no PKCE. */
    code_verifier_secret: text('code_verifier_secret'),
    redirect_uri: text('redirect_uri').notNull(),
    client_id: text('client_id'),
    /** The caller's own `state`, handed back at the callback. */
    app_state: text('app_state'),
    scopes: text('scopes').notNull(),
    expires_at: text('expires_at').notNull(),
    used_at: text('used_at'),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('wearable_authorizations_user').on(t.organization_id, t.user_id, t.provider)],
)
