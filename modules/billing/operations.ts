// Operations of the billing module (SPEC "Billing"): the subscription status. Billing operations take
// the owner's own API key only: never a session, a service token, or an x402 payment.

import { defineOperation } from '../shared/operation'
import { openPortal, startCheckout } from './checkout'
import { billingExamples } from './examples'
import { CheckoutRequest, CheckoutSession, PortalSession, SubscriptionStatus, WebhookReceipt } from './model'
import { subscriptionStatus } from './service'
import { receiveStripeWebhook } from './webhook'

export const billingSubscription = defineOperation(
  {
    id: 'billing.subscription',
    example: billingExamples['billing.subscription'],
    method: 'GET',
    path: '/billing/subscription',
    summary: 'The workspace’s plan, billing_admin entitlement and this month’s quota usage',
    description:
      'Tier as stored, effective tier (`enterprise` for a billing_admin account), the Stripe subscription’s status and period end, and with hosted billing on, the monthly counters of uploads, analyses and wearable syncs beside the effective plan’s limits and the time they reset. A request past a limit is answered 429 `quota-exceeded`. On a self-hosted deployment (BILLING_ENABLED unset) `billing_enabled` is false and `usage` null.',
    tags: ['Billing'],
    grant: 'billing',
    outsideAllowance: 'Billing stays reachable, or a workspace past its allowance could never check out.',
    principals: ['api_key'],
    output: SubscriptionStatus,
  },
  (_input, { app, principal }) => subscriptionStatus(app, principal),
)

export const billingCheckout = defineOperation(
  {
    id: 'billing.checkout',
    example: billingExamples['billing.checkout'],
    method: 'POST',
    path: '/billing/checkout',
    summary: 'Start a Stripe Checkout for a paid plan',
    description:
      'Returns a Stripe Checkout page in subscription mode: a payment method is required up front and the plan starts when checkout completes. Choosing a plan changes nothing until Stripe reports the completed checkout to the webhook. 404 when hosted billing is off; 503 when Stripe or the plan’s price is not set up; 502 when Stripe refuses.',
    tags: ['Billing'],
    grant: 'billing',
    outsideAllowance: 'Billing stays reachable, or a workspace past its allowance could never check out.',
    principals: ['api_key'],
    body: CheckoutRequest,
    output: CheckoutSession,
    errors: [404, 502, 503],
  },
  ({ body }, { app, principal }) => startCheckout(app, principal, body),
)

export const billingPortal = defineOperation(
  {
    id: 'billing.portal',
    example: billingExamples['billing.portal'],
    method: 'POST',
    path: '/billing/portal',
    summary: 'Open the Stripe customer portal (payment details, plan changes, invoices, cancelling)',
    description:
      '409 when the workspace has not started a checkout yet (it has no Stripe customer); 404 when hosted billing is off.',
    tags: ['Billing'],
    grant: 'billing',
    outsideAllowance: 'Billing stays reachable, or a workspace past its allowance could never check out.',
    principals: ['api_key'],
    output: PortalSession,
    errors: [404, 409, 502, 503],
  },
  (_input, { app, principal }) => openPortal(app, principal),
)

export const billingStripeWebhook = defineOperation(
  {
    id: 'billing.stripe_webhook',
    example: billingExamples['billing.stripe_webhook'],
    method: 'POST',
    path: '/billing/stripe/webhook',
    summary: 'Receive a Stripe event (called by Stripe, authorized by its signature)',
    description:
      'The raw body is verified against STRIPE_WEBHOOK_SECRET with the Stripe SDK; a bad or missing signature is 400 and nothing is stored. Each event is stored once by its id before the workspace tier changes; repeated and out-of-order deliveries change nothing (events apply in Stripe’s own time order). A failure to apply is 500 so Stripe retries, and the retry applies the stored event.',
    tags: ['Billing'],
    grant: null,
    rawBody: { mediaTypes: ['application/json'], description: 'The Stripe event exactly as Stripe sent it.' },
    output: WebhookReceipt,
    errors: [503],
  },
  (_input, { app, request }) => receiveStripeWebhook(app, request.raw),
)

export const billingOperations = [billingSubscription, billingCheckout, billingPortal, billingStripeWebhook]
