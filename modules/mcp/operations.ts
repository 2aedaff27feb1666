// Operations of the MCP module: POST /mcp is the Model Context Protocol endpoint (Streamable HTTP,
// stateless, JSON responses); GET and DELETE /mcp answer 405 because there is no stream or session.

import { lazyModule } from '../shared/lazy-module'
import { defineOperation } from '../shared/operation'
import { ProblemError } from '../shared/problem'
import { problemResponse } from '../shared/problem-plugin'
import { mcpExamples } from './examples'
import { JsonRpcResponse, MethodNotAllowedProblem } from './model'

// The MCP SDK (transport, server, its schemas) loads with the first MCP request, not at start-up.
const mcpService = lazyModule(() => import('./service'))

const tags = ['MCP']

export const mcpPost = defineOperation(
  {
    id: 'mcp.post',
    example: mcpExamples['mcp.post'],
    method: 'POST',
    path: '/mcp',
    summary:
      'MCP server endpoint: the data-reading and analysis operations as tools, filtered by the token’s grants',
    description:
      'Model Context Protocol over Streamable HTTP (stateless; JSON responses, no event stream). Authenticate with the same bearer token as the HTTP API. tools/list returns only the tools the token’s grants allow; a tool runs the same operation as its HTTP route. A tool failure is a result with isError and problem details; a malformed message is a JSON-RPC error.',
    tags,
    grant: 'authenticated',
    outsideAllowance:
      'Each tools/call is counted as the operation it runs; the handshake and tools/list are not.',
    rawBody: {
      mediaTypes: ['application/json'],
      description:
        'One JSON-RPC 2.0 message of the Model Context Protocol. Send Accept: application/json, text/event-stream (either alone is also served: JSON, or the same answer as one event stream message).',
    },
    errors: [406],
    output: JsonRpcResponse,
  },
  async (_input, { app, principal, request }) => (await mcpService()).handleMcpPost(app, principal, request),
)

const notAllowed = (method: 'GET' | 'DELETE') =>
  defineOperation(
    {
      id: `mcp.${method.toLowerCase()}`,
      example: mcpExamples[method === 'GET' ? 'mcp.get' : 'mcp.delete'],
      method,
      path: '/mcp',
      summary: `${method} on the MCP endpoint: 405, the endpoint is stateless and takes POST only`,
      tags,
      grant: null,
      status: 405,
      produces: 'application/problem+json',
      output: MethodNotAllowedProblem,
    },
    (_input, { app, request }) =>
      problemResponse(
        new ProblemError(
          'methodNotAllowed',
          'The MCP endpoint is stateless: it takes POST only and keeps no event stream or session.',
          { headers: { allow: 'POST' } },
        ),
        request.raw,
        app,
      ),
  )

export const mcpGet = notAllowed('GET')
export const mcpDelete = notAllowed('DELETE')

export const mcpOperations = [mcpPost, mcpGet, mcpDelete]
