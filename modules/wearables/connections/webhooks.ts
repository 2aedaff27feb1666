// Provider webhooks: WHOOP v2 and Oura v2 tell us that a member's data changed, and each valid delivery
// queues an async sync of that member's recent days on every first-party connection to them. Both sign
// the raw body with the deployment's client secret over `timestamp + body` (HMAC-SHA256; WHOOP base64 in
// X-WHOOP-Signature with X-WHOOP-Signature-Timestamp, Oura upper-case hex in x-oura-signature with
// x-oura-timestamp); a delivery older or newer than five minutes is refused as a replay. Oura first
// checks the subscription with a GET carrying our verification_token and a challenge to echo.
// Integrators with their own provider app receive their own webhooks and call the sync themselves.

import { createHmac, timingSafeEqual } from 'node:crypto'
import { consumeQuota } from '../../billing/quota'
import type { AppContext } from '../../shared/context'
import { readCapped } from '../../shared/http-body'
import { ProblemError } from '../../shared/problem'
import * as repo from '../repo'
import type { OAuthProvider } from './providers'
import { queueSync } from './sync-jobs'

/** How far a delivery's timestamp may be from our clock. */
const TOLERANCE_MS = 5 * 60 * 1000
const WEBHOOK_BODY_LIMIT = 64 * 1024
/** The days a webhook sync reads: yesterday and today, where a changed sleep, recovery or workout lies. */
const DAYS_BACK = 1

const refused = (detail: string) => new ProblemError('badRequest', detail)

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Epoch seconds or milliseconds → milliseconds; NaN when unreadable. */
function timestampMs(raw: string | null): number {
  if (!raw || !/^\d{9,14}$/.test(raw)) return Number.NaN
  const n = Number(raw)
  return n > 1e12 ? n : n * 1000
}

export function whoopSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64')
}

export function ouraSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('hex')
    .toUpperCase()
}

async function verifiedBody(
  app: AppContext,
  request: Request,
  provider: OAuthProvider,
  headers: { signature: string; timestamp: string },
): Promise<Record<string, unknown>> {
  const client = app.config.wearables[provider]
  if (!client)
    throw new ProblemError(
      'unavailable',
      `This deployment has no first-party ${provider} credentials, so it cannot verify ${provider} webhooks.`,
    )
  const text = await readCapped(request, WEBHOOK_BODY_LIMIT)
  if (text === null) throw new ProblemError('payloadTooLarge', 'A webhook body is at most 64 KiB.')
  const signature = request.headers.get(headers.signature)
  const timestamp = request.headers.get(headers.timestamp)
  const at = timestampMs(timestamp)
  if (!signature || !timestamp || Number.isNaN(at))
    throw refused(`The webhook needs the ${headers.signature} and ${headers.timestamp} headers.`)
  if (Math.abs(app.clock.now().getTime() - at) > TOLERANCE_MS)
    throw refused('The webhook timestamp is more than five minutes away; refused as a possible replay.')
  const expected =
    provider === 'whoop'
      ? whoopSignature(client.clientSecret, timestamp, text)
      : ouraSignature(client.clientSecret, timestamp, text)
  if (!sameText(expected, signature)) throw refused('The webhook signature does not match its body.')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw refused('The webhook body is not JSON.')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw refused('The webhook body is not an object.')
  return body as Record<string, unknown>
}

/** Queue a sync of recent days for every first-party connection to this provider member. */
async function queueForMember(app: AppContext, provider: OAuthProvider, memberId: string) {
  const end = app.clock.now().toISOString().slice(0, 10)
  const from = new Date(`${end}T00:00:00.000Z`)
  from.setUTCDate(from.getUTCDate() - DAYS_BACK)
  const start = from.toISOString().slice(0, 10)
  let queued = 0
  for (const connection of await repo.firstPartyConnectionsOfMember(app.db, provider, memberId)) {
    const scope = { organization_id: connection.organization_id, user_id: connection.user_id }
    // A sync already waiting will read the same days: one is enough for a burst of deliveries.
    if (await repo.hasQueuedWebhookSync(app.db, scope, provider)) continue
    try {
      await consumeQuota(app, scope, 'wearable_syncs')
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error
      app.log.info('wearables.webhook_sync_skipped', { provider, reason: error.title })
      continue
    }
    await queueSync(app, scope, connection, { start, end }, 'webhook')
    queued++
  }
  return queued
}

export async function receiveWhoopWebhook(app: AppContext, request: Request) {
  const body = await verifiedBody(app, request, 'whoop', {
    signature: 'x-whoop-signature',
    timestamp: 'x-whoop-signature-timestamp',
  })
  const member = body.user_id
  if (typeof member !== 'number' && typeof member !== 'string')
    throw refused('The WHOOP webhook names no user_id.')
  const queued = await queueForMember(app, 'whoop', String(member))
  return { received: true as const, event: String(body.type ?? ''), syncs_queued: queued }
}

export async function receiveOuraWebhook(app: AppContext, request: Request) {
  const body = await verifiedBody(app, request, 'oura', {
    signature: 'x-oura-signature',
    timestamp: 'x-oura-timestamp',
  })
  const member = body.user_id
  if (typeof member !== 'string' || member.length === 0) throw refused('The Oura webhook names no user_id.')
  const queued = await queueForMember(app, 'oura', member)
  return {
    received: true as const,
    event: [body.event_type, body.data_type].filter((x) => typeof x === 'string').join(' '),
    syncs_queued: queued,
  }
}

/** Oura's subscription check: echo the challenge when the verification token is ours. */
export function verifyOuraSubscription(
  app: AppContext,
  query: { verification_token: string; challenge: string },
) {
  const ours = app.config.ouraWebhookVerificationToken
  if (!ours || !sameText(ours, query.verification_token))
    throw new ProblemError('forbidden', 'The verification_token is not this deployment’s.')
  return { challenge: query.challenge }
}
