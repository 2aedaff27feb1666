// The MCP endpoint over a real socket: initialize with the current protocol version, the same bearer
// auth as the HTTP API (401 problem with WWW-Authenticate before any JSON-RPC is read), 405 for GET and
// DELETE, and protocol errors for malformed messages.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ErrorCode, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js'
import { mcpMessageLimit } from '../../../modules/mcp/body-limits'
import { type McpHarness, mcpHarness, postMcp } from './harness'

let h: McpHarness
let key: string
beforeAll(async () => {
  // Small body limits, so that the size checks need only small bodies.
  h = await mcpHarness({ maxBodyBytes: 4096, importMaxBytes: 4096 })
  key = (await h.t.userWithKey()).key
})
afterAll(() => h.stop())

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
})

describe('initialize', () => {
  it('answers with the current protocol version, the server name and version, and instructions', async () => {
    const r = await postMcp(h.base, initialize, { authorization: `Bearer ${key}` })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toStartWith('application/json')
    expect(r.headers.get('mcp-session-id')).toBeNull()
    expect(r.json.result.protocolVersion).toBe('2025-11-25')
    expect(r.json.result.serverInfo).toEqual({
      name: 'wellness-data-service',
      title: 'Wellness Data Service',
      version: '0.5.2',
    })
    expect(r.json.result.capabilities).toEqual({ tools: {}, resources: {}, prompts: {} })
    expect(r.json.result.instructions).toContain('pass next_cursor of a result as cursor')
  })

  it('keeps a 2025-era client on its revision, and answers an initialize naming 2026-07-28 with 2025-11-25', async () => {
    // `initialize` is the 2025-era handshake (served by the v1 SDK, up to 2025-11-25); a 2026-07-28
    // client starts with server/discover instead (modern-revision.test.ts, README "Protocol revision").
    for (const [asked, answered] of [
      ['2025-06-18', '2025-06-18'],
      ['2025-03-26', '2025-03-26'],
      ['2026-07-28', '2025-11-25'],
    ]) {
      const body = JSON.parse(initialize)
      body.params.protocolVersion = asked
      const r = await postMcp(h.base, JSON.stringify(body), { authorization: `Bearer ${key}` })
      expect({ asked, answered: r.json.result.protocolVersion }).toEqual({ asked, answered })
    }
  })

  it('connects the SDK client over the socket and reports the server it reached', async () => {
    const client = await h.connect(key)
    expect(client.getServerVersion()?.name).toBe('wellness-data-service')
    expect(client.getServerCapabilities()?.tools).toEqual({})
    await client.ping()
  })

  it('carries an x-request-id on every answer', async () => {
    const r = await postMcp(h.base, initialize, { authorization: `Bearer ${key}`, 'x-request-id': 'probe-1' })
    expect(r.headers.get('x-request-id')).toBe('probe-1')
  })
})

describe('authentication', () => {
  it('answers a request without a bearer token with a 401 problem and a WWW-Authenticate challenge', async () => {
    const r = await postMcp(h.base, initialize)
    expect(r.status).toBe(401)
    expect(r.headers.get('content-type')).toStartWith('application/problem+json')
    expect(r.headers.get('www-authenticate')).toBe(
      `Bearer realm="wellness", resource_metadata="${h.t.config.publicBaseUrl}/.well-known/oauth-protected-resource/mcp", scope="imports analyses trends goals questions health_context wearables"`,
    )
    expect(r.json).toMatchObject({
      status: 401,
      title: 'Unauthorized',
      instance: '/mcp',
      detail: 'This operation needs a bearer token: Authorization: Bearer <token>.',
    })
  })

  it('refuses an unknown token with 401 invalid_token, before reading the body', async () => {
    const r = await postMcp(h.base, 'not json at all', { authorization: 'Bearer wds_sk_nope' })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe(
      `Bearer realm="wellness", error="invalid_token", resource_metadata="${h.t.config.publicBaseUrl}/.well-known/oauth-protected-resource/mcp", scope="imports analyses trends goals questions health_context wearables"`,
    )
    expect(r.json.type).toEndWith('/problems/unauthorized')
  })

  it('makes the SDK client fail to connect with a 401 StreamableHTTPError', async () => {
    const client = new Client({ name: 'anonymous', version: '1' })
    const transport = new StreamableHTTPClientTransport(new URL(`${h.base}/mcp`))
    const error = await client.connect(transport).catch((e) => e)
    expect(error).toBeInstanceOf(StreamableHTTPError)
    expect((error as StreamableHTTPError).code).toBe(401)
  })
})

