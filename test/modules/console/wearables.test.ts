// The console's Wearables page over HTTP with a cookie session: WHOOP's redirect back (first-party
// credentials) lands here and completes the connection for the signed-in person only; the page lists
// connections with last sync; "Connect the Health Connect app" starts a pairing and sends the person to
// the approval page; forms without the CSRF token are refused. The browser run of the approval is
// test/e2e/health-connect-approval.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { startProviderStandin } from '../../support/wearable-provider-standin'

const BASE = 'http://localhost'
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'wds-first-party',
  clientSecret: 'whoop-secret-123',
  redirectUris: [`${BASE}/console/wearables`],
  providerUserId: 10129,
})

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    publicBaseUrl: BASE,
    tokenEncryptionKeys: [new Uint8Array(32).fill(1)],
    wearables: { whoop: { clientId: 'wds-first-party', clientSecret: 'whoop-secret-123' }, oura: null },
    wearableEndpoints: { whoop: whoop.endpoints },
  })
})
afterAll(async () => {
  await t.cleanup()
  whoop.stop()
})

/** Requests as a signed-in browser: the session and CSRF cookies, and the form's token. */
function asPerson(session: string) {
  const csrf = 'c'.repeat(43)
  const cookie = `wds_console=${session}; wds_csrf=${csrf}`
  return {
    get: async (path: string) => {
      const r = await t.app.handle(
        new Request(`${BASE}${path}`, { headers: { cookie, 'x-forwarded-for': '10.1.1.1' } }),
      )
      return { status: r.status, headers: r.headers, text: await r.text() }
    },
    post: async (path: string, form: Record<string, string>) => {
      const r = await t.app.handle(
        new Request(`${BASE}${path}`, {
          method: 'POST',
          headers: {
            cookie,
            origin: BASE,
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': '10.1.1.1',
          },
          body: new URLSearchParams(form).toString(),
        }),
      )
      return { status: r.status, headers: r.headers, text: await r.text() }
    },
    csrf,
  }
}

describe('console Wearables page', () => {
  it('completes a first-party WHOOP connection when WHOOP sends the person back, for them only', async () => {
    const p = await t.userWithKey()
    const started = await t.call('POST', '/connections/wearables/start', {
      token: p.key,
      body: { user_id: p.userId, source_provider: 'whoop' },
    })
    const back = await whoop.approve(started.body.authorization_url)
    expect(`${back.origin}${back.pathname}`).toBe(`${BASE}/console/wearables`)

    // Someone else signed in, following the same redirect: refused, and the state still unused.
    const other = await t.signIn()
    const refused = await asPerson(other.session).get(`${back.pathname}${back.search}`)
    expect(refused.status).toBe(422)
    expect(refused.text).toContain('start the connection again')

    const page = await asPerson(p.session).get(`${back.pathname}${back.search}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Connected WHOOP.')
    expect(page.text).toContain('<code>10129</code>')
    for (const token of whoop.accessTokens) expect(page.text).not.toContain(token)
    const list = await t.call('GET', '/connections/wearables', { token: p.key })
    expect(list.body.data.map((c: { source_provider: string }) => c.source_provider)).toEqual(['whoop'])

    // The same redirect again: the state was used.
    const replay = await asPerson(p.session).get(`${back.pathname}${back.search}`)
    expect(replay.status).toBe(422)
  })

  it('starts a Health Connect pairing from the page, and refuses a form without the CSRF token', async () => {
    const p = await t.signIn()
    const b = asPerson(p.session)
    const started = await b.post('/console/wearables/health-connect/start', { csrf: b.csrf })
    expect(started.status).toBe(303)
    const location = started.headers.get('location')!
    expect(location).toStartWith('/console/wearables/health-connect?request=wau_')
    const approval = await b.get(location)
    expect(approval.status).toBe(200)
    expect(approval.text).toContain('Approve and show the connection code')
    const forged = await b.post('/console/wearables/health-connect/start', { csrf: 'x'.repeat(43) })
    expect(forged.status).toBe(403)
    const approveForged = await b.post('/console/wearables/health-connect/approve', {
      csrf: 'x'.repeat(43),
      request: new URL(location, BASE).searchParams.get('request')!,
    })
    expect(approveForged.status).toBe(403)
    const approved = await b.post('/console/wearables/health-connect/approve', {
      csrf: b.csrf,
      request: new URL(location, BASE).searchParams.get('request')!,
    })
    expect(approved.status).toBe(200)
    expect(approved.text).toMatch(/<output id="connection-code"[^>]*>[0-9A-Z]{5}-[0-9A-Z]{5}<\/output>/)
  })

  it('sends a signed-out visitor of the approval page to sign in', async () => {
    const r = await t.app.handle(new Request(`${BASE}/console/wearables/health-connect?request=x`))
    expect(r.status).toBe(303)
    expect(r.headers.get('location')).toBe('/console/sign-in')
  })
})
