// callTool on operations declared for this test: the own-scope check on user_id and organization_id,
// output cleaned to the declaration, handler failures as problems without internals, handlers that
// answer with their own Response, and long arrays cut (or refused) under the result cap.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { callTool } from '../../../modules/mcp/tool-call'
import { buildToolCatalog } from '../../../modules/mcp/tool-catalog'
import { estimateTokens, RESULT_TOKEN_CAP } from '../../../modules/mcp/tool-result'
import { defineOperation } from '../../../modules/shared/operation'
import type { Principal } from '../../../modules/shared/principal'
import { ProblemError } from '../../../modules/shared/problem'
import { CREATES, READS } from '../../../modules/shared/tool-annotations'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

const principal: Principal = {
  kind: 'oidc',
  user_id: 'usr_self',
  organization_id: 'org_self',
  grants: ['trends', 'analyses'],
  tier: 'free',
  credential_id: 'oidc_test',
  billing_admin: false,
}

const caller = () => ({
  app: t.context,
  principal,
  request: {
    raw: new Request('http://localhost/mcp', { method: 'POST' }),
    id: 'req_tooltest',
    ip: null,
    headers: new Headers(),
    url: new URL('http://localhost/mcp'),
  },
})

const Point = Type.Object({ at: Type.String(), value: Type.Number() })

const userTrend = defineOperation(
  {
    id: 'test.trend',
    method: 'GET',
    path: '/users/:user_id/test-trend',
    summary: 'A test series for one user',
    tags: ['Test'],
    grant: 'trends',
    params: Type.Object({ user_id: Type.String() }),
    query: Type.Object({
      organization_id: Type.Optional(Type.String()),
      points: Type.Optional(Type.Integer({ minimum: 0, default: 3 })),
    }),
    output: Type.Object({ user_id: Type.String(), points: Type.Array(Point) }),
    mcp: { tool: 'test_trend', annotations: READS },
  },
  ({ params, query }) => {
    const points = Array.from({ length: query.points ?? 0 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      value: 70 + (i % 13),
      // Not declared: must never reach the model.
      device_serial: `SN-${i}`,
    }))
    return { user_id: params.user_id, points, internal_note: 'undeclared' } as never
  },
)

const failing = defineOperation(
  {
    id: 'test.failing',
    method: 'POST',
    path: '/test-failing',
    summary: 'Fails on purpose',
    tags: ['Test'],
    grant: 'analyses',
    body: Type.Object({
      how: Type.Union([Type.Literal('problem'), Type.Literal('crash'), Type.Literal('response')]),
    }),
    output: Type.Object({ ok: Type.Boolean() }),
    mcp: { tool: 'test_failing', annotations: CREATES },
  },
  ({ body }) => {
    if (body.how === 'problem') throw new ProblemError('conflict', 'That analysis is already running.')
    if (body.how === 'response') return Response.json({ ok: true, extra: 'dropped' })
    throw new Error('connection reset by peer at 10.1.2.3')
  },
)

const crowded = defineOperation(
  {
    id: 'test.crowded',
    method: 'GET',
    path: '/test-crowded',
    summary: 'One record that cannot be shortened',
    tags: ['Test'],
    grant: 'analyses',
    output: Type.Object({ text: Type.String() }),
    mcp: { tool: 'test_crowded', annotations: READS },
  },
  () => ({ text: 'x'.repeat(RESULT_TOKEN_CAP * 4) }),
)

const notGranted = defineOperation(
  {
    id: 'test.billing',
    method: 'GET',
    path: '/test-billing',
    summary: 'Needs billing',
    tags: ['Test'],
    grant: 'billing',
    output: Type.Object({ invoices: Type.Array(Type.String()) }),
    mcp: { tool: 'test_billing', annotations: READS },
  },
  () => ({ invoices: ['inv_1'] }),
)

const catalog = new Map(
  buildToolCatalog([userTrend, failing, crowded, notGranted]).map((tool) => [tool.name, tool]),
)
const call = (name: string, args: Record<string, unknown>) => callTool(catalog.get(name)!, args, caller())
const textOf = (result: { content: unknown }) => (result.content as { text: string }[])[0].text

