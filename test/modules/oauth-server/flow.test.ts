// The MCP authorization flow as an agent platform runs it, against the real service on a socket: the
// official MCP SDK client meets the 401, discovers the protected-resource and authorization-server
// metadata, registers itself dynamically (RFC 7591) and sends the person to the authorization URL with
// PKCE S256 and the /mcp resource; headless Chromium signs in on the console with the e-mailed code and
// allows the request on the consent page; the SDK exchanges the code, lists and calls tools. Then: the
// token is refused on an API route (audience-bound), refresh rotates (the used refresh token is refused,
// and its reuse ends the grant), revocation at /oauth/revoke and in the console's key list end access at
// once, the records survive a restart of the app, and malformed authorization requests fail as OAuth says.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { createApp } from '../../../modules/app'
import { pruneExpired } from '../../../modules/oauth-server/adapter'
import { loopbackOriginOf } from '../../../modules/oauth-server/bridge'
import { oauthRecords } from '../../../modules/oauth-server/tables'
import { type TestApp, testApp } from '../../support/app'
import { axeViolations, CHROMIUM, CHROMIUM_FLAGS, chromiumOrSkip } from '../../support/chromium'

const hasChromium = chromiumOrSkip('OAuth flow for MCP clients')
/** The client's redirect URI: a listener on 127.0.0.1 that records where the browser was sent. */
const callbacks: string[] = []
const callbackServer = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    // The browser also asks for /favicon.ico; only the redirect counts.
    if (new URL(request.url).pathname === '/callback') callbacks.push(request.url)
    return new Response('back at the client')
  },
})
const REDIRECT = `http://127.0.0.1:${callbackServer.port}/callback`

/** The client side of an MCP client's OAuth, kept in memory as an agent platform keeps it in its store. */
class AgentProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  authorizationUrl: URL | undefined
  get redirectUrl() {
    return REDIRECT
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test Agent Platform',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
  }
  clientInformation() {
    return this.info
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port as number
  probe.stop(true)
  return port
}

let t: TestApp
let base: string
let browser: Browser
let context: BrowserContext
const email = 'oauth-person@example.com'

async function listen(app: TestApp, port: number) {
  app.app.listen({ port, hostname: '127.0.0.1' })
}

/** Drive the browser from the authorization URL to the client's redirect; returns the redirect URL. */
async function authorizeInBrowser(
  page: Page,
  url: URL,
  options: { signIn: boolean; untick?: string[] },
): Promise<URL> {
  const before = callbacks.length
  await page.goto(url.href)
  if (options.signIn) {
    await page.waitForURL(/\/console\/sign-in\?next=/)
    await page.fill('#email', email)
    await page.click('button[type=submit]')
    await page.waitForSelector('#code')
    const code = t.context.outbox!.latestFor(email)[0].text.match(/sign-in code is (\d{8})/)![1]
    await page.fill('#code', code)
    await page.click('form[action="/console/sign-in/code"] button[type=submit]')
  }
  await page.waitForURL(/\/console\/oauth\//)
  expect(await page.textContent('h1')).toBe('Allow Test Agent Platform to use your data?')
  expect(await axeViolations(page)).toEqual([])
  for (const scope of options.untick ?? []) await page.uncheck(`#scope-${scope}`)
  await page.click('button[value=allow]')
  await page.waitForURL(/\/callback\?/)
  expect(callbacks.length).toBe(before + 1)
  return new URL(callbacks.at(-1)!)
}

async function mcpClient(provider: AgentProvider) {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider })
  const client = new Client({ name: 'oauth-flow-test', version: '1.0.0' })
  await client.connect(transport)
  return { client, transport }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

const postMcp = (token: string) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  })

