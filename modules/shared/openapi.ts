// The OpenAPI 3.1.0 document, generated from the operation declarations: every path, its parameters,
// request body, success response, the problem responses it can give, and the bearer security scheme.
// Schemas carrying an `$id` are hoisted into components.schemas and referenced.

import type { TSchema } from '@sinclair/typebox'
import { TAG_DESCRIPTIONS } from './openapi-tags'
import { type AnyOperation, openApiPath } from './operation'
import { PROBLEM_TYPES, type ProblemKey } from './problem'

export const API_VERSION = '0.5.2'

type Json = Record<string, unknown>

const PROBLEM_SCHEMA: Json = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: {
      type: 'string',
      format: 'uri',
      description: 'Identifies the problem type; resolves to its documentation.',
    },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'What went wrong, for a human.' },
    instance: { type: 'string', description: 'The request path.' },
    request_id: { type: 'string', description: 'Also sent as the x-request-id header.' },
    errors: {
      type: 'array',
      description: 'Invalid fields (validation problems only).',
      items: {
        type: 'object',
        required: ['in', 'path', 'message'],
        properties: { in: { type: 'string' }, path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
  additionalProperties: true,
}

/** Response headers the service sends, referenced from every response that carries them. */
const HEADERS: Record<string, Json> = {
  RequestId: {
    description:
      'Identifies this request in the service’s logs; a short plain id the caller sent is kept, otherwise one is made. Also in problem bodies as request_id.',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitLimit: {
    description: 'Requests allowed in the rate-limit window that was exceeded.',
    schema: { type: 'integer' },
  },
  RateLimitRemaining: {
    description: 'Requests left in the window (0 on a 429).',
    schema: { type: 'integer' },
  },
  RateLimitReset: { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` })

/** Headers of a problem response with this status. */
function problemHeaders(status: number): Json {
  const headers: Json = { 'x-request-id': ref('RequestId') }
  if (status === 429 || status === 503) headers['Retry-After'] = ref('RetryAfter')
  if (status === 429) {
    headers['RateLimit-Limit'] = ref('RateLimitLimit')
    headers['RateLimit-Remaining'] = ref('RateLimitRemaining')
    headers['RateLimit-Reset'] = ref('RateLimitReset')
  }
  return headers
}

const STATUS_KEYS: Record<number, ProblemKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  402: 'paymentRequired',
  403: 'forbidden',
  404: 'notFound',
  406: 'notAcceptable',
  409: 'conflict',
  410: 'gone',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  422: 'validation',
  429: 'rateLimited',
  500: 'internal',
  501: 'notImplemented',
  502: 'badGateway',
  503: 'unavailable',
}

/**
 * A union of literals of one type (TypeBox writes `anyOf: [{ const, type }, ...]`) as `{ type, enum }`:
 * the same values, in the form code generators turn into enumerations, and about a third of the bytes.
 * Any other node is copied with `walk` applied to its values.
 */
function literalUnionAsEnum(node: Json, walk: (value: unknown) => unknown): Json {
  const members = node.anyOf
  const literals =
    Array.isArray(members) &&
    members.length > 1 &&
    members.every(
      (m) =>
        m !== null &&
        typeof m === 'object' &&
        Object.keys(m).length === 2 &&
        'const' in m &&
        typeof (m as Json).type === 'string' &&
        (m as Json).type === (members[0] as Json).type,
    )
  const copy: Json = {}
  for (const [k, v] of Object.entries(node)) {
    if (k === '$id') continue
    if (k === 'anyOf' && literals) {
      copy.type = (members[0] as Json).type
      copy.enum = (members as Json[]).map((m) => m.const)
    } else copy[k] = walk(v)
  }
  return copy
}

/** Copy a schema as plain JSON (drops TypeBox's symbol keys) and hoist `$id` sub-schemas into `named`. */
function hoist(schema: TSchema, named: Map<string, string>, out: Record<string, Json>): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    const obj = node as Json
    const id = typeof obj.$id === 'string' ? obj.$id : null
    const copy: Json = literalUnionAsEnum(obj, walk)
    if (!id) return copy
    const text = JSON.stringify(copy)
    const earlier = named.get(id)
    if (earlier !== undefined && earlier !== text)
      throw new Error(`Two different schemas share the $id "${id}".`)
    named.set(id, text)
    out[id] = copy
    return { $ref: `#/components/schemas/${id}` }
  }
  return JSON.parse(JSON.stringify(walk(JSON.parse(JSON.stringify(schema))))) as Json
}

function problemStatuses(op: AnyOperation): number[] {
  const statuses = new Set<number>(op.errors ?? [])
  if (op.body) for (const s of [400, 413, 415]) statuses.add(s)
  if (op.rawBody) statuses.add(413)
  if (op.grant !== null) for (const s of [401, 403]) statuses.add(s)
  // x402's challenge on payable routes, and with hosted billing the `checkout-required` of a workspace
  // past its introductory allowance on every counted operation.
  if (op.x402 || (op.grant !== null && !op.outsideAllowance)) statuses.add(402)
  // Payable: 503 when the payment facilitator cannot be reached.
  if (op.x402) statuses.add(503)
  if (op.params) statuses.add(404)
  if (op.params || op.query || op.body) statuses.add(422)
  statuses.add(500)
  return [...statuses].sort((a, b) => a - b)
}

function parameters(op: AnyOperation, named: Map<string, string>, schemas: Record<string, Json>): Json[] {
  const list: Json[] = []
  for (const [where, schema] of [
    ['path', op.params],
    ['query', op.query],
  ] as const) {
    if (!schema) continue
    const required = new Set<string>((schema.required as string[] | undefined) ?? [])
    for (const [name, property] of Object.entries(schema.properties)) {
      const prop = hoist(property as TSchema, named, schemas)
      const example = op.example?.request[where === 'path' ? 'params' : 'query']?.[name]
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(prop.description ? { description: prop.description } : {}),
        schema: prop,
        ...(example !== undefined ? { example } : {}),
      })
    }
  }
  const jsonOut = (op.produces ?? 'application/json') === 'application/json'
  if (op.method === 'POST' && op.grant !== null && !op.rawBody && jsonOut)
    list.push({ $ref: '#/components/parameters/IdempotencyKey' })
  if (op.x402) list.push({ $ref: '#/components/parameters/PaymentSignature' })
  return list
}

/** Header parameters that many operations take: declared once, referenced from each operation. */
const SHARED_PARAMETERS: Record<string, Json> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: the same key with the same request answers the stored response without running it again; with a different body, 422. 1-255 visible ASCII characters, per caller.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    example: 'retry-safe-2026-05-01',
  },
  PaymentSignature: {
    name: 'PAYMENT-SIGNATURE',
    in: 'header',
    required: false,
    description:
      'x402 v2 pay-per-request: the base64 signed payment answering the PAYMENT-REQUIRED header of the 402 (only without Authorization).',
    schema: { type: 'string' },
    example: 'eyJ4NDAyVmVyc2lvbiI6Miwi…',
  },
}

