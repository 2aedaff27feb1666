// Tables of the analyses module: each analysis as computed (its whole result kept as JSON, so a
// dashboard or plan always shows exactly what was computed then) and the action plans made from them.

import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const analyses = sqliteTable(
  'analyses',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    kind: text('kind', { enum: ['multimodal', 'wearables'] }).notNull(),
    source_ids: text('source_ids', { mode: 'json' }).$type<string[]>().notNull(),
    /** The analysis body (observations, interpretations, baselines, links …) as returned. */
    result: text('result', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('analyses_scope').on(t.organization_id, t.user_id, t.id)],
)

export const actionPlans = sqliteTable(
  'action_plans',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    analysis_id: text('analysis_id').notNull(),
    plan: text('plan', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('action_plans_analysis').on(t.organization_id, t.user_id, t.analysis_id, t.id)],
)
