// Table of the audit module: one row per security event, appended and never changed, except that a
// privacy deletion strips identity from the rows the law requires to keep (see index.ts).

import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    event: text('event').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    actor_kind: text('actor_kind').notNull(),
    actor_credential_id: text('actor_credential_id'),
    target: text('target'),
    reason: text('reason'),
    request_id: text('request_id'),
    ip: text('ip'),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('audit_events_scope').on(t.organization_id, t.user_id, t.id)],
)
