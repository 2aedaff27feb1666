// W3C Trace Context (https://www.w3.org/TR/trace-context/): a request's `traceparent` is continued
// (same trace id, this service's own span id, the caller's flags) or, when absent or malformed, a new
// trace is started. The trace id goes into every log line of the request and back to the caller in the
// response's `traceparent`, so one id follows a request through proxies, this service and its logs.

import { requestSlot } from './request-slot'

export interface TraceContext {
  traceId: string
  /** This service's span for the request. */
  spanId: string
  /** The caller's span, when it sent a valid traceparent. */
  parentId: string | null
  flags: string
}

const HEADER = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/
const ZERO_TRACE = '0'.repeat(32)
const ZERO_SPAN = '0'.repeat(16)

const randomHex = (bytes: number) =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex')

/** The caller's trace, if `header` is a valid traceparent (version 00, or a later one read as 00). */
export function parseTraceparent(
  header: string | null,
): { traceId: string; parentId: string; flags: string } | null {
  if (!header || header.length > 512) return null
  const match = HEADER.exec(header.trim())
  if (!match) return null
  const [, version, traceId, parentId, flags, rest] = match
  if (version === 'ff' || (version === '00' && rest)) return null
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return null
  return { traceId, parentId, flags }
}

const traces = requestSlot<TraceContext>('trace')

/** Continue the request's trace or start one; remembered for the rest of the request. */
export function assignTrace(request: Request): TraceContext {
  const incoming = parseTraceparent(request.headers.get('traceparent'))
  const trace: TraceContext = {
    traceId: incoming?.traceId ?? randomHex(16),
    spanId: randomHex(8),
    parentId: incoming?.parentId ?? null,
    flags: incoming?.flags ?? '00',
  }
  traces.set(request, trace)
  return trace
}

export function traceOf(request: Request): TraceContext {
  return traces.get(request) ?? assignTrace(request)
}

/** The traceparent this service sends: onwards to the services it calls, and back to the caller. */
export const traceparentOf = (trace: TraceContext) => `00-${trace.traceId}-${trace.spanId}-${trace.flags}`
