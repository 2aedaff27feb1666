// The introductory allowance (SPEC "Limits", "States and transitions"): the first 100 protected hosted
// API requests of every workspace are free; after that a workspace without a paid plan is asked to check
// out. Only with BILLING_ENABLED; a billing_admin account bypasses it; a cancelled plan never resets it.
//
// A "protected request" is a call of an operation that needs a bearer token (SPEC "Authentication":
// protected endpoints take an OIDC access token or an API key; service tokens act in the integrator's
// workspace the same way), counted once it has passed authentication and its grant check. Not counted:
// public operations, sign-in sessions managing keys, the sandbox, x402 payments (paid per request), and
// the operations declared `outsideAllowance`: billing itself (or checkout could never be reached),
// export and deletion (SPEC: they stay available), revoking access, and POST /mcp, whose tool calls are
// counted one by one as the operations they run.
//
// The refusal is 402 `checkout-required`, not 429: waiting does not help (the allowance never comes
// back), paying does. It carries no PAYMENT-REQUIRED header, so it is never mistaken for an x402
// challenge (x402 is only for requests without Authorization, SPEC "Authentication" 4).

import type { AppContext } from '../shared/context'
import type { AnyOperation } from '../shared/operation'
import { INTRODUCTORY_ALLOWANCE } from '../shared/plans'
import type { Principal, PrincipalKind } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import * as repo from './repo'

/** The bearer credentials of hosted API use; sessions, sandbox tokens and x402 payments are not. */
const COUNTED_KINDS: readonly PrincipalKind[] = ['api_key', 'oidc', 'service_token']

/** The cheapest plan offered at checkout; the client may pick another tier. */
const SUGGESTED_TIER = 'standard'

export function checkoutRequired(app: AppContext): ProblemError {
  const base = app.config.publicBaseUrl
  return new ProblemError(
    'checkoutRequired',
    `This workspace has used the ${INTRODUCTORY_ALLOWANCE} free protected requests of its introductory allowance; hosted use continues on a paid plan. Start checkout with POST /billing/checkout {"tier":"${SUGGESTED_TIER}","activation_source":"request_limit"} using the account's API key (plans: GET /pricing). Billing, export and deletion stay available.`,
    {
      extra: {
        allowance: { limit: INTRODUCTORY_ALLOWANCE, used: INTRODUCTORY_ALLOWANCE, remaining: 0 },
        activation_source: 'request_limit',
        checkout: {
          method: 'POST',
          href: `${base}/billing/checkout`,
          body: { tier: SUGGESTED_TIER, activation_source: 'request_limit' },
          tiers: ['standard', 'builder', 'growth'],
          pricing: `${base}/pricing`,
        },
      },
    },
  )
}

/** Whether this call of `op` by `principal` is a protected hosted request the allowance counts. */
export function countsTowardAllowance(
  app: AppContext,
  op: AnyOperation,
  principal: Principal | null,
): principal is Principal {
  if (!app.config.billingEnabled || !principal) return false
  if (op.grant === null || op.outsideAllowance) return false
  return COUNTED_KINDS.includes(principal.kind) && !principal.billing_admin
}

/**
 * Count one protected request of a workspace without a paid plan, or refuse it with 402 once the
 * allowance is used up. Paid workspaces (and billing_admin ones, effective `enterprise`) are neither
 * counted nor refused: the plan covers their requests, and what a workspace used before paying stays used.
 */
export async function chargeAllowance(
  app: AppContext,
  op: AnyOperation,
  principal: Principal | null,
): Promise<void> {
  if (!countsTowardAllowance(app, op, principal)) return
  const tier = await app.plans.tierOf(principal.organization_id)
  if (tier !== 'free') return
  const used = await repo.takeAllowanceUnit(
    app.db,
    principal.organization_id,
    INTRODUCTORY_ALLOWANCE,
    app.clock.now().toISOString(),
  )
  if (used === null) throw checkoutRequired(app)
}

/** The allowance as GET /billing/subscription reports it. */
export async function allowanceStatus(app: AppContext, organizationId: string, billingAdmin: boolean) {
  const used = await repo.allowanceUsed(app.db, organizationId)
  return {
    limit: INTRODUCTORY_ALLOWANCE,
    used,
    remaining: Math.max(0, INTRODUCTORY_ALLOWANCE - used),
    bypassed: billingAdmin,
  }
}
