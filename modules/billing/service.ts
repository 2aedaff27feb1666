// Billing service: the subscription status a workspace owner reads (tier, entitlement, this month's
// metered quotas). Quota metering itself lives in quota.ts.

import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../shared/context'
import { planFor, quotaLimit, sharedQuota } from '../shared/plans'
import type { Principal } from '../shared/principal'
import { allowanceStatus } from './allowance'
import type { SubscriptionStatus } from './model'
import { MONTHLY_QUOTAS, monthlyUsage } from './quota'
import * as repo from './repo'

export async function subscriptionStatus(
  app: AppContext,
  principal: Principal,
): Promise<Static<typeof SubscriptionStatus>> {
  const tier = await repo.storedTier(app.db, principal.organization_id)
  // The same lookup the quota checks use: `enterprise` when the workspace owner is billing_admin.
  const effective = await app.plans.tierOf(principal.organization_id)
  const link = await repo.linkOf(app.db, principal.organization_id)
  const subscription = link
    ? {
        status: link.status,
        current_period_end:
          link.current_period_end === null ? null : new Date(link.current_period_end * 1000).toISOString(),
      }
    : null
  const base = { tier, effective_tier: effective, billing_admin: principal.billing_admin, subscription }
  if (!app.config.billingEnabled) return { billing_enabled: false, ...base, allowance: null, usage: null }
  const plan = planFor(effective)
  const month = await monthlyUsage(app, principal.organization_id)
  const quotas = Object.fromEntries(
    MONTHLY_QUOTAS.map((q) => [q, { used: month.counts[q] ?? 0, limit: quotaLimit(plan, q) }]),
  ) as Record<(typeof MONTHLY_QUOTAS)[number], { used: number; limit: number | null }>
  const shared = sharedQuota(plan, 'uploads')
  const together = shared
    ? { used: shared.quotas.reduce((sum, q) => sum + (month.counts[q] ?? 0), 0), limit: shared.limit }
    : null
  return {
    billing_enabled: true,
    ...base,
    allowance: await allowanceStatus(app, principal.organization_id, principal.billing_admin),
    usage: {
      period: month.period,
      resets_at: month.resets_at,
      quotas: { ...quotas, uploads_and_analyses: together },
    },
  }
}
