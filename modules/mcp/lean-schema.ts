// The JSON Schemas tools/list shows a model, made lean. The operation's TypeBox models stay the truth:
// arguments are still checked and results still cleaned against them in full. What a model reads is:
// - inputs: every field with its type, enum, numeric and item-count bounds, format and description,
//   a union of literals as one `enum`; string patterns and lengths stay with the check (its 422 names
//   them), as does TypeBox's bookkeeping;
// - outputs: the result's field names and types (OUTPUT_DEPTH levels), no `required`, no field
//   descriptions: the tool's description says what it returns, and GET /openapi.json has the full shape.
//   Published in full, output schemas were four fifths of a 140 KB tools/list, most of it the same
//   analysis schema three times.
// Both are looser than the model they come from, so whatever the operation returns still validates
// against what the client was shown.

type Json = Record<string, unknown>

/** Levels of nested objects and arrays an output schema keeps below the result itself. */
export const OUTPUT_DEPTH = 0

const INPUT_KEYS = [
  'type',
  'description',
  'enum',
  'const',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'format',
  'required',
  'additionalProperties',
] as const

/** `anyOf` of literals → one `enum` of their values (with their common type), else null. */
function literalUnion(node: Json): Json | null {
  const options = node.anyOf
  if (!Array.isArray(options) || options.length === 0) return null
  if (!options.every((o) => o && typeof o === 'object' && 'const' in (o as Json))) return null
  const values = options.map((o) => (o as Json).const)
  const types = new Set(values.map((v) => (v === null ? 'null' : typeof v)))
  const type = types.size === 1 ? [...types][0] : undefined
  return {
    ...(type && type !== 'null' ? { type } : {}),
    enum: values,
    ...(typeof node.description === 'string' ? { description: node.description } : {}),
  }
}

function copyKeys(node: Json, keys: readonly string[]): Json {
  const out: Json = {}
  for (const key of keys) if (key in node && typeof node[key] !== 'object') out[key] = node[key]
  if (Array.isArray(node.enum)) out.enum = node.enum
  if (Array.isArray(node.required) && keys.includes('required')) out.required = node.required
  if (Array.isArray(node.type)) out.type = node.type
  return out
}

/** A tool's input schema for a model: everything that helps it call, nothing else. */
export function leanInputSchema(schema: unknown): Json {
  // Field descriptions on the arguments themselves; nested ones (inside an array's items) are dropped,
  // the argument's own description says what the items are.
  const walk = (raw: unknown, depth: number): Json => {
    const node = (raw ?? {}) as Json
    const asEnum = literalUnion(node)
    if (asEnum) {
      if (depth > 1) delete asEnum.description
      return asEnum
    }
    const out = copyKeys(node, INPUT_KEYS)
    if (depth > 1) delete out.description
    if (node.properties && typeof node.properties === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(node.properties as Json).map(([name, value]) => [name, walk(value, depth + 1)]),
      )
    }
    if (node.items && typeof node.items === 'object') out.items = walk(node.items, depth + 1)
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((o) => walk(o, depth))
    }
    return out
  }
  return walk(JSON.parse(JSON.stringify(schema)), 0)
}

/** A tool's output schema for a model: the shape near the top, looser below. */
export function leanOutputSchema(schema: unknown): Json {
  const walk = (raw: unknown, depth: number): Json => {
    const node = (raw ?? {}) as Json
    const asEnum = literalUnion(node)
    if (asEnum) return { enum: asEnum.enum }
    const keys = depth === 0 ? ['type', 'description', 'const'] : ['type', 'const']
    const out = copyKeys(node, keys)
    if (depth >= OUTPUT_DEPTH + 1) return out
    if (node.properties && typeof node.properties === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(node.properties as Json).map(([name, value]) => [name, walk(value, depth + 1)]),
      )
    }
    if (node.items && typeof node.items === 'object') out.items = walk(node.items, depth + 1)
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((o) => walk(o, depth))
    }
    return out
  }
  return walk(JSON.parse(JSON.stringify(schema)), 0)
}
