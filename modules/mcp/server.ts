// The MCP server one request talks to: a low-level SDK Server built for the caller, whose tools,
// resources and prompts are filtered by the caller's grants. Built per request (the endpoint is
// stateless), from the tool catalogue compiled once per app.

import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ServerResult } from '@modelcontextprotocol/sdk/types.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import * as z from 'zod/v4'
import { mayCall } from '../shared/gate'
import { API_VERSION } from '../shared/openapi'
import { ProblemError, problemBody } from '../shared/problem'
import { promptsFor } from './prompts'
import { matchTemplate, readTemplate, templatesFor } from './resource-templates'
import { RESOURCES, readResource, resourcesFor } from './resources'
import { callTool, type ToolCaller } from './tool-call'
import { type ToolDefinition, toolCatalogOf } from './tool-catalog'
import { MCP_INSTANCE, toProblem } from './tool-errors'
import { RESULT_TOKEN_CAP } from './tool-result'

/** MCP's code for an unknown resource URI. */
const RESOURCE_NOT_FOUND = -32002

const INSTRUCTIONS = [
  "Wellness Data Service: a person's lab results, wearable data and genetics, with the source each value came from.",
  'Every tool acts for the user the bearer token belongs to and sees only that user’s data; the tools listed are the ones the token’s grants allow.',
  'Lists are paged: pass next_cursor of a result as cursor for the next page.',
  `A result holds at most about ${RESULT_TOKEN_CAP.toLocaleString('en')} tokens and says what it left out and how to get it.`,
  'A failed call answers with isError and RFC 9457 problem details (status, title, detail).',
].join(' ')

/** A failure outside tools/call (resources, prompts) as a JSON-RPC error carrying the problem. */
function protocolError(error: unknown, caller: ToolCaller, what: string, resourceRead = false): McpError {
  if (error instanceof McpError) return error
  const problem = toProblem(error, caller.app, caller.request.id, what)
  const code =
    resourceRead && problem.status === 404
      ? RESOURCE_NOT_FOUND
      : problem.status >= 500
        ? ErrorCode.InternalError
        : problem.status === 401 || problem.status === 403
          ? ErrorCode.InvalidRequest
          : ErrorCode.InvalidParams
  const body = problemBody(problem, caller.app.config.publicBaseUrl, MCP_INSTANCE, caller.request.id)
  return new McpError(code, problem.detail, body)
}

/**
 * One JSON Schema validator for every per-request Server: by default each Server builds its own Ajv
 * instance (meta-schemas and all), which was the largest cost of a tools/call. Ajv keeps no per-caller
 * state, so sharing it is safe.
 */
const sharedValidator = new AjvJsonSchemaValidator()

type RequestSchema = z.ZodObject<{ method: z.ZodLiteral<string> }>

/**
 * Register a handler whose malformed requests are JSON-RPC invalid-params errors. The SDK parses a
 * request with the handler's schema before anything else and reports a failure as an internal error
 * (-32603); registering under a lenient schema and parsing here gives the code the protocol specifies.
 */
type Extra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1]

/**
 * The lenient schema each method is registered under, made once: a server is built for every request
 * (the endpoint is stateless), and building seven zod schemas each time was a good part of its cost.
 */
const lenientSchemas = new Map<string, z.ZodObject>()
function lenientSchemaOf(method: string) {
  let schema = lenientSchemas.get(method)
  if (!schema) {
    schema = z.looseObject({ method: z.literal(method) })
    lenientSchemas.set(method, schema)
  }
  return schema
}