describe.skipIf(!hasChromium)('OAuth 2.1 for MCP clients, end to end', () => {
  const agent = new AgentProvider()
  let port: number

  beforeAll(async () => {
    port = await freePort()
    base = `http://127.0.0.1:${port}`
    t = await testApp({ publicBaseUrl: base, oidc: null })
    await listen(t, port)
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
    context = await browser.newContext()
  })
  afterAll(async () => {
    await context?.close()
    await browser?.close()
    callbackServer.stop(true)
    await t?.cleanup()
  })

  it('publishes the authorization server metadata (RFC 8414) with PKCE S256 only', async () => {
    const r = await fetch(`${base}/.well-known/oauth-authorization-server`)
    expect(r.status).toBe(200)
    const metadata = (await r.json()) as Record<string, unknown>
    expect(metadata.issuer).toBe(base)
    expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
    expect(metadata.registration_endpoint).toBe(`${base}/oauth/register`)
    expect(metadata.revocation_endpoint).toBe(`${base}/oauth/revoke`)
    expect(metadata.response_types_supported).toEqual(['code'])
    const resource = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as any
    expect(resource.authorization_servers).toEqual([base])
  })

  it('registers, signs in and consents in the console, and calls tools with the token', async () => {
    // The first connection meets the 401 and starts the flow: discovery, registration, PKCE.
    await expect(mcpClient(agent)).rejects.toThrow(/unauthorized/i)
    expect(agent.info?.client_id).toBeString()
    const url = agent.authorizationUrl!
    expect(url.origin + url.pathname).toBe(`${base}/oauth/authorize`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('resource')).toBe(`${base}/mcp`)
    // The scope named in the 401 challenge: the data grants, not the account-wide ones.
    expect(url.searchParams.get('scope')).toBe(
      'imports analyses trends goals questions health_context wearables',
    )

    const page = await context.newPage()
    const back = await authorizeInBrowser(page, url, { signIn: true, untick: ['goals'] })
    expect(back.searchParams.get('iss')).toBe(base)
    const code = back.searchParams.get('code')!
    expect(code).toBeString()

    const exchange = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: agent })
    await exchange.finishAuth(code)
    expect(agent.saved?.access_token).toBeString()
    expect(agent.saved?.refresh_token).toBeString()
    // The person unticked goals: the token carries the rest of the default grants, not goals.
    expect(agent.saved?.scope?.split(' ')).toContain('trends')
    expect(agent.saved?.scope?.split(' ')).not.toContain('goals')

    const { client } = await mcpClient(agent)
    const tools = (await client.listTools()).tools.map((tool) => tool.name)
    expect(tools).toContain('whoami')
    expect(tools).toContain('get_trends')
    expect(tools).not.toContain('create_goal')
    const me = await client.callTool({ name: 'whoami', arguments: {} })
    expect(me.isError).toBeFalsy()
    expect(JSON.stringify(me.structuredContent)).toContain('"kind":"oauth"')
    await client.close()
    await page.close()
  })

  it('is refused on the HTTP API: the token is bound to /mcp', async () => {
    const r = await fetch(`${base}/sources`, {
      headers: { authorization: `Bearer ${agent.saved!.access_token}` },
    })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect(((await r.json()) as { detail: string }).detail).toContain('MCP endpoint only')
  })

  it('rotates the refresh token: the used one is refused, and its reuse ends the grant', async () => {
    const clientId = agent.info!.client_id
    const first = agent.saved!
    const rotated = await fetch(
      `${base}/oauth/token`,
      form({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId }),
    )
    expect(rotated.status).toBe(200)
    const second = (await rotated.json()) as OAuthTokens
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await postMcp(second.access_token)).status).toBe(200)

    const reused = await fetch(
      `${base}/oauth/token`,
      form({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId }),
    )
    expect(reused.status).toBe(400)
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant')
    // Reuse of a rotated refresh token means it leaked: the whole grant is gone.
    expect((await postMcp(second.access_token)).status).toBe(401)
  })

  it('revokes at /oauth/revoke (RFC 7009), and the token stops working at once', async () => {
    const page = await context.newPage()
    const tokens = await newTokens(page)
    expect((await postMcp(tokens.access_token)).status).toBe(200)
    const revoked = await fetch(
      `${base}/oauth/revoke`,
      form({ token: tokens.access_token, client_id: agent.info!.client_id }),
    )
    expect(revoked.status).toBe(200)
    const r = await postMcp(tokens.access_token)
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toContain('resource_metadata=')
    await page.close()
  })

  it('sends the client access_denied when the person denies, and issues nothing', async () => {
    const page = await context.newPage()
    const before = callbacks.length
    const url = new URL(`${base}/oauth/authorize`)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: agent.info!.client_id,
      redirect_uri: REDIRECT,
      code_challenge: new Bun.CryptoHasher('sha256').update('d'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      resource: `${base}/mcp`,
      scope: 'trends',
      state: 'denied',
      prompt: 'consent',
    }).toString()
    await page.goto(url.href)
    await page.waitForURL(/\/console\/oauth\//)
    await page.click('button[value=deny]')
    await page.waitForURL(/\/callback\?/)
    expect(callbacks.length).toBe(before + 1)
    const back = new URL(callbacks.at(-1)!)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('denied')
    expect(back.searchParams.get('code')).toBeNull()
    await page.close()
  })

  it('lists the connection in the console with the keys, and revoking it there ends its tokens', async () => {
    const page = await context.newPage()
    const tokens = await newTokens(page)
    expect((await postMcp(tokens.access_token)).status).toBe(200)
    await page.goto(`${base}/console/keys`)
    const row = page.locator('table[aria-label], table').filter({ hasText: 'Test Agent Platform' })
    expect(await row.count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])
    await page.click('button[aria-label="Revoke Test Agent Platform"]')
    await page.waitForSelector('text=its tokens stopped working at once')
    expect((await postMcp(tokens.access_token)).status).toBe(401)
    const refresh = await fetch(
      `${base}/oauth/token`,
      form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: agent.info!.client_id,
      }),
    )
    expect(refresh.status).toBe(400)
    await page.close()
  })

  it('keeps clients, grants and tokens across a restart (SQLite storage)', async () => {
    const page = await context.newPage()
    const tokens = await newTokens(page)
    await page.close()
    // A second app on the same database file, as after a restart: the token still works there.
    const again = await createApp(t.config)
    try {
      const r = await again.app.handle(
        new Request(`${base}/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokens.access_token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
        }),
      )
      expect(r.status).toBe(200)
    } finally {
      await again.close()
    }
  })

  /** Another authorization by the same (signed-in) person: straight to consent, then the code exchange. */
  async function newTokens(page: Page): Promise<OAuthTokens> {
    const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
    const challenge = new Bun.CryptoHasher('sha256').update(verifier).digest('base64url')
    const url = new URL(`${base}/oauth/authorize`)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: agent.info!.client_id,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${base}/mcp`,
      scope: 'trends analyses',
      state: 'xyz',
      // Ask again even though the person allowed this client before (the provider remembers consent).
      prompt: 'consent',
    }).toString()
    const back = await authorizeInBrowser(page, url, { signIn: false })
    expect(back.searchParams.get('state')).toBe('xyz')
    const r = await fetch(
      `${base}/oauth/token`,
      form({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: agent.info!.client_id,
        resource: `${base}/mcp`,
      }),
    )
    expect(r.status).toBe(200)
    const tokens = (await r.json()) as OAuthTokens
    expect(tokens.scope?.split(' ').sort()).toEqual(['analyses', 'trends'])
    return tokens
  }
})

