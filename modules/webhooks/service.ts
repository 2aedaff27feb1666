// Outbound webhooks of a workspace: register, list and delete endpoints; list deliveries and replay one.
// Everything is scoped by the caller's workspace; another workspace's ids are simply not found.

import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import { readPage, toPage } from '../shared/pagination'
import type { Principal } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { newDelivery, queueDelivery } from './emit'
import { assertWebhooksAllowed } from './entitlement'
import type { Delivery, Endpoint, EndpointCreateBody } from './model'
import * as repo from './repo'
import { assertPublicTarget, TargetRefused } from './target'

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
function newSigningSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`
}

function endpointOut(row: repo.EndpointRow): Static<typeof Endpoint> {
  return {
    id: row.id,
    url: row.url,
    events: row.events as Static<typeof Endpoint>['events'],
    description: row.description,
    created_at: row.created_at,
  }
}

function deliveryOut(row: repo.DeliveryRow): Static<typeof Delivery> {
  const { organization_id: _o, user_id: _u, ...rest } = row
  return { ...rest, kind: row.kind as Static<typeof Delivery>['kind'] }
}

/** Workspaces hold a handful of endpoints; a cap keeps one from fanning every event out endlessly. */
export const MAX_ENDPOINTS = 20

export async function createEndpoint(app: AppContext, principal: Principal, body: EndpointCreateBody) {
  await assertWebhooksAllowed(app, principal.organization_id)
  try {
    await assertPublicTarget(body.url, app.config)
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error
    throw new ProblemError('validation', `Webhook url refused: ${error.message}`, {
      extra: { errors: [{ in: 'body', path: '/url', message: error.message }] },
    })
  }
  const existing = await repo.endpointsOf(app.db, principal.organization_id)
  if (existing.length >= MAX_ENDPOINTS)
    throw new ProblemError(
      'conflict',
      `A workspace can register at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`,
    )
  const row: repo.EndpointRow = {
    id: newId('whe'),
    organization_id: principal.organization_id,
    user_id: principal.user_id,
    url: body.url,
    events: body.events,
    description: body.description ?? null,
    secret: newSigningSecret(),
    created_at: app.clock.now().toISOString(),
  }
  await repo.insertEndpoint(app.db, row)
  return { ...endpointOut(row), secret: row.secret }
}

export async function listEndpoints(
  app: AppContext,
  principal: Principal,
  query: { limit?: number; cursor?: string },
) {
  const page = readPage(query)
  const rows = await repo.listEndpoints(app.db, principal.organization_id, { ...page, limit: page.limit + 1 })
  const cut = toPage(rows, page.limit)
  return { data: cut.data.map(endpointOut), next_cursor: cut.next_cursor }
}

export async function deleteEndpoint(app: AppContext, principal: Principal, id: string) {
  if (!(await repo.deleteEndpoint(app.db, principal.organization_id, id))) throw notFound('Webhook endpoint')
  return { id, deleted: true as const }
}

export async function listDeliveries(
  app: AppContext,
  principal: Principal,
  query: { endpoint_id?: string; limit?: number; cursor?: string },
) {
  const page = readPage(query)
  const rows = await repo.listDeliveries(app.db, principal.organization_id, {
    endpointId: query.endpoint_id,
    before: page.before,
    limit: page.limit + 1,
  })
  const cut = toPage(rows, page.limit)
  return { data: cut.data.map(deliveryOut), next_cursor: cut.next_cursor }
}

/**
 * Send a delivery's event again, as a new delivery (`replay_of` names the original) with the same
 * `webhook-id`, so a receiver that already processed it can recognise it.
 */
export async function replayDelivery(app: AppContext, principal: Principal, id: string) {
  const original = await repo.findDelivery(app.db, principal.organization_id, id)
  if (!original) throw notFound('Webhook delivery')
  await assertWebhooksAllowed(app, principal.organization_id)
  const endpoint = await repo.findEndpoint(app.db, principal.organization_id, original.endpoint_id)
  const event = await repo.findEvent(app.db, principal.organization_id, original.event_id)
  if (!endpoint || !event) throw notFound('Webhook endpoint of this delivery')
  const replay = newDelivery(app, event, endpoint.id, original.id)
  await repo.insertDelivery(app.db, replay)
  await queueDelivery(app, replay)
  return deliveryOut(replay)
}
