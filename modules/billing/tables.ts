// Tables of the billing module: the monthly usage counters the hosted plan quotas are checked against.
// A counter row holds no health data and no user identity: only a workspace, a month and a count.

import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** One counter per workspace, calendar month (UTC, `YYYY-MM`) and quota; `used` never exceeds the limit. */
export const billingUsage = sqliteTable(
  'billing_usage',
  {
    organization_id: text('organization_id').notNull(),
    period: text('period').notNull(),
    quota: text('quota').notNull(),
    used: integer('used').notNull(),
    updated_at: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.period, t.quota] })],
)
