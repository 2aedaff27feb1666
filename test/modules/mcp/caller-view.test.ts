// What an MCP caller may see (tools, resources) is filtered once per kind of credential and set of
// grants and then shared: two callers that differ in either must still see their own lists, and the
// same caller sees the same list every time.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mcpHandlersFor } from '../../../modules/mcp/server'
import type { ToolCaller } from '../../../modules/mcp/tool-call'
import { toolCatalogOf } from '../../../modules/mcp/tool-catalog'
import type { RequestInfo } from '../../../modules/shared/operation'
import { GRANTS, type Grant, type Principal } from '../../../modules/shared/principal'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

const caller = (kind: Principal['kind'], grants: readonly Grant[]): ToolCaller => ({
  app: t.context,
  principal: {
    kind,
    grants,
    user_id: 'user_1',
    organization_id: 'org_1',
    tier: 'free',
    credential_id: `cred_${kind}`,
    billing_admin: false,
  } as Principal,
  request: {} as RequestInfo,
})

const toolNames = async (c: ToolCaller) =>
  (await mcpHandlersFor(c).listTools()).tools.map((tool: { name: string }) => tool.name).sort()
const resourceUris = async (c: ToolCaller) =>
  (await mcpHandlersFor(c).listResources()).resources.map((r: { uri: string }) => r.uri).sort()

describe('the tools and resources an MCP caller sees', () => {
  test('differ by kind of credential when the grants are the same', async () => {
    const keyOnly = [...toolCatalogOf(t.context.operations).values()].find(
      (tool) => tool.op.principals?.includes('api_key') && !tool.op.principals.includes('oauth'),
    )
    expect(keyOnly).toBeDefined()
    const viaKey = await toolNames(caller('api_key', GRANTS))
    const viaOauth = await toolNames(caller('oauth', GRANTS))
    expect(viaKey).toContain(keyOnly!.name)
    expect(viaOauth).not.toContain(keyOnly!.name)
    // Asked again, in the other order, each keeps its own list.
    expect(await toolNames(caller('oauth', GRANTS))).toEqual(viaOauth)
    expect(await toolNames(caller('api_key', GRANTS))).toEqual(viaKey)
  })

  test('differ by grants for the same kind of credential', async () => {
    const everything = await toolNames(caller('api_key', GRANTS))
    const fewer = GRANTS.filter((g) => g !== 'imports')
    const withoutImports = await toolNames(caller('api_key', fewer))
    expect(withoutImports.length).toBeLessThan(everything.length)
    expect(await toolNames(caller('api_key', GRANTS))).toEqual(everything)
    expect(await resourceUris(caller('api_key', []))).toEqual([])
    expect((await resourceUris(caller('api_key', GRANTS))).length).toBeGreaterThan(0)
  })

  test('a listing handed out cannot change what the next caller sees', async () => {
    const first = await mcpHandlersFor(caller('api_key', GRANTS)).listTools()
    first.tools.length = 0
    expect((await toolNames(caller('api_key', GRANTS))).length).toBeGreaterThan(0)
  })
})
