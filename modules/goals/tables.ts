// Tables of the goals module: a user's health goals. Deleting a goal stamps deleted_at; deleted goals
// are never listed or returned.

import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const goals = sqliteTable(
  'goals',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    title: text('title').notNull(),
    marker: text('marker'),
    direction: text('direction', { enum: ['below', 'above'] }),
    target_value: real('target_value'),
    unit: text('unit'),
    due_date: text('due_date'),
    notes: text('notes'),
    created_at: text('created_at').notNull(),
    deleted_at: text('deleted_at'),
  },
  (t) => [index('goals_scope').on(t.organization_id, t.user_id, t.id)],
)
