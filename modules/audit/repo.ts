// Queries of the audit module: append and read, nothing else. There is no update and no delete here
// on purpose; the one change ever made (identity stripped at a privacy deletion) is `scrubSubject`.

import { and, desc, eq, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { auditEvents } from './tables'

export type AuditRow = typeof auditEvents.$inferSelect

export async function appendEvent(db: Database, row: AuditRow): Promise<void> {
  await db.insert(auditEvents).values(row)
}

export async function listEvents(
  db: Database,
  scope: Scope,
  filter: { before: string | null; limit: number; event?: string },
) {
  const conditions: (SQL | undefined)[] = [
    eq(auditEvents.organization_id, scope.organization_id),
    eq(auditEvents.user_id, scope.user_id),
  ]
  if (filter.before) conditions.push(lt(auditEvents.id, filter.before))
  if (filter.event) conditions.push(eq(auditEvents.event, filter.event))
  return db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(filter.limit)
}

/** The placeholder that replaces a deleted person's user and workspace ids in kept rows. */
export const DELETED_SUBJECT = 'deleted'

/**
 * At a privacy deletion: drop the person's rows except the events in `keep`, and strip those of every
 * identifying field (user, workspace, credential, target, address). Returns the rows kept.
 */
export async function scrubSubject(
  db: Database,
  subject: { user_id: string; organization_ids: string[] },
  keep: readonly string[],
): Promise<number> {
  const theirs = or(
    eq(auditEvents.user_id, subject.user_id),
    subject.organization_ids.length > 0
      ? inArray(auditEvents.organization_id, subject.organization_ids)
      : undefined,
  )
  await db.delete(auditEvents).where(and(theirs, notInArray(auditEvents.event, [...keep])))
  const kept = await db
    .update(auditEvents)
    .set({
      user_id: DELETED_SUBJECT,
      organization_id: DELETED_SUBJECT,
      actor_credential_id: null,
      target: null,
      ip: null,
    })
    .where(theirs)
    .returning({ id: auditEvents.id })
  return kept.length
}
