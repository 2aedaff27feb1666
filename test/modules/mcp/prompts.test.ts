// Prompts are offered only when the caller may call every tool they name, carry instructions that name
// those tools, and refuse bad arguments with a protocol error.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let client: Client
beforeAll(async () => {
  h = await mcpHarness()
  client = await h.connect((await h.t.userWithKey()).key)
})
afterAll(() => h.stop())

const textOf = (message: { content: unknown }) => (message.content as { text: string }).text

describe('prompts', () => {
  it('offers the lab review and the source explanation to a key that may read sources', async () => {
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual([
      'review_latest_labs',
      'summarize_health_context',
      'explain_source',
    ])
    expect(prompts[2].arguments).toEqual([
      { name: 'source_id', description: 'The source id (src_…).', required: true },
    ])
  })

  it('offers none of them to a token that cannot read sources', async () => {
    const narrow = await h.connect(await h.oidcToken('oidc-prompts', 'trends'))
    expect((await narrow.listPrompts()).prompts).toEqual([])
    const error = await narrow.getPrompt({ name: 'review_latest_labs' }).catch((e) => e)
    expect(error.code).toBe(ErrorCode.InvalidParams)
    expect(error.message).toContain('Unknown prompt: review_latest_labs')
  })

  it('tells the agent which tools to call for a lab review, and how to report', async () => {
    const prompt = await client.getPrompt({ name: 'review_latest_labs' })
    expect(prompt.messages).toHaveLength(1)
    expect(prompt.messages[0].role).toBe('user')
    const text = textOf(prompt.messages[0])
    expect(text).toContain('Call list_sources with modality "biomarkers" and limit 5')
    expect(text).toContain('Call get_source for the newest one')
    expect(text).toContain('the source_id it came from')
    expect(text).toContain('Do not diagnose')
  })

  it('puts the given source id into the explanation prompt', async () => {
    const id = 'src_01jd00000000000000000000ab'
    const prompt = await client.getPrompt({ name: 'explain_source', arguments: { source_id: id } })
    expect(textOf(prompt.messages[0])).toContain(`Call get_source with id "${id}"`)
  })

  it('refuses a missing or malformed source id with invalid-params carrying the problem', async () => {
    for (const args of [{}, { source_id: 'src_../../etc' }] as Record<string, string>[]) {
      const error = await client.getPrompt({ name: 'explain_source', arguments: args }).catch((e) => e)
      expect(error.code).toBe(ErrorCode.InvalidParams)
      expect(error.message).toContain('source_id must be a source id')
      expect(error.data).toMatchObject({ status: 422, errors: [{ in: 'arguments', path: '/source_id' }] })
    }
  })
})
