// The queued task that sends one delivery: the event's JSON body, signed with the endpoint's secret by
// the Standard Webhooks scheme (the maintained `standardwebhooks` library: webhook-id, webhook-timestamp
// and webhook-signature headers, HMAC-SHA256 over "id.timestamp.body"). A 2xx answer delivers it; any
// other answer, a time-out or a refused connection throws, so the job queue retries it with its backoff
// (embedded queue and graphile-worker alike) until WEBHOOKS_MAX_ATTEMPTS, then it is marked failed.
// Redirects are not followed (a redirect could lead into a private network), and the target is checked
// again right before each attempt.

import { Webhook } from 'standardwebhooks'
import type { AppContext } from '../shared/context'
import type { TaskRun } from '../shared/queue'
import { DELIVER_TASK } from './emit'
import * as repo from './repo'
import { assertPublicTarget, TargetRefused } from './target'

class AttemptFailed extends Error {}

const USER_AGENT = 'WellnessDataService-Webhooks/1'

/** Send `payload` to `url` signed for `secret`; the HTTP status, or a short reason it got none. */
async function send(
  app: AppContext,
  url: URL,
  secret: string,
  eventId: string,
  payload: string,
  signal: AbortSignal,
): Promise<{ status: number | null; error: string | null }> {
  // The attempt's own time (not the event's): receivers refuse timestamps far from their clock.
  const sentAt = new Date()
  const signature = new Webhook(secret).sign(eventId, sentAt, payload)
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(app.config.webhooks.timeoutMs)]),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': eventId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: payload,
    })
    await response.body?.cancel().catch(() => {})
    return { status: response.status, error: response.ok ? null : `answered ${response.status}` }
  } catch (error) {
    const name = (error as Error).name
    return { status: null, error: name === 'TimeoutError' ? 'timed out' : 'no answer (connection failed)' }
  }
}

export async function runDelivery(
  app: AppContext,
  payload: Record<string, unknown>,
  run: TaskRun,
): Promise<void> {
  const organizationId = String(payload.organization_id)
  const id = String(payload.delivery_id)
  const delivery = await repo.findDelivery(app.db, organizationId, id)
  if (delivery?.status !== 'pending') return
  const now = () => app.clock.now().toISOString()
  const fail = (patch: Partial<repo.DeliveryRow>) =>
    repo.updateDelivery(app.db, organizationId, id, { status: 'failed', updated_at: now(), ...patch })
  const endpoint = await repo.findEndpoint(app.db, organizationId, delivery.endpoint_id)
  const event = await repo.findEvent(app.db, organizationId, delivery.event_id)
  if (!endpoint || !event) return fail({ last_error: 'endpoint deleted' })

  let result: { status: number | null; error: string | null }
  try {
    const url = await assertPublicTarget(endpoint.url, app.config)
    result = await send(app, url, endpoint.secret, event.id, event.payload, run.signal)
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error
    // A target that is not allowed is not worth retrying; a name that does not resolve now may later.
    if (error.permanent)
      return fail({ attempts: delivery.attempts + 1, last_status_code: null, last_error: error.message })
    result = { status: null, error: error.message }
  }
  if (run.signal.aborted) throw new AttemptFailed('worker stopping')
  const attempts = delivery.attempts + 1
  if (result.error === null) {
    await repo.updateDelivery(app.db, organizationId, id, {
      status: 'delivered',
      attempts,
      last_status_code: result.status,
      last_error: null,
      delivered_at: now(),
      updated_at: now(),
    })
    return
  }
  const last = run.attempt >= run.maxAttempts
  await repo.updateDelivery(app.db, organizationId, id, {
    status: last ? 'failed' : 'pending',
    attempts,
    last_status_code: result.status,
    last_error: result.error,
    updated_at: now(),
  })
  app.log.warn('webhooks.attempt_failed', { delivery_id: id, attempt: attempts, status: result.status, last })
  if (!last) throw new AttemptFailed(`webhook delivery ${id} ${result.error}`)
}

export function webhookTasks(app: AppContext) {
  return {
    [DELIVER_TASK]: (payload: Record<string, unknown>, run: TaskRun) => runDelivery(app, payload, run),
  }
}
