// The wearable connections reach an AI client as the MCP tool list_wearable_connections, declared once
// with the HTTP route: the same connections, no tokens, and only the caller's own; and sync_wearable,
// which syncs a range with first-party credentials (refreshing the stored token itself on a 401).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { whoopData } from '../../../support/wearable-provider-data'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'
import { type McpHarness, mcpHarness } from '../../mcp/harness'

const REDIRECT = 'https://health.example.com/console/wearables'
const whoop = startProviderStandin({
  provider: 'whoop',
  clientId: 'wds-first-party',
  clientSecret: 'whoop-secret-123',
  redirectUris: [REDIRECT],
  providerUserId: 30003,
  data: whoopData('2026-01-01', 2),
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
    const done = await connectWhoopThroughStandin(h.t, whoop, p)

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

    // sync_wearable: the access token has expired; the stored refresh token and the deployment's own
    // credentials refresh it, and no token comes back (the caller sent none).
    whoop.accessTokens.clear()
    const synced: any = await client.callTool({
      name: 'sync_wearable',
      arguments: {
        user_id: p.userId,
        organization_id: p.organizationId,
        source_provider: 'whoop',
        provider_user_id: '30003',
        start: '2026-01-01',
        end: '2026-01-02',
        async: false,
      },
    })
    expect(synced.isError).toBeFalsy()
    expect(synced.structuredContent).toMatchObject({ status: 'completed', provider_user_id: '30003' })
    expect(synced.structuredContent.observation_count).toBeGreaterThan(0)
    expect(synced.structuredContent.refreshed_token).toBeUndefined()
    const sources = await h.t.call('GET', '/sources', { token: p.key })
    expect(sources.body.data.map((s: { source_id: string }) => s.source_id)).toEqual([
      synced.structuredContent.source_id,
    ])
  })

  it('starts an async sync with sync_wearable and reads its job with get_wearable_sync_job', async () => {
    await h.t.context.queue.start()
    const p = await h.t.userWithKey()
    await connectWhoopThroughStandin(h.t, whoop, p)
    const client = await h.connect(p.key)
    const queued: any = await client.callTool({
      name: 'sync_wearable',
      arguments: {
        user_id: p.userId,
        organization_id: p.organizationId,
        source_provider: 'whoop',
        provider_user_id: '30003',
        start: '2026-01-01',
        end: '2026-01-02',
        async: true,
      },
    })
    expect(queued.isError).toBeFalsy()
    expect(queued.structuredContent).toMatchObject({ status: 'queued', job: { status: 'queued' } })
    const id = queued.structuredContent.job.id
    let job: any
    for (let i = 0; i < 200; i++) {
      job = await client.callTool({ name: 'get_wearable_sync_job', arguments: { id } })
      expect(job.isError).toBeFalsy()
      if (job.structuredContent.status === 'succeeded' || job.structuredContent.status === 'failed') break
      await Bun.sleep(50)
    }
    expect(job.structuredContent).toMatchObject({ id, status: 'succeeded', progress: { percent: 100 } })
    const other = await h.connect((await h.t.userWithKey()).key)
    const refused: any = await other.callTool({ name: 'get_wearable_sync_job', arguments: { id } })
    expect(refused.isError).toBe(true)
  })
})
