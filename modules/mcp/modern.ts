// The 2026-07-28 revision of MCP (stateless core: `server/discover` instead of `initialize`, a
// per-request `_meta` envelope) served by the v2 TypeScript SDK (`@modelcontextprotocol/server`),
// the only SDK that implements it. 2025-era clients keep the v1 path (server.ts, service.ts), so their
// behaviour does not change; a request is modern when it names a modern revision in its
// MCP-Protocol-Version header or is `server/discover`. Both paths answer from the same handlers
// (`mcpHandlersFor`), so a tool, resource or prompt is declared once and reached from either revision.
// Not yet on this path: progress notifications (a 2026 client follows a job with get_genetics_job).

import { McpError } from '@modelcontextprotocol/sdk/types.js'
import {
  createMcpHandler,
  ProtocolError,
  Server,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server'
import { INSTRUCTIONS, mcpHandlersFor, SERVER_CAPABILITIES, SERVER_INFO } from './server'
import type { ToolCaller } from './tool-call'

/** The revisions only the v2 SDK serves here. */
export const MODERN_REVISIONS = ['2026-07-28'] as const

/** Whether this POST belongs to the modern path (by header, or by its method for the first request). */
export function isModernRequest(headers: Headers, body: string): boolean {
  const version = headers.get('mcp-protocol-version')
  if (version) return (MODERN_REVISIONS as readonly string[]).includes(version)
  try {
    return (JSON.parse(body) as { method?: unknown })?.method === 'server/discover'
  } catch {
    return false
  }
}

/**
 * A shared handler for the v2 SDK: a v1 protocol error becomes the v2 SDK's, with the same code,
 * message and problem details. The result is the same JSON; the two SDKs only type it differently,
 * hence the cast.
 */
function translated<A extends unknown[], R>(handler: (...args: A) => Promise<R>) {
  return (async (...args: A): Promise<R> => {
    try {
      return await handler(...args)
    } catch (error) {
      if (error instanceof McpError) throw new ProtocolError(error.code, error.message, error.data)
      throw error
    }
  }) as (...args: A) => Promise<never>
}

function modernServerFor(caller: ToolCaller): Server {
  const handlers = mcpHandlersFor(caller)
  const server = new Server(SERVER_INFO, {
    capabilities: SERVER_CAPABILITIES,
    instructions: INSTRUCTIONS,
    supportedProtocolVersions: [...MODERN_REVISIONS, ...SUPPORTED_PROTOCOL_VERSIONS],
  })
  server.setRequestHandler('tools/list', translated(handlers.listTools))
  server.setRequestHandler(
    'tools/call',
    translated((request) => handlers.callTool(request.params)),
  )
  server.setRequestHandler('resources/list', translated(handlers.listResources))
  server.setRequestHandler('resources/templates/list', translated(handlers.listResourceTemplates))
  server.setRequestHandler(
    'resources/read',
    translated((request) => handlers.readResource(request.params)),
  )
  server.setRequestHandler('prompts/list', translated(handlers.listPrompts))
  server.setRequestHandler(
    'prompts/get',
    translated((request) => handlers.getPrompt(request.params)),
  )
  return server
}

/** Serve one modern exchange for an authenticated caller (the gate has run). */
export async function handleModernPost(caller: ToolCaller, request: Request): Promise<Response> {
  const handler = createMcpHandler(() => modernServerFor(caller), { legacy: 'reject', responseMode: 'json' })
  try {
    return await handler.fetch(request)
  } finally {
    await handler.close()
  }
}
