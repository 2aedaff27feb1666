// Outbound webhooks end to end on the embedded queue: a workspace registers an endpoint for event kinds;
// imports, analyses, wearable syncs and genetics jobs are delivered to a receiving server that verifies
// each with the Standard Webhooks library; a 500 is retried with the same webhook-id until it succeeds,
// or marked failed after the last attempt; a delivery can be listed and replayed; another workspace sees
// and touches none of it; non-public targets are refused (at registration and before each attempt);
// below Builder with hosted billing the feature is refused, and self-hosted it is open.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema'
import { runBillingAdmin } from '../../../modules/billing/admin-command'
import { loadConfig } from '../../../modules/shared/config'
import type { PlanLookup } from '../../../modules/shared/plans'
import type { Tier } from '../../../modules/shared/principal'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { whoopData } from '../../support/wearable-provider-data'
import { connectWhoopThroughStandin, startProviderStandin } from '../../support/wearable-provider-standin'
import { startWebhookReceiver } from '../../support/webhook-receiver'
import { CONSUMER, fixture, uploadFile, waitForJob } from '../genetics/helpers'

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

const PRIVATE_OK = { allowPrivateTargets: true, maxAttempts: 3, timeoutMs: 5000 }
const LAB_LINE = 'Glucose 92 mg/dL\n'

const register = (t: TestApp, p: Person, url: string, events: string[]) =>
  t.call('POST', '/webhooks/endpoints', { token: p.key, body: { url, events, description: 'test receiver' } })

const importLab = (t: TestApp, p: Person) =>
  t.call('POST', '/imports/file', { token: p.key, body: { text: LAB_LINE } })

/** Poll the delivery list until `done` holds for it (the queue works in the background). */
async function deliveriesWhen(
  t: TestApp,
  p: Person,
  done: (data: any[]) => boolean,
  query = '',
  limitMs = 20_000,
): Promise<any[]> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const r = await t.call('GET', `/webhooks/deliveries?limit=100${query}`, { token: p.key })
    expect(r.status).toBe(200)
    if (done(r.body.data)) return r.body.data
    if (Date.now() > deadline) throw new Error(`deliveries never got there: ${JSON.stringify(r.body.data)}`)
    await Bun.sleep(25)
  }
}

const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'webhook-whoop',
  clientSecret: 'webhook-secret-1',
  redirectUris: ['https://app.example.org/wearables/return'],
  providerUserId: 10129,
  data: whoopData('2026-01-01', 5),
})

