// The only database access of the billing module: the monthly usage counters.
// Taking a unit is one upsert statement guarded by the limit, so parallel requests cannot overspend.

import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { organizations, users } from '../auth/tables'
import { billingUsage } from './tables'

export interface CounterKey {
  organization_id: string
  period: string
  quota: string
}

const matches = (key: CounterKey) =>
  and(
    eq(billingUsage.organization_id, key.organization_id),
    eq(billingUsage.period, key.period),
    eq(billingUsage.quota, key.quota),
  )

/**
 * Add one to the counter if it is below `limit` (`null`: no limit) and return the new count, or `null`
 * when the counter is already at the limit. The check and the increment are one statement: SQLite runs
 * it under its write lock, so N concurrent callers at the edge get exactly the remaining units.
 */
export async function takeUnit(
  db: Database,
  key: CounterKey,
  limit: number | null,
  now: string,
): Promise<number | null> {
  const rows = await db
    .insert(billingUsage)
    .values({ ...key, used: 1, updated_at: now })
    .onConflictDoUpdate({
      target: [billingUsage.organization_id, billingUsage.period, billingUsage.quota],
      set: { used: sql`${billingUsage.used} + 1`, updated_at: now },
      setWhere: limit === null ? undefined : sql`${billingUsage.used} < ${limit}`,
    })
    .returning({ used: billingUsage.used })
  return rows[0]?.used ?? null
}

/** Give a unit back (the metered work failed); never below zero. */
export async function returnUnit(db: Database, key: CounterKey, now: string): Promise<void> {
  await db
    .update(billingUsage)
    .set({ used: sql`max(${billingUsage.used} - 1, 0)`, updated_at: now })
    .where(matches(key))
}

/** The counts of one workspace in one period, by quota name. */
export async function usageOf(
  db: Database,
  organizationId: string,
  period: string,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ quota: billingUsage.quota, used: billingUsage.used })
    .from(billingUsage)
    .where(and(eq(billingUsage.organization_id, organizationId), eq(billingUsage.period, period)))
  return Object.fromEntries(rows.map((r) => [r.quota, r.used]))
}

/** The tier stored on the workspace (what billing sets), before any billing_admin entitlement. */
export async function storedTier(db: Database, organizationId: string) {
  const [row] = await db
    .select({ tier: organizations.tier })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.tier ?? 'free'
}

/** Set or clear the operator-granted billing_admin entitlement of the account with this e-mail. */
export async function setBillingAdmin(db: Database, email: string, value: boolean) {
  const rows = await db
    .update(users)
    .set({ billing_admin: value })
    .where(eq(users.email, email))
    .returning({ id: users.id, email: users.email })
  return rows[0] ?? null
}

/** Every account holding the billing_admin entitlement. */
export async function listBillingAdmins(db: Database) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.billing_admin, true))
    .orderBy(users.email)
}
