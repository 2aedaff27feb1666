// The quotas hold over MCP too: the tools run the same metered handlers, so an agent past the month's
// analyses gets a tool error naming the quota and nothing is analysed, with the official MCP client.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { billingUsage } from '../../../db/schema'
import { type McpHarness, mcpHarness } from '../mcp/harness'

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness({ billingEnabled: true })
})
afterAll(() => h.stop())

describe('quotas over MCP', () => {
  it('counts an import made through the import_file tool and refuses create_analysis past the quota', async () => {
    const p = await h.t.userWithKey()
    const client = await h.connect(p.key)
    const imported = await client.callTool({ name: 'import_file', arguments: { text: 'Glucose 92 mg/dL\n' } })
    expect(imported.isError).toBeUndefined()

    await h.t.context.db.insert(billingUsage).values({
      organization_id: p.organizationId,
      period: '2026-01',
      quota: 'analyses',
      used: 24,
      updated_at: '2026-01-15T09:00:00.000Z',
    })
    const refused = await client.callTool({ name: 'create_analysis', arguments: {} })
    expect(refused.isError).toBe(true)
    const text = (refused.content as { text: string }[])[0].text
    expect(text).toStartWith('429 Monthly quota used up:')
    expect(text).toContain('used the 25 uploads and analyses its Free plan includes')

    const listed = await h.t.call(
      'GET',
      `/analyses?user_id=${p.userId}&organization_id=${p.organizationId}`,
      { token: p.key },
    )
    expect(listed.body.data).toEqual([])
    const status = await h.t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body.usage.quotas).toMatchObject({ uploads: { used: 1 }, analyses: { used: 24 } })
  })
})
