// The bazaar discovery extension every payable route declares in its 402 (SPEC: input example, input
// schema, output example, service name and tags; `:param` templates with concrete values under
// `pathParams`). Generated from the operation's declaration, never written by hand. The x402 caller
// omits `user_id` and `organization_id` (the payer fills them), so they are left out of the input.

import type { TObject } from '@sinclair/typebox'
import { declareDiscoveryExtension } from '@x402/extensions/bazaar'
import type { AnyOperation } from '../shared/operation'

const FILLED_BY_PAYER = new Set(['user_id', 'organization_id'])

function schemaOf(part: TObject | undefined): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(part ?? { type: 'object', properties: {} })) as {
    properties?: Record<string, unknown>
    required?: string[]
  }
  const properties = Object.fromEntries(
    Object.entries(plain.properties ?? {}).filter(([name]) => !FILLED_BY_PAYER.has(name)),
  )
  const required = (plain.required ?? []).filter((name) => !FILLED_BY_PAYER.has(name))
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}

function withoutPayerFields(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([name]) => !FILLED_BY_PAYER.has(name)))
}

const cache = new WeakMap<AnyOperation, Record<string, unknown>>()

/** `{ bazaar: … }` for this operation, built once. */
export function discoveryExtension(op: AnyOperation): Record<string, unknown> {
  let extension = cache.get(op)
  if (extension) return extension
  const example = op.example?.request ?? op.x402?.example ?? {}
  const output = { example: op.example?.response ?? op.x402?.outputExample ?? {} }
  const pathParams = op.params
    ? { pathParams: { ...(example.params ?? {}) }, pathParamsSchema: schemaOf(op.params) }
    : {}
  extension =
    op.method === 'GET' || op.method === 'DELETE'
      ? declareDiscoveryExtension({
          input: withoutPayerFields(example.query),
          inputSchema: schemaOf(op.query),
          ...pathParams,
          output,
        })
      : declareDiscoveryExtension({
          bodyType: 'json',
          input: withoutPayerFields(example.body),
          inputSchema: schemaOf(op.body),
          ...pathParams,
          output,
        })
  cache.set(op, extension)
  return extension
}
