// The cap on heavy work running at once per workspace (HEAVY_WORK_PER_WORKSPACE): with the workspace's
// slots taken, an import is refused with 429 `too-busy` over HTTP and over MCP, other workspaces go on,
// and a slot comes back when the work ends, whether it succeeded or failed.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseRateLimits } from '../../../../modules/shared/limits/rules'
import { isProblem } from '../../../support/app'
import { type McpHarness, mcpHarness } from '../../mcp/harness'

const LABS = readFileSync(join(import.meta.dir, '../../../fixtures/imports/labs-us.csv'), 'utf8')
const generous = parseRateLimits('sign_in=1000/60,reads=1000/60,writes=1000/60,imports=1000/60,mcp=1000/60')

describe('heavy work per workspace', () => {
  let h: McpHarness
  beforeAll(async () => {
    h = await mcpHarness({
      rateLimits: {
        enabled: true,
        perKey: generous,
        perIp: generous,
        store: { kind: 'memory' },
        heavyPerWorkspace: 1,
      },
    })
  })
  afterAll(() => h.stop())

  const importLabs = (key: string) =>
    h.t.call('POST', '/imports/file', { token: key, body: { filename: 'labs.csv', text: LABS } })

  /** Hold one of the workspace's slots, as a long import would, until the returned function is called. */
  async function holdSlot(organizationId: string) {
    let release!: () => void
    const held = h.t.context.limits.runHeavy(organizationId, () => new Promise<void>((r) => (release = r)))
    while ((await h.t.context.limits.heavyRunning(organizationId)) < 1) await Bun.sleep(5)
    return async () => {
      release()
      await held
    }
  }

  it('refuses a second heavy request of the same workspace with 429 too-busy and Retry-After', async () => {
    const alice = await h.t.userWithKey()
    const release = await holdSlot(alice.organizationId)
    const refused = await importLabs(alice.key)
    expect(refused.status).toBe(429)
    expect(isProblem(refused)).toBe(true)
    expect(refused.body.type).toEndWith('/problems/too-busy')
    expect(refused.body.limit).toBe('HEAVY_WORK_PER_WORKSPACE')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Light requests of the same workspace still go through.
    expect((await h.t.call('GET', '/sources', { token: alice.key })).status).toBe(200)
    // Another workspace is not held up.
    const bob = await h.t.userWithKey()
    expect((await importLabs(bob.key)).status).toBe(201)
    await release()
    expect((await importLabs(alice.key)).status).toBe(201)
    expect(await h.t.context.limits.heavyRunning(alice.organizationId)).toBe(0)
  })

  it('gives the slot back when the heavy request fails', async () => {
    const carol = await h.t.userWithKey()
    const bad = await h.t.call('POST', '/imports/file', {
      token: carol.key,
      body: { filename: 'notes.bin', data_base64: Buffer.from([0, 1, 2, 3, 255]).toString('base64') },
    })
    expect(bad.status).toBeGreaterThanOrEqual(400)
    expect(bad.status).toBeLessThan(500)
    expect(await h.t.context.limits.heavyRunning(carol.organizationId)).toBe(0)
    expect((await importLabs(carol.key)).status).toBe(201)
  })

  it('applies the same cap to the operation called as an MCP tool', async () => {
    const dave = await h.t.userWithKey()
    const release = await holdSlot(dave.organizationId)
    const client = await h.connect(dave.key)
    const result = (await client.callTool({
      name: 'import_file',
      arguments: { filename: 'labs.csv', text: LABS },
    })) as { isError?: boolean; structuredContent?: { status?: number; type?: string } }
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result)).toContain('too-busy')
    await release()
    const ok = (await client.callTool({
      name: 'import_file',
      arguments: { filename: 'labs.csv', text: LABS },
    })) as {
      isError?: boolean
    }
    expect(ok.isError).toBeFalsy()
  })
})
