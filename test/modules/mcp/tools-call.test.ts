// tools/call runs the operation's own handler for the caller: real sources come back as structured
// content plus text, another user's ids are 404 with no data, a call without the grant is a 403 error
// result with no data, bad arguments list their field errors, and a large list is paged under the cap.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { estimateTokens, RESULT_TOKEN_CAP } from '../../../modules/mcp/tool-result'
import { createSource } from '../../../modules/sources/service'
import { scopeOf } from '../../support/app'
import { jsonOfText, type McpHarness, mcpHarness } from './harness'

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness()
})
afterAll(() => h.stop())

interface Person {
  key: string
  userId: string
  organizationId: string
}

async function labSource(p: Person, ldl: number) {
  h.t.clock.advance(1000)
  return createSource(
    h.t.context,
    scopeOf(p),
    { modality: 'biomarkers', format: 'lab_csv', filename: 'panel.csv' },
    [
      {
        modality: 'biomarkers',
        code: 'ldl_cholesterol',
        original_name: 'LDL-C',
        value: ldl,
        unit: 'mg/dL',
        observed_at: '2026-01-10T08:00:00.000Z',
        source_ref: 'line 2',
      },
    ],
  )
}

const textOf = (result: any): string => (result.content as { text: string }[])[0].text

describe('whoami', () => {
  it('answers for the caller, as structured content and as JSON text', async () => {
    const p = await h.t.userWithKey()
    const client = await h.connect(p.key)
    const result = await client.callTool({ name: 'whoami', arguments: {} })
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toMatchObject({
      kind: 'api_key',
      user_id: p.userId,
      organization_id: p.organizationId,
      tier: 'free',
    })
    expect(jsonOfText(result)).toEqual(result.structuredContent as never)
  })

  it('tells a service token who it acts for', async () => {
    const client = await h.connect(await h.serviceToken('end-user-99'))
    const result = await client.callTool({ name: 'whoami', arguments: {} })
    expect(result.structuredContent).toMatchObject({
      kind: 'service_token',
      user_id: 'end-user-99',
      tier: 'builder',
    })
  })
})

