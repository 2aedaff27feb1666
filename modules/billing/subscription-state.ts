// The tier a Stripe subscription state grants: the paid tier while active or trialing, otherwise Free
// (canceled, past_due, unpaid, incomplete: SPEC "States and transitions", delinquency → Free limits).

import type { Tier } from '../shared/principal'

const PAID_TIERS = ['standard', 'builder', 'growth', 'enterprise'] as const

/** A tier name from Stripe metadata, or null when it names no paid plan. */
export function paidTier(value: unknown): Tier | null {
  return typeof value === 'string' && (PAID_TIERS as readonly string[]).includes(value)
    ? (value as Tier)
    : null
}

export function tierForState(tier: string | null, status: string | null): Tier {
  const paid = paidTier(tier)
  return paid && (status === 'active' || status === 'trialing') ? paid : 'free'
}