function onRequest<S extends RequestSchema>(
  server: Server,
  schema: S,
  handler: (request: z.output<S>, extra: Extra) => Promise<ServerResult>,
): void {
  const method = schema.shape.method.value
  server.setRequestHandler(lenientSchemaOf(method), async (raw, extra) => {
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`)
      throw new McpError(ErrorCode.InvalidParams, `Invalid ${method} request: ${issues.join('; ')}`)
    }
    return handler(parsed.data, extra)
  })
}

/** The tools, resources and prompt context a caller may see; shared read-only by every such caller. */
interface CallerView {
  allowed: ToolDefinition[]
  resources: ReturnType<typeof resourcesFor>
  context: { tools: ReadonlySet<string>; resources: ReadonlySet<string> }
}

// What a caller may see depends only on its kind of credential and its grants, so each combination is
// filtered once per tool catalogue, not on every request (it was a twentieth of a tools/call). Few
// combinations occur; the bound only keeps unusual grant sets from piling up.
const views = new WeakMap<Map<string, ToolDefinition>, Map<string, CallerView>>()
const MAX_VIEWS = 256

function viewFor(catalog: Map<string, ToolDefinition>, caller: ToolCaller): CallerView {
  let byKey = views.get(catalog)
  if (!byKey) {
    byKey = new Map()
    views.set(catalog, byKey)
  }
  const key = `${caller.principal.kind}|${caller.principal.grants.join(',')}`
  let view = byKey.get(key)
  if (!view) {
    const allowed = [...catalog.values()].filter((tool) => mayCall(tool.op, caller.principal))
    const resources = resourcesFor(caller)
    view = {
      allowed,
      resources,
      context: {
        tools: new Set(allowed.map((tool) => tool.name)),
        resources: new Set(resources.map((r) => r.listing.uri)),
      },
    }
    if (byKey.size >= MAX_VIEWS) byKey.clear()
    byKey.set(key, view)
  }
  return view
}

/** Progress for a tools/call, when the answer can carry notifications before its result. */
export type ProgressSink = NonNullable<ToolCaller['progress']>

/**
 * What each MCP method answers for this caller, whichever SDK serves the exchange (server.ts for
 * 2025-era clients, modern.ts for 2026-07-28). Errors are v1 `McpError`s; modern.ts translates them.
 */
export function mcpHandlersFor(caller: ToolCaller) {
  const catalog = toolCatalogOf(caller.app.operations)
  const { allowed, resources, context } = viewFor(catalog, caller)

  return {
    listTools: async () => ({ tools: allowed.map((t) => t.listing) }),

    async callTool(params: { name: string; arguments?: Record<string, unknown> }, progress?: ProgressSink) {
      const tool = catalog.get(params.name)
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`)
      // A tool the token may not call still answers, with a 403 problem and no data (callTool checks).
      return callTool(tool, params.arguments, { ...caller, progress })
    },

    listResources: async () => ({ resources: resources.map((r) => r.listing) }),
    listResourceTemplates: async () => ({
      resourceTemplates: templatesFor(context.tools).map((t) => t.listing),
    }),

    async readResource(params: { uri: string }) {
      const { uri } = params
      const resource = RESOURCES.find((r) => r.listing.uri === uri)
      const templated = resource ? null : matchTemplate(uri)
      if (templated) {
        try {
          return await readTemplate(uri, templated, catalog.get(templated.template.tool), caller)
        } catch (error) {
          // Someone else's id reads as not found, exactly like an id that does not exist.
          throw protocolError(error, caller, uri, true)
        }
      }
      if (!resource) throw new McpError(RESOURCE_NOT_FOUND, `Unknown resource: ${uri}`, { uri })
      try {
        if (!caller.principal.grants.includes(resource.grant)) {
          throw new ProblemError(
            'forbidden',
            `The token does not carry the "${resource.grant}" grant this resource needs.`,
          )
        }
        return await readResource(resource, caller)
      } catch (error) {
        throw protocolError(error, caller, uri)
      }
    },

    listPrompts: async () => ({ prompts: promptsFor(context).map((p) => p.listing) }),

    async getPrompt(params: { name: string; arguments?: Record<string, string> }) {
      const prompt = promptsFor(context).find((p) => p.listing.name === params.name)
      if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${params.name}`)
      try {
        return {
          description: prompt.listing.description,
          messages: await prompt.messages(params.arguments ?? {}, context, caller),
        }
      } catch (error) {
        throw protocolError(error, caller, params.name)
      }
    },
  }
}

export const SERVER_INFO = {
  name: 'wellness-data-service',
  title: 'Wellness Data Service',
  version: API_VERSION,
}
export const SERVER_CAPABILITIES = { tools: {}, resources: {}, prompts: {} }
export { INSTRUCTIONS }

/**
 * `streaming`: the answer is an event stream (the client sent a progressToken and takes one), so a tool
 * that follows long work may send progress notifications before its result.
 */
export function mcpServerFor(caller: ToolCaller, streaming = false): Server {
  const handlers = mcpHandlersFor(caller)
  const server = new Server(SERVER_INFO, {
    capabilities: SERVER_CAPABILITIES,
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: sharedValidator,
  })

  onRequest(server, ListToolsRequestSchema, handlers.listTools)
  onRequest(server, CallToolRequestSchema, async (request, extra) => {
    const progressToken = request.params._meta?.progressToken
    const progress =
      streaming && progressToken !== undefined
        ? {
            signal: extra.signal,
            send: (update: { progress: number; total?: number; message?: string }) =>
              extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, ...update },
              }),
          }
        : undefined
    return handlers.callTool(request.params, progress)
  })
  onRequest(server, ListResourcesRequestSchema, handlers.listResources)
  onRequest(server, ListResourceTemplatesRequestSchema, handlers.listResourceTemplates)
  onRequest(server, ReadResourceRequestSchema, (request) => handlers.readResource(request.params))
  onRequest(server, ListPromptsRequestSchema, handlers.listPrompts)
  onRequest(server, GetPromptRequestSchema, (request) => handlers.getPrompt(request.params))
  return server
}