describe('the source tools', () => {
  let alice: Person
  let bob: Person
  let aliceClient: Client
  let bobClient: Client
  let aliceLabs: Awaited<ReturnType<typeof labSource>>[]

  beforeAll(async () => {
    alice = await h.t.userWithKey()
    bob = await h.t.userWithKey()
    aliceLabs = [await labSource(alice, 131), await labSource(alice, 118), await labSource(alice, 104)]
    await labSource(bob, 160)
    aliceClient = await h.connect(alice.key)
    bobClient = await h.connect(bob.key)
  })

  it('lists the caller’s sources newest first, and pages with limit and cursor', async () => {
    const first = await aliceClient.callTool({ name: 'list_sources', arguments: { limit: 2 } })
    const page = first.structuredContent as { data: { id: string; user_id: string }[]; next_cursor: string }
    expect(page.data.map((s) => s.id)).toEqual([aliceLabs[2].id, aliceLabs[1].id])
    expect(page.data.every((s) => s.user_id === alice.userId)).toBe(true)
    expect(page.next_cursor).toBeString()
    expect(textOf(first)).toStartWith(
      `2 items on this page.\nMore available: call list_sources again with cursor "${page.next_cursor}".`,
    )

    const second = await aliceClient.callTool({
      name: 'list_sources',
      arguments: { limit: 2, cursor: page.next_cursor },
    })
    const rest = second.structuredContent as { data: { id: string }[]; next_cursor: string | null }
    expect(rest.data.map((s) => s.id)).toEqual([aliceLabs[0].id])
    expect(rest.next_cursor).toBeNull()
    expect(textOf(second)).toContain('This is the last page.')
  })

  it('filters by modality with the same arguments as GET /sources', async () => {
    const result = await aliceClient.callTool({ name: 'list_sources', arguments: { modality: 'genetics' } })
    expect(result.structuredContent).toEqual({ data: [], next_cursor: null })
  })

  it('reads one source with get_source, equal to what GET /sources/{id} answers', async () => {
    const result = await aliceClient.callTool({ name: 'get_source', arguments: { id: aliceLabs[0].id } })
    const http = await h.t.call('GET', `/sources/${aliceLabs[0].id}`, { token: alice.key })
    expect(result.structuredContent).toEqual(http.body)
    expect(result.structuredContent).toMatchObject({
      id: aliceLabs[0].id,
      modality: 'biomarkers',
      record_count: 1,
    })
  })

  it('answers another user’s source id with a 404 error result and none of its data', async () => {
    const result = await bobClient.callTool({ name: 'get_source', arguments: { id: aliceLabs[0].id } })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    const text = textOf(result)
    expect(text).toStartWith(`404 Not Found: Source ${aliceLabs[0].id} was not found.`)
    expect(text).not.toContain('panel.csv')
    expect(text).not.toContain(alice.userId)
    expect(jsonOfText(result)).toMatchObject({ status: 404, instance: '/mcp', tool: 'get_source' })
  })

  it('never lists another user’s sources', async () => {
    const result = await bobClient.callTool({ name: 'list_sources', arguments: {} })
    const page = result.structuredContent as { data: { user_id: string }[] }
    expect(page.data).toHaveLength(1)
    expect(page.data[0].user_id).toBe(bob.userId)
  })

  it('refuses a call without the grant with a 403 error result and no data', async () => {
    const narrow = await h.connect(await h.oidcToken('oidc-trends-only', 'trends'))
    const result = await narrow.callTool({ name: 'list_sources', arguments: {} })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    expect(textOf(result)).toStartWith(
      '403 Forbidden: The token does not carry the "imports" grant this operation needs.',
    )
  })

  it('refuses a sign-in session calling a data tool, as the HTTP API does', async () => {
    const { session } = await h.t.signIn()
    const client = await h.connect(session)
    const result = await client.callTool({ name: 'get_source', arguments: { id: aliceLabs[0].id } })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('403 Forbidden:')
  })

  it('lists every invalid argument as a field error', async () => {
    const result = await aliceClient.callTool({
      name: 'list_sources',
      arguments: { limit: 500, modality: 'dreams', sort: 'oldest' },
    })
    expect(result.isError).toBe(true)
    const problem = jsonOfText(result)
    expect(problem.status).toBe(422)
    const paths = problem.errors.map((e: { path: string }) => e.path).sort()
    expect(paths).toEqual(['/limit', '/modality', '/sort'])
    expect(problem.errors.find((e: { path: string }) => e.path === '/limit').message).toBe(
      'Expected integer to be less or equal to 100',
    )
    expect(problem.errors.every((e: { in: string }) => e.in === 'arguments')).toBe(true)
  })

  it('reports a missing required argument', async () => {
    const result = await aliceClient.callTool({ name: 'get_source', arguments: {} })
    expect(result.isError).toBe(true)
    expect(jsonOfText(result).errors).toContainEqual({
      in: 'arguments',
      path: '/id',
      message: 'Expected required property',
    })
  })

  it('answers a cursor this service did not issue with a 422 error result', async () => {
    const result = await aliceClient.callTool({ name: 'list_sources', arguments: { cursor: 'bm9wZQ' } })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith(
      '422 Unprocessable Content: The cursor is not one this service issued.',
    )
  })
})

describe('a result too large for one answer', () => {
  it('is cut to a smaller page under the cap, and the cursor continues exactly where it stopped', async () => {
    const p = await h.t.userWithKey()
    const created: string[] = []
    for (let i = 0; i < 60; i++) {
      h.t.clock.advance(1000)
      const warnings = Array.from({ length: 25 }, (_, n) => ({
        code: 'unit_assumed',
        message: `Row ${n + 2}: no unit given for this analyte; the laboratory's usual unit was assumed.`,
        line: n + 2,
      }))
      const source = await createSource(
        h.t.context,
        scopeOf(p),
        { modality: 'biomarkers', format: 'lab_csv', filename: `panel-${i}.csv`, warnings },
        [],
      )
      created.push(source.id)
    }
    const client = await h.connect(p.key)
    const seen: string[] = []
    let cursor: string | undefined
    let calls = 0
    do {
      const result = await client.callTool({
        name: 'list_sources',
        arguments: cursor ? { limit: 100, cursor } : { limit: 100 },
      })
      calls++
      expect(result.isError).toBeUndefined()
      expect(estimateTokens(result)).toBeLessThanOrEqual(RESULT_TOKEN_CAP)
      const page = result.structuredContent as { data: { id: string }[]; next_cursor: string | null }
      if (page.next_cursor) {
        expect(page.data.length).toBeLessThan(60)
        expect(textOf(result)).toContain(
          `items to stay under about 20,000 tokens; call again with cursor "${page.next_cursor}" for the rest.`,
        )
      }
      seen.push(...page.data.map((s) => s.id))
      cursor = page.next_cursor ?? undefined
    } while (cursor && calls < 60)
    expect(calls).toBeGreaterThan(1)
    expect(seen).toEqual([...created].reverse())
  })
})
