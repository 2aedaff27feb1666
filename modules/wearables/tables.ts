// Tables of the wearables module: a user's connections to wearable providers (tokens sealed with
// TOKEN_ENCRYPTION_KEY, never in clear) and the short-lived pending authorizations that bind an OAuth
// `state` to the user who started it; the device credentials of Health Connect companion apps (stored
// as hashes) and the ids of uploaded records (for idempotent uploads). All carry user_id, so privacy
// deletion removes them.

import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const wearableConnections = sqliteTable(
  'wearable_connections',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    provider: text('provider').notNull(),
    provider_user_id: text('provider_user_id').notNull(),
    /** Sealed (AES-256-GCM) access token; null for Health Connect, whose device uploads instead. */
    access_token: text('access_token'),
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
    /** Health Connect: SHA-256 of the connection code shown once the signed-in person approved. */
    connection_code_hash: text('connection_code_hash'),
    /** Health Connect: the connection code must be used before this. */
    code_expires_at: text('code_expires_at'),
    used_at: text('used_at'),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('wearable_authorizations_user').on(t.organization_id, t.user_id, t.provider)],
)

/** A companion app's credential: it may only upload wearable records for its user (see principal.ts). */
export const wearableDeviceCredentials = sqliteTable(
  'wearable_device_credentials',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    /** The connection it belongs to; disconnecting deletes it. */
    connection_id: text('connection_id').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: text('created_at').notNull(),
    last_used_at: text('last_used_at'),
  },
  (t) => [index('wearable_device_credentials_user').on(t.organization_id, t.user_id)],
)

/**
 * Records a device or SDK uploaded, by the store's own record id: a record sent again (a retried batch,
 * an anchor replayed) is recognised and not counted twice.
 */
export const wearableUploadedRecords = sqliteTable(
  'wearable_uploaded_records',
  {
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    /** apple_health, samsung_health or health_connect. */
    store: text('store').notNull(),
    record_id: text('record_id').notNull(),
    /** SHA-256 of the normalized record, to tell a repeat from a changed record with the same id. */
    content_hash: text('content_hash').notNull(),
    source_id: text('source_id').notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('wearable_uploaded_records_key').on(t.organization_id, t.user_id, t.store, t.record_id),
  ],
)

/**
 * Queued (async) syncs: their progress and outcome. Provider credentials the caller sent for the sync
 * (refresh token, client secret) and a rotated refresh token are kept only sealed, and only until the
 * job has finished or been read.
 */
export const wearableSyncJobs = sqliteTable(
  'wearable_sync_jobs',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    provider: text('provider').notNull(),
    provider_user_id: text('provider_user_id').notNull(),
    start_date: text('start_date').notNull(),
    end_date: text('end_date').notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    stage: text('stage').notNull(),
    percent: integer('percent').notNull().default(0),
    /** What started it: the caller's request or a provider webhook. */
    trigger: text('trigger', { enum: ['request', 'webhook'] }).notNull(),
    /** Sealed JSON of the caller's refresh_token, client_id and client_secret, until the sync ran. */
    credentials_secret: text('credentials_secret'),
    /** Sealed rotated refresh token, handed out in the job's `refreshed_token`. */
    refreshed_token_secret: text('refreshed_token_secret'),
    source_id: text('source_id'),
    record_count: integer('record_count'),
    observation_count: integer('observation_count'),
    /** Problem details of a failed sync (status, title, detail; never a token). */
    error: text('error', { mode: 'json' }).$type<Record<string, unknown>>(),
    created_at: text('created_at').notNull(),
    started_at: text('started_at'),
    finished_at: text('finished_at'),
  },
  (t) => [index('wearable_sync_jobs_user').on(t.organization_id, t.user_id, t.id)],
)
