// The MCP tool catalogue, derived from the operation registry: every operation with an `mcp` slot becomes
// one tool with its name, a description from the declaration, the input JSON Schema built from the same
// TypeBox models (params, query and body merged) and, for object outputs, the output schema. Compiled
// once per set of operations; nothing here is a second hand-written list.

import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { type TObject, type TSchema, Type } from '@sinclair/typebox'
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler'
import type { AnyOperation } from '../shared/operation'
import { toolInputSchema } from '../shared/registry'

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

function describe(op: AnyOperation, pageable: boolean): string {
  const parts = [op.mcp?.description ?? op.summary]
  if (op.description && !op.mcp?.description) parts.push(op.description)
  if (pageable) {
    parts.push(
      'Paged: `limit` sets the page size and `next_cursor` of a result, passed as `cursor`, gives the next page.',
    )
  }
  parts.push(`HTTP equivalent: ${op.method} ${op.path}.`)
  if (op.example) {
    // The same example the API reference shows, as the flat arguments a tool call takes. The example
    // result stays out: the output schema already describes it, and results made tools/list 1.5x larger.
    const { params, query, body } = op.example.request
    parts.push(`Example arguments: ${JSON.stringify({ ...params, ...query, ...body })}`)
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
    const merged = toolInputSchema(op)
    // Refuse unknown arguments: a misspelt filter silently ignored would give a model the wrong data.
    const input = Type.Object(merged.properties, { additionalProperties: false })
    const pageable = isPageShaped(op, input)
    const objectOutput = isObjectSchema(op.output) && op.produces !== 'text/html'
    const declared = op.mcp.annotations
    const listing: Tool = {
      name: op.mcp.tool,
      title: op.summary,
      description: describe(op, pageable),
      inputSchema: plainJsonSchema(input) as Tool['inputSchema'],
      ...(objectOutput ? { outputSchema: plainJsonSchema(op.output) as Tool['outputSchema'] } : {}),
      annotations: {
        title: op.summary,
        readOnlyHint: declared.readOnly,
        destructiveHint: declared.destructive,
        idempotentHint: declared.idempotent,
        openWorldHint: declared.openWorld,
      },
    }
    tools.push({
      name: op.mcp.tool,
      op,
      listing,
      input,
      inputCheck: TypeCompiler.Compile(input),
      objectOutput,
      pageable,
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
