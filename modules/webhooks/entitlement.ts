// Who may use outbound webhooks: SPEC "Events" includes the feature from the Builder plan upward. On a
// self-hosted deployment (BILLING_ENABLED unset) there are no plans, so everyone may; a billing_admin
// account is effective Enterprise through the same plan lookup.

import type { AppContext } from '../shared/context'
import { planFor } from '../shared/plans'
import { ProblemError } from '../shared/problem'

export async function webhooksAllowed(app: AppContext, organizationId: string): Promise<boolean> {
  if (!app.config.billingEnabled) return true
  return planFor(await app.plans.tierOf(organizationId)).allows.webhooks
}

export async function assertWebhooksAllowed(app: AppContext, organizationId: string): Promise<void> {
  if (await webhooksAllowed(app, organizationId)) return
  const tier = await app.plans.tierOf(organizationId)
  throw new ProblemError(
    'planRequired',
    `Outbound webhooks are included from the Builder plan upward (SPEC "Events"); this workspace is on ${planFor(tier).name}. Upgrade with POST /billing/checkout {"tier":"builder","activation_source":"request_limit"}.`,
    { extra: { plan: tier, upgrade: { tier: 'builder' } } },
  )
}
