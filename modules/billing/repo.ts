// The only database access of the billing module: the monthly usage counters, the stored Stripe
// events and each workspace's link to its Stripe customer and subscription.
// Taking a unit is one upsert statement guarded by the limit, so parallel requests cannot overspend.

import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { organizations, users } from '../auth/tables'
import { billingAllowance, billingStripeEvents, billingSubscriptions, billingUsage } from './tables'

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

/**
 * Add one to `key`'s counter if the counters of all `shared` quotas together are below `limit` (Free's
 * "25 uploads and analyses"), and return the new count of `key`, or `null` at the limit. The row is made
 * first (a no-op when it exists), then one UPDATE checks the sum and increments: a single statement,
 * so parallel uploads and analyses together cannot pass the shared cap.
 */
export async function takeSharedUnit(
  db: Database,
  key: CounterKey,
  shared: readonly string[],
  limit: number,
  now: string,
): Promise<number | null> {
  await db
    .insert(billingUsage)
    .values({ ...key, used: 0, updated_at: now })
    .onConflictDoNothing()
  const total = db
    .select({ total: sql`coalesce(sum(${billingUsage.used}), 0)` })
    .from(billingUsage)
    .where(
      and(
        eq(billingUsage.organization_id, key.organization_id),
        eq(billingUsage.period, key.period),
        inArray(billingUsage.quota, [...shared]),
      ),
    )
  const rows = await db
    .update(billingUsage)
    .set({ used: sql`${billingUsage.used} + 1`, updated_at: now })
    .where(and(matches(key), sql`(${total}) < ${limit}`))
    .returning({ used: billingUsage.used })
  return rows[0]?.used ?? null
}

/**
 * Count one protected request against the workspace's introductory allowance and return the new count,
 * or `null` when all `limit` are used. Never decremented and never reset (a cancelled plan included).
 */
export async function takeAllowanceUnit(
  db: Database,
  organizationId: string,
  limit: number,
  now: string,
): Promise<number | null> {
  const rows = await db
    .insert(billingAllowance)
    .values({ organization_id: organizationId, used: 1, updated_at: now })
    .onConflictDoUpdate({
      target: billingAllowance.organization_id,
      set: { used: sql`${billingAllowance.used} + 1`, updated_at: now },
      setWhere: sql`${billingAllowance.used} < ${limit}`,
    })
    .returning({ used: billingAllowance.used })
  return rows[0]?.used ?? null
}

/** How many protected requests of the allowance the workspace has used (0 before the first). */
export async function allowanceUsed(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ used: billingAllowance.used })
    .from(billingAllowance)
    .where(eq(billingAllowance.organization_id, organizationId))
  return row?.used ?? 0
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

/** Store a verified Stripe event once by id; false when it was already stored (a repeated delivery). */
export async function storeEvent(
  db: Database,
  event: { id: string; type: string; created: number; payload: string },
  now: string,
): Promise<boolean> {
  const rows = await db
    .insert(billingStripeEvents)
    .values({ ...event, received_at: now })
    .onConflictDoNothing()
    .returning({ id: billingStripeEvents.id })
  return rows.length > 0
}

export async function storedEvent(db: Database, id: string) {
  const [row] = await db.select().from(billingStripeEvents).where(eq(billingStripeEvents.id, id))
  return row ?? null
}

export async function markEvent(db: Database, id: string, now: string, error: string | null) {
  await db
    .update(billingStripeEvents)
    .set(error ? { error } : { processed_at: now, error: null })
    .where(eq(billingStripeEvents.id, id))
}

export type SubscriptionLink = typeof billingSubscriptions.$inferSelect

export async function linkOf(db: Database, organizationId: string): Promise<SubscriptionLink | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.organization_id, organizationId))
  return row ?? null
}

export async function linkByCustomer(db: Database, customerId: string): Promise<SubscriptionLink | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.customer_id, customerId))
  return row ?? null
}

/** Record the workspace's Stripe customer (made before its first checkout); keeps an existing link. */
export async function linkCustomer(db: Database, organizationId: string, customerId: string, now: string) {
  await db
    .insert(billingSubscriptions)
    .values({ organization_id: organizationId, customer_id: customerId, state_at: 0, updated_at: now })
    .onConflictDoNothing()
}

/** Write the subscription state and the workspace tier it grants, in one transaction. */
export async function saveState(db: Database, link: SubscriptionLink, tier: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(billingSubscriptions)
      .values(link)
      .onConflictDoUpdate({ target: billingSubscriptions.organization_id, set: { ...link } })
    await tx
      .update(organizations)
      .set({ tier: tier as 'free' })
      .where(eq(organizations.id, link.organization_id))
  })
}
