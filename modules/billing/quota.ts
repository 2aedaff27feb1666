// Hosted plan quotas (SPEC "Limits"): monthly counters per workspace, checked and incremented in one
// atomic statement. The one entry point other modules call is `consumeQuota` (or `metered`, which
// gives the unit back when the metered work fails). With BILLING_ENABLED unset (self-hosted) both do
// nothing at all: no counting, no refusal.
//
// A used-up quota is a 429 `quota-exceeded` problem, not a 402: in this API 402 means an x402
// pay-per-request challenge (clients look for a PAYMENT-REQUIRED header on it), while a monthly quota
// is a "not more this period" limit that clears at `resets_at` (Retry-After) or with a larger plan,
// which the problem names with the `activation_source` a checkout should carry.

import { isWalletOrganization } from '../payments/wallets'
import type { AppContext } from '../shared/context'
import { PLANS, type Plan, planFor, type QuotaName, quotaLimit, sharedQuota } from '../shared/plans'
import type { Scope } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { periodEnd, periodOf } from './period'
import * as repo from './repo'

/** The `activation_source` values of SPEC "Billing" that a checkout started from a refusal carries. */
export type ActivationSource = 'request_limit' | 'biomarkers' | 'wearable' | 'genetics' | 'health_connect'

const DEFAULT_SOURCE: Record<QuotaName, ActivationSource> = {
  uploads: 'biomarkers',
  analyses: 'biomarkers',
  wearable_syncs: 'wearable',
  queued_wgs_jobs: 'genetics',
  full_dbsnp_jobs: 'genetics',
}

const QUOTA_WORDS: Record<QuotaName, string> = {
  uploads: 'uploads',
  analyses: 'analyses',
  wearable_syncs: 'wearable syncs',
  queued_wgs_jobs: 'WGS jobs',
  full_dbsnp_jobs: 'full dbSNP annotation jobs',
}

/** A unit taken from a quota; `refund` gives it back when the work it paid for did not happen. */
export interface QuotaReceipt {
  quota: QuotaName
  period: string
  used: number
  limit: number | null
  refund(): Promise<void>
}

export interface ConsumeOptions {
  /** What the caller was doing, carried into the upgrade hint; defaults by quota. */
  activationSource?: ActivationSource
}

/** The smallest plan above `plan` whose limit for `quota` is larger (or custom). */
function upgradeFor(plan: Plan, quota: QuotaName): Plan | null {
  const current = quotaLimit(plan, quota)
  const above = PLANS.slice(PLANS.findIndex((p) => p.tier === plan.tier) + 1)
  return (
    above.find((p) => {
      const limit = quotaLimit(p, quota)
      return limit === null || (current !== null && limit > current)
    }) ?? null
  )
}

function quotaExceeded(
  plan: Plan,
  quota: QuotaName,
  limit: number,
  period: string,
  resetsAt: Date,
  now: Date,
  source: ActivationSource,
  shared: readonly QuotaName[] | null,
): ProblemError {
  const upgrade = upgradeFor(plan, quota)
  const words = shared ? shared.map((q) => QUOTA_WORDS[q]).join(' and ') : QUOTA_WORDS[quota]
  const what =
    limit === 0
      ? `The ${plan.name} plan includes no ${words}.`
      : `This workspace has used the ${limit} ${words} its ${plan.name} plan includes for ${period}; the count starts again at ${resetsAt.toISOString()}.`
  const next = upgrade ? ` A ${upgrade.name} plan includes more (upgrade with tier "${upgrade.tier}").` : ''
  const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000))
  return new ProblemError('quotaExceeded', `${what}${next}`, {
    extra: {
      quota,
      ...(shared ? { shared_with: shared } : {}),
      plan: plan.tier,
      limit,
      used: limit,
      period,
      resets_at: resetsAt.toISOString(),
      activation_source: source,
      upgrade: upgrade ? { tier: upgrade.tier, activation_source: source } : null,
    },
    headers: limit === 0 ? {} : { 'retry-after': String(retryAfter) },
  })
}

/**
 * Take one unit of `quota` from the workspace's monthly counter, or throw a `quota-exceeded` problem.
 * Returns `null` (and does nothing) when billing is off. Wearable syncs call this once per sync.
 */
export async function consumeQuota(
  app: AppContext,
  scope: Scope,
  quota: QuotaName,
  options: ConsumeOptions = {},
): Promise<QuotaReceipt | null> {
  if (!app.config.billingEnabled) return null
  // A wallet workspace pays for each request with x402; plan quotas are for subscriptions.
  if (isWalletOrganization(scope.organization_id)) return null
  const now = app.clock.now()
  const plan = planFor(await app.plans.tierOf(scope.organization_id))
  const limit = quotaLimit(plan, quota)
  const period = periodOf(now)
  const key = { organization_id: scope.organization_id, period, quota }
  const source = options.activationSource ?? DEFAULT_SOURCE[quota]
  // Free and Standard cap uploads and analyses together (SPEC "Limits": "25 uploads and analyses").
  const shared = sharedQuota(plan, quota)
  const refuse = (max: number) =>
    quotaExceeded(plan, quota, max, period, periodEnd(now), now, source, shared?.quotas ?? null)
  if (limit !== null && limit <= 0) throw refuse(0)
  const at = now.toISOString()
  const used = shared
    ? await repo.takeSharedUnit(app.db, key, shared.quotas, shared.limit, at)
    : await repo.takeUnit(app.db, key, limit, at)
  if (used === null) throw refuse(shared?.limit ?? limit ?? 0)
  let refunded = false
  return {
    quota,
    period,
    used,
    limit,
    async refund() {
      if (refunded) return
      refunded = true
      await repo.returnUnit(app.db, key, app.clock.now().toISOString())
    },
  }
}

/**
 * Run `work` against one unit of `quota`: taken first (so the refusal comes before any work), given
 * back if the work throws, so a rejected upload or a failed analysis does not use up the month.
 */
export async function metered<T>(
  app: AppContext,
  scope: Scope,
  quota: QuotaName,
  work: () => Promise<T>,
  options: ConsumeOptions = {},
): Promise<T> {
  const receipt = await consumeQuota(app, scope, quota, options)
  try {
    return await work()
  } catch (error) {
    await receipt?.refund().catch((refundError) => {
      app.log.error('billing.quota_refund_failed', { quota, error: (refundError as Error).name })
    })
    throw error
  }
}

/** The quotas counted per calendar month and shown in the subscription status. */
export const MONTHLY_QUOTAS = [
  'uploads',
  'analyses',
  'wearable_syncs',
] as const satisfies readonly QuotaName[]

/** This month's counts of a workspace by quota (zero when nothing was used). */
export async function monthlyUsage(app: AppContext, organizationId: string) {
  const now = app.clock.now()
  const period = periodOf(now)
  const counts = await repo.usageOf(app.db, organizationId, period)
  return { period, resets_at: periodEnd(now).toISOString(), counts }
}
