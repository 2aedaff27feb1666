// How failures inside a tool call reach the model: as an `isError` result whose text carries the same
// RFC 9457 problem details the HTTP API would answer with. Unexpected errors are logged with the request
// id and become a generic 500 problem, so no stack or internal message goes out.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { AppContext } from '../shared/context'
import { ProblemError, problemBody } from '../shared/problem'

export const MCP_INSTANCE = '/mcp'

/** Any error thrown while serving a tool, as a problem (unexpected ones logged, never detailed). */
export function toProblem(error: unknown, app: AppContext, requestId: string, tool: string): ProblemError {
  if (error instanceof ProblemError) return error
  const err = error as Error
  app.log.error('mcp.tool.failed', {
    request_id: requestId,
    tool,
    error: err?.name ?? typeof error,
    message: err?.message,
    stack: err?.stack,
  })
  return new ProblemError('internal', 'An unexpected error occurred; quote the request_id when reporting it.')
}

/**
 * The problem as a tool error result. The problem goes in the text only: a client validates
 * structuredContent against the tool's output schema, which a problem body does not match.
 */
export function problemResult(
  problem: ProblemError,
  app: AppContext,
  requestId: string,
  tool: string,
): CallToolResult {
  const body = { ...problemBody(problem, app.config.publicBaseUrl, MCP_INSTANCE, requestId), tool }
  return {
    isError: true,
    content: [
      {
        type: 'text',
        text: `${problem.status} ${problem.title}: ${problem.detail}\n\n${JSON.stringify(body)}`,
      },
    ],
  }
}
