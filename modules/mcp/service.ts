// Serving POST /mcp: one stateless Streamable HTTP exchange. The gate has already authenticated the
// caller (401 with WWW-Authenticate before any JSON-RPC is read). The body is read here with the
// service's size cap (413 problem); the SDK transport parses it, answers protocol errors itself, and
// replies with JSON rather than a stream.

import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { AppContext } from '../shared/context'
import type { RequestInfo } from '../shared/operation'
import type { Principal } from '../shared/principal'
import { readBoundedBody, withBody } from './request-body'
import { mcpServerFor } from './server'

export async function handleMcpPost(
  app: AppContext,
  principal: Principal,
  request: RequestInfo,
): Promise<Response> {
  const body = await readBoundedBody(request.raw, app.config.maxBodyBytes)
  const server = mcpServerFor({ app, principal, request })
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: app.config.maxBodyBytes,
  })
  try {
    await server.connect(transport)
    return await transport.handleRequest(withBody(request.raw, body))
  } finally {
    // Safe with JSON responses: every answer is in the returned Response already.
    await transport.close()
    await server.close()
  }
}
