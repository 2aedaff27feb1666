// Table of the embedded queue: tasks waiting, running or finished in this service's own database, so a
// restart resumes queued work. Graphile-worker keeps its own tables in PostgreSQL instead.
// Rows carry the scope of the work they do so that tasks stay attributable like every stored record.

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const queueTasks = sqliteTable(
  'queue_tasks',
  {
    /** The caller's job key (e.g. a genetics job id): one task per key. */
    key: text('key').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    task: text('task').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    /** Epoch milliseconds before which the task is not started (retry back-off). */
    run_at: integer('run_at').notNull(),
    /** Runner instance holding the task while it runs. */
    locked_by: text('locked_by'),
    last_error: text('last_error'),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
  },
  (t) => [index('queue_tasks_ready').on(t.state, t.run_at)],
)
