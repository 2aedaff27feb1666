// tools/list comes from the operation registry and shows each caller only the tools its grants and its
// kind of token allow: an API key, a sign-in session, an OIDC token with a narrow scope, a service token
// and a sandbox token each see a different list. Every operation marked as a tool is reachable.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { allOperations } from '../../../modules/app'
import { DATA_GRANTS, type Grant } from '../../../modules/shared/principal'
import { toolInputSchema } from '../../../modules/shared/registry'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness()
})
afterAll(() => h.stop())

const toolOps = allOperations.filter((op) => op.mcp)
const names = (tools: Tool[]) => tools.map((t) => t.name).sort()
/** Tools an operation grant allows, straight from the declarations. */
const toolsFor = (grants: readonly string[], kind: string) =>
  toolOps
    .filter((op) => !op.principals || op.principals.includes(kind as never))
    .filter((op) => op.grant === null || op.grant === 'authenticated' || grants.includes(op.grant))
    .map((op) => op.mcp!.tool)
    .sort()

async function listFor(token: string) {
  const client = await h.connect(token)
  return (await client.listTools()).tools
}

describe('tools/list by kind of token', () => {
  it('gives a personal API key every data tool its grants allow, including whoami and the source tools', async () => {
    const { key } = await h.t.userWithKey()
    const me = (await h.t.call('GET', '/me', { token: key })).body
    const tools = names(await listFor(key))
    expect(tools).toEqual(toolsFor(me.grants, 'api_key'))
    expect(tools).toContain('whoami')
    expect(tools).toContain('list_sources')
    expect(tools).toContain('get_source')
  })

  it('gives a sign-in session only what a session may call: no data tools', async () => {
    const { session } = await h.t.signIn()
    const tools = names(await listFor(session))
    expect(tools).toContain('whoami')
    expect(tools).not.toContain('list_sources')
    expect(tools).toEqual(toolsFor(['keys'], 'session'))
  })

  it('follows the scope of an OIDC token: imports and trends give different lists', async () => {
    const imports = names(await listFor(await h.oidcToken('oidc-imports', 'openid imports')))
    const trends = names(await listFor(await h.oidcToken('oidc-trends', 'openid trends')))
    expect(imports).toEqual(toolsFor(['imports'], 'oidc'))
    expect(trends).toEqual(toolsFor(['trends'], 'oidc'))
    expect(imports).toContain('list_sources')
    expect(trends).not.toContain('list_sources')
    expect(trends).toContain('whoami')
    expect(imports).not.toEqual(trends)
  })

  it('gives a service token the data tools and none of the account tools', async () => {
    const tools = names(await listFor(await h.serviceToken('end-user-7')))
    expect(tools).toEqual(toolsFor(DATA_GRANTS, 'service_token'))
    expect(tools).toContain('list_sources')
    const accountTools = toolOps
      .filter((op) =>
        ['billing', 'export', 'deletion', 'keys', 'service_tokens'].includes(op.grant as string),
      )
      .map((op) => op.mcp!.tool)
    for (const name of accountTools) expect(tools).not.toContain(name)
  })

  it('gives a sandbox token only whoami and the sandbox tools', async () => {
    const tools = names(await listFor(await h.sandboxToken()))
    expect(tools).toEqual(toolsFor(['sandbox'], 'sandbox'))
    expect(tools).toContain('whoami')
    expect(tools).not.toContain('list_sources')
  })
})

describe('the tool list is the registry', () => {
  it('reaches every operation marked as a tool with one of the kinds of token', async () => {
    const seen = new Set<string>()
    const { key, session } = await h.t.userWithKey()
    for (const token of [key, session, await h.sandboxToken()]) {
      for (const tool of await listFor(token)) seen.add(tool.name)
    }
    const missing = toolOps.map((op) => op.mcp!.tool).filter((name) => !seen.has(name))
    expect(missing).toEqual([])
    const unknown = [...seen].filter((name) => !toolOps.some((op) => op.mcp!.tool === name))
    expect(unknown).toEqual([])
  })

  it('takes each tool’s input fields from the operation’s own TypeBox models, and refuses other fields', async () => {
    const { key } = await h.t.userWithKey()
    for (const tool of await listFor(key)) {
      const op = toolOps.find((o) => o.mcp!.tool === tool.name)!
      const declared = toolInputSchema(op)
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(
        Object.keys(declared.properties).sort(),
      )
      expect(tool.inputSchema.additionalProperties).toBe(false)
      // What the token fixes is never required of a model.
      const required = (declared.required ?? []).filter(
        (f) => op.ownScopeOnly === false || !['user_id', 'organization_id'].includes(f),
      )
      expect((tool.inputSchema.required ?? []).slice().sort()).toEqual(required.sort())
      expect(tool.description).toStartWith(op.mcp!.description ?? op.description ?? op.summary)
      // The summary appears once: as the title, or leading the description when there is no more to say.
      if (tool.title) expect(tool.title).toBe(op.summary)
      else expect(tool.description).toStartWith(op.summary)
      expect(tool.description).not.toContain('HTTP equivalent')
      expect(JSON.stringify(tool)).not.toContain('"$id"')
    }
  })

  it('publishes an output schema for tools whose operation returns an object', async () => {
    const { key } = await h.t.userWithKey()
    const tools = await listFor(key)
    const listSources = tools.find((t) => t.name === 'list_sources')!
    expect(listSources.outputSchema?.properties).toHaveProperty('data')
    expect(listSources.outputSchema?.properties).toHaveProperty('next_cursor')
    expect(listSources.description).toContain('pass `next_cursor` of a result as `cursor` for the next page')
  })

  it('offers every data-reading operation as a tool', () => {
    const dataGrants = new Set<string>([...DATA_GRANTS] satisfies Grant[])
    // Pages and event streams are for browsers; a tool reads the same data from the JSON operation.
    const withoutTool = allOperations
      .filter(
        (op) =>
          op.method === 'GET' &&
          !op.rawBody &&
          op.produces !== 'text/html' &&
          op.produces !== 'text/event-stream',
      )
      .filter((op) => dataGrants.has(op.grant as string) || op.grant === 'authenticated')
      .filter((op) => !op.mcp)
      .map((op) => `${op.id} (${op.method} ${op.path})`)
    expect(withoutTool).toEqual([])
  })
})
