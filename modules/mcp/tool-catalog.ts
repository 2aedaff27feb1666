// The MCP tool catalogue, derived from the operation registry: every operation with an `mcp` slot becomes
// one tool with its name, a description from the declaration, the input JSON Schema built from the same
// TypeBox models (params, query and body merged) and, for object outputs, the output schema. Compiled
// once per set of operations; nothing here is a second hand-written list.

import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { type TObject, type TSchema, Type } from '@sinclair/typebox'
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler'
import type { AnyOperation } from '../shared/operation'
import { toolInputSchema } from '../shared/registry'
import { leanInputSchema, leanOutputSchema } from './lean-schema'

export interface ToolDefinition {
  name: string
  op: AnyOperation
  /** What tools/list shows. */
  listing: Tool
  /** The merged input schema (unknown arguments are refused) and its compiled check. */
  input: TObject
  inputCheck: TypeCheck<TObject>
  /** Output is an object, so it is published as outputSchema and returned as structuredContent as is. */
  objectOutput: boolean
  /** A GET list with `limit` and `cursor` whose output is `{ data: [...], next_cursor }`. */
  pageable: boolean
  /** Input fields the token fixes (its user and workspace): optional for a model, filled in from the token. */
  tokenScoped: TokenScopeField[]
}

/** The fields every token already answers: who it acts for and in which workspace. */
export const TOKEN_SCOPE_FIELDS = ['user_id', 'organization_id'] as const
export type TokenScopeField = (typeof TOKEN_SCOPE_FIELDS)[number]

const SCOPE_FIELD_NOTE: Record<TokenScopeField, string> = {
  user_id: 'Default: the token’s user.',
  organization_id: 'Default: the token’s workspace.',
}

/**
 * The merged input with `user_id` and `organization_id` optional where the token fixes them, so a
 * model need not call whoami first. Not for operations whose `user_id` names someone else (minting a
 * service token): there it stays as declared.
 */
function withTokenScopeOptional(
  op: AnyOperation,
  merged: TObject,
): { input: TObject; scoped: TokenScopeField[] } {
  if (op.ownScopeOnly === false)
    return { input: Type.Object(merged.properties, { additionalProperties: false }), scoped: [] }
  const properties: Record<string, TSchema> = { ...merged.properties }
  const scoped = TOKEN_SCOPE_FIELDS.filter((field) => field in properties)
  for (const field of scoped) {
    const declared = properties[field] as TSchema
    properties[field] = Type.Optional({ ...declared, description: SCOPE_FIELD_NOTE[field] } as TSchema)
  }
  return { input: Type.Object(properties, { additionalProperties: false }), scoped }
}

type Json = Record<string, unknown>

/** A JSON copy of a TypeBox schema without `$id`s (the SDK client caches validators by top-level $id). */
export function plainJsonSchema(schema: TSchema): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    const copy: Json = {}
    for (const [key, value] of Object.entries(node)) if (key !== '$id') copy[key] = walk(value)
    return copy
  }
  return walk(JSON.parse(JSON.stringify(schema))) as Json
}

const isObjectSchema = (schema: TSchema) => (schema as { type?: unknown }).type === 'object'

function isPageShaped(op: AnyOperation, input: TObject): boolean {
  if (op.method !== 'GET' || !input.properties.limit || !input.properties.cursor) return false
  const output = op.output as { type?: string; properties?: Record<string, { type?: unknown }> }
  return (
    output.type === 'object' && output.properties?.data?.type === 'array' && !!output.properties.next_cursor
  )
}

/** Example arguments not worth their bytes in tools/list: none at all, or only the record's id. */
export function isBareExample(args: Record<string, unknown>): boolean {
  const keys = Object.keys(args)
  return keys.length === 0 || (keys.length === 1 && keys[0] === 'id')
}

