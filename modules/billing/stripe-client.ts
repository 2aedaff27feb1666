// The Stripe SDK client of hosted billing, built from the configuration. STRIPE_API_BASE (tests only)
// points the SDK's own host, port and protocol options at a local stand-in of the Stripe API. The SDK
// (a few hundred modules) loads on the first billing call, not at start-up.

import type Stripe from 'stripe'
import type { Config } from '../shared/config'
import { lazyModule } from '../shared/lazy-module'
import { ProblemError } from '../shared/problem'

const clients = new WeakMap<object, Stripe>()

const stripeSdk = lazyModule(async () => (await import('stripe')).default)

/** The SDK client for this configuration; 503 when STRIPE_SECRET_KEY is not set. */
export async function stripeFor(config: Readonly<Config>): Promise<Stripe> {
  const cached = clients.get(config.stripe)
  if (cached) return cached
  if (!config.stripe.secretKey) {
    throw new ProblemError(
      'unavailable',
      'Hosted billing is not configured on this deployment (STRIPE_SECRET_KEY).',
    )
  }
  const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : null
  const Stripe = await stripeSdk()
  const client = new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
  clients.set(config.stripe, client)
  return client
}

/** The SDK's webhook helpers need no key; a client with a placeholder key is enough to verify. */
let webhooks: Promise<Stripe['webhooks']> | null = null
export const stripeWebhooks = () => {
  webhooks ??= stripeSdk().then((Sdk) => new Sdk('sk_verify_only').webhooks)
  return webhooks
}
