// The workspace plan as stored today: the organization's tier, or `enterprise` when its owner holds the
// billing_admin entitlement. Billing will add subscription standing behind the same interface.

import type { Database } from '../../db/client'
import type { PlanLookup } from '../shared/plans'
import type { Tier } from '../shared/principal'
import * as repo from './repo'

export function databasePlanLookup(db: Database): PlanLookup {
  return {
    async tierOf(organizationId: string): Promise<Tier> {
      const org = await repo.findOrganization(db, organizationId)
      if (!org) return 'free'
      const owner = await repo.findUser(db, org.owner_user_id)
      return owner?.billing_admin ? 'enterprise' : org.tier
    },
    async billingStanding() {
      // No payment processor is wired yet: nobody has a paid subscription on record.
      return { activePaidSubscription: false, validPaymentMethod: false }
    },
  }
}