describe('malformed authorization requests', () => {
  let app: TestApp
  let clientId: string
  const authorize = (params: Record<string, string>) =>
    app.call(
      'GET',
      `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, ...params })}`,
    )
  const challenge = new Bun.CryptoHasher('sha256').update('v'.repeat(43)).digest('base64url')

  beforeAll(async () => {
    app = await testApp({ oidc: null })
    const r = await app.call('POST', '/oauth/register', {
      body: { client_name: 'Bad requests', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
    })
    expect(r.status).toBe(201)
    clientId = r.body.client_id
  })
  afterAll(() => app.cleanup())

  const errorOf = (location: string | null) => new URL(location!).searchParams.get('error')

  it('refuses a request without PKCE, back at the client with invalid_request', async () => {
    const r = await authorize({})
    expect(r.status).toBe(303)
    expect(errorOf(r.headers.get('location'))).toBe('invalid_request')
    expect(new URL(r.headers.get('location')!).searchParams.get('error_description')).toContain('PKCE')
  })

  it('refuses the plain PKCE method', async () => {
    const r = await authorize({ code_challenge: 'v'.repeat(43), code_challenge_method: 'plain' })
    expect(r.status).toBe(303)
    expect(errorOf(r.headers.get('location'))).toBe('invalid_request')
  })

  it('refuses a resource other than /mcp with invalid_target', async () => {
    const r = await authorize({
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: 'https://elsewhere.example.com/api',
    })
    expect(r.status).toBe(303)
    expect(errorOf(r.headers.get('location'))).toBe('invalid_target')
  })

  it('never redirects to an unregistered redirect URI: the browser gets an error page', async () => {
    const r = await app.call(
      'GET',
      `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'https://attacker.example.com/cb', code_challenge: challenge, code_challenge_method: 'S256' })}`,
    )
    expect(r.status).toBe(400)
    expect(r.headers.get('location')).toBeNull()
    expect(r.text).toContain('redirect_uri')
  })

  it('refuses a code exchange with the wrong verifier and an unknown client', async () => {
    const wrong = await app.call('POST', '/oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x'.repeat(43),
        redirect_uri: REDIRECT,
        code_verifier: 'w'.repeat(43),
        client_id: clientId,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('invalid_grant')
    const unknown = await app.call('POST', '/oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'r',
        client_id: 'nobody',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(unknown.status).toBe(401)
    expect(unknown.body.error).toBe('invalid_client')
  })

  it('takes an answer only from the browser that started the request', async () => {
    const person = await app.signIn()
    const started = await authorize({ code_challenge: challenge, code_challenge_method: 'S256' })
    expect(started.status).toBe(303)
    const consent = started.headers.get('location')!
    expect(consent).toMatch(/^\/console\/oauth\/[A-Za-z0-9_-]+$/)
    // Another person's browser, signed in but without the request's cookie, is refused.
    const elsewhere = await app.call('GET', consent, { headers: { cookie: `wds_console=${person.session}` } })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.text).toContain('started in another browser')
    // The starting browser (it holds the _interaction cookie) sees the consent page.
    const uid = consent.split('/').at(-1)!
    const here = await app.call('GET', consent, {
      headers: { cookie: `wds_console=${person.session}; _interaction=${uid}` },
    })
    expect(here.status).toBe(200)
    expect(here.text).toContain('Allow Bad requests to use your data?')
    expect(here.headers.get('content-security-policy')).toContain(`form-action 'self' http://127.0.0.1:`)
  })

  it('limits dynamic registrations per client address with a 429 problem', async () => {
    const register = () =>
      app.call('POST', '/oauth/register', {
        ip: '10.99.0.1',
        body: { client_name: 'Many', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
      })
    for (let i = 0; i < 20; i++) expect((await register()).status).toBe(201)
    const refused = await register()
    expect(refused.status).toBe(429)
    expect(refused.body.detail).toContain('client registrations from this address')
  })

  it('answers nothing on its loopback port to a request that did not come through the bridge', async () => {
    const origin = await loopbackOriginOf(app.context)
    const direct = await fetch(`${origin}/.well-known/openid-configuration`)
    expect(direct.status).toBe(403)
    expect(await direct.text()).toBe('')
    expect((await app.call('GET', '/.well-known/oauth-authorization-server')).status).toBe(200)
  })

  it('drops expired records and keeps live ones', async () => {
    const past = Math.floor(Date.now() / 1000) - 10
    await app.context.db.insert(oauthRecords).values([
      { model: 'Interaction', id: 'expired-one', payload: {}, expires_at: past },
      { model: 'Interaction', id: 'live-one', payload: {}, expires_at: past + 3600 },
    ])
    expect(await pruneExpired(app.context.db)).toBeGreaterThanOrEqual(1)
    const left = (await app.context.db.select().from(oauthRecords)).map((r) => r.id)
    expect(left).toContain('live-one')
    expect(left).not.toContain('expired-one')
  })

  it('answers a consent page for an unknown request with a page that says so, not a stack', async () => {
    const person = await app.signIn()
    const r = await app.call('GET', '/console/oauth/AAAAAAAAAAAAAAAAAAAAA', {
      headers: { cookie: `wds_console=${person.session}` },
    })
    expect(r.status).toBe(404)
    expect(r.text).toContain('expired or was already answered')
  })
})