describe('outbound webhooks (embedded queue)', () => {
  const receiver = startWebhookReceiver()
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({
      webhooks: PRIVATE_OK,
      tokenEncryptionKeys: [new Uint8Array(32).fill(7)],
      wearableEndpoints: { whoop: whoop.endpoints },
    })
    await t.context.queue.start()
  })
  afterAll(async () => {
    await t.cleanup()
    receiver.stop()
    whoop.stop()
  })

  it('registers an endpoint (secret shown once) and delivers a stored import, signed and ids only', async () => {
    const p = await t.userWithKey()
    const created = await register(t, p, receiver.url, ['import.stored'])
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ url: receiver.url, events: ['import.stored'] })
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    receiver.trust(created.body.secret)
    const listed = await t.call('GET', '/webhooks/endpoints', { token: p.key })
    expect(listed.body.data).toHaveLength(1)
    expect(listed.body.data[0].secret).toBeUndefined()
    expect(listed.text).not.toContain(created.body.secret)

    const before = receiver.received.length
    const stored = await importLab(t, p)
    expect(stored.status).toBe(201)
    const [delivery] = await deliveriesWhen(t, p, (d) => d[0]?.status === 'delivered')
    expect(delivery).toMatchObject({
      endpoint_id: created.body.id,
      kind: 'import.stored',
      attempts: 1,
      last_status_code: 200,
      replay_of: null,
    })
    const got = receiver.received.slice(before)
    expect(got).toHaveLength(1)
    expect(got[0].id).toBe(delivery.event_id)
    expect(got[0].answered).toBe(200)
    expect(got[0].verified).toEqual({
      type: 'import.stored',
      timestamp: '2026-01-15T09:00:00.000Z',
      data: {
        source_id: stored.body.source_id,
        modality: 'biomarkers',
        user_id: p.userId,
        organization_id: p.organizationId,
      },
    })
    // Ids and states only: no health values leave the service. (The value 92 is looked for as a number
    // of its own: a random id may hold the digits 92.)
    expect(got[0].body).not.toContain('Glucose')
    expect(got[0].body).not.toMatch(/(?<![a-z0-9])92(?![a-z0-9])/i)
  })

  it('retries a delivery the receiver answers 500, with the same webhook-id, until it succeeds', async () => {
    const p = await t.userWithKey()
    const created = await register(t, p, receiver.url, ['analysis.created'])
    receiver.trust(created.body.secret)
    expect((await importLab(t, p)).status).toBe(201)
    receiver.answer([500])
    const before = receiver.received.length
    const analysis = await t.call('POST', '/analyses', { token: p.key, body: {} })
    expect(analysis.status).toBe(201)
    const [delivery] = await deliveriesWhen(t, p, (d) => d[0]?.status === 'delivered')
    expect(delivery).toMatchObject({ kind: 'analysis.created', attempts: 2, last_status_code: 200 })
    const got = receiver.received.slice(before)
    expect(got.map((r) => r.answered)).toEqual([500, 200])
    expect(new Set(got.map((r) => r.id))).toEqual(new Set([delivery.event_id]))
    expect(got[1].verified).toMatchObject({
      type: 'analysis.created',
      data: { analysis_id: analysis.body.id, kind: 'multimodal' },
    })
  })

  it('marks a delivery failed after the last attempt, and replays it on request', async () => {
    const p = await t.userWithKey()
    const created = await register(t, p, receiver.url, ['import.stored'])
    receiver.trust(created.body.secret)
    receiver.answer([500, 500, 503])
    const before = receiver.received.length
    expect((await importLab(t, p)).status).toBe(201)
    const [failed] = await deliveriesWhen(t, p, (d) => d[0]?.status === 'failed')
    expect(failed).toMatchObject({ attempts: 3, last_status_code: 503, last_error: 'answered 503' })
    expect(receiver.received.slice(before).map((r) => r.answered)).toEqual([500, 500, 503])

    const replayed = await t.call('POST', `/webhooks/deliveries/${failed.id}/replay`, { token: p.key })
    expect(replayed.status).toBe(202)
    expect(replayed.body).toMatchObject({
      status: 'pending',
      replay_of: failed.id,
      event_id: failed.event_id,
      attempts: 0,
    })
    const after = await deliveriesWhen(
      t,
      p,
      (d) => d.find((x) => x.id === replayed.body.id)?.status === 'delivered',
    )
    expect(after.find((x) => x.id === failed.id).status).toBe('failed')
    const last = receiver.received.at(-1)!
    expect(last.id).toBe(failed.event_id)
    expect(last.answered).toBe(200)
    expect(last.verified).toMatchObject({ type: 'import.stored' })
  })

  it('delivers a finished wearable sync and a finished genetics job, each to the endpoints that asked', async () => {
    const p = await t.userWithKey()
    const wearable = await register(t, p, receiver.url, ['wearable.sync.finished', 'genetics.job.finished'])
    receiver.trust(wearable.body.secret)
    const other = await register(t, p, `${receiver.url}/other`, ['analysis.created'])
    expect(other.status).toBe(201)

    await connectWhoopThroughStandin(t, whoop, p, {
      client_id: 'webhook-whoop',
      client_secret: 'webhook-secret-1',
      redirect_uri: 'https://app.example.org/wearables/return',
    })
    const syncBody = {
      user_id: p.userId,
      organization_id: p.organizationId,
      source_provider: 'whoop',
      provider_user_id: '10129',
      start: '2026-01-01',
      end: '2026-01-05',
      async: false,
      client_id: 'webhook-whoop',
      client_secret: 'webhook-secret-1',
    }
    const synced = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: syncBody })
    expect(synced.status).toBe(200)
    const upload = await uploadFile(t, p, fixture(CONSUMER))
    const job = await waitForJob(t, p, upload.job_id)
    expect(job.state).toBe('succeeded')
    // A queued sync announces itself too, when its job has landed the source.
    const queued = await t.call('POST', '/connections/wearables/sync', {
      token: p.key,
      body: { ...syncBody, async: true },
    })
    expect(queued.status).toBe(200)
    expect(queued.body.status).toBe('queued')

    const done = await deliveriesWhen(t, p, (d) => d.length === 3 && d.every((x) => x.status === 'delivered'))
    expect(done.map((d) => d.kind).sort()).toEqual([
      'genetics.job.finished',
      'wearable.sync.finished',
      'wearable.sync.finished',
    ])
    expect(done.every((d) => d.endpoint_id === wearable.body.id)).toBe(true)
    const bodies = receiver.received
      .filter((r) => done.some((d) => d.event_id === r.id))
      .map((r) => r.verified)
    expect(bodies).toContainEqual({
      type: 'wearable.sync.finished',
      timestamp: '2026-01-15T09:00:00.000Z',
      data: {
        provider: 'whoop',
        source_id: synced.body.source_id,
        observations: synced.body.observation_count,
        user_id: p.userId,
        organization_id: p.organizationId,
      },
    })
    expect(bodies).toContainEqual({
      type: 'genetics.job.finished',
      timestamp: '2026-01-15T09:00:00.000Z',
      data: {
        job_id: upload.job_id,
        state: 'succeeded',
        source_id: job.source_id,
        user_id: p.userId,
        organization_id: p.organizationId,
      },
    })
  })

  it('keeps each workspace’s endpoints and deliveries to itself', async () => {
    const a = await t.userWithKey()
    const b = await t.userWithKey()
    const created = await register(t, a, receiver.url, ['import.stored'])
    receiver.trust(created.body.secret)
    expect((await importLab(t, a)).status).toBe(201)
    const [delivery] = await deliveriesWhen(t, a, (d) => d[0]?.status === 'delivered')

    expect((await t.call('GET', '/webhooks/endpoints', { token: b.key })).body.data).toEqual([])
    const filtered = await t.call('GET', `/webhooks/deliveries?endpoint_id=${created.body.id}`, {
      token: b.key,
    })
    expect(filtered.body.data).toEqual([])
    const replay = await t.call('POST', `/webhooks/deliveries/${delivery.id}/replay`, { token: b.key })
    expect(replay.status).toBe(404)
    expect(isProblem(replay)).toBe(true)
    const remove = await t.call('DELETE', `/webhooks/endpoints/${created.body.id}`, { token: b.key })
    expect(remove.status).toBe(404)
    // B's own import reaches nobody's endpoint.
    expect((await importLab(t, b)).status).toBe(201)
    expect((await t.call('GET', '/webhooks/deliveries', { token: b.key })).body.data).toEqual([])
    // A session (key management only) cannot manage webhooks.
    expect((await t.call('GET', '/webhooks/endpoints', { token: a.session })).status).toBe(403)
  })

  it('stops delivering to a deleted endpoint', async () => {
    const p = await t.userWithKey()
    const created = await register(t, p, receiver.url, ['import.stored'])
    const removed = await t.call('DELETE', `/webhooks/endpoints/${created.body.id}`, { token: p.key })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ id: created.body.id, deleted: true })
    expect((await t.call('DELETE', `/webhooks/endpoints/${created.body.id}`, { token: p.key })).status).toBe(
      404,
    )
    expect((await importLab(t, p)).status).toBe(201)
    expect((await t.call('GET', '/webhooks/deliveries', { token: p.key })).body.data).toEqual([])
  })

  it('goes with the person’s data when they delete it', async () => {
    const p = await t.userWithKey()
    const created = await register(t, p, receiver.url, ['import.stored'])
    receiver.trust(created.body.secret)
    expect((await importLab(t, p)).status).toBe(201)
    await deliveriesWhen(t, p, (d) => d[0]?.status === 'delivered')
    const deleted = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
    expect(deleted.status).toBe(200)
    for (const table of [webhookEndpoints, webhookDeliveries, webhookEvents]) {
      const rows = await t.context.db.select().from(table).where(eq(table.organization_id, p.organizationId))
      expect(rows).toEqual([])
    }
  })

  it('refuses bad registrations with 422 naming the field', async () => {
    const p = await t.userWithKey()
    const cases = [
      { url: 'ftp://files.example.com/hook', events: ['import.stored'] },
      { url: 'not a url', events: ['import.stored'] },
      { url: 'https://user:pw@hooks.example.com/', events: ['import.stored'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['source.exploded'] },
    ]
    for (const body of cases) {
      const r = await t.call('POST', '/webhooks/endpoints', { token: p.key, body })
      expect(r.status).toBe(422)
      expect(isProblem(r)).toBe(true)
    }
  })
})

