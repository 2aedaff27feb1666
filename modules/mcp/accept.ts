// Which form a POST /mcp answer takes, from the client's Accept header. The protocol asks clients to
// accept both JSON and an event stream; some real clients and proxies send only one, or `*/*`, or
// nothing. We answer in a form the client said it takes (JSON when it takes either), and refuse with
// 406 only when it takes neither, instead of the SDK's 406 for anything short of both.

import { ProblemError } from '../shared/problem'

export type McpReplyForm = 'json' | 'sse'

/** What the transport is told the client accepts: it then answers with JSON, which we may reframe. */
export const TRANSPORT_ACCEPT = 'application/json, text/event-stream'

interface MediaRange {
  type: string
  q: number
}

function mediaRanges(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
      const qParam = params.find((p) => p.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return { type, q: Number.isFinite(q) ? q : 0 }
    })
    .filter((range) => range.type !== '')
}

/** The quality the client gives a media type: its most specific matching range wins (RFC 9110 12.5.1). */
function qualityOf(ranges: MediaRange[], type: string): number {
  const [major] = type.split('/')
  const exact = ranges.find((r) => r.type === type)
  if (exact) return exact.q
  const family = ranges.find((r) => r.type === `${major}/*`)
  if (family) return family.q
  return ranges.find((r) => r.type === '*/*')?.q ?? 0
}

/** The form to answer in; throws a 406 problem when the client accepts neither JSON nor an event stream. */
export function replyForm(accept: string | null): McpReplyForm {
  // No Accept header means any form is acceptable (RFC 9110 12.5.1).
  if (!accept || accept.trim() === '') return 'json'
  const ranges = mediaRanges(accept)
  const json = qualityOf(ranges, 'application/json')
  const sse = qualityOf(ranges, 'text/event-stream')
  if (json <= 0 && sse <= 0) {
    throw new ProblemError(
      'notAcceptable',
      'The MCP endpoint answers with application/json or text/event-stream; the Accept header allows neither.',
    )
  }
  return json >= sse ? 'json' : 'sse'
}

/** Whether the client takes an event stream at all (for progress notifications before a result). */
export function acceptsEventStream(accept: string | null): boolean {
  if (!accept || accept.trim() === '') return true
  return qualityOf(mediaRanges(accept), 'text/event-stream') > 0
}

/**
 * A JSON answer of the transport as an event stream: each JSON-RPC message one `message` event, as the
 * Streamable HTTP transport frames them. Answers without a body (202 for a notification) pass as they are.
 */
export async function asEventStream(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('application/json')) return response
  const text = await response.text()
  let messages: unknown[]
  try {
    const parsed = JSON.parse(text) as unknown
    messages = Array.isArray(parsed) ? parsed : [parsed]
  } catch {
    // Not ours to reinterpret: hand the transport's answer on unchanged.
    return new Response(text, { status: response.status, headers: response.headers })
  }
  const events = messages.map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`).join('')
  const headers = new Headers(response.headers)
  headers.set('content-type', 'text/event-stream')
  headers.set('cache-control', 'no-cache')
  headers.delete('content-length')
  return new Response(events, { status: response.status, headers })
}
