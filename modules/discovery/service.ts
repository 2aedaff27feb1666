// What the service offers, derived from configuration and the operation registry.

import { livePrice } from '../payments/prices'
import type { AppContext } from '../shared/context'
import { RETRY_AFTER_SECONDS } from '../shared/dependency'
import { API_VERSION } from '../shared/openapi'
import { INTRODUCTORY_ALLOWANCE, PLANS, SERVE_OTHERS_RULE } from '../shared/plans'
import { ProblemError } from '../shared/problem'
import { x402Catalog } from '../shared/registry'
import { EVENT_KIND_NAMES } from '../webhooks/kinds'

export const GENETICS_FORMATS = [
  'vcf',
  'gvcf',
  'bcf',
  '23andme',
  'ancestrydna',
  'myheritage',
  'ftdna',
  'livingdna',
  'decodeme',
]

export function capabilities(app: AppContext) {
  const { config } = app
  return {
    service: {
      name: 'Wellness Data Service',
      version: API_VERSION,
      openapi: `${config.publicBaseUrl}/openapi.json`,
      mcp: `${config.publicBaseUrl}/mcp`,
    },
    modalities: ['biomarkers', 'wearables', 'genetics', 'behavioral'],
    genetics: {
      formats: GENETICS_FORMATS,
      compressions: ['none', 'gzip', 'bgzf', 'zip'],
      builds: ['GRCh37', 'GRCh38'],
      annotation_depths: [
        { depth: 'compact', available: true, note: 'Curated catalog shipped with the service.' },
        {
          depth: 'full_dbsnp',
          available: config.dbsnpReferencePath !== null,
          note: config.dbsnpReferencePath
            ? 'A dbSNP reference is provisioned.'
            : 'No dbSNP reference is provisioned on this deployment.',
        },
      ],
    },
    wearables: {
      whoop: {
        first_party_oauth: config.wearables.whoop !== null,
        connection_model: 'server_oauth' as const,
      },
      oura: { first_party_oauth: config.wearables.oura !== null, connection_model: 'server_oauth' as const },
      // The companion app signs in to the same account and syncs; no OAuth client of yours is involved.
      health_connect: { first_party_oauth: true, connection_model: 'companion_app' as const },
      apple_health: { first_party_oauth: false, connection_model: 'mobile_bridge' as const },
      samsung_health: { first_party_oauth: false, connection_model: 'mobile_bridge' as const },
    },
    auth: {
      methods: ['email_otp', 'api_key', 'service_token', 'sandbox', ...(config.oidc ? ['oidc'] : [])],
      oidc_issuer: config.oidc?.issuer ?? null,
    },
    billing: { enabled: config.billingEnabled },
    x402: { enabled: app.payments !== null },
  }
}

export function pricing(app: AppContext) {
  return {
    currency: 'USD' as const,
    billing_enabled: app.config.billingEnabled,
    plans: PLANS.map((p) => ({ ...p, allows: { ...p.allows } })),
    rules: [
      `The first ${INTRODUCTORY_ALLOWANCE} protected hosted API requests of every cloud workspace are free; checkout is prompted only after that allowance is exhausted.`,
      'A canceled or delinquent subscription falls back to Free hosted limits.',
      'Full dbSNP annotation needs an active paid subscription, a valid payment method, a plan with a non-zero full_dbsnp_jobs quota and a provisioned reference. Free and Standard are compact-only.',
      SERVE_OTHERS_RULE,
      'An API key lasts 365 days.',
      'Self-hosted deployments (BILLING_ENABLED=false) are not subject to billing.',
    ],
    webhooks: {
      // The first plan that includes them, read from the catalogue rather than written twice.
      from_tier: PLANS.find((p) => p.allows.webhooks)!.tier,
      event_kinds: EVENT_KIND_NAMES,
      signing: 'Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256)',
    },
    introductory_allowance: {
      protected_requests: INTRODUCTORY_ALLOWANCE,
      resets: false as const,
      past_it:
        '402 checkout-required (POST /billing/checkout with activation_source request_limit); billing, export and deletion stay available.',
    },
    pay_per_request: {
      enabled: app.payments !== null,
      x402_catalog: `${app.config.publicBaseUrl}/.well-known/x402.json`,
      routes: app.operations
        .filter((op) => op.x402)
        .map((op) => ({
          id: op.id,
          method: op.method,
          route: op.path,
          price_usd: livePrice(op, app.config.x402?.routePrices),
        })),
    },
  }
}

/**
 * Readiness: the database, the blob storage and the job queue each answer now. A failure is a 503 naming
 * every dependency that is down (with Retry-After), so an orchestrator holds traffic back until all are.
 */
export async function readiness(app: AppContext) {
  const probes: Record<string, () => Promise<unknown>> = {
    // async: on bun:sqlite the statement runs (and would throw) synchronously.
    database: async () => app.db.run('select 1'),
    storage: () => app.storage.check(),
    queue: () => app.queue.check(),
  }
  const names = Object.keys(probes)
  const outcomes = await Promise.allSettled(names.map((name) => probes[name]!()))
  const checks = Object.fromEntries(
    names.map((name, i) => [name, outcomes[i]!.status === 'fulfilled' ? 'ok' : 'unavailable']),
  )
  const down = names.filter((name) => checks[name] !== 'ok')
  if (down.length > 0)
    throw new ProblemError('unavailable', `Not ready: ${down.join(', ')} not reachable.`, {
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      extra: { checks },
    })
  return { status: 'ready' as const, checks }
}

/**
 * The x402 catalogue: enabled networks, the facilitator serving each, and every payable route template
 * with its live price and the bazaar discovery extension its 402 declares.
 */
export async function x402Document(app: AppContext) {
  // The bazaar extension builder comes with x402's libraries, loaded when the catalogue is first built.
  const { discoveryExtension } = await import('../payments/bazaar')
  const payments = app.payments
  const payable = new Map(app.operations.filter((op) => op.x402).map((op) => [op.id, op]))
  return {
    x402Version: 2 as const,
    enabled: payments !== null,
    networks: payments ? [...payments.settings.networks] : [],
    facilitators: payments ? [...new Set(Object.values(payments.facilitatorOf))] : [],
    routes: x402Catalog(app.operations).map((route) => {
      const op = payable.get(route.id)!
      return {
        ...route,
        price_usd: livePrice(op, app.config.x402?.routePrices),
        bazaar: discoveryExtension(op).bazaar,
      }
    }),
  }
}