describe('webhook targets outside development', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ webhooks: { ...PRIVATE_OK, allowPrivateTargets: false } })
    await t.context.queue.start()
  })
  afterAll(() => t.cleanup())

  it('refuses loopback, private, link-local and metadata addresses and names resolving to them', async () => {
    const p = await t.userWithKey()
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.5/hook',
      'http://172.16.3.4/hook',
      'http://192.168.1.10/hook',
      'http://100.64.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[fd00:ec2::254]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://no-such-host.invalid/hook',
    ]) {
      const r = await register(t, p, url, ['import.stored'])
      expect(r.status, url).toBe(422)
      expect(r.body.errors[0]).toMatchObject({ in: 'body', path: '/url' })
    }
    const refused = await register(t, p, 'http://169.254.169.254/latest/meta-data/', ['import.stored'])
    expect(refused.body.detail).toBe('Webhook url refused: 169.254.169.254 is not a public address.')
    // A public address is accepted (nothing is sent until an event happens).
    expect((await register(t, p, 'https://93.184.215.14/hook', ['analysis.created'])).status).toBe(201)
  })

  it('checks the target again before each attempt and fails the delivery without sending', async () => {
    const p = await t.userWithKey()
    const receiver = startWebhookReceiver()
    try {
      // As if the name had been re-pointed inside after registration.
      await t.context.db.insert(webhookEndpoints).values({
        id: 'whe_01jhk2m3n4p5q6r7s8t9v0w1x9',
        organization_id: p.organizationId,
        user_id: p.userId,
        url: receiver.url,
        events: ['import.stored'],
        description: null,
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7n0aP2YJwNs=',
        created_at: '2026-01-15T09:00:00.000Z',
      })
      expect((await importLab(t, p)).status).toBe(201)
      const [failed] = await deliveriesWhen(t, p, (d) => d[0]?.status === 'failed')
      expect(failed).toMatchObject({ attempts: 1, last_status_code: null })
      expect(failed.last_error).toBe('127.0.0.1 is not a public address.')
      expect(receiver.received).toEqual([])
    } finally {
      receiver.stop()
    }
  })

  it('retries a name that does not resolve (it may later), then fails the delivery', async () => {
    const p = await t.userWithKey()
    await t.context.db.insert(webhookEndpoints).values({
      id: 'whe_01jhk2m3n4p5q6r7s8t9v0w1y0',
      organization_id: p.organizationId,
      user_id: p.userId,
      url: 'https://no-such-host.invalid/hook',
      events: ['import.stored'],
      description: null,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7n0aP2YJwNs=',
      created_at: '2026-01-15T09:00:00.000Z',
    })
    expect((await importLab(t, p)).status).toBe(201)
    const [failed] = await deliveriesWhen(t, p, (d) => d[0]?.status === 'failed')
    expect(failed).toMatchObject({
      attempts: 3,
      last_status_code: null,
      last_error: 'The host name no-such-host.invalid does not resolve.',
    })
  })

  it('cannot be opened up in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
        PUBLIC_BASE_URL: 'https://health.example.com',
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      }),
    ).toThrow('WEBHOOKS_ALLOW_PRIVATE_TARGETS=true is refused with NODE_ENV=production')
  })
})

