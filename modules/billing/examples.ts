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
      usage: {
        period: '2026-01',
        resets_at: '2026-02-01T00:00:00.000Z',
        quotas: {
          uploads: { used: 1, limit: 25 },
          analyses: { used: 25, limit: 25 },
          wearable_syncs: { used: 0, limit: 0 },
        },
      },
    },
  },
} satisfies Record<string, OperationExample>
