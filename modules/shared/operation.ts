// One declaration per operation: id, method, path, TypeBox input and output, the grant it needs, and
// the slots for x402 and MCP. Routes, the OpenAPI document, MCP tools and the x402 catalogue are all
// derived from these declarations (see operations-plugin.ts, openapi.ts, registry.ts).

import type { Static, TObject, TSchema } from '@sinclair/typebox'
import type { Config } from './config'
import type { AppContext } from './context'
import type { Grant, Principal, PrincipalKind } from './principal'

/** What an operation requires of its caller. */
export type OperationGrant = Grant | 'authenticated' | null

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The input of one example call, split as the operation takes it. */
export interface ExampleRequest {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: Record<string, unknown>
}

/**
 * One example call of an operation: what a caller sends and what the operation answers on success.
 * Declared once here; the OpenAPI document (parameter, request and response examples), the MCP tool
 * description and the x402 discovery catalogue all carry it, and a test validates it against the
 * operation's own schemas.
 */
export interface OperationExample {
  request: ExampleRequest
  /** The success body: JSON for JSON operations, the text for HTML, CSS and script. */
  response: unknown
}

/** Pay-per-request (x402) slot: price in USD. The payment path reads it; its examples are the operation's. */
export interface X402Slot {
  price: string
  description?: string
  /** @deprecated Declare `example` on the operation; the catalogue shows that one. Read only as a fallback. */
  example?: ExampleRequest
  /** @deprecated As `example`. */
  outputExample?: unknown
  tags: string[]
}

/**
 * What a tool does to the world, stated by whoever declares it (MCP tool annotations). Declared, not
 * inferred from the HTTP method: reads sent as POST are still reads, and a POST that deletes is still
 * destructive. Clients use them to decide whether to ask the person before a call.
 */
export interface McpAnnotations {
  /** Changes nothing the person would notice (a read, or a read that only records that it happened). */
  readOnly: boolean
  /** May remove or revoke something the person cannot get back by calling again (only for writes). */
  destructive: boolean
  /** Calling twice with the same arguments has no further effect than calling once. */
  idempotent: boolean
  /** Reaches beyond this service (e.g. a configured language model); false when it only reads our DB. */
  openWorld: boolean
}

/** MCP slot: the operation is offered as this tool to callers whose grants allow it. */
export interface McpSlot {
  tool: string
  description?: string
  /** Required: a tool without honest annotations stops the start (see tool-catalog.ts). */
  annotations: McpAnnotations
}

export interface OperationSpec<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  O extends TSchema,
  G extends OperationGrant,
> {
  /** Stable id, `<module>.<action>`, used as OpenAPI operationId. */
  id: string
  method: HttpMethod
  /** Elysia-style path with `:param` segments. */
  path: string
  summary: string
  description?: string
  tags: string[]
  /** Grant the caller's token must carry; `'authenticated'` for any valid token; `null` for a public operation. */
  grant: G
  /** Only these principal kinds may call (e.g. key creation takes a session only). */
  principals?: readonly PrincipalKind[]
  params?: P
  query?: Q
  body?: B
  output: O
  /** Success status; 200 unless stated. */
  status?: number
  /** Media type of the success response; JSON unless stated. */
  produces?:
    | 'application/json'
    | 'application/problem+json'
    | 'text/html'
    | 'text/css'
    | 'text/javascript'
    | 'text/plain'
    | 'application/zip'
    | 'text/event-stream'
  /**
   * The body is not JSON: the route does not parse it and the handler reads `ctx.request.raw` itself
   * (streamed uploads, signed webhooks). Documented as these media types.
   */
  rawBody?: { mediaTypes: string[]; description: string }
  /**
   * Largest accepted body in bytes; the configured MAX_BODY_BYTES unless stated. A function reads it
   * from the configuration (imports take a file-sized body set by IMPORT_MAX_BYTES).
   */
  maxBodyBytes?: number | ((config: Readonly<Config>) => number)
  /** What a caller whose body is over the limit should do instead; appended to the 413 detail. */
  tooLargeHint?: { detail: string; extra?: Record<string, unknown> }
  /** Extra problem statuses this operation documents besides the automatic ones (e.g. 404, 409, 429). */
  errors?: number[]
  /**
   * `false` when `user_id` in the input names someone the caller acts for rather than the caller
   * (minting a service token); the service then applies its own rule. Default: the gate requires the
   * caller's own user and organization.
   */
  ownScopeOnly?: boolean
  /**
   * Why this operation is not counted against the hosted introductory allowance and stays available
   * after it (billing, export, deletion, revoking access; see modules/billing/allowance.ts).
   */
  outsideAllowance?: string
  /** Served only outside production (e.g. the development mail outbox). */
  devOnly?: boolean
  /**
   * The answer depends only on the configuration (the contract, capabilities, pricing): it is built once
   * per app and served from memory with a strong ETag (304 on If-None-Match) and br/gzip forms compressed
   * once. Only for public GET operations whose handler reads nothing but `app`.
   */
  document?: true
  /** A request and its success response, shown in the API reference, MCP and x402 discovery. */
  example?: OperationExample
  x402?: X402Slot
  mcp?: McpSlot
}

type In<S> = S extends TSchema ? Static<S> : undefined

export interface RequestInfo {
  /** The underlying request, for operations that stream their own body (`rawBody`). */
  raw: Request
  id: string
  ip: string | null
  headers: Headers
  url: URL
}

export interface OperationContext<G extends OperationGrant> {
  principal: G extends null ? Principal | null : Principal
  app: AppContext
  request: RequestInfo
}

export type OperationInput<P, Q, B> = { params: In<P>; query: In<Q>; body: In<B> }

export type OperationHandler<P, Q, B, O extends TSchema, G extends OperationGrant> = (
  input: OperationInput<P, Q, B>,
  ctx: OperationContext<G>,
) => Static<O> | Response | Promise<Static<O> | Response>

export type Operation<
  P extends TObject | undefined = any,
  Q extends TObject | undefined = any,
  B extends TObject | undefined = any,
  O extends TSchema = TSchema,
  G extends OperationGrant = any,
> = OperationSpec<P, Q, B, O, G> & { handler: OperationHandler<P, Q, B, O, G> }

export type AnyOperation = Operation<any, any, any, TSchema, any>

/** Declare an operation; the handler's input and return are typed from the schemas. */
export function defineOperation<
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TObject | undefined = undefined,
  O extends TSchema = TSchema,
  G extends OperationGrant = null,
>(spec: OperationSpec<P, Q, B, O, G>, handler: OperationHandler<P, Q, B, O, G>): Operation<P, Q, B, O, G> {
  return { ...spec, handler }
}

/** `/users/:user_id/trends` → `/users/{user_id}/trends` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')

/** The body limit of an operation: its own (fixed or read from the configuration), else MAX_BODY_BYTES. */
export function bodyLimit(op: AnyOperation, config: Readonly<Config>): number {
  if (typeof op.maxBodyBytes === 'function') return op.maxBodyBytes(config)
  return op.maxBodyBytes ?? config.maxBodyBytes
}
