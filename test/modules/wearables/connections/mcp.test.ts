// The wearable connections reach an AI client as the MCP tool list_wearable_connections, declared once
// with the HTTP route: the same connections, no tokens, and only the caller's own.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startProviderStandin } from '../../../support/wearable-provider-standin'
import { type McpHarness, mcpHarness } from '../../mcp/harness'

const REDIRECT = 'https://health.example.com/console/wearables'
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'wds-first-party',
  clientSecret: 'whoop-secret-123',
  redirectUris: [REDIRECT],
  providerUserId: 30003,
})

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness({
    publicBaseUrl: 'https://health.example.com',
    tokenEncryptionKeys: [new Uint8Array(32).fill(5)],
    wearables: { whoop: { clientId: 'wds-first-party', clientSecret: 'whoop-secret-123' }, oura: null },
    wearableEndpoints: { whoop: whoop.endpoints },
  })
})
afterAll(async () => {
  await h.stop()
  whoop.stop()
})

describe('MCP tool list_wearable_connections', () => {
  it('lists the caller’s connections as the HTTP route does, without tokens, and not another user’s', async () => {
    const p = await h.t.userWithKey()
    const started = await h.t.call('POST', '/connections/wearables/start', {
      token: p.key,
      body: { user_id: p.userId, source_provider: 'whoop' },
    })
    const back = await whoop.approve(started.body.authorization_url)
    const done = await h.t.call('POST', '/connections/wearables/callback', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        source_provider: 'whoop',
        code: back.searchParams.get('code'),
        state: started.body.state,
      },
    })
    expect(done.status).toBe(200)

    const client = await h.connect(p.key)
    const result: any = await client.callTool({ name: 'list_wearable_connections', arguments: {} })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ data: [done.body.connection] })
    const text = JSON.stringify(result)
    for (const token of whoop.accessTokens) expect(text).not.toContain(token)

    const other = await h.t.userWithKey()
    const otherResult: any = await (await h.connect(other.key)).callTool({
      name: 'list_wearable_connections',
      arguments: {},
    })
    expect(otherResult.structuredContent).toEqual({ data: [] })
  })
})
