// Body size limits as the MCP endpoint applies them. A tool's arguments are the body of its operation,
// so each tool keeps its operation's limit (MAX_BODY_BYTES, or its own, as for file imports); the
// JSON-RPC message may be as large as the largest of them plus the envelope around the arguments.

import type { Config } from '../shared/config'
import type { AnyOperation } from '../shared/operation'
import { ProblemError } from '../shared/problem'

/** Room for the JSON-RPC envelope around a tool's arguments. */
const ENVELOPE_BYTES = 64 * 1024

/** The operation's own body limit, as the HTTP route applies it. */
export function bodyLimitOf(op: AnyOperation, config: Readonly<Config>): number {
  if (typeof op.maxBodyBytes === 'function') return op.maxBodyBytes(config)
  return op.maxBodyBytes ?? config.maxBodyBytes
}

/** The largest JSON-RPC message POST /mcp reads. */
export function mcpMessageLimit(operations: readonly AnyOperation[], config: Readonly<Config>): number {
  const limits = operations.filter((op) => op.mcp && op.body).map((op) => bodyLimitOf(op, config))
  return Math.max(config.maxBodyBytes, ...limits) + ENVELOPE_BYTES
}

/** 413, as over HTTP, when a tool's body arguments are larger than its operation accepts. */
export function assertBodyWithinLimit(op: AnyOperation, body: unknown, config: Readonly<Config>): void {
  if (!op.body || body === undefined) return
  const limit = bodyLimitOf(op, config)
  if (Buffer.byteLength(JSON.stringify(body), 'utf8') > limit) {
    throw new ProblemError(
      'payloadTooLarge',
      `The body is larger than this operation accepts (${limit} bytes).`,
      {
        extra: { max_bytes: limit },
      },
    )
  }
}
