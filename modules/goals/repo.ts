// Queries of the goals module: the only code that touches the goals table. Every function takes the
// caller's scope first and filters by it; deleted goals are invisible.

import { and, desc, eq, isNull, lt, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { goals } from './tables'

export type GoalRow = typeof goals.$inferSelect

const live = (scope: Scope) =>
  and(
    eq(goals.organization_id, scope.organization_id),
    eq(goals.user_id, scope.user_id),
    isNull(goals.deleted_at),
  )

export async function insertGoal(db: Database, row: GoalRow): Promise<void> {
  await db.insert(goals).values(row)
}

export async function listGoals(
  db: Database,
  scope: Scope,
  filter: { before: string | null; limit: number },
) {
  const conditions: (SQL | undefined)[] = [live(scope)]
  if (filter.before) conditions.push(lt(goals.id, filter.before))
  return db
    .select()
    .from(goals)
    .where(and(...conditions))
    .orderBy(desc(goals.id))
    .limit(filter.limit)
}

/** Stamp a live goal deleted; returns false when there is no such live goal in scope. */
export async function deleteGoal(db: Database, scope: Scope, id: string, now: string): Promise<boolean> {
  const rows = await db
    .update(goals)
    .set({ deleted_at: now })
    .where(and(live(scope), eq(goals.id, id)))
    .returning({ id: goals.id })
  return rows.length > 0
}
