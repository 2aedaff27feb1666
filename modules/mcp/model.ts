// Models of the MCP endpoint as the OpenAPI document shows it: the JSON-RPC 2.0 response POST /mcp
// answers with, and the problem GET and DELETE /mcp answer with (the endpoint is stateless).

import { Type } from '@sinclair/typebox'

export const JsonRpcResponse = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
    result: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'The MCP result (initialize, tools/list, tools/call, resources/read, prompts/get, …).',
      }),
    ),
    error: Type.Optional(
      Type.Object(
        { code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) },
        { description: 'A JSON-RPC protocol error: malformed message, unknown method or unknown tool.' },
      ),
    ),
  },
  {
    $id: 'JsonRpcResponse',
    description:
      'A JSON-RPC 2.0 response. A notification gets 202 with no body instead. A tool that fails answers with a result whose isError is true and whose text carries the problem details.',
  },
)

/** Problem details as the 405 answers carry them (application/problem+json). */
export const MethodNotAllowedProblem = Type.Object({
  type: Type.String({ format: 'uri' }),
  title: Type.String(),
  status: Type.Literal(405),
  detail: Type.String(),
  instance: Type.String(),
  request_id: Type.String(),
})