describe('the own-scope check', () => {
  it('lets a tool name the caller’s own user and applies defaults', async () => {
    const result = await call('test_trend', { user_id: 'usr_self' })
    expect(result.isError).toBeUndefined()
    expect((result.structuredContent as { points: unknown[] }).points).toHaveLength(3)
  })

  it('refuses another user_id with 403 before running anything', async () => {
    const result = await call('test_trend', { user_id: 'usr_someone_else' })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith(
      '403 Forbidden: This token acts for one user; the request names another user.',
    )
  })

  it('refuses another organization_id with 403', async () => {
    const result = await call('test_trend', { user_id: 'usr_self', organization_id: 'org_other' })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('the request names another organization')
  })

  it('refuses a tool whose grant the caller lacks, with no data', async () => {
    const result = await call('test_billing', {})
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    expect(textOf(result)).not.toContain('inv_1')
  })
})

describe('the output', () => {
  it('keeps only what the operation declares, nested fields included', async () => {
    const result = await call('test_trend', { user_id: 'usr_self', points: 2 })
    const text = textOf(result)
    expect(text).not.toContain('internal_note')
    expect(text).not.toContain('device_serial')
    expect(result.structuredContent).toEqual({
      user_id: 'usr_self',
      points: [
        { at: '2026-01-01T00:00:00.000Z', value: 70 },
        { at: '2026-01-01T00:01:00.000Z', value: 71 },
      ],
    })
  })

  it('reads back a handler that answers with its own Response, cleaned the same way', async () => {
    const result = await call('test_failing', { how: 'response' })
    expect(result.structuredContent).toEqual({ ok: true })
  })
})

describe('failures', () => {
  it('renders a thrown problem as an error result with its status and detail', async () => {
    const result = await call('test_failing', { how: 'problem' })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('409 Conflict: That analysis is already running.')
  })

  it('renders an unexpected error as a 500 without its message, and logs it with the request id', async () => {
    const result = await call('test_failing', { how: 'crash' })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('500 Internal Server Error: An unexpected error occurred')
    expect(textOf(result)).not.toContain('10.1.2.3')
    const logged = t.log.lines.map((l) => JSON.parse(l)).find((l) => l.event === 'mcp.tool.failed')
    expect(logged).toMatchObject({ request_id: 'req_tooltest', tool: 'test_failing', error: 'Error' })
    // A message can quote query parameters (health data): only the name and stack frames are logged.
    expect(JSON.stringify(logged)).not.toContain('10.1.2.3')
    expect(logged.stack).toContain('tool-call.test.ts')
  })
})

describe('the result cap', () => {
  it('cuts a long series to fit and says how much was left out', async () => {
    const result = await call('test_trend', { user_id: 'usr_self', points: 20_000 })
    expect(result.isError).toBeUndefined()
    expect(estimateTokens(result)).toBeLessThanOrEqual(RESULT_TOKEN_CAP)
    const kept = (result.structuredContent as { points: unknown[] }).points.length
    expect(kept).toBeGreaterThan(100)
    expect(kept).toBeLessThan(20_000)
    expect(textOf(result)).toContain(
      `Cut /points to ${kept} of 20000 items to stay under about 20,000 tokens; narrow the request`,
    )
  })

  it('refuses, with a problem, a result that cannot be cut down', async () => {
    const result = await call('test_crowded', {})
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('413 Payload Too Large: The result of test_crowded is about')
    expect(textOf(result).length).toBeLessThan(2_000)
  })
})

describe('the catalogue', () => {
  it('refuses to make a tool of an operation that reads a raw body', () => {
    const upload = defineOperation(
      {
        id: 'test.upload',
        method: 'PUT',
        path: '/test-upload',
        summary: 'Streams a file',
        tags: ['Test'],
        grant: 'imports',
        rawBody: { mediaTypes: ['application/octet-stream'], description: 'The file' },
        output: Type.Object({ ok: Type.Boolean() }),
        mcp: { tool: 'test_upload', annotations: CREATES },
      },
      () => ({ ok: true }),
    )
    expect(() => buildToolCatalog([upload])).toThrow(
      'Operation test.upload reads a raw request body and cannot be the MCP tool test_upload.',
    )
  })
})
