// The profile over MCP: set_profile and get_profile answer as the HTTP routes do, for the caller only.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness()
})
afterAll(() => h.stop())

describe('profile tools', () => {
  it('sets and reads the caller’s profile, and refuses another user’s', async () => {
    const alice = await h.t.userWithKey()
    const bob = await h.t.userWithKey()
    const client = await h.connect(alice.key)
    const set = await client.callTool({
      name: 'set_profile',
      arguments: { user_id: alice.userId, sex: 'female', birth_date: '1980-02-29' },
    })
    expect(set.isError).toBeUndefined()
    expect((set.structuredContent as any).sex).toEqual({
      value: 'female',
      origin: { kind: 'user', source_id: null, detail: 'set by the user' },
    })
    const got = await client.callTool({ name: 'get_profile', arguments: { user_id: alice.userId } })
    const http = await h.t.call('GET', `/users/${alice.userId}/profile`, { token: alice.key })
    expect(got.structuredContent).toEqual(http.body)
    const other = await client.callTool({
      name: 'set_profile',
      arguments: { user_id: bob.userId, sex: 'male' },
    })
    expect(other.isError).toBe(true)
    expect((await h.t.call('GET', `/users/${bob.userId}/profile`, { token: bob.key })).body.sex).toBeNull()
  })
})
