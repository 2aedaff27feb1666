// The health context as an MCP resource: listed and readable with the health_context grant, equal to
// what the HTTP route builds for the same user at the same moment, refused without the grant, and
// embedded in the summarize_health_context prompt.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { createSource } from '../../../modules/sources/service'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let person: { key: string; userId: string; organizationId: string }
let client: Client
let sourceId: string

beforeAll(async () => {
  h = await mcpHarness()
  h.t.clock.set(new Date('2026-04-01T09:00:00.000Z'))
  person = await h.t.userWithKey()
  const source = await createSource(
    h.t.context,
    { user_id: person.userId, organization_id: person.organizationId },
    { modality: 'biomarkers', format: 'lab_csv', filename: 'march.csv' },
    [
      {
        modality: 'biomarkers',
        code: 'ldl_cholesterol',
        original_name: 'LDL-C',
        value: 171,
        unit: 'mg/dL',
        observed_at: '2026-03-02T08:00:00.000Z',
        source_ref: 'line 2',
      },
    ],
  )
  sourceId = source.id
  client = await h.connect(person.key)
})
afterAll(() => h.stop())

const HEALTH_CONTEXT = 'wellness://health-context'

describe('the health context resource', () => {
  it('is listed for a token with the health_context grant', async () => {
    const { resources } = await client.listResources()
    expect(resources).toEqual([
      expect.objectContaining({ uri: HEALTH_CONTEXT, name: 'health_context', mimeType: 'application/json' }),
    ])
  })

  it('reads as the same document POST /users/{id}/health-context builds, naming its sources', async () => {
    const read = await client.readResource({ uri: HEALTH_CONTEXT })
    expect(read.contents).toHaveLength(1)
    const content = read.contents[0] as { uri: string; mimeType: string; text: string }
    expect(content).toMatchObject({ uri: HEALTH_CONTEXT, mimeType: 'application/json' })
    const document = JSON.parse(content.text)
    const http = await h.t.call('POST', `/users/${person.userId}/health-context`, {
      token: person.key,
      body: {},
    })
    expect(http.status).toBe(200)
    expect(document).toEqual(http.body)
    expect(document.user_id).toBe(person.userId)
    expect(document.latest).toContainEqual(
      expect.objectContaining({ code: 'ldl_cholesterol', value: 171, source_id: sourceId }),
    )
  })

  it('is neither listed nor readable without the grant, and the refusal carries no data', async () => {
    const narrow = await h.connect(await h.oidcToken('oidc-no-context', 'imports'))
    expect((await narrow.listResources()).resources).toEqual([])
    const error = await narrow.readResource({ uri: HEALTH_CONTEXT }).catch((e) => e)
    expect(error.code).toBe(ErrorCode.InvalidRequest)
    expect(error.message).toContain('does not carry the "health_context" grant')
    expect(error.data).toMatchObject({ status: 403, instance: '/mcp' })
    expect(JSON.stringify(error.data)).not.toContain('ldl')
  })

  it('answers an unknown resource URI with resource-not-found', async () => {
    const error = await client.readResource({ uri: 'wellness://nothing-here' }).catch((e) => e)
    expect(error.code).toBe(-32002)
    expect(error.message).toContain('Unknown resource: wellness://nothing-here')
  })
})

describe('resource templates', () => {
  it('offers sources, analyses and genetics jobs by id to a key that may read them', async () => {
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'wellness://analyses/{id}',
      'wellness://genetics/jobs/{id}',
      'wellness://sources/{id}',
    ])
    for (const t of resourceTemplates) expect(t.mimeType).toBe('application/json')
  })

  it('reads wellness://sources/{id} as the same record GET /sources/{id} returns', async () => {
    const uri = `wellness://sources/${sourceId}`
    const read = await client.readResource({ uri })
    const content = read.contents[0] as { uri: string; mimeType: string; text: string }
    expect(content).toMatchObject({ uri, mimeType: 'application/json' })
    const http = await h.t.call('GET', `/sources/${sourceId}`, { token: person.key })
    expect(http.status).toBe(200)
    expect(JSON.parse(content.text)).toEqual(http.body)
  })

  it('answers another person’s source id with resource-not-found, carrying no data', async () => {
    const other = await h.t.userWithKey()
    const stranger = await h.connect(other.key)
    const error = await stranger.readResource({ uri: `wellness://sources/${sourceId}` }).catch((e) => e)
    expect(error.code).toBe(-32002)
    expect(error.data).toMatchObject({ status: 404 })
    expect(JSON.stringify(error.data)).not.toContain('march.csv')
  })

  it('answers a malformed id with invalid params naming the field', async () => {
    const error = await client.readResource({ uri: 'wellness://analyses/not-an-id' }).catch((e) => e)
    expect(error.code).toBe(ErrorCode.InvalidParams)
    expect(error.data).toMatchObject({ status: 422 })
  })

  it('offers no template to a token that may not call the tool behind it', async () => {
    const narrow = await h.connect(await h.oidcToken('oidc-trends-only', 'trends'))
    expect((await narrow.listResourceTemplates()).resourceTemplates).toEqual([])
    const error = await narrow.readResource({ uri: `wellness://sources/${sourceId}` }).catch((e) => e)
    expect(error.code).toBe(ErrorCode.InvalidRequest)
    expect(error.data).toMatchObject({ status: 403 })
  })
})

describe('prompts that use the health context', () => {
  it('embeds the health context in summarize_health_context', async () => {
    const prompt = await client.getPrompt({ name: 'summarize_health_context' })
    expect(prompt.messages).toHaveLength(2)
    const embedded = prompt.messages[0].content as { type: string; resource: { uri: string; text: string } }
    expect(embedded.type).toBe('resource')
    expect(embedded.resource.uri).toBe(HEALTH_CONTEXT)
    expect(JSON.parse(embedded.resource.text).latest[0].source_id).toBe(sourceId)
    expect((prompt.messages[1].content as { text: string }).text).toContain('Summarize it for me')
  })

  it('points the lab review at the resource only when the token may read it', async () => {
    const review = await client.getPrompt({ name: 'review_latest_labs' })
    expect((review.messages[0].content as { text: string }).text).toContain(
      `read the resource ${HEALTH_CONTEXT}`,
    )
    const narrow = await h.connect(await h.oidcToken('oidc-labs-only', 'imports'))
    const names = (await narrow.listPrompts()).prompts.map((p) => p.name)
    expect(names).toEqual(['review_latest_labs', 'explain_source'])
    const narrowReview = await narrow.getPrompt({ name: 'review_latest_labs' })
    expect((narrowReview.messages[0].content as { text: string }).text).not.toContain(HEALTH_CONTEXT)
  })
})
