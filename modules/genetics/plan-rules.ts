// Plan rules for genetics uploads (SPEC "Limits"): how many WGS jobs a workspace may have waiting, and
// who may ask for full dbSNP annotation. Plan and billing facts come only through the PlanLookup
// interface, which billing fills in. Self-hosted deployments (BILLING_ENABLED=false) are not subject to
// billing, so only the deployment fact (a provisioned dbSNP reference) is checked there.

import { existsSync } from 'node:fs'
import type { AppContext } from '../shared/context'
import { planFor } from '../shared/plans'
import { type Principal, scopeOf } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import type { AnnotationDepthName } from './model'
import * as repo from './repo'

/** The condition of full dbSNP annotation a request did not meet. */
export type FullDbsnpCondition =
  | 'active_paid_subscription'
  | 'valid_payment_method'
  | 'full_dbsnp_quota'
  | 'dbsnp_reference'

function fullDbsnpRefused(condition: FullDbsnpCondition, detail: string, plan: string): ProblemError {
  return new ProblemError('planRequired', detail, {
    extra: { unmet_condition: condition, plan },
  })
}

/** Throws a problem naming the rule a new upload session would break; returns when it may be created. */
export async function assertUploadAllowed(
  app: AppContext,
  principal: Principal,
  depth: AnnotationDepthName,
): Promise<void> {
  const scope = scopeOf(principal)
  const billing = app.config.billingEnabled
  const tier = billing ? await app.plans.tierOf(principal.organization_id) : principal.tier
  const plan = planFor(tier)

  if (billing) {
    const limit = plan.quotas.queued_wgs_jobs
    if (limit !== null) {
      const waiting = await repo.countWaitingWork(app.db, scope, app.clock.now().toISOString())
      if (waiting >= limit) {
        throw new ProblemError(
          'planRequired',
          `The ${plan.name} plan allows ${limit} queued WGS ${limit === 1 ? 'job' : 'jobs'} at a time and this workspace has ${waiting} waiting (open upload sessions count). Wait for one to finish, cancel one, or move to a larger plan.`,
          { extra: { plan: plan.tier, limit, queued: waiting, rule: 'queued_wgs_jobs' } },
        )
      }
    }
  }

  if (depth !== 'full_dbsnp') return
  // billing_admin bypasses the billing conditions only; the reference must still be there.
  if (billing && !principal.billing_admin) {
    const standing = await app.plans.billingStanding(principal.organization_id)
    if (!standing.activePaidSubscription)
      throw fullDbsnpRefused(
        'active_paid_subscription',
        'Full dbSNP annotation needs an active paid subscription; this workspace has none. Use annotation_depth "compact", or subscribe to Builder or above.',
        plan.tier,
      )
    if (!standing.validPaymentMethod)
      throw fullDbsnpRefused(
        'valid_payment_method',
        'Full dbSNP annotation needs a valid payment method on file; update it in the billing portal.',
        plan.tier,
      )
    const quota = plan.quotas.full_dbsnp_jobs
    if (quota !== null && quota <= 0)
      throw fullDbsnpRefused(
        'full_dbsnp_quota',
        `The ${plan.name} plan has no full dbSNP annotation (Free and Standard are compact-only); Builder, Growth and Enterprise include it.`,
        plan.tier,
      )
  }
  const reference = app.config.dbsnpReferencePath
  if (!reference || !existsSync(reference)) {
    throw new ProblemError(
      'validation',
      'Full dbSNP annotation is not available on this deployment: no dbSNP reference is provisioned (DBSNP_REFERENCE_PATH). Use annotation_depth "compact".',
      {
        extra: {
          unmet_condition: 'dbsnp_reference' satisfies FullDbsnpCondition,
          errors: [
            { in: 'body', path: '/annotation_depth', message: 'No dbSNP reference on this deployment' },
          ],
        },
      },
    )
  }
}