function describe(op: AnyOperation, pageable: boolean): string {
  // The summary appears once: as the title when the operation says more, else leading the description.
  const own = op.mcp?.description ?? op.description
  const parts = [own ?? op.summary]
  if (pageable)
    parts.push('Paged: pass `next_cursor` of a result as `cursor` for the next page; `limit` sets its size.')
  if (op.example) {
    // The same example the API reference shows, as the flat arguments a tool call takes. The example
    // result stays out: the output schema already describes it, and results made tools/list 1.5x larger.
    // The token's own user and workspace are left out, as a model should leave them out.
    const { params, query, body } = op.example.request
    const args: Record<string, unknown> = { ...params, ...query, ...body }
    if (op.ownScopeOnly !== false) for (const field of TOKEN_SCOPE_FIELDS) delete args[field]
    // An example of nothing, or of a lone id, tells a model nothing its input schema does not.
    if (!isBareExample(args)) parts.push(`Example arguments: ${JSON.stringify(args)}`)
  }
  return parts.join('\n\n')
}

const ANNOTATION_KEYS = ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const

/** Refuse declarations a tool call could not serve (the same fail-fast rule as assertRegistry). */
function assertToolable(op: AnyOperation): void {
  if (op.rawBody) {
    throw new Error(`Operation ${op.id} reads a raw request body and cannot be the MCP tool ${op.mcp?.tool}.`)
  }
  // The type requires them; this catches declarations that got past it (casts, plain JS), because a
  // guessed hint makes clients skip the confirmation a destructive call deserves.
  const declared = (op.mcp?.annotations ?? {}) as Partial<Record<string, unknown>>
  const missing = ANNOTATION_KEYS.filter((key) => typeof declared[key] !== 'boolean')
  if (missing.length > 0) {
    throw new Error(
      `Operation ${op.id} (MCP tool ${op.mcp?.tool}) does not declare the annotations ${missing.join(', ')}; ` +
        'state them in its mcp slot (see modules/shared/tool-annotations.ts).',
    )
  }
  if (declared.readOnly && declared.destructive) {
    throw new Error(`Operation ${op.id} (MCP tool ${op.mcp?.tool}) cannot be both read-only and destructive.`)
  }
}

export function buildToolCatalog(operations: readonly AnyOperation[]): ToolDefinition[] {
  const tools: ToolDefinition[] = []
  for (const op of operations) {
    if (!op.mcp) continue
    assertToolable(op)
    // Refuse unknown arguments: a misspelt filter silently ignored would give a model the wrong data.
    const { input, scoped } = withTokenScopeOptional(op, toolInputSchema(op))
    const pageable = isPageShaped(op, input)
    const objectOutput = isObjectSchema(op.output) && op.produces !== 'text/html'
    const declared = op.mcp.annotations
    const description = describe(op, pageable)
    const listing: Tool = {
      name: op.mcp.tool,
      // Without a description of its own the summary leads the description; a title would repeat it.
      ...((op.mcp.description ?? op.description) ? { title: op.summary } : {}),
      description,
      inputSchema: leanInputSchema(input) as Tool['inputSchema'],
      ...(objectOutput ? { outputSchema: leanOutputSchema(op.output) as Tool['outputSchema'] } : {}),
      // The title is the tool's own; repeating it in the annotations would only add bytes.
      annotations: {
        readOnlyHint: declared.readOnly,
        destructiveHint: declared.destructive,
        idempotentHint: declared.idempotent,
        openWorldHint: declared.openWorld,
      },
    }
    // The argument check is compiled on the tool's first call: compiling every tool's at start-up was a
    // sizeable share of the time before the first request is served.
    let inputCheck: TypeCheck<TObject> | null = null
    tools.push({
      name: op.mcp.tool,
      op,
      listing,
      input,
      get inputCheck() {
        inputCheck ??= TypeCompiler.Compile(input)
        return inputCheck
      },
      objectOutput,
      pageable,
      tokenScoped: scoped,
    })
  }
  return tools
}

const catalogs = new WeakMap<readonly AnyOperation[], Map<string, ToolDefinition>>()

/** The catalogue of an app's operations, built on first use and kept for the app's lifetime. */
export function toolCatalogOf(operations: readonly AnyOperation[]): Map<string, ToolDefinition> {
  let catalog = catalogs.get(operations)
  if (!catalog) {
    catalog = new Map(buildToolCatalog(operations).map((tool) => [tool.name, tool]))
    catalogs.set(operations, catalog)
  }
  return catalog
}
