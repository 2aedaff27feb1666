// Stripe checkout, portal and webhook, driven through the official SDK against a local stand-in of the
// Stripe API, with webhooks signed by the SDK's own test-header helper: checkout → webhook → tier,
// cancellation and delinquency fall back to Free, repeated and reordered deliveries change nothing,
// a bad signature stores nothing, and a failed apply is retried from the stored event.

import { afterAll, beforeAll, describe, expect, it, spyOn } from 'bun:test'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { billingStripeEvents } from '../../../db/schema'
import * as billingRepo from '../../../modules/billing/repo'
import { type TestApp, testApp } from '../../support/app'
import { startStripeStandIn } from '../../support/stripe-stand-in'

const WHSEC = 'whsec_test_wellness_billing'
const webhooks = new Stripe('sk_test_helper').webhooks
let eventCounter = 0

function event(type: string, created: number, object: Record<string, unknown>) {
  return {
    id: `evt_${++eventCounter}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    type,
    created,
    livemode: false,
    data: { object },
  }
}

describe('Stripe billing', () => {
  let t: TestApp
  let standIn: ReturnType<typeof startStripeStandIn>
  beforeAll(async () => {
    standIn = startStripeStandIn()
    t = await testApp({
      billingEnabled: true,
      stripe: { secretKey: 'sk_test_standin_key', webhookSecret: WHSEC, apiBase: standIn.url },
    })
  })
  afterAll(async () => {
    await t.cleanup()
    standIn.stop()
  })

  async function deliver(ev: unknown, secret = WHSEC) {
    const payload = JSON.stringify(ev)
    const header = await webhooks.generateTestHeaderStringAsync({ payload, secret })
    return t.call('POST', '/billing/stripe/webhook', {
      rawBody: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    })
  }
  const tierOf = async (key: string) =>
    (await t.call('GET', '/billing/subscription', { token: key })).body.tier
  const subscription = (id: string, customer: string, org: string, status: string, tier = 'standard') => ({
    id,
    object: 'subscription',
    customer,
    status,
    metadata: { organization_id: org, tier },
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: 1_900_000_000 }] },
  })

  async function checkedOut() {
    const p = await t.userWithKey()
    const started = await t.call('POST', '/billing/checkout', {
      token: p.key,
      body: { tier: 'standard', activation_source: 'request_limit' },
    })
    expect(started.status).toBe(200)
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!
    const customer = sent.form.get('customer')!
    return { p, started, sent, customer }
  }

  it('starts a subscription-mode checkout with a payment method required, and the tier waits for the webhook', async () => {
    const { p, started, sent, customer } = await checkedOut()
    expect(started.body).toMatchObject({ tier: 'standard', session_id: expect.stringMatching(/^cs_test_/) })
    expect(started.body.checkout_url).toStartWith('https://checkout.stripe.com/c/pay/')
    expect(sent.authorization).toBe('Bearer sk_test_standin_key')
    expect(sent.form.get('mode')).toBe('subscription')
    expect(sent.form.get('payment_method_collection')).toBe('always')
    expect(sent.form.get('line_items[0][price]')).toBe('price_wellness_standard_monthly')
    expect(sent.form.get('client_reference_id')).toBe(p.organizationId)
    expect(sent.form.get('subscription_data[metadata][tier]')).toBe('standard')
    expect(sent.form.get('metadata[activation_source]')).toBe('request_limit')
    expect(customer).toMatch(/^cus_/)
    expect(await tierOf(p.key)).toBe('free')

    const done = await deliver(
      event('checkout.session.completed', 1_800_000_000, {
        id: started.body.session_id,
        object: 'checkout.session',
        customer,
        subscription: 'sub_A',
        client_reference_id: p.organizationId,
        status: 'complete',
        customer_details: { email: 'payer@example.com', name: 'Pat Payer', address: { country: 'DE' } },
        metadata: { organization_id: p.organizationId, tier: 'standard' },
      }),
    )
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ received: true, duplicate: false })
    expect(await tierOf(p.key)).toBe('standard')
    // Only what applying the event needs is stored: not the payer's name, e-mail or address.
    const [stored] = await t.context.db
      .select()
      .from(billingStripeEvents)
      .where(eq(billingStripeEvents.id, done.body.event_id))
    expect(stored?.payload).toContain('sub_A')
    expect(stored?.payload).not.toContain('payer@example.com')
    expect(stored?.payload).not.toContain('Pat Payer')
    // The owner's audit trail shows the checkout they started and the plan change Stripe reported.
    const audit = await t.call('GET', '/audit-events', { token: p.key })
    const events = audit.body.data.map((e: { event: string }) => e.event)
    expect(events).toContain('billing.checkout_started')
    const change = audit.body.data.find((e: { event: string }) => e.event === 'billing.subscription_changed')
    expect(change).toMatchObject({
      actor: { kind: 'provider' },
      target: done.body.event_id,
      reason: 'standard:active',
    })
    expect(JSON.stringify(audit.body)).not.toContain('payer@example.com')
  })

  it('refuses an unknown tier with 422 and keeps checkout to API keys', async () => {
    const p = await t.userWithKey()
    const bad = await t.call('POST', '/billing/checkout', {
      token: p.key,
      body: { tier: 'platinum', activation_source: 'request_limit' },
    })
    expect(bad.status).toBe(422)
    expect(bad.headers.get('content-type')).toContain('application/problem+json')
    const bySession = await t.call('POST', '/billing/checkout', {
      token: p.session,
      body: { tier: 'standard', activation_source: 'request_limit' },
    })
    expect(bySession.status).toBe(403)
  })

  it('opens the customer portal for a workspace with a customer, and answers 409 before any checkout', async () => {
    const fresh = await t.userWithKey()
    const none = await t.call('POST', '/billing/portal', { token: fresh.key })
    expect(none.status).toBe(409)
    expect(none.body.detail).toContain('POST /billing/checkout')
    const { p, customer } = await checkedOut()
    const portal = await t.call('POST', '/billing/portal', { token: p.key })
    expect(portal.status).toBe(200)
    expect(portal.body.portal_url).toStartWith('https://billing.stripe.com/p/session/')
    const sent = standIn.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!
    expect(sent.form.get('customer')).toBe(customer)
  })

  it('falls back to Free on delinquency and cancellation, and back to paid when the invoice is paid', async () => {
    const { p, customer } = await checkedOut()
    const org = p.organizationId
    await deliver(
      event(
        'customer.subscription.created',
        1_800_000_010,
        subscription('sub_B', customer, org, 'active', 'builder'),
      ),
    )
    expect(await tierOf(p.key)).toBe('builder')
    const paid = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(paid.body).toMatchObject({
      tier: 'builder',
      subscription: { status: 'active', current_period_end: '2030-03-17T17:46:40.000Z' },
    })
    await deliver(event('invoice.payment_failed', 1_800_000_020, { id: 'in_1', object: 'invoice', customer }))
    expect(await tierOf(p.key)).toBe('free')
    await deliver(event('invoice.paid', 1_800_000_030, { id: 'in_2', object: 'invoice', customer }))
    expect(await tierOf(p.key)).toBe('builder')
    await deliver(
      event(
        'customer.subscription.deleted',
        1_800_000_040,
        subscription('sub_B', customer, org, 'canceled', 'builder'),
      ),
    )
    expect(await tierOf(p.key)).toBe('free')
    // Export stays available on Free.
    expect((await t.call('GET', '/billing/subscription', { token: p.key })).status).toBe(200)
  })

  it('ignores a repeated delivery and an older event arriving after a newer one', async () => {
    const { p, customer } = await checkedOut()
    const org = p.organizationId
    const updated = event(
      'customer.subscription.updated',
      1_800_000_100,
      subscription('sub_C', customer, org, 'active', 'growth'),
    )
    expect((await deliver(updated)).body.duplicate).toBe(false)
    expect(await tierOf(p.key)).toBe('growth')
    const canceled = event(
      'customer.subscription.deleted',
      1_800_000_200,
      subscription('sub_C', customer, org, 'canceled', 'growth'),
    )
    await deliver(canceled)
    expect(await tierOf(p.key)).toBe('free')
    // The earlier "updated" delivered again, and an older "created" arriving late: neither revives it.
    const again = await deliver(updated)
    expect(again.body).toMatchObject({ received: true, event_id: updated.id, duplicate: true })
    await deliver(
      event(
        'customer.subscription.created',
        1_800_000_050,
        subscription('sub_C', customer, org, 'active', 'growth'),
      ),
    )
    expect(await tierOf(p.key)).toBe('free')
    const rows = await t.context.db
      .select()
      .from(billingStripeEvents)
      .where(eq(billingStripeEvents.id, updated.id))
    expect(rows).toHaveLength(1)
  })

  it('keeps a completed checkout active when the subscription\'s "incomplete" creation arrives after it in the same second', async () => {
    const { p, started, customer } = await checkedOut()
    const org = p.organizationId
    await deliver(
      event('checkout.session.completed', 1_800_000_500, {
        id: started.body.session_id,
        object: 'checkout.session',
        customer,
        subscription: 'sub_F',
        client_reference_id: org,
        status: 'complete',
        metadata: { organization_id: org, tier: 'growth' },
      }),
    )
    await deliver(
      event(
        'customer.subscription.created',
        1_800_000_500,
        subscription('sub_F', customer, org, 'incomplete', 'growth'),
      ),
    )
    expect(await tierOf(p.key)).toBe('growth')
    // A later second is Stripe's newer word and does apply.
    await deliver(
      event(
        'customer.subscription.updated',
        1_800_000_501,
        subscription('sub_F', customer, org, 'past_due', 'growth'),
      ),
    )
    expect(await tierOf(p.key)).toBe('free')
  })

  it('answers 400 to a bad or missing signature and stores nothing', async () => {
    const { p, customer } = await checkedOut()
    const forged = event(
      'customer.subscription.updated',
      1_800_000_300,
      subscription('sub_D', customer, p.organizationId, 'active', 'growth'),
    )
    const wrong = await deliver(forged, 'whsec_someone_else')
    expect(wrong.status).toBe(400)
    expect(wrong.headers.get('content-type')).toContain('application/problem+json')
    const missing = await t.call('POST', '/billing/stripe/webhook', {
      rawBody: JSON.stringify(forged),
      headers: { 'content-type': 'application/json' },
    })
    expect(missing.status).toBe(400)
    const rows = await t.context.db
      .select()
      .from(billingStripeEvents)
      .where(eq(billingStripeEvents.id, forged.id))
    expect(rows).toHaveLength(0)
    expect(await tierOf(p.key)).toBe('free')
  })

  it("answers 500 when applying fails, keeps the stored event, and applies it on Stripe's retry", async () => {
    const { p, customer } = await checkedOut()
    const ev = event(
      'customer.subscription.created',
      1_800_000_400,
      subscription('sub_E', customer, p.organizationId, 'active', 'builder'),
    )
    const failing = spyOn(billingRepo, 'saveState').mockImplementationOnce(async () => {
      throw new Error('database is locked')
    })
    try {
      const first = await deliver(ev)
      expect(first.status).toBe(500)
      expect(first.text).not.toContain('database is locked')
    } finally {
      failing.mockRestore()
    }
    const [stored] = await t.context.db
      .select()
      .from(billingStripeEvents)
      .where(eq(billingStripeEvents.id, ev.id))
    expect(stored).toMatchObject({
      type: 'customer.subscription.created',
      processed_at: null,
      error: 'processing-failed',
    })
    expect(await tierOf(p.key)).toBe('free')
    const retry = await deliver(ev)
    expect(retry.body).toMatchObject({ received: true, duplicate: false })
    expect(await tierOf(p.key)).toBe('builder')
  })
})

describe('Stripe billing when not set up', () => {
  it('answers 404 to checkout and portal on a self-hosted deployment, and 503 to webhooks without a secret', async () => {
    const t = await testApp({ billingEnabled: false })
    try {
      const p = await t.userWithKey()
      const checkout = await t.call('POST', '/billing/checkout', {
        token: p.key,
        body: { tier: 'standard', activation_source: 'request_limit' },
      })
      expect(checkout.status).toBe(404)
      expect(checkout.body.detail).toContain('BILLING_ENABLED')
      expect((await t.call('POST', '/billing/portal', { token: p.key })).status).toBe(404)
      const payload = JSON.stringify(event('invoice.paid', 1_800_000_000, { id: 'in_9', customer: 'cus_9' }))
      const header = await webhooks.generateTestHeaderStringAsync({ payload, secret: WHSEC })
      const hook = await t.call('POST', '/billing/stripe/webhook', {
        rawBody: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      })
      expect(hook.status).toBe(503)
      expect(hook.body.detail).toContain('STRIPE_WEBHOOK_SECRET')
      expect(await t.context.db.select().from(billingStripeEvents)).toHaveLength(0)
    } finally {
      await t.cleanup()
    }
  })
})
