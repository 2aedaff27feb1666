// Serving POST /mcp: one stateless Streamable HTTP exchange. The gate has already authenticated the
// caller (401 with WWW-Authenticate before any JSON-RPC is read). The body is read here with a size cap
// (413 problem; see body-limits.ts); the SDK transport parses it, answers protocol errors itself, and
// replies with JSON rather than a stream; a client that accepts only an event stream gets that JSON
// framed as events (see accept.ts). The one exception: a tools/call carrying a progressToken, from a
// client that takes an event stream, is answered as a stream, so that progress notifications for long
// work (a genetics job) can precede the result.

import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { AppContext } from '../shared/context'
import type { RequestInfo } from '../shared/operation'
import type { Principal } from '../shared/principal'
import { acceptsEventStream, asEventStream, replyForm, TRANSPORT_ACCEPT } from './accept'
import { mcpMessageLimit } from './body-limits'
import { handleModernPost, isModernRequest } from './modern'
import { readBoundedBody, withBody } from './request-body'
import { mcpServerFor } from './server'

export async function handleMcpPost(
  app: AppContext,
  principal: Principal,
  request: RequestInfo,
): Promise<Response> {
  const form = replyForm(request.headers.get('accept'))
  const limit = mcpMessageLimit(app.operations, app.config)
  const body = await readBoundedBody(request.raw, limit)
  // A 2026-07-28 client is served by the v2 SDK (modern.ts), from the same handlers.
  if (isModernRequest(request.headers, body))
    return handleModernPost(
      { app, principal, request },
      withBody(request.raw, body, request.headers.get('accept') ?? TRANSPORT_ACCEPT),
    )
  const streaming = wantsProgress(body) && acceptsEventStream(request.headers.get('accept'))
  const server = mcpServerFor({ app, principal, request }, streaming)
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !streaming,
    maxRequestBodySize: limit,
  })
  if (streaming) {
    // The stream ends when the SDK has written the result; closing before would cut it off. The server
    // and transport of this one request are closed when the client goes away or the result is out.
    await server.connect(transport)
    const closeAll = () => void transport.close().then(() => server.close())
    request.raw.signal.addEventListener('abort', closeAll, { once: true })
    server.onclose = () => request.raw.signal.removeEventListener('abort', closeAll)
    return transport.handleRequest(withBody(request.raw, body, TRANSPORT_ACCEPT))
  }
  try {
    await server.connect(transport)
    const response = await transport.handleRequest(withBody(request.raw, body, TRANSPORT_ACCEPT))
    return form === 'sse' ? await asEventStream(response) : response
  } finally {
    // Safe with JSON responses: every answer is in the returned Response already.
    await transport.close()
    await server.close()
  }
}

/** A single tools/call whose caller asked for progress (`params._meta.progressToken`). */
function wantsProgress(body: string): boolean {
  try {
    const message = JSON.parse(body) as { method?: unknown; params?: { _meta?: { progressToken?: unknown } } }
    const token = message?.params?._meta?.progressToken
    return message?.method === 'tools/call' && (typeof token === 'string' || typeof token === 'number')
  } catch {
    return false
  }
}
