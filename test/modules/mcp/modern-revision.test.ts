// The current protocol revision, 2026-07-28, served by the v2 TypeScript SDK beside the 2025-era path:
// the v2 SDK's own client, negotiating automatically, gets 2026-07-28 (server/discover, no initialize)
// and sees the same tools, results, resources, prompts and errors as a 2025 client; a 2025 client
// (the v1 SDK) still negotiates 2025-11-25 on the same URL, and a v2 client left at its default
// (`legacy`) does too. The bearer token is checked before either path runs.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let key: string

beforeAll(async () => {
  h = await mcpHarness()
  key = (await h.t.userWithKey()).key
})
afterAll(() => h.stop())

async function modernClient(token: string | null, mode: 'auto' | 'legacy' = 'auto') {
  const transport = new ModernTransport(new URL(`${h.base}/mcp`), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  })
  const client = new ModernClient({ name: 'modern-test', version: '1.0.0' }, { versionNegotiation: { mode } })
  await client.connect(transport)
  return client
}

describe('MCP 2026-07-28 beside 2025-11-25', () => {
  it('negotiates 2026-07-28 with a modern client, and lists the same tools as a 2025 client', async () => {
    const modern = await modernClient(key)
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    expect(modern.getProtocolEra()).toBe('modern')
    const legacy = await h.connect(key)
    const modernTools = (await modern.listTools()).tools.map((t) => t.name).sort()
    const legacyTools = (await legacy.listTools()).tools.map((t) => t.name).sort()
    expect(modernTools).toEqual(legacyTools)
    expect(modernTools).toContain('get_trends')
  })

  it('calls tools, reads resources and gets prompts the same way', async () => {
    const modern = await modernClient(key)
    const legacy = await h.connect(key)
    const a = await modern.callTool({ name: 'whoami', arguments: {} })
    const b = await legacy.callTool({ name: 'whoami', arguments: {} })
    expect(a.structuredContent).toEqual(b.structuredContent)
    expect((a.structuredContent as { kind: string }).kind).toBe('api_key')
    expect((await modern.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      (await legacy.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate),
    )
    const prompts = (await modern.listPrompts()).prompts.map((p) => p.name)
    expect(prompts).toEqual((await legacy.listPrompts()).prompts.map((p) => p.name))
  })

  it('answers a tool failure with isError and problem details, and an unknown tool with a protocol error', async () => {
    const modern = await modernClient(key)
    const unknownId = `src_${'0'.repeat(26)}`
    const missing = await modern.callTool({ name: 'get_source', arguments: { id: unknownId } })
    expect(missing.isError).toBe(true)
    expect((missing.content as { text: string }[])[0].text).toStartWith('404 Not Found')
    await expect(modern.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/)
    const invalid = await modern.callTool({ name: 'get_source', arguments: { id: 'nope' } })
    expect((invalid.content as { text: string }[])[0].text).toStartWith('422')
    // Resource not found keeps its code (-32002) on the modern path.
    await expect(modern.readResource({ uri: `wellness://sources/${unknownId}` })).rejects.toThrow(
      /-32002: Source src_0+ was not found/,
    )
  })

  it('keeps 2025 clients on 2025-11-25 at the same URL', async () => {
    const legacy = await h.connect(key)
    expect(legacy.getServerVersion()?.name).toBe('wellness-data-service')
    const defaultV2 = await modernClient(key, 'legacy')
    expect(defaultV2.getNegotiatedProtocolVersion()).toBe('2025-11-25')
  })

  it('refuses a modern request without a token with the same 401 challenge', async () => {
    const r = await fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
    })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toContain('resource_metadata=')
  })
})
