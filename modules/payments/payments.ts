// The x402 v2 payment path of the payable operations (SPEC "Pay-per-request authorization"), built on
// the x402 packages' resource server (`@x402/core`, with the `exact` schemes of `@x402/evm` and
// `@x402/svm` and the bazaar discovery extension), which speaks to the facilitators over HTTP.
//
// - `admit` runs in the gate, before input validation: no PAYMENT-SIGNATURE → 402 with the
//   requirements in PAYMENT-REQUIRED; a signature → verified by the facilitator (503 when it cannot be
//   reached), and the payer becomes a wallet principal. Nothing is settled yet.
// - `settle` runs after the handler succeeded (see fulfilment.ts); a handler error never reaches it.

import { createHash } from 'node:crypto'
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http'
import { x402ResourceServer } from '@x402/core/server'
import type { PaymentPayload, PaymentRequirements, Price } from '@x402/core/types'
import { SettleError, VerifyError } from '@x402/core/types'
import { ExactEvmScheme } from '@x402/evm/exact/server'
import { bazaarResourceServerExtension } from '@x402/extensions/bazaar'
import { ExactSvmScheme } from '@x402/svm/exact/server'
import { eq } from 'drizzle-orm'
import { users } from '../auth/tables'
import type { AppContext } from '../shared/context'
import { errorSummary } from '../shared/error-summary'
import type { AnyOperation } from '../shared/operation'
import { DATA_GRANTS, type Principal } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { requestSlot } from '../shared/request-slot'
import { discoveryExtension } from './bazaar'
import { canonicalJson } from './canonical-json'
import { connectFacilitators } from './facilitators'
import { assertPriceOverrides, livePrice, toAtomicUnits } from './prices'
import * as repo from './repo'
import { namespaceOf, type X402Settings } from './settings'
import { walletPrincipal } from './wallets'

export const SERVICE_NAME = 'Wellness Data Service'

/** A verified payment waiting for its request's handler to succeed. */
export interface PendingPayment {
  payload: PaymentPayload
  requirements: PaymentRequirements
  /** SHA-256 of the signed payment: the idempotency key of a paid POST without its own key. */
  hash: string
  /** True when this signed payment already bought a stored response: replay it, verify and settle nothing. */
  replay: boolean
}

