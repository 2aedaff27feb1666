// The response check of every JSON operation: undeclared fields are removed (an output schema is an
// allow-list) and the result must match the schema, else the request fails with 500. TypeBox's
// `Value.Clean` walks the value against the schema dynamically, which cost about 3 ms for a page of 100
// sources (more than everything else in the request). Almost every answer already has exactly the
// declared fields, so a compiled check against a strict copy of the schema (every object closed with
// `additionalProperties: false`) decides first; only a value that fails it is cleaned the slow way and
// then checked against the schema as declared. The outcome is the same; only the common case is faster.
// The slow way cleans a copy: the value may be shared (a cached read), and Clean works in place.

import type { TSchema } from '@sinclair/typebox'
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'

/** A copy of the schema whose objects accept no undeclared property (records and open objects stay open). */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (schema === null || typeof schema !== 'object') return schema
  const copy: Record<string | symbol, unknown> = {}
  for (const key of Reflect.ownKeys(schema))
    copy[key] = closed((schema as Record<string | symbol, unknown>)[key])
  if (
    copy.type === 'object' &&
    copy.properties &&
    copy.additionalProperties === undefined &&
    !copy.patternProperties
  )
    copy.additionalProperties = false
  return copy
}

export interface ResponseCheck {
  /** The value with undeclared fields removed, or `invalid` with the first errors when it does not match. */
  (value: unknown): { ok: true; value: unknown } | { ok: false; errors: { path: string; message: string }[] }
}

/**
 * The check of one output schema, compiled on the operation's first answer rather than at start-up: a
 * service has a couple of hundred operations, and compiling them all up front cost a good part of the
 * time before the first request could be served.
 */
export function compileResponseCheck(schema: TSchema): ResponseCheck {
  let declared: TypeCheck<TSchema> | null = null
  let exact: TypeCheck<TSchema> | null = null
  const compile = () => {
    const compiled = TypeCompiler.Compile(schema)
    try {
      exact = TypeCompiler.Compile(closed(schema) as TSchema)
    } catch {
      // A schema the strict copy cannot express (references): every answer takes the slow path.
    }
    return compiled
  }
  return (value) => {
    declared ??= compile()
    if (exact?.Check(value)) return { ok: true, value }
    // Clean removes fields in place: it works on a copy, since the value may be shared (a cached read).
    const cleaned = Value.Clean(schema, Value.Clone(value))
    if (declared.Check(cleaned)) return { ok: true, value: cleaned }
    return {
      ok: false,
      errors: [...declared.Errors(cleaned)]
        .slice(0, 5)
        .map((e) => ({ path: e.path || '/', message: e.message })),
    }
  }
}