describe('webhooks and hosted plans', () => {
  const tiers = new Map<string, Tier>()
  const plans: PlanLookup = {
    tierOf: async (org) => tiers.get(org) ?? 'free',
    billingStanding: async () => ({ activePaidSubscription: false, validPaymentMethod: false }),
  }
  const receiver = startWebhookReceiver()
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: true, webhooks: PRIVATE_OK }, { plans })
    await t.context.queue.start()
  })
  afterAll(async () => {
    await t.cleanup()
    receiver.stop()
  })

  it('refuses Free and Standard with 403 plan-required and opens from Builder', async () => {
    const p = await t.userWithKey()
    for (const tier of ['free', 'standard'] as const) {
      tiers.set(p.organizationId, tier)
      const r = await register(t, p, receiver.url, ['import.stored'])
      expect(r.status).toBe(403)
      expect(r.body.type).toEndWith('/problems/plan-required')
      expect(r.body.upgrade).toEqual({ tier: 'builder' })
    }
    tiers.set(p.organizationId, 'builder')
    const created = await register(t, p, receiver.url, ['import.stored'])
    expect(created.status).toBe(201)
    receiver.trust(created.body.secret)
    expect((await importLab(t, p)).status).toBe(201)
    await deliveriesWhen(t, p, (d) => d[0]?.status === 'delivered')

    // Back on Free (cancelled): nothing more is sent, and replays are refused.
    tiers.set(p.organizationId, 'free')
    const [delivered] = (await t.call('GET', '/webhooks/deliveries', { token: p.key })).body.data
    expect((await importLab(t, p)).status).toBe(201)
    expect((await t.call('GET', '/webhooks/deliveries', { token: p.key })).body.data).toHaveLength(1)
    expect(
      (await t.call('POST', `/webhooks/deliveries/${delivered.id}/replay`, { token: p.key })).status,
    ).toBe(403)
  })
})

