// Tables of the dashboards module: dashboard links. The URL's token is stored only as a hash; the
// dashboard spec is stored as the snapshot the link shows, so the page never changes after creation.

import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const dashboardLinks = sqliteTable(
  'dashboard_links',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    analysis_id: text('analysis_id').notNull(),
    design_id: text('design_id').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    snapshot: text('snapshot', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    created_at: text('created_at').notNull(),
    expires_at: text('expires_at').notNull(),
    revoked_at: text('revoked_at'),
  },
  (t) => [index('dashboard_links_scope').on(t.organization_id, t.user_id, t.id)],
)
