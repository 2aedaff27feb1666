// Body size limits as the MCP endpoint applies them. A tool's arguments are the body of its operation,
// so each tool keeps its operation's limit (MAX_BODY_BYTES, or its own, as for file imports); the
// JSON-RPC message may be as large as the largest of them plus the envelope around the arguments.

import type { Config } from '../shared/config'
import { bodyTooLarge } from '../shared/http-body'
import { type AnyOperation, bodyLimit } from '../shared/operation'

/** Room for the JSON-RPC envelope around a tool's arguments. */
const ENVELOPE_BYTES = 64 * 1024

/** The largest JSON-RPC message POST /mcp reads. */
export function mcpMessageLimit(operations: readonly AnyOperation[], config: Readonly<Config>): number {
  const limits = operations.filter((op) => op.mcp && op.body).map((op) => bodyLimit(op, config))
  return Math.max(config.maxBodyBytes, ...limits) + ENVELOPE_BYTES
}

/** 413, as over HTTP, when a tool's body arguments are larger than its operation accepts. */
export function assertBodyWithinLimit(op: AnyOperation, body: unknown, config: Readonly<Config>): void {
  if (!op.body || body === undefined) return
  const limit = bodyLimit(op, config)
  if (Buffer.byteLength(JSON.stringify(body), 'utf8') > limit) {
    throw bodyTooLarge(limit)
  }
}
