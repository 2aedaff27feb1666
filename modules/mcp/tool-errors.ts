// How failures inside a tool call reach the model: as an `isError` result whose text carries the same
// RFC 9457 problem details the HTTP API would answer with. Unexpected errors are logged with the request
// id and become a generic 500 problem, so no stack or internal message goes out.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { AppContext } from '../shared/context'
import { dependencyProblem } from '../shared/dependency'
import { ProblemError, problemBody } from '../shared/problem'
import { OutputMismatch } from './tool-result'

export const MCP_INSTANCE = '/mcp'

/** Any error thrown while serving a tool, as a problem (unexpected ones logged, never detailed). */
export function toProblem(error: unknown, app: AppContext, requestId: string, tool: string): ProblemError {
  if (error instanceof ProblemError) return error
  const unavailable = dependencyProblem(error, app.log, requestId)
  if (unavailable) return unavailable
  const err = error as Error
  // The message is left out on purpose: a failed query's message can quote its parameters, which may
  // be health data. The name and the stack frames say where it failed.
  app.log.error('mcp.tool.failed', {
    request_id: requestId,
    tool,
    error: err?.name ?? typeof error,
    ...(error instanceof OutputMismatch ? { paths: error.paths } : {}),
    stack: err?.stack?.split('\n').slice(1).join('\n'),
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
