// tools/list fits a model: at most a quarter of the size the full schemas made (measured in the same
// run, for a full API key), with `user_id` and `organization_id` optional where the token fixes them,
// literal unions as `enum`, and schemas that still accept what the tools take and return.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { allOperations } from '../../../modules/app'
import { leanInputSchema, leanOutputSchema } from '../../../modules/mcp/lean-schema'
import { plainJsonSchema } from '../../../modules/mcp/tool-catalog'
import type { AnyOperation } from '../../../modules/shared/operation'
import { toolInputSchema } from '../../../modules/shared/registry'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let key: string
let tools: Tool[]
beforeAll(async () => {
  h = await mcpHarness()
  key = (await h.t.userWithKey()).key
  tools = (await (await h.connect(key)).listTools()).tools
})
afterAll(() => h.stop())

const opOf = (name: string) => allOperations.find((op) => op.mcp?.tool === name) as AnyOperation

/** The listing as it was published before: full schemas, summary + description, the HTTP line. */
function fullListing(tool: Tool): unknown {
  const op = opOf(tool.name)
  const example = op.example?.request
  return {
    name: tool.name,
    title: op.summary,
    description: [
      op.mcp?.description ?? op.summary,
      op.description ?? '',
      `HTTP equivalent: ${op.method} ${op.path}.`,
      example
        ? `Example arguments: ${JSON.stringify({ ...example.params, ...example.query, ...example.body })}`
        : '',
    ].join('\\n\\n'),
    inputSchema: { ...plainJsonSchema(toolInputSchema(op)), additionalProperties: false },
    ...(tool.outputSchema ? { outputSchema: plainJsonSchema(op.output) } : {}),
    annotations: { title: op.summary, ...tool.annotations },
  }
}

describe('the size of tools/list', () => {
  it('is at most a quarter of the full schemas for a full API key', () => {
    const lean = JSON.stringify({ tools }).length
    const full = JSON.stringify({ tools: tools.map(fullListing) }).length
    console.log(`tools/list for a full key: ${lean} bytes lean, ${full} bytes with full schemas`)
    expect(tools.length).toBeGreaterThan(25)
    expect(lean).toBeLessThanOrEqual(full / 4)
  })
})

describe('schemas a model can use', () => {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)

  it('accepts every operation’s example arguments, without user_id or organization_id', () => {
    for (const tool of tools) {
      const op = opOf(tool.name)
      if (!op.example) continue
      const { params, query, body } = op.example.request
      const args: Record<string, unknown> = { ...params, ...query, ...body }
      delete args.user_id
      delete args.organization_id
      const valid = ajv.validate(tool.inputSchema, args)
      expect({ tool: tool.name, valid, errors: ajv.errors ?? null }).toEqual({
        tool: tool.name,
        valid: true,
        errors: null,
      })
    }
  })

  it('accepts every operation’s example result under the published output schema', () => {
    for (const tool of tools) {
      const op = opOf(tool.name)
      if (!tool.outputSchema || !op.example) continue
      const valid = ajv.validate(tool.outputSchema, op.example.response)
      expect({ tool: tool.name, valid }).toEqual({ tool: tool.name, valid: true })
    }
  })

  it('leaves user_id optional for get_trends, get_health_context and get_retest_reminders', () => {
    for (const name of ['get_trends', 'get_health_context', 'get_retest_reminders']) {
      const tool = tools.find((t) => t.name === name)!
      expect(tool.inputSchema.properties).toHaveProperty('user_id')
      expect({ name, required: tool.inputSchema.required ?? [] }).not.toMatchObject({
        required: expect.arrayContaining(['user_id']),
      })
    }
  })

  it('shows a union of literals as one enum', () => {
    const lean = leanInputSchema({
      type: 'object',
      properties: {
        direction: { anyOf: [{ const: 'below' }, { const: 'above' }], description: 'Which way' },
      },
    }) as any
    expect(lean.properties.direction).toEqual({
      type: 'string',
      enum: ['below', 'above'],
      description: 'Which way',
    })
    const out = leanOutputSchema({
      type: 'object',
      properties: {
        nested: { type: 'object', properties: { deep: { type: 'string' } }, required: ['deep'] },
      },
      required: ['nested'],
    }) as any
    expect(out).toEqual({ type: 'object', properties: { nested: { type: 'object' } } })
  })
})

describe('calling without the fields the token fixes', () => {
  it('runs get_retest_reminders and get_trends for the token’s own user when user_id is left out', async () => {
    const client = await h.connect(key)
    const me = (await h.t.call('GET', '/me', { token: key })).body
    const reminders = await client.callTool({ name: 'get_retest_reminders', arguments: {} })
    expect(reminders.isError).toBeUndefined()
    const trends = await client.callTool({ name: 'get_trends', arguments: {} })
    expect(trends.isError).toBeUndefined()
    expect((trends.structuredContent as any).user_id).toBe(me.user_id)
  })

  it('still refuses a user_id that names someone else', async () => {
    const client = await h.connect(key)
    const result = await client.callTool({ name: 'get_trends', arguments: { user_id: 'usr_someoneelse' } })
    expect(result.isError).toBe(true)
    expect((result.content as any)[0].text).toContain('403')
  })
})
