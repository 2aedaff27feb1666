// Running a handler for a paid or idempotent request. The handler's result is buffered, never streamed:
// a paid request is settled only after the handler succeeded (a handler error returns its problem with
// no PAYMENT-RESPONSE and nothing settled), and a POST with an idempotency key stores its response so a
// retry replays it instead of writing twice.
//
// Keys: the caller's `Idempotency-Key` header (any authenticated POST), or, for a paid POST without one,
// a key derived from the signed payment. Same key and same request → the stored response; same key and
// another request → 422.

import { createHash } from 'node:crypto'
import type { AppContext } from '../shared/context'
import { errorSummary } from '../shared/error-summary'
import { newId } from '../shared/ids'
import { withKeyLock } from '../shared/keyed-lock'
import type { AnyOperation } from '../shared/operation'
import type { Principal } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { canonicalJson } from './canonical-json'
import type { PendingPayment } from './payments'
import * as repo from './repo'

export interface Fulfilled {
  /** What the route returns: the handler's value, or a stored one. */
  result: unknown
  status: number | null
  headers: Record<string, string>
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/**
 * How long a stored response answers retries: a week, far longer than a signed payment stays valid
 * (minutes) or a client keeps retrying. Older rows are removed as new ones are written, at most hourly.
 */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3600 * 1000
const PRUNE_EVERY_MS = 3600 * 1000
const lastPrune = new WeakMap<AppContext, number>()

async function pruneOldResponses(app: AppContext): Promise<void> {
  const now = app.clock.now().getTime()
  if (now - (lastPrune.get(app) ?? 0) < PRUNE_EVERY_MS) return
  lastPrune.set(app, now)
  await repo.deleteOlderThan(app.db, new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString())
}

/** The Idempotency-Key header, checked; null when absent. */
function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get('idempotency-key')
  if (raw === null) return null
  const key = raw.trim()
  if (!KEY_PATTERN.test(key))
    throw new ProblemError('validation', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      extra: {
        errors: [
          { in: 'header', path: 'idempotency-key', message: 'Expected 1-255 visible ASCII characters' },
        ],
      },
    })
  return key
}

function requestHash(op: AnyOperation, request: Request, body: unknown): string {
  const url = new URL(request.url)
  return createHash('sha256')
    .update(`${op.method} ${url.pathname}${url.search}\n${canonicalJson(body ?? null)}`)
    .digest('hex')
}

/** Handler results are JSON values; a Response (pages, archives) is buffered as text. */
async function buffer(
  result: unknown,
): Promise<{ contentType: string; body: string; status: number | null }> {
  if (result instanceof Response)
    return {
      contentType: result.headers.get('content-type') ?? 'application/octet-stream',
      body: await result.text(),
      status: result.status,
    }
  return { contentType: 'application/json', body: JSON.stringify(result ?? null), status: null }
}

function replay(stored: repo.StoredResponse): Fulfilled {
  const headers: Record<string, string> = { 'idempotent-replayed': 'true' }
  if (stored.payment_response) headers['payment-response'] = stored.payment_response
  const result =
    stored.content_type === 'application/json'
      ? JSON.parse(stored.body)
      : new Response(stored.body, { status: stored.status, headers: { 'content-type': stored.content_type } })
  return { result, status: stored.status, headers }
}

/**
 * Settle, and say so in the log: the operation, the network and the outcome, never the payer's data.
 * An operator can match the transaction against the PAYMENT-RESPONSE the caller holds.
 */
async function settle(app: AppContext, op: AnyOperation, payment: PendingPayment): Promise<string> {
  const network = payment.requirements.network
  try {
    const header = await app.payments!.settle(payment)
    app.log.info('x402.settled', { operation: op.id, network })
    return header
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause
    app.log.warn('x402.settle_failed', {
      operation: op.id,
      network,
      status: error instanceof ProblemError ? error.status : 500,
      ...(cause ? { error: errorSummary(cause) } : {}),
    })
    throw error
  }
}

export async function fulfil(
  app: AppContext,
  op: AnyOperation,
  request: Request,
  principal: Principal | null,
  body: unknown,
  run: () => Promise<unknown>,
): Promise<Fulfilled> {
  const payment = app.payments?.pending(request)
  // Only JSON-in, JSON-out POSTs are replayable: a raw body is not hashed and a stream is not buffered.
  const replayable =
    op.method === 'POST' && !op.rawBody && (op.produces ?? 'application/json') === 'application/json'
  const explicitKey = replayable && principal ? idempotencyKeyOf(request) : null
  const key = explicitKey ?? (payment && replayable ? `payment:${payment.hash}` : null)

  if (!key || !principal) {
    const result = await run()
    if (!payment) return { result, status: null, headers: {} }
    // A paid GET: buffered, then settled; a refused settlement means no response at all.
    const buffered = await buffer(result)
    const paymentResponse = await settle(app, op, payment)
    return {
      result: result instanceof Response ? new Response(buffered.body, result) : result,
      status: null,
      headers: { 'payment-response': paymentResponse },
    }
  }

  return withKeyLock(`idempotency:${principal.user_id}:${key}`, async () => {
    const hash = requestHash(op, request, body)
    const stored =
      (await repo.findByKey(app.db, principal.user_id, key)) ??
      (payment ? await repo.findByPayment(app.db, payment.hash) : undefined)
    if (stored) {
      if (stored.request_hash !== hash)
        throw new ProblemError(
          'validation',
          'This idempotency key was already used for a different request; send a new key for a new request.',
          {
            extra: {
              errors: [{ in: 'header', path: 'idempotency-key', message: 'Reused with a different request' }],
            },
          },
        )
      if (stored.state === 'unsettled' && payment && !payment.replay) {
        // The work was done but its payment not settled (the facilitator failed): settle now, once.
        const paymentResponse = await settle(app, op, payment)
        await repo.markSettled(app.db, stored.id, paymentResponse)
        return replay({ ...stored, state: 'complete', payment_response: paymentResponse })
      }
      return replay(stored)
    }
    if (payment?.replay) throw new ProblemError('paymentRequired', 'This signed payment was already used.')

    const result = await run()
    const buffered = await buffer(result)
    const row = {
      id: newId('idr', app.clock.now().getTime()),
      organization_id: principal.organization_id,
      user_id: principal.user_id,
      key,
      payment_hash: payment?.hash ?? null,
      request_hash: hash,
      status: buffered.status ?? op.status ?? 200,
      content_type: buffered.contentType,
      body: buffered.body,
      state: payment ? ('unsettled' as const) : ('complete' as const),
      payment_response: null,
      created_at: app.clock.now().toISOString(),
    }
    // Stored before settling: should settlement fail, a retry settles without doing the work again.
    await pruneOldResponses(app)
    await repo.insert(app.db, row)
    const headers: Record<string, string> = {}
    if (payment) {
      headers['payment-response'] = await settle(app, op, payment)
      await repo.markSettled(app.db, row.id, headers['payment-response'])
    }
    return {
      result: result instanceof Response ? new Response(buffered.body, result) : result,
      status: null,
      headers,
    }
  })
}
