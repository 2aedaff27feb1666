// Queries of the payments module: stored idempotent responses.

import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { idempotentResponses } from './tables'

export type StoredResponse = typeof idempotentResponses.$inferSelect

export async function findByKey(
  db: Database,
  userId: string,
  key: string,
): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select()
    .from(idempotentResponses)
    .where(and(eq(idempotentResponses.user_id, userId), eq(idempotentResponses.key, key)))
  return row
}

export async function findByPayment(db: Database, paymentHash: string): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select()
    .from(idempotentResponses)
    .where(eq(idempotentResponses.payment_hash, paymentHash))
  return row
}

export async function insert(db: Database, row: typeof idempotentResponses.$inferInsert): Promise<void> {
  await db.insert(idempotentResponses).values(row)
}

export async function markSettled(db: Database, id: string, paymentResponse: string): Promise<void> {
  await db
    .update(idempotentResponses)
    .set({ state: 'complete', payment_response: paymentResponse })
    .where(eq(idempotentResponses.id, id))
}

/** Forget stored responses created before `cutoff` (ISO time). */
export async function deleteOlderThan(db: Database, cutoff: string): Promise<void> {
  await db.delete(idempotentResponses).where(lt(idempotentResponses.created_at, cutoff))
}
