// Checkout and customer portal: the workspace's Stripe customer is made once, then a Checkout session
// in subscription mode (payment method required up front; the plan starts when checkout completes, and
// only the webhook changes the tier) or a portal session for it. The price of each tier is the Stripe
// price whose lookup key is `wellness_<tier>_monthly`, which the operator creates (README "Billing").

import type { AppContext } from '../shared/context'
import type { Principal } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import * as repo from './repo'
import { stripeFor } from './stripe-client'

/** Checkout and portal exist on the hosted service only; a Stripe failure is the upstream's (502). */
async function hosted<T>(app: AppContext, run: () => Promise<T>): Promise<T> {
  if (!app.config.billingEnabled) {
    throw new ProblemError('notFound', 'Hosted billing is off on this deployment (BILLING_ENABLED unset).')
  }
  try {
    return await run()
  } catch (error) {
    if (error instanceof ProblemError) throw error
    throw new ProblemError('badGateway', 'Stripe did not accept the request; try again later.')
  }
}

export const priceLookupKey = (tier: string) => `wellness_${tier}_monthly`

export async function startCheckout(
  app: AppContext,
  principal: Principal,
  body: { tier: 'standard' | 'builder' | 'growth'; activation_source: string },
) {
  return hosted(app, () => checkout(app, principal, body))
}

async function checkout(
  app: AppContext,
  principal: Principal,
  body: { tier: 'standard' | 'builder' | 'growth'; activation_source: string },
) {
  const stripe = await stripeFor(app.config)
  const org = principal.organization_id
  const prices = await stripe.prices.list({
    lookup_keys: [priceLookupKey(body.tier)],
    active: true,
    limit: 1,
  })
  const price = prices.data[0]
  if (!price) {
    throw new ProblemError(
      'unavailable',
      `No Stripe price is set up for the ${body.tier} plan on this deployment.`,
    )
  }
  let link = await repo.linkOf(app.db, org)
  if (!link) {
    const customer = await stripe.customers.create({ metadata: { organization_id: org } })
    await repo.linkCustomer(app.db, org, customer.id, new Date().toISOString())
    link = await repo.linkOf(app.db, org)
  }
  const base = app.config.publicBaseUrl.replace(/\/+$/, '')
  const metadata = { organization_id: org, tier: body.tier, activation_source: body.activation_source }
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: link?.customer_id,
    client_reference_id: org,
    line_items: [{ price: price.id, quantity: 1 }],
    payment_method_collection: 'always',
    metadata,
    subscription_data: { metadata },
    success_url: `${base}/console/billing?checkout=complete`,
    cancel_url: `${base}/console/billing?checkout=cancelled`,
  })
  if (!session.url) throw new ProblemError('badGateway', 'Stripe returned a checkout session without a URL.')
  return { checkout_url: session.url, session_id: session.id, tier: body.tier }
}

export function openPortal(app: AppContext, principal: Principal) {
  return hosted(app, () => portal(app, principal))
}

async function portal(app: AppContext, principal: Principal) {
  const stripe = await stripeFor(app.config)
  const link = await repo.linkOf(app.db, principal.organization_id)
  if (!link) {
    throw new ProblemError(
      'conflict',
      'This workspace has no Stripe customer yet; start with POST /billing/checkout.',
    )
  }
  const base = app.config.publicBaseUrl.replace(/\/+$/, '')
  const session = await stripe.billingPortal.sessions.create({
    customer: link.customer_id,
    return_url: `${base}/console/billing`,
  })
  return { portal_url: session.url }
}