describe('methods other than POST', () => {
  for (const method of ['GET', 'DELETE']) {
    it(`answers ${method} /mcp with a 405 problem allowing POST only`, async () => {
      const r = await fetch(`${h.base}/mcp`, {
        method,
        headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
      })
      expect(r.status).toBe(405)
      expect(r.headers.get('allow')).toBe('POST')
      expect(r.headers.get('content-type')).toStartWith('application/problem+json')
      const body = (await r.json()) as any
      expect(body).toMatchObject({ status: 405, title: 'Method Not Allowed', instance: '/mcp' })
      expect(body.detail).toContain('takes POST only')
    })
  }
})

describe('malformed calls are protocol errors', () => {
  const auth = () => ({ authorization: `Bearer ${key}` })

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const r = await postMcp(h.base, '{"jsonrpc": "2.0", "id": 1, ', auth())
    expect(r.status).toBe(400)
    expect(r.json.error.code).toBe(ErrorCode.ParseError)
  })

  it('answers a JSON value that is not a JSON-RPC message with a parse error', async () => {
    const r = await postMcp(h.base, JSON.stringify({ hello: 'world' }), auth())
    expect(r.status).toBe(400)
    expect(r.json.error.code).toBe(ErrorCode.ParseError)
  })

  it('answers an unknown method with method-not-found', async () => {
    const r = await postMcp(
      h.base,
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/frobnicate' }),
      auth(),
    )
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: ErrorCode.MethodNotFound } })
  })

  it('answers tools/call without a tool name with invalid-params', async () => {
    const r = await postMcp(
      h.base,
      JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { arguments: {} } }),
      auth(),
    )
    expect(r.json.id).toBe(8)
    expect(r.json.error.code).toBe(ErrorCode.InvalidParams)
    expect(r.json.result).toBeUndefined()
  })

  it('answers tools/call with arguments that are not an object with invalid-params', async () => {
    const r = await postMcp(
      h.base,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'whoami', arguments: [1] },
      }),
      auth(),
    )
    expect(r.json.error.code).toBe(ErrorCode.InvalidParams)
  })

  it('answers an unknown tool with invalid-params naming it', async () => {
    const client = await h.connect(key)
    const error = await client.callTool({ name: 'drop_everything', arguments: {} }).catch((e) => e)
    expect(error.code).toBe(ErrorCode.InvalidParams)
    expect(error.message).toContain('Unknown tool: drop_everything')
  })

  it('answers a body that is not sent as JSON with 415', async () => {
    const r = await postMcp(h.base, initialize, { ...auth(), 'content-type': 'text/plain' })
    expect(r.status).toBe(415)
    expect(r.json.error.message).toContain('Content-Type must be application/json')
  })

  it('reads a JSON-RPC message as large as the largest tool body (file imports, upload completion), and no larger', () => {
    const importLimit = Math.ceil(4096 * 1.4) + 65_536
    // complete_genetics_upload takes up to 2 MB of part ETags (its operation's own limit).
    const completionLimit = 2 * 1024 * 1024
    expect(mcpMessageLimit(h.t.context.operations, h.t.config)).toBe(
      Math.max(importLimit, completionLimit) + 64 * 1024,
    )
  })

  it('answers a body over that size with a 413 problem, as the rest of the API does', async () => {
    const limit = mcpMessageLimit(h.t.context.operations, h.t.config)
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(limit) } })
    const declared = await postMcp(h.base, huge, auth())
    const half = Math.floor(huge.length / 2)
    const streamed = await fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: {
        ...auth(),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: new ReadableStream({
        start(controller) {
          for (const chunk of [huge.slice(0, half), huge.slice(half)])
            controller.enqueue(new TextEncoder().encode(chunk))
          controller.close()
        },
      }),
    })
    for (const r of [
      declared,
      { status: streamed.status, headers: streamed.headers, json: await streamed.json() },
    ]) {
      expect(r.status).toBe(413)
      expect(r.headers.get('content-type')).toStartWith('application/problem+json')
      expect(r.json).toMatchObject({ status: 413, max_bytes: limit, instance: '/mcp' })
    }
  })

  it('holds each tool to its own operation’s body limit', async () => {
    const client = await h.connect(key)
    const result = await client.callTool({
      name: 'ask_health_question',
      arguments: { question: `Is my LDL fine?${' really'.repeat(700)}` },
    })
    expect(result.isError).toBe(true)
    expect((result.content as { text: string }[])[0].text).toStartWith(
      '413 Payload Too Large: The body is larger than this operation accepts (4096 bytes).',
    )
  })

  it('acknowledges a notification with 202 and no body', async () => {
    const r = await postMcp(
      h.base,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      auth(),
    )
    expect(r.status).toBe(202)
    expect(r.text).toBe('')
  })
})
