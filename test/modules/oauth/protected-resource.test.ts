// OAuth protected-resource metadata (RFC 9728): the API and the MCP endpoint each publish theirs, naming
// their authorization servers (for /mcp this service's own, then the configured OIDC issuer; for the
// API the issuer only), and every 401 points to the metadata of the
// resource it refused, so a client that only speaks OAuth can find where to get a token.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { type McpHarness, mcpHarness, postMcp } from '../mcp/harness'

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness({ publicBaseUrl: 'https://wellness.example.org' })
})
afterAll(() => h.stop())

describe('GET /.well-known/oauth-protected-resource', () => {
  it('describes the API with the configured issuer, the scopes a token may carry and header bearer tokens', async () => {
    const r = await fetch(`${h.base}/.well-known/oauth-protected-resource`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toStartWith('application/json')
    const body = (await r.json()) as any
    expect(body).toEqual({
      resource: 'https://wellness.example.org',
      authorization_servers: [h.t.config.oidc!.issuer],
      scopes_supported: expect.arrayContaining(['imports', 'trends', 'health_context']),
      bearer_methods_supported: ['header'],
      resource_name: 'Wellness Data Service API',
      resource_documentation: 'https://wellness.example.org/docs',
    })
    // Keys and sandbox access are never handed to another issuer's tokens.
    expect(body.scopes_supported).not.toContain('keys')
    expect(body.scopes_supported).not.toContain('sandbox')
  })

  it('describes /mcp at the path-suffixed URL, with /mcp as the resource', async () => {
    const body = (await (await fetch(`${h.base}/.well-known/oauth-protected-resource/mcp`)).json()) as any
    expect(body.resource).toBe('https://wellness.example.org/mcp')
    expect(body.authorization_servers).toEqual(['https://wellness.example.org', h.t.config.oidc!.issuer])
    expect(body.resource_name).toBe('Wellness Data Service (MCP)')
  })
})

describe('the 401 challenge', () => {
  it('names the MCP metadata when /mcp is called without a token', async () => {
    const r = await postMcp(h.base, '{}')
    expect(r.status).toBe(401)
    const challenge = r.headers.get('www-authenticate')!
    expect(challenge).toContain(
      'resource_metadata="https://wellness.example.org/.well-known/oauth-protected-resource/mcp"',
    )
    // The document the challenge names is served here, and describes the resource that refused.
    const url = new URL(challenge.match(/resource_metadata="([^"]+)"/)![1]!)
    const doc = (await (await fetch(`${h.base}${url.pathname}`)).json()) as any
    expect(doc.resource).toBe('https://wellness.example.org/mcp')
  })

  it('names the API metadata for an API route, and keeps invalid_token for a refused token', async () => {
    const r = await fetch(`${h.base}/me`, { headers: { authorization: 'Bearer wds_sk_unknown' } })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe(
      'Bearer realm="wellness", error="invalid_token", resource_metadata="https://wellness.example.org/.well-known/oauth-protected-resource"',
    )
  })
})

describe('without an OIDC issuer', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ oidc: null })
  })
  afterAll(() => t.cleanup())

  it('names only its own authorization server for /mcp, and none for the API rather than inventing one', async () => {
    const mcp = await t.call('GET', '/.well-known/oauth-protected-resource/mcp')
    expect(mcp.status).toBe(200)
    expect(mcp.body.authorization_servers).toEqual([t.config.publicBaseUrl])
    expect(mcp.body.resource).toEndWith('/mcp')
    const api = await t.call('GET', '/.well-known/oauth-protected-resource')
    expect(api.body.authorization_servers).toBeUndefined()
  })
})
