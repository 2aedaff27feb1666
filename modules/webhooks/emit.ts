// Emitting an outbound webhook event: the one call other modules make where something happened
// (`emitWebhookEvent(app, scope, kind, data, key)`). It stores the event once, makes one delivery per
// endpoint of the workspace subscribed to that kind, and queues each. It never fails the caller: the
// thing already happened, and an emission problem is logged (kind only) instead of surfacing.

import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import type { Scope } from '../shared/principal'
import { webhooksAllowed } from './entitlement'
import type { WebhookEventKind } from './kinds'
import * as repo from './repo'

export const DELIVER_TASK = 'webhooks.deliver'

/** A stable event id for a natural key (a job, an analysis), so emitting it twice sends it once. */
function eventIdFor(kind: string, key: string | undefined): string {
  if (!key) return newId('msg')
  const digest = new Bun.CryptoHasher('sha256').update(`${kind}\n${key}`).digest('hex')
  return `msg_${digest.slice(0, 26)}`
}

/** Queue one delivery (the first attempt, or a replay). */
export async function queueDelivery(app: AppContext, delivery: repo.DeliveryRow): Promise<void> {
  await app.queue.enqueue(
    DELIVER_TASK,
    {
      delivery_id: delivery.id,
      organization_id: delivery.organization_id,
      user_id: delivery.user_id,
    },
    {
      key: `webhook:${delivery.id}`,
      scope: { organization_id: delivery.organization_id, user_id: delivery.user_id },
      maxAttempts: app.config.webhooks.maxAttempts,
    },
  )
}

export function newDelivery(
  app: AppContext,
  event: { id: string; kind: string; organization_id: string; user_id: string },
  endpointId: string,
  replayOf: string | null = null,
): repo.DeliveryRow {
  const now = app.clock.now().toISOString()
  return {
    id: newId('whd'),
    organization_id: event.organization_id,
    user_id: event.user_id,
    endpoint_id: endpointId,
    event_id: event.id,
    kind: event.kind,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    replay_of: replayOf,
    created_at: now,
    updated_at: now,
    delivered_at: null,
  }
}

/**
 * Record that `kind` happened in `scope`'s workspace and deliver it to the endpoints subscribed to it.
 * `key` names the thing (a job id, an analysis id) so a repeated call for it sends nothing twice.
 * `data` holds ids and states only; the workspace and user are added here.
 */
export async function emitWebhookEvent(
  app: AppContext,
  scope: Scope,
  kind: WebhookEventKind,
  data: Record<string, unknown>,
  key?: string,
): Promise<void> {
  try {
    const endpoints = (await repo.endpointsOf(app.db, scope.organization_id)).filter((e) =>
      e.events.includes(kind),
    )
    if (endpoints.length === 0) return
    if (!(await webhooksAllowed(app, scope.organization_id))) return
    const at = app.clock.now().toISOString()
    const id = eventIdFor(kind, key)
    const payload = JSON.stringify({
      type: kind,
      timestamp: at,
      data: { ...data, user_id: scope.user_id, organization_id: scope.organization_id },
    })
    const event = { id, kind, payload, created_at: at, ...scope }
    if (!(await repo.insertEvent(app.db, event))) return
    for (const endpoint of endpoints) {
      const delivery = newDelivery(app, event, endpoint.id)
      await repo.insertDelivery(app.db, delivery)
      await queueDelivery(app, delivery)
    }
  } catch (error) {
    app.log.error('webhooks.emit_failed', { kind, error: (error as Error).name })
  }
}
