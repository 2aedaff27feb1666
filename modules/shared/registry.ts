// Checks over the whole set of declared operations, and the views other surfaces derive from it:
// the merged input schema an MCP tool takes, and the x402 catalogue of payable routes.

import { type TObject, type TSchema, Type } from '@sinclair/typebox'
import { type AnyOperation, openApiPath } from './operation'

/** One object schema over an operation's path, query and body fields (an MCP tool's input). */
export function toolInputSchema(op: AnyOperation): TObject {
  const properties: Record<string, TSchema> = {}
  for (const part of [op.params, op.query, op.body] as (TObject | undefined)[]) {
    if (!part) continue
    for (const [name, schema] of Object.entries(part.properties)) {
      if (properties[name]) throw new Error(`Operation ${op.id}: field "${name}" appears in two input parts.`)
      properties[name] = schema
    }
  }
  return Type.Object(properties)
}

/** Split a tool call's flat arguments back into the operation's params, query and body. */
export function splitToolArguments(op: AnyOperation, args: Record<string, unknown>) {
  const pick = (part: TObject | undefined) => {
    if (!part) return undefined
    const out: Record<string, unknown> = {}
    for (const name of Object.keys(part.properties)) if (name in args) out[name] = args[name]
    return out
  }
  return { params: pick(op.params), query: pick(op.query), body: pick(op.body) }
}

/** Fail at start when two declarations collide or one is incomplete. */
export function assertRegistry(operations: readonly AnyOperation[]): void {
  const ids = new Set<string>()
  const routes = new Set<string>()
  const tools = new Set<string>()
  for (const op of operations) {
    const route = `${op.method} ${openApiPath(op.path)}`
    if (ids.has(op.id)) throw new Error(`Duplicate operation id ${op.id}.`)
    if (routes.has(route)) throw new Error(`Duplicate route ${route} (${op.id}).`)
    ids.add(op.id)
    routes.add(route)
    if (!op.summary || op.tags.length === 0) throw new Error(`Operation ${op.id} needs a summary and a tag.`)
    const pathParams = [...op.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]).sort()
    const declared = Object.keys(op.params?.properties ?? {}).sort()
    if (pathParams.join() !== declared.join())
      throw new Error(`Operation ${op.id}: path parameters and params schema differ.`)
    if (op.mcp) {
      if (tools.has(op.mcp.tool)) throw new Error(`Duplicate MCP tool ${op.mcp.tool}.`)
      tools.add(op.mcp.tool)
      toolInputSchema(op)
    }
    if (op.x402 && op.grant === null) throw new Error(`Operation ${op.id} is payable but public.`)
    // A payer is a wallet principal: an operation closed to wallets cannot be payable.
    if (op.x402 && op.principals && !op.principals.includes('wallet'))
      throw new Error(`Operation ${op.id} is payable but does not accept a wallet.`)
  }
}

/** The payable operations as the x402 discovery catalogue lists them (`:param` templates as keys). */
export function x402Catalog(operations: readonly AnyOperation[]) {
  return operations
    .filter((op) => op.x402)
    .map((op) => ({
      id: op.id,
      method: op.method,
      route: op.path,
      price_usd: op.x402!.price,
      description: op.x402!.description ?? op.summary,
      tags: op.x402!.tags,
      input_example: op.example?.request ?? op.x402!.example ?? {},
      input_schema: JSON.parse(JSON.stringify(toolInputSchema(op))),
      output_example: op.example?.response ?? op.x402!.outputExample ?? null,
    }))
}
