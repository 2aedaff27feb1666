// Serving POST /mcp: one stateless Streamable HTTP exchange. The gate has already authenticated the
// caller (401 with WWW-Authenticate before any JSON-RPC is read). The body is read here with a size cap
// (413 problem; see body-limits.ts); the SDK transport parses it, answers protocol errors itself, and
// replies with JSON rather than a stream; a client that accepts only an event stream gets that JSON
// framed as events (see accept.ts).

import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { AppContext } from '../shared/context'
import type { RequestInfo } from '../shared/operation'
import type { Principal } from '../shared/principal'
import { asEventStream, replyForm, TRANSPORT_ACCEPT } from './accept'
import { mcpMessageLimit } from './body-limits'
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
  const server = mcpServerFor({ app, principal, request })
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: limit,
  })
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
