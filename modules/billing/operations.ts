// Operations of the billing module (SPEC "Billing"): the subscription status. Billing operations take
// the owner's own API key only: never a session, a service token, or an x402 payment.

import { defineOperation } from '../shared/operation'
import { billingExamples } from './examples'
import { SubscriptionStatus } from './model'
import { subscriptionStatus } from './service'

export const billingSubscription = defineOperation(
  {
    id: 'billing.subscription',
    example: billingExamples['billing.subscription'],
    method: 'GET',
    path: '/billing/subscription',
    summary: 'The workspace’s plan, billing_admin entitlement and this month’s quota usage',
    description:
      'Tier as stored, effective tier (`enterprise` for a billing_admin account), and with hosted billing on, the monthly counters of uploads, analyses and wearable syncs beside the effective plan’s limits and the time they reset. A request past a limit is answered 429 `quota-exceeded`. On a self-hosted deployment (BILLING_ENABLED unset) `billing_enabled` is false and `usage` null.',
    tags: ['Billing'],
    grant: 'billing',
    principals: ['api_key'],
    output: SubscriptionStatus,
  },
  (_input, { app, principal }) => subscriptionStatus(app, principal),
)

export const billingOperations = [billingSubscription]