describe('a genetics job cancelled before it ran', () => {
  const receiver = startWebhookReceiver()
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ webhooks: PRIVATE_OK })
  })
  afterAll(async () => {
    await t.cleanup()
    receiver.stop()
  })

  it('is announced as genetics.job.finished with state cancelled', async () => {
    const p = await t.userWithKey()
    const created = await register(t, p, receiver.url, ['genetics.job.finished'])
    receiver.trust(created.body.secret)
    // The queue is not running yet, so the job is still queued when it is cancelled.
    const upload = await uploadFile(t, p, fixture(CONSUMER))
    const cancelled = await t.call('POST', `/genetics/jobs/${upload.job_id}/cancel`, { token: p.key })
    expect(cancelled.body.state).toBe('cancelled')
    await t.context.queue.start()
    await deliveriesWhen(t, p, (d) => d[0]?.status === 'delivered')
    expect(receiver.received.map((r) => r.verified)).toEqual([
      {
        type: 'genetics.job.finished',
        timestamp: '2026-01-15T09:00:00.000Z',
        data: {
          job_id: upload.job_id,
          state: 'cancelled',
          source_id: null,
          user_id: p.userId,
          organization_id: p.organizationId,
        },
      },
    ])
  })
})

describe('webhooks for a billing_admin account', () => {
  let t: TestApp
  beforeAll(async () => {
    // The database's own plan lookup: the entitlement makes the workspace effective Enterprise.
    t = await testApp({ billingEnabled: true, webhooks: PRIVATE_OK })
  })
  afterAll(() => t.cleanup())

  it('are refused on Free and allowed once the operator grants billing_admin', async () => {
    const p = await t.userWithKey()
    expect((await register(t, p, 'http://127.0.0.1:9/hook', ['import.stored'])).status).toBe(403)
    const quiet = console.log
    console.log = () => {}
    try {
      expect(await runBillingAdmin(['grant', p.email], () => t.config)).toBe(0)
    } finally {
      console.log = quiet
    }
    expect((await register(t, p, 'http://127.0.0.1:9/hook', ['import.stored'])).status).toBe(201)
  })
})

describe('webhooks self-hosted (billing off)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: false, webhooks: PRIVATE_OK })
  })
  afterAll(() => t.cleanup())

  it('are open to every workspace', async () => {
    const p = await t.userWithKey()
    expect((await register(t, p, 'http://127.0.0.1:9/hook', ['import.stored'])).status).toBe(201)
  })
})
