// POST /mcp with the Accept headers real clients and proxies send: both types (the protocol's ask), JSON
// alone, an event stream alone, `*/*` or none are all served in a form the client takes; only an Accept
// that allows neither is refused, with a 406 problem. A tool call over the event stream still carries
// the same answer, and the Host/Origin guard still applies.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { replyForm } from '../../../modules/mcp/accept'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let key: string
beforeAll(async () => {
  h = await mcpHarness()
  key = (await h.t.userWithKey()).key
})
afterAll(() => h.stop())

const whoamiCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/call',
  params: { name: 'whoami', arguments: {} },
})

async function post(accept: string | null, body = whoamiCall, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    'content-type': 'application/json',
    'mcp-protocol-version': '2025-11-25',
    ...extra,
  }
  if (accept !== null) headers.accept = accept
  const r = await fetch(`${h.base}/mcp`, { method: 'POST', headers, body })
  return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() }
}

/** The JSON-RPC messages of an event stream body (`data:` lines of `message` events). */
const eventMessages = (text: string) =>
  text
    .split('\n\n')
    .filter((event) => event.includes('data: '))
    .map((event) => {
      expect(event).toContain('event: message')
      return JSON.parse(event.split('data: ')[1]!) as any
    })

describe('Accept on POST /mcp', () => {
  for (const accept of ['application/json', 'application/json, text/event-stream', '*/*', null]) {
    it(`answers Accept ${JSON.stringify(accept)} with the JSON result of the call`, async () => {
      const r = await post(accept)
      expect(r.status).toBe(200)
      expect(r.type).toStartWith('application/json')
      const message = JSON.parse(r.text)
      expect(message.id).toBe(3)
      expect(message.result.isError).toBeUndefined()
      expect(message.result.structuredContent.user_id).toStartWith('usr_')
    })
  }

  it('answers Accept: text/event-stream alone with the same result as one message event', async () => {
    const r = await post('text/event-stream')
    expect(r.status).toBe(200)
    expect(r.type).toStartWith('text/event-stream')
    const messages = eventMessages(r.text)
    expect(messages).toHaveLength(1)
    expect(messages[0].id).toBe(3)
    expect(messages[0].result.structuredContent.user_id).toStartWith('usr_')
  })

  it('frames a protocol error as an event too when the client takes only a stream', async () => {
    const r = await post('text/event-stream', JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'nope/nope' }))
    const messages = eventMessages(r.text)
    expect(messages[0]).toMatchObject({ id: 9, error: { code: -32601 } })
  })

  it('answers a notification with 202 and no body whatever the client accepts', async () => {
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })
    for (const accept of ['text/event-stream', 'application/json']) {
      const r = await post(accept, note)
      expect(r.status).toBe(202)
      expect(r.text).toBe('')
    }
  })

  it('refuses an Accept that allows neither JSON nor an event stream with a 406 problem', async () => {
    const r = await post('text/html')
    expect(r.status).toBe(406)
    expect(r.type).toStartWith('application/problem+json')
    const body = JSON.parse(r.text)
    expect(body).toMatchObject({ status: 406, title: 'Not Acceptable', instance: '/mcp' })
    expect(body.detail).toContain('application/json or text/event-stream')
  })

  it('still refuses a request from a foreign Origin, whatever it accepts', async () => {
    const r = await post('application/json', whoamiCall, { origin: 'https://evil.example' })
    expect(r.status).toBe(403)
    expect(r.text).not.toContain('usr_')
  })
})

describe('choosing the reply form', () => {
  it('prefers JSON when the client takes both, and honours q-values and wildcards', () => {
    expect(replyForm('application/json, text/event-stream')).toBe('json')
    expect(replyForm('text/event-stream')).toBe('sse')
    expect(replyForm('text/event-stream, application/json;q=0.5')).toBe('sse')
    expect(replyForm('application/*')).toBe('json')
    expect(replyForm('text/*')).toBe('sse')
    expect(replyForm('')).toBe('json')
  })

  it('treats q=0 as a refusal', () => {
    expect(() => replyForm('application/json;q=0')).toThrow('allows neither')
    expect(replyForm('*/*, application/json;q=0')).toBe('sse')
  })
})
