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

/**
 * The introductory allowance of each workspace: how many of its first protected hosted requests it has
 * made. One row per workspace, counted up to the allowance and never reset.
 */
export const billingAllowance = sqliteTable('billing_allowance', {
  organization_id: text('organization_id').primaryKey(),
  used: integer('used').notNull(),
  updated_at: text('updated_at').notNull(),
})

/**
 * Every verified Stripe event, stored once by its id before anything changes, so a repeated delivery
 * is recognised and a processing failure can be retried from the stored copy. The payload is the event
 * reduced to the fields applying it reads (ids, status, tier): no payer details, no health data.
 */
export const billingStripeEvents = sqliteTable('billing_stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Stripe's own creation time (unix seconds), the order events are applied in. */
  created: integer('created').notNull(),
  payload: text('payload').notNull(),
  received_at: text('received_at').notNull(),
  processed_at: text('processed_at'),
  /** Why processing failed last (a short code, no payload); null once processed. */
  error: text('error'),
})

/**
 * The workspace's link to Stripe: its customer, its subscription and the latest subscription state
 * applied. `state_at` (Stripe's event time, unix seconds) keeps an older delivery from undoing a newer one.
 */
export const billingSubscriptions = sqliteTable('billing_subscriptions', {
  organization_id: text('organization_id').primaryKey(),
  customer_id: text('customer_id').notNull(),
  subscription_id: text('subscription_id'),
  /** The tier the subscription pays for (from its price's metadata or the checkout's). */
  tier: text('tier'),
  /** Stripe's subscription status: active, trialing, past_due, unpaid, canceled, incomplete, … */
  status: text('status'),
  current_period_end: integer('current_period_end'),
  state_at: integer('state_at').notNull(),
  updated_at: text('updated_at').notNull(),
})
