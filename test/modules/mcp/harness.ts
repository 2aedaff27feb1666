// MCP test harness: the app listening on a real socket (127.0.0.1, free port), SDK clients connected
// with a given bearer token, and the other kinds of caller a test needs: an OIDC issuer served on
// 127.0.0.1 that signs tokens with a chosen scope, a service token on a Builder workspace, a sandbox token.

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import * as authRepo from '../../../modules/auth/repo'
import type { Config } from '../../../modules/shared/config'
import { type TestApp, testApp } from '../../support/app'

export interface McpHarness {
  t: TestApp
  /** Base URL of the listening app, e.g. http://127.0.0.1:40123 */
  base: string
  connect(token?: string): Promise<Client>
  /** An OIDC access token for `subject` carrying exactly these scopes. */
  oidcToken(subject: string, scope: string): Promise<string>
  /** A service token minted by a Builder workspace key, acting for `endUser`. */
  serviceToken(endUser: string): Promise<string>
  sandboxToken(): Promise<string>
  stop(): Promise<void>
}

export async function mcpHarness(overrides: Partial<Config> = {}): Promise<McpHarness> {
  const pair = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'mcp-test', alg: 'RS256', use: 'sig' }
  const issuerServer = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request) =>
      new URL(request.url).pathname === '/jwks'
        ? Response.json({ keys: [jwk] })
        : new Response('not found', { status: 404 }),
  })
  const issuer = `http://127.0.0.1:${issuerServer.port}`
  const t = await testApp({
    oidc: { issuer, audience: 'wellness-mcp', jwksUrl: `${issuer}/jwks` },
    ...overrides,
  })
  t.app.listen({ port: 0, hostname: '127.0.0.1' })
  const base = `http://127.0.0.1:${t.app.server!.port}`
  const clients: Client[] = []

  return {
    t,
    base,
    async connect(token) {
      const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
      })
      const client = new Client({ name: 'wellness-mcp-test', version: '1.0.0' })
      await client.connect(transport)
      clients.push(client)
      return client
    },
    oidcToken: (subject, scope) =>
      new SignJWT({ scope })
        .setProtectedHeader({ alg: 'RS256', kid: 'mcp-test' })
        .setSubject(subject)
        .setIssuer(issuer)
        .setAudience('wellness-mcp')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(pair.privateKey),
    async serviceToken(endUser) {
      const integrator = await t.userWithKey()
      await authRepo.setOrganizationTier(t.context.db, integrator.organizationId, 'builder')
      const minted = await t.call('POST', '/service-tokens', {
        token: integrator.key,
        body: { user_id: endUser, ttl_seconds: 900 },
      })
      if (minted.status !== 201) throw new Error(`service-tokens answered ${minted.status}: ${minted.text}`)
      return minted.body.access_token as string
    },
    async sandboxToken() {
      const created = await t.call('POST', '/sandbox/sessions')
      if (created.status !== 201)
        throw new Error(`sandbox/sessions answered ${created.status}: ${created.text}`)
      return created.body.sandbox_token as string
    },
    async stop() {
      for (const client of clients) await client.close().catch(() => {})
      await t.app.stop(true)
      issuerServer.stop(true)
      await t.cleanup()
    },
  }
}

/** The JSON a tool result carries in its first text block, after the summary lines. */
export function jsonOfText(result: any): any {
  const text = (result.content as { type: string; text: string }[])[0].text
  return JSON.parse(text.slice(text.indexOf('\n\n') + 2))
}

/** A raw JSON-RPC POST to /mcp, for what the SDK client would never send. */
export async function postMcp(base: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body,
  })
  const text = await response.text()
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {}
  return { status: response.status, headers: response.headers, json, text }
}