export function openApiDocument(operations: readonly AnyOperation[], baseUrl: string): Json {
  const named = new Map<string, string>()
  const schemas: Record<string, Json> = {}
  const paths: Record<string, Record<string, Json>> = {}
  const usedStatuses = new Set<number>()
  const sorted = [...operations].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  )

  for (const op of sorted) {
    const status = op.status ?? 200
    const media = op.produces ?? 'application/json'
    const json = media === 'application/json' || media === 'application/problem+json'
    const responses: Json = {
      [status]: {
        description: op.summary,
        headers: { 'x-request-id': ref('RequestId') },
        content: {
          [media]: {
            schema: json
              ? hoist(op.output, named, schemas)
              : media === 'application/zip'
                ? { type: 'string', format: 'binary' }
                : { type: 'string' },
            ...(op.example ? { example: op.example.response } : {}),
          },
        },
      },
    }
    for (const s of problemStatuses(op)) {
      usedStatuses.add(s)
      responses[s] = { $ref: `#/components/responses/Problem${s}` }
    }
    const operation: Json = {
      operationId: op.id,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: op.tags,
      parameters: parameters(op, named, schemas),
      responses,
      security: op.grant === null ? [] : op.x402 ? [{ bearer: [] }, {}] : [{ bearer: [] }],
      ...(op.grant ? { 'x-grant': op.grant } : {}),
      ...(op.principals ? { 'x-principals': op.principals } : {}),
      ...(op.mcp ? { 'x-mcp-tool': op.mcp.tool } : {}),
      ...(op.x402 ? { 'x-x402': { price: op.x402.price, tags: op.x402.tags } } : {}),
    }
    if (op.rawBody) {
      operation.requestBody = {
        required: true,
        description: op.rawBody.description,
        content: Object.fromEntries(
          op.rawBody.mediaTypes.map((m) => [
            m,
            m === 'application/json'
              ? {
                  schema: { type: 'object' },
                  ...(op.example?.request.body ? { example: op.example.request.body } : {}),
                }
              : { schema: { type: 'string', format: 'binary' } },
          ]),
        ),
      }
    } else if (op.body) {
      operation.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: hoist(op.body, named, schemas),
            ...(op.example?.request.body ? { example: op.example.request.body } : {}),
          },
        },
      }
    }
    const path = openApiPath(op.path)
    paths[path] ??= {}
    paths[path][op.method.toLowerCase()] = operation
  }

  const responses: Json = {}
  for (const s of [...usedStatuses].sort((a, b) => a - b)) {
    const type = PROBLEM_TYPES[STATUS_KEYS[s]]
    const also = s === 402 ? ` Or, with hosted billing: ${PROBLEM_TYPES.checkoutRequired.description}` : ''
    responses[`Problem${s}`] = {
      description: `${type.title}: ${type.description}${also}`,
      headers: problemHeaders(s),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Wellness Data Service',
      version: API_VERSION,
      description:
        "Ingests a person's wellness data (lab biomarkers, wearables, genetics, behaviour), analyses it and returns source-backed output. Errors are RFC 9457 problem details (application/problem+json).",
      license: { name: 'Apache License 2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: baseUrl }],
    tags: [...new Set(sorted.flatMap((op) => op.tags))]
      .sort()
      .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas: { Problem: PROBLEM_SCHEMA, ...schemas },
      parameters: SHARED_PARAMETERS,
      responses,
      headers: HEADERS,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key, a sign-in session token, an OIDC access token, a service token or a sandbox token.',
        },
      },
    },
  }
}
