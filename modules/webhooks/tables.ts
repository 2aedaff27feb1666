// Tables of the webhooks module: a workspace's registered endpoints, the events that happened in it,
// and one delivery per event and endpoint (plus one per replay), with its status. Payloads carry ids and
// states only, never health values: a delivery leaves the service for a URL the workspace chose.

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    /** Who registered it (the privacy lifecycle deletes it with that person's data). */
    user_id: text('user_id').notNull(),
    url: text('url').notNull(),
    /** The event kinds it receives, a JSON array of strings. */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    description: text('description'),
    /** The Standard Webhooks signing secret (`whsec_` + base64), shown once at registration. */
    secret: text('secret').notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('webhook_endpoints_org').on(t.organization_id, t.id)],
)

/** An event as it happened, stored once by id (a repeated emission of the same event is ignored). */
export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  organization_id: text('organization_id').notNull(),
  user_id: text('user_id').notNull(),
  kind: text('kind').notNull(),
  /** The exact JSON body every delivery of this event sends. */
  payload: text('payload').notNull(),
  created_at: text('created_at').notNull(),
})

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    endpoint_id: text('endpoint_id').notNull(),
    event_id: text('event_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull(),
    /** The receiver's HTTP status on the last attempt; null when it gave none (refused, timed out). */
    last_status_code: integer('last_status_code'),
    /** Why the last attempt failed, in a few words (never the receiver's body). */
    last_error: text('last_error'),
    /** The delivery this one replays, when it was made by a replay. */
    replay_of: text('replay_of'),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
    delivered_at: text('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_org').on(t.organization_id, t.id),
    index('webhook_deliveries_endpoint').on(t.endpoint_id, t.id),
  ],
)
