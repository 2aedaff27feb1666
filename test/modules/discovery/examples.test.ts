// Every operation carries one example call, declared once with the operation: the OpenAPI document
// shows it (parameter, request-body and response examples) and each example validates against the
// document's own schema for that part; MCP tool descriptions and the x402 catalogue carry the same
// example. Tags are described and the response headers (x-request-id, Retry-After, RateLimit-*) are
// documented.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { allOperations } from '../../../modules/app'
import { isBareExample } from '../../../modules/mcp/tool-catalog'
import { TAG_DESCRIPTIONS } from '../../../modules/shared/openapi-tags'
import { openApiPath } from '../../../modules/shared/operation'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
let doc: any
beforeAll(async () => {
  t = await testApp()
  doc = (await t.call('GET', '/openapi.json')).body
})
afterAll(() => t.cleanup())

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)

/** Validate `value` against a schema of the document, its `#/components/...` references resolved. */
function errorsOf(schema: unknown, value: unknown): string | null {
  const check = ajv.compile({ ...(schema as object), components: doc.components })
  return check(value) ? null : ajv.errorsText(check.errors)
}

/** A parameter as written, or the shared one its `$ref` names (`#/components/parameters/...`). */
const parameter = (p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p)

type Documented = { id: string; route: string; op: any }
const operations = (): Documented[] =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      id: op.operationId,
      route: `${method.toUpperCase()} ${path}`,
      op,
    })),
  )

describe('examples in /openapi.json', () => {
  it('gives every operation a success response example that validates against its response schema', () => {
    const problems: string[] = []
    for (const { id, op } of operations()) {
      // The declared success response is the one written out in place; problems are references.
      const [status, response] = Object.entries(op.responses as Record<string, any>).find(
        ([, r]) => r.content,
      )!
      const [media, content] = Object.entries(response.content as Record<string, any>)[0]
      if (content.example === undefined) problems.push(`${id}: no ${status} example`)
      else {
        const error = errorsOf(content.schema, content.example)
        if (error) problems.push(`${id}: ${media} example: ${error}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('gives every request body an example that validates against the body schema', () => {
    const problems: string[] = []
    for (const { id, op } of operations()) {
      const json = op.requestBody?.content?.['application/json']
      if (!json) continue
      if (json.example === undefined) problems.push(`${id}: no request body example`)
      else {
        const error = errorsOf(json.schema, json.example)
        if (error) problems.push(`${id}: request body example: ${error}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('gives every path parameter, and every query parameter the example uses, a valid example', () => {
    const problems: string[] = []
    for (const { id, op } of operations())
      for (const p of op.parameters as any[]) {
        if (p.example === undefined) {
          if (p.in === 'path') problems.push(`${id}: no example for path parameter ${p.name}`)
          continue
        }
        const error = errorsOf(p.schema, p.example)
        if (error) problems.push(`${id}: ${p.in} parameter ${p.name}: ${error}`)
      }
    expect(problems).toEqual([])
  })

  it('shows an example request for every operation that takes input', () => {
    const unshown = operations()
      .filter(({ op }) => op.parameters.length > 0 || op.requestBody?.content?.['application/json'])
      .filter(
        ({ op }) =>
          !op.parameters.some((p: any) => parameter(p).example !== undefined) &&
          op.requestBody?.content?.['application/json']?.example === undefined,
      )
      .map(({ route }) => route)
    expect(unshown).toEqual([])
  })
})

describe('the same examples elsewhere', () => {
  it('puts each MCP tool’s example arguments, and not its bulky result, in its description', async () => {
    const listing = await t.call('POST', '/mcp', {
      token: (await t.userWithKey()).key,
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    })
    const tools = (listing.body?.result?.tools ??
      JSON.parse(listing.text.split('data: ')[1]).result.tools) as any[]
    expect(tools.length).toBeGreaterThan(0)
    for (const tool of tools) {
      const op = allOperations.find((o) => o.mcp?.tool === tool.name)!
      const { params, query, body } = op.example!.request
      // The token's own user and workspace are left out, as a model calling the tool leaves them out.
      const args: Record<string, unknown> = { ...params, ...query, ...body }
      if (op.ownScopeOnly !== false) {
        delete args.user_id
        delete args.organization_id
      }
      if (isBareExample(args)) expect(tool.description).not.toContain('Example arguments')
      else expect(tool.description).toContain(`Example arguments: ${JSON.stringify(args)}`)
      expect(tool.description).not.toContain('Example result')
    }
  })

  it('lists the operation’s own example in the x402 catalogue', async () => {
    const catalog = (await t.call('GET', '/.well-known/x402.json')).body
    expect(catalog.routes.length).toBeGreaterThan(0)
    for (const route of catalog.routes) {
      const op = allOperations.find((o) => o.id === route.id)!
      expect(route.input_example).toEqual(op.example!.request)
      expect(route.output_example).toEqual(op.example!.response)
    }
  })

  it('declares the example with the operation that the document shows', () => {
    for (const op of allOperations) {
      const documented = doc.paths[openApiPath(op.path)][op.method.toLowerCase()]
      const success = Object.values(documented.responses).find((r: any) => r.content) as any
      expect(Object.values(success.content as Record<string, any>)[0].example).toEqual(op.example?.response)
    }
  })
})

describe('tags and headers in /openapi.json', () => {
  it('describes every tag', () => {
    for (const tag of doc.tags)
      expect({ tag: tag.name, described: !!tag.description }).toEqual({ tag: tag.name, described: true })
    expect(Object.keys(TAG_DESCRIPTIONS).sort()).toEqual(doc.tags.map((tag: any) => tag.name).sort())
  })

  it('documents x-request-id on every response, Retry-After on 429 and 503, and the RateLimit headers on 429', () => {
    for (const { op } of operations())
      for (const response of Object.values(op.responses as Record<string, any>)) {
        const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response
        expect(resolved.headers['x-request-id']).toEqual({ $ref: '#/components/headers/RequestId' })
      }
    expect(Object.keys(doc.components.responses.Problem429.headers).sort()).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
      'x-request-id',
    ])
    expect(doc.components.headers.RetryAfter.schema).toEqual({ type: 'integer', minimum: 1 })
  })
})
