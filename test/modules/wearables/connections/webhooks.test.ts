// Provider webhooks over HTTP with real signatures: a WHOOP v2 delivery (base64 HMAC-SHA256 of timestamp +
// raw body with the client secret) and an Oura v2 delivery (upper-case hex of the same) each queue an
// async sync of the member's recent days that lands a source; a wrong signature, a stale timestamp or a
// missing header is 400 and queues nothing; Oura's subscription check echoes
// the challenge only for the configured verification token.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { ManualClock } from '../../../../modules/shared/clock'
import { ouraSignature, whoopSignature } from '../../../../modules/wearables/connections/webhooks'
import { isProblem, type TestApp, testApp } from '../../../support/app'
import { ouraData, whoopData } from '../../../support/wearable-provider-data'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'

const BASE = 'https://health.example.com'
const REDIRECT = `${BASE}/console/wearables`
const WHOOP = { clientId: 'wds-whoop', clientSecret: 'whoop-first-party-secret' }
const OURA = { clientId: 'wds-oura', clientSecret: 'oura-first-party-secret' }
const VERIFY = 'oura-verification-token-0123456789'
const clock = new ManualClock('2026-01-15T09:00:00.000Z')

const whoop = startProviderStandin({
  provider: 'whoop',
  ...WHOOP,
  redirectUris: [REDIRECT],
  providerUserId: 10129,
  data: whoopData('2026-01-10', 6),
})
const oura = startProviderStandin({
  provider: 'oura',
  ...OURA,
  redirectUris: [REDIRECT],
  providerUserId: '8f9a5221-639e-4a85-81cb-4065ef23f979',
  data: ouraData('2026-01-10', 6),
})

let t: TestApp
beforeAll(async () => {
  t = await testApp(
    {
      publicBaseUrl: BASE,
      tokenEncryptionKeys: [new Uint8Array(32).fill(8)],
      wearables: { whoop: WHOOP, oura: OURA },
      wearableEndpoints: { whoop: whoop.endpoints, oura: oura.endpoints },
      ouraWebhookVerificationToken: VERIFY,
    },
    { clock },
  )
  await t.context.queue.start()
})
afterAll(async () => {
  await t.close()
  await t.cleanup()
  whoop.stop()
  oura.stop()
})

function whoopDelivery(body: unknown, options: { secret?: string; at?: number } = {}) {
  const text = JSON.stringify(body)
  const timestamp = String(options.at ?? clock.now().getTime())
  return t.call('POST', '/connections/wearables/webhooks/whoop', {
    rawBody: text,
    headers: {
      'content-type': 'application/json',
      'x-whoop-signature': whoopSignature(options.secret ?? WHOOP.clientSecret, timestamp, text),
      'x-whoop-signature-timestamp': timestamp,
    },
  })
}

async function jobsOf(p: { key: string }) {
  const sources = await t.call('GET', '/sources', { token: p.key })
  return sources.body.data as { source_id: string; provider: string }[]
}

async function waitForSources(p: { key: string }, count: number) {
  for (let i = 0; i < 400; i++) {
    const list = await jobsOf(p)
    if (list.length >= count) return list
    await Bun.sleep(25)
  }
  throw new Error('no source landed')
}

describe('WHOOP webhooks', () => {
  it('a signed delivery queues a sync of the member’s last two days, which lands a source', async () => {
    const p = await t.userWithKey()
    await connectWhoopThroughStandin(t, whoop, p)
    const r = await whoopDelivery({ user_id: 10129, id: 'abc', type: 'recovery.updated', trace_id: 't-1' })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ received: true, event: 'recovery.updated', syncs_queued: 1 })
    const [source] = await waitForSources(p, 1)
    expect(source.provider).toBe('whoop')
    const cycleCalls = whoop.requests.filter((q) => q.path.endsWith('/v2/cycle'))
    expect(new URLSearchParams(cycleCalls.at(-1)!.query).get('start')).toBe('2026-01-14T00:00:00.000Z')
  })

  it('refuses a wrong signature, a stale timestamp and missing headers with 400, queueing nothing', async () => {
    const before = whoop.requests.length
    const event = { user_id: 10129, id: 'abc', type: 'sleep.updated' }
    const forged = await whoopDelivery(event, { secret: 'not-the-secret' })
    expect(forged.status).toBe(400)
    expect(isProblem(forged)).toBe(true)
    const stale = await whoopDelivery(event, { at: clock.now().getTime() - 6 * 60 * 1000 })
    expect(stale.status).toBe(400)
    expect(stale.body.detail).toContain('five minutes')
    const bare = await t.call('POST', '/connections/wearables/webhooks/whoop', {
      rawBody: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    })
    expect(bare.status).toBe(400)
    await Bun.sleep(100)
    expect(whoop.requests.length).toBe(before)
  })

  it('queues no sync for a member nobody connected', async () => {
    const stranger = await whoopDelivery({ user_id: 999, id: 'x', type: 'workout.updated' })
    expect(stranger.body.syncs_queued).toBe(0)
  })
})

describe('Oura webhooks', () => {
  it('answers the subscription check with the challenge, only for our verification token', async () => {
    const ok = await t.call(
      'GET',
      `/connections/wearables/webhooks/oura?verification_token=${VERIFY}&challenge=ch-5f2b9c`,
    )
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ challenge: 'ch-5f2b9c' })
    const wrong = await t.call(
      'GET',
      '/connections/wearables/webhooks/oura?verification_token=someone-elses-token&challenge=x',
    )
    expect(wrong.status).toBe(403)
  })

  it('a signed delivery queues a sync that lands a source; a forged one is 400', async () => {
    const p = await t.userWithKey()
    // Oura connects through the callback; the deployment's own Oura app completes it.
    const authorize = new URL(oura.endpoints.authorizationUrl)
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: OURA.clientId,
      redirect_uri: REDIRECT,
      scope: 'daily',
      state: 'abcdefgh',
    }).toString()
    const back = await oura.approve(authorize.toString())
    const done = await t.call('POST', '/connections/wearables/callback', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        source_provider: 'oura',
        code: back.searchParams.get('code'),
        client_id: OURA.clientId,
        client_secret: OURA.clientSecret,
        redirect_uri: REDIRECT,
      },
    })
    expect(done.status).toBe(200)
    expect(done.body.connection.credentials).toBe('first_party')

    const text = JSON.stringify({
      event_type: 'update',
      data_type: 'daily_sleep',
      object_id: 'ds-2026-01-14',
      event_time: '2026-01-15T07:31:02+00:00',
      user_id: '8f9a5221-639e-4a85-81cb-4065ef23f979',
    })
    const timestamp = String(Math.floor(clock.now().getTime() / 1000))
    const send = (signature: string) =>
      t.call('POST', '/connections/wearables/webhooks/oura', {
        rawBody: text,
        headers: {
          'content-type': 'application/json',
          'x-oura-signature': signature,
          'x-oura-timestamp': timestamp,
        },
      })
    const forged = await send(ouraSignature('wrong-secret', timestamp, text))
    expect(forged.status).toBe(400)
    const r = await send(ouraSignature(OURA.clientSecret, timestamp, text))
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ received: true, event: 'update daily_sleep', syncs_queued: 1 })
    const [source] = await waitForSources(p, 1)
    expect(source.provider).toBe('oura')
  })
})
