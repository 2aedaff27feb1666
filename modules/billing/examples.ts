// One example call per billing operation: the request a caller sends and the success response, as
// recorded from the test suite; test/modules/discovery/examples.test.ts checks them against the schemas.

import type { OperationExample } from '../shared/operation'

export const billingExamples = {
  'billing.subscription': {
    request: {},
    response: {
      billing_enabled: true,
      tier: 'free',
      effective_tier: 'free',
      billing_admin: false,
      subscription: null,
      allowance: { limit: 100, used: 27, remaining: 73, bypassed: false },
      usage: {
        period: '2026-01',
        resets_at: '2026-02-01T00:00:00.000Z',
        quotas: {
          uploads: { used: 1, limit: 25 },
          analyses: { used: 24, limit: 25 },
          wearable_syncs: { used: 0, limit: 0 },
          uploads_and_analyses: { used: 25, limit: 25 },
        },
      },
    },
  },
  'billing.checkout': {
    request: { body: { tier: 'standard', activation_source: 'request_limit' } },
    response: {
      checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
      session_id: 'cs_test_a1',
      tier: 'standard',
    },
  },
  'billing.portal': {
    request: {},
    response: { portal_url: 'https://billing.stripe.com/p/session/test_a1' },
  },
  'billing.stripe_webhook': {
    request: {
      body: {
        id: 'evt_1',
        object: 'event',
        type: 'customer.subscription.updated',
        created: 1767225600,
        livemode: false,
        data: {
          object: {
            id: 'sub_1',
            object: 'subscription',
            customer: 'cus_1',
            status: 'active',
            metadata: { organization_id: 'org_1', tier: 'standard' },
          },
        },
      },
    },
    response: { received: true, event_id: 'evt_1', duplicate: false },
  },
} satisfies Record<string, OperationExample>
