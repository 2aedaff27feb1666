// Per-request facts set once in onRequest (request id, client address) and read everywhere else.
// Kept on the Request (request-slot.ts) because Elysia's derive does not run for NOT_FOUND/PARSE errors.

import { requestSlot } from './request-slot'

const requestIds = requestSlot<string>('request id')
const clientIps = requestSlot<string | null>('client address')

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/

/** Accept a caller's x-request-id when it is short and plain; otherwise mint one. */
export function assignRequestId(request: Request): string {
  const offered = request.headers.get('x-request-id')
  const id = offered && SAFE_ID.test(offered) ? offered : `req_${crypto.randomUUID().replaceAll('-', '')}`
  requestIds.set(request, id)
  return id
}

export function requestIdOf(request: Request): string {
  let id = requestIds.get(request)
  if (!id) id = assignRequestId(request)
  return id
}

export function setClientIp(request: Request, ip: string | null): void {
  clientIps.set(request, ip)
}

export function clientIpOf(request: Request): string | null {
  return clientIps.get(request) ?? null
}
