// The Stripe webhook: verify the raw body's signature, store the event once by its id, then apply it to
// the workspace's subscription state and tier. Events are applied in Stripe's own time order
// (`created`), never arrival order: an older delivery arriving late changes nothing, a repeated one is
// recognised by its id, and one whose processing failed is applied again from the stored copy.

import { findOrganization } from '../auth/repo'
import type { AppContext } from '../shared/context'
import { ProblemError } from '../shared/problem'
import * as repo from './repo'
import { stripeWebhooks } from './stripe-client'
import { paidTier, tierForState } from './subscription-state'

/** The six SPEC "Events" kinds; others are stored and acknowledged without effect. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const

interface StoredEvent {
  id: string
  type: string
  created: number
  data: { object: Record<string, unknown> }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)
/** A Stripe reference field is either an id or an expanded object with an id. */
const ref = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null)
const meta = (o: Record<string, unknown>, key: string) =>
  str((o.metadata as Record<string, unknown> | undefined)?.[key])

export async function receiveStripeWebhook(app: AppContext, raw: Request) {
  const secret = app.config.stripe.webhookSecret
  if (!secret) {
    throw new ProblemError(
      'unavailable',
      'Stripe webhooks are not configured on this deployment (STRIPE_WEBHOOK_SECRET).',
    )
  }
  const payload = await raw.text()
  const signature = raw.headers.get('stripe-signature')
  if (!signature) throw new ProblemError('badRequest', 'The Stripe-Signature header is missing.')
  let event: StoredEvent
  try {
    const webhooks = await stripeWebhooks()
    event = (await webhooks.constructEventAsync(payload, signature, secret)) as unknown as StoredEvent
  } catch {
    // Nothing is stored for a body whose signature does not verify.
    throw new ProblemError(
      'badRequest',
      'The Stripe-Signature does not verify against this endpoint’s secret.',
    )
  }
  const now = new Date().toISOString()
  const fresh = await repo.storeEvent(
    app.db,
    { id: event.id, type: event.type, created: event.created, payload: JSON.stringify(minimal(event)) },
    now,
  )
  if (!fresh) {
    const stored = await repo.storedEvent(app.db, event.id)
    if (stored?.processed_at) return { received: true, event_id: event.id, duplicate: true }
    // A delivery whose processing failed before: apply the stored copy now.
    event = stored ? (JSON.parse(stored.payload) as StoredEvent) : event
  }
  try {
    await applyEvent(app, event, now)
  } catch (error) {
    await repo.markEvent(
      app.db,
      event.id,
      now,
      error instanceof ProblemError ? error.slug : 'processing-failed',
    )
    throw new ProblemError(
      'internal',
      'The event was stored but could not be applied; Stripe’s retry will apply it.',
    )
  }
  await repo.markEvent(app.db, event.id, now, null)
  return { received: true, event_id: event.id, duplicate: false }
}

/** Apply one event to the workspace it names, if it is newer than the state already applied. */
async function applyEvent(app: AppContext, event: StoredEvent, now: string) {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return
  const o = event.data.object
  const customerId = ref(o.customer)
  const orgFromMeta =
    event.type === 'checkout.session.completed'
      ? (str(o.client_reference_id) ?? meta(o, 'organization_id'))
      : meta(o, 'organization_id')
  const link =
    (orgFromMeta ? await repo.linkOf(app.db, orgFromMeta) : null) ??
    (customerId ? await repo.linkByCustomer(app.db, customerId) : null)
  const organizationId = link?.organization_id ?? orgFromMeta
  if (!organizationId || !customerId) return // not one of this service's workspaces
  if (link && event.created < link.state_at) return // older than the state applied: changes nothing

  const next: repo.SubscriptionLink = {
    organization_id: organizationId,
    customer_id: customerId,
    subscription_id: link?.subscription_id ?? null,
    tier: link?.tier ?? null,
    status: link?.status ?? null,
    current_period_end: link?.current_period_end ?? null,
    state_at: event.created,
    updated_at: now,
  }
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscriptionId = ref(o.subscription)
      // A canceled subscription stays canceled; a new checkout brings a new subscription id.
      if (link?.status === 'canceled' && link.subscription_id === subscriptionId) return
      next.subscription_id = subscriptionId
      next.tier = paidTier(meta(o, 'tier')) ?? next.tier
      if (o.status === 'complete' && next.status !== 'past_due') next.status = 'active'
      break
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = ref(o.id)
      // Canceled is final for a subscription: a late "updated" of the same one cannot revive it.
      if (link?.status === 'canceled' && link.subscription_id === subscriptionId) return
      next.subscription_id = subscriptionId
      next.tier = paidTier(meta(o, 'tier')) ?? next.tier
      const status =
        event.type === 'customer.subscription.deleted' ? 'canceled' : (str(o.status) ?? next.status)
      // Stripe's times are whole seconds: a subscription is created `incomplete` in the same second its
      // checkout completes, so within one second `incomplete` never undoes an applied `active`.
      const sameSecond = link?.state_at === event.created
      const stale = status === 'incomplete' && (next.status === 'active' || next.status === 'trialing')
      if (!(sameSecond && stale)) next.status = status
      next.current_period_end = periodEnd(o) ?? next.current_period_end
      break
    }
    case 'invoice.paid':
      if (next.status === 'past_due' || next.status === 'unpaid') next.status = 'active'
      break
    case 'invoice.payment_failed':
      if (next.status !== 'canceled') next.status = 'past_due'
      break
  }
  await repo.saveState(app.db, next, tierForState(next.tier, next.status))
  if (link?.tier !== next.tier || link?.status !== next.status) await auditPlanChange(app, next, event.id)
}

/** A plan or status change goes into the workspace owner's audit trail, acted by the provider. */
async function auditPlanChange(app: AppContext, state: repo.SubscriptionLink, eventId: string) {
  const organization = await findOrganization(app.db, state.organization_id)
  if (!organization) return
  await app.audit.record({
    organization_id: state.organization_id,
    user_id: organization.owner_user_id,
    event: 'billing.subscription_changed',
    outcome: 'success',
    actor_kind: 'provider',
    actor_credential_id: null,
    target: eventId,
    reason: `${state.tier ?? 'none'}:${state.status ?? 'none'}`,
    request_id: null,
    ip: null,
  })
}

/** `current_period_end` sits on the subscription (older API versions) or on its items (newer ones). */
function periodEnd(o: Record<string, unknown>): number | null {
  if (typeof o.current_period_end === 'number') return o.current_period_end
  const items = (o.items as { data?: { current_period_end?: unknown }[] } | undefined)?.data
  const first = items?.[0]?.current_period_end
  return typeof first === 'number' ? first : null
}

/**
 * The part of an event that is kept: only the fields applying it reads. A checkout session also carries
 * the payer's name, e-mail and address (`customer_details`), which this service has no use for and so
 * does not store.
 */
function minimal(event: StoredEvent): StoredEvent {
  const o = event.data.object
  const object: Record<string, unknown> = {
    id: o.id,
    object: o.object,
    customer: ref(o.customer),
    subscription: ref(o.subscription),
    client_reference_id: o.client_reference_id,
    status: o.status,
    metadata: {
      organization_id: meta(o, 'organization_id'),
      tier: meta(o, 'tier'),
    },
    current_period_end: periodEnd(o),
  }
  return { id: event.id, type: event.type, created: event.created, data: { object } }
}