export interface Payments {
  settings: X402Settings
  /** The facilitator URL serving each enabled network. */
  facilitatorOf: Readonly<Record<string, string>>
  price(op: AnyOperation): string
  /** Gate step for an anonymous call of a payable operation: a wallet principal, or a 402/503 problem. */
  admit(op: AnyOperation, request: Request, app: AppContext): Promise<Principal>
  pending(request: Request): PendingPayment | undefined
  /** Settle after success; returns the PAYMENT-RESPONSE header value, or throws a 402/503 problem. */
  settle(payment: PendingPayment): Promise<string>
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex')

/** 503: the facilitator's own words go to the log only (they may name its internals), never to the caller. */
function unavailable(what: string): ProblemError {
  return new ProblemError(
    'unavailable',
    `The payment facilitator could not be reached to ${what}; nothing was charged. Retry later.`,
    { headers: { 'retry-after': '5' } },
  )
}

/** Start the payment path: connect the facilitators and load what they support. */
export async function startPayments(
  settings: X402Settings,
  operations: readonly AnyOperation[],
  publicBaseUrl: string,
): Promise<Payments> {
  assertPriceOverrides(operations, settings.routePrices)
  const facilitators = await connectFacilitators(settings)
  const server = new x402ResourceServer(facilitators.clients)
  for (const network of settings.networks) {
    server.register(
      network as `${string}:${string}`,
      namespaceOf(network) === 'solana' ? new ExactSvmScheme() : new ExactEvmScheme(),
    )
  }
  server.registerExtension(bazaarResourceServerExtension)
  await server.initialize()

  const pendingPayments = requestSlot<PendingPayment>('pending payment')
  const requirementCache = new Map<string, Promise<PaymentRequirements[]>>()
  const price = (op: AnyOperation) => livePrice(op, settings.routePrices)

  function priceOn(network: string, dollars: string): Price {
    const asset = settings.assets?.[network]
    if (!asset) return `$${dollars}`
    return {
      amount: toAtomicUnits(dollars, asset.decimals),
      asset: asset.address,
      extra: { name: asset.name, version: asset.version },
    }
  }

  /** One requirement per enabled network, in the configured order. */
  function requirementsFor(op: AnyOperation): Promise<PaymentRequirements[]> {
    let cached = requirementCache.get(op.id)
    if (!cached) {
      cached = Promise.all(
        settings.networks.map(async (network) => {
          const payTo = namespaceOf(network) === 'solana' ? settings.solanaPayTo! : settings.evmPayTo!
          const [requirement] = await server.buildPaymentRequirements({
            scheme: 'exact',
            network: network as `${string}:${string}`,
            payTo,
            price: priceOn(network, price(op)),
            maxTimeoutSeconds: settings.maxTimeoutSeconds,
          })
          return requirement!
        }),
      )
      cached.catch(() => requirementCache.delete(op.id))
      requirementCache.set(op.id, cached)
    }
    return cached
  }

  /** The 402 problem: requirements (with the discovery extension) in PAYMENT-REQUIRED. */
  async function paymentRequired(op: AnyOperation, request: Request, detail: string, error?: string) {
    const url = new URL(request.url)
    const requirements = await requirementsFor(op)
    const transport = {
      method: op.method,
      routePattern: op.path,
      adapter: { getPath: () => url.pathname },
    }
    const required = await server.createPaymentRequiredResponse(
      requirements,
      {
        url: `${publicBaseUrl}${url.pathname}${url.search}`,
        description: op.x402!.description ?? op.summary,
        mimeType: 'application/json',
        serviceName: SERVICE_NAME,
        tags: op.x402!.tags,
      },
      error,
      // The bazaar extension adds the method, the `:param` route template and the concrete pathParams.
      server.enrichExtensions(discoveryExtension(op), transport),
      transport,
    )
    return new ProblemError('paymentRequired', detail, {
      headers: { 'payment-required': encodePaymentRequiredHeader(required) },
      extra: {
        x402Version: 2,
        price_usd: price(op),
        networks: settings.networks,
      },
    })
  }

  async function admit(op: AnyOperation, request: Request, app: AppContext): Promise<Principal> {
    const header = request.headers.get('payment-signature')
    if (!header)
      throw await paymentRequired(
        op,
        request,
        `This route costs $${price(op)} per request: sign the payment in the PAYMENT-REQUIRED header and send it as PAYMENT-SIGNATURE, or send an API key as Authorization: Bearer <key>.`,
      )
    let payload: PaymentPayload
    try {
      payload = decodePaymentSignatureHeader(header)
    } catch {
      throw await paymentRequired(
        op,
        request,
        'The PAYMENT-SIGNATURE header is not a base64 x402 payment payload.',
        'invalid_payload',
      )
    }
    if (payload?.x402Version !== 2)
      throw await paymentRequired(
        op,
        request,
        'Only x402 version 2 payments are accepted.',
        'invalid_x402_version',
      )
    const hash = hashOf(canonicalJson(payload))

    // A retry of a signed payment that already bought a stored POST response replays that response;
    // the payment itself is spent, so asking the facilitator again would only refuse it.
    if (op.method === 'POST') {
      const stored = await repo.findByPayment(app.db, hash)
      if (stored?.state === 'complete') {
        const requirements = (await requirementsFor(op))[0]!
        pendingPayments.set(request, { payload, requirements, hash, replay: true })
        const network = payload.accepted?.network ?? requirements.network
        return storedPayer(app, stored.user_id, network)
      }
    }

    const requirements = server.findMatchingRequirements(await requirementsFor(op), payload)
    if (!requirements)
      throw await paymentRequired(
        op,
        request,
        'The signed payment does not match what this route accepts (network, asset, amount or recipient); sign one of the PAYMENT-REQUIRED options.',
        'no_matching_requirements',
      )
    let verified: { isValid: boolean; invalidReason?: string; invalidMessage?: string; payer?: string }
    try {
      verified = await server.verifyPayment(payload, requirements)
    } catch (error) {
      if (error instanceof VerifyError)
        verified = { isValid: false, invalidReason: error.invalidReason, payer: error.payer }
      else {
        app.log.warn('x402.facilitator_unreachable', {
          operation: op.id,
          network: requirements.network,
          error: errorSummary(error),
        })
        throw unavailable('verify the payment')
      }
    }
    if (!verified.isValid || !verified.payer) {
      app.log.info('x402.payment_refused', { operation: op.id, reason: verified.invalidReason ?? 'no payer' })
      throw await paymentRequired(
        op,
        request,
        `The payment was not accepted by the facilitator: ${verified.invalidReason ?? 'no payer'}.`,
        verified.invalidReason ?? 'invalid_payment',
      )
    }
    pendingPayments.set(request, { payload, requirements, hash, replay: false })
    return walletPrincipal(app, requirements.network, verified.payer)
  }

  async function settle(payment: PendingPayment): Promise<string> {
    let result: Awaited<ReturnType<typeof server.settlePayment>>
    try {
      result = await server.settlePayment(payment.payload, payment.requirements)
    } catch (error) {
      if (error instanceof SettleError)
        throw new ProblemError(
          'paymentRequired',
          `The facilitator refused to settle the payment: ${error.errorReason ?? 'settlement failed'}. The result is kept: retry the same request with the same PAYMENT-SIGNATURE to settle and receive it.`,
        )
      throw Object.assign(unavailable('settle the payment'), { cause: error })
    }
    if (!result.success)
      throw new ProblemError(
        'paymentRequired',
        `The facilitator refused to settle the payment: ${result.errorReason ?? 'settlement failed'}.`,
      )
    return encodePaymentResponseHeader(result)
  }

  return {
    settings,
    facilitatorOf: facilitators.urlOf,
    price,
    admit,
    pending: (request) => pendingPayments.get(request),
    settle,
  }
}

/** The wallet principal of a stored payer (its rows exist: it paid before). */
async function storedPayer(app: AppContext, userId: string, network: string): Promise<Principal> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new ProblemError('paymentRequired', 'This payment was already used.')
  return {
    kind: 'wallet',
    user_id: user.id,
    organization_id: user.personal_organization_id,
    grants: [...DATA_GRANTS],
    tier: 'free',
    credential_id: `x402:${namespaceOf(network)}:replay`,
    billing_admin: false,
  }
}
