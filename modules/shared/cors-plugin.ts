// CORS for browser apps, mounted after the Host/Origin guard (which has already refused foreign origins):
// a preflight from an allowed origin is answered here with 204, and every response to an allowed origin
// carries Access-Control-Allow-Origin for that origin only. Credentials are bearer tokens in a header,
// never cookies, so Access-Control-Allow-Credentials is not sent.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { applySecurityHeaders } from './security-headers'

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
// Every request header the contract documents: a browser asks before sending any that is not
// CORS-safelisted (a retry-safe key, an x402 payment, a conditional GET).
const ALLOWED_HEADERS =
  'authorization, content-type, content-range, x-request-id, mcp-session-id, mcp-protocol-version, last-event-id, idempotency-key, payment-signature, if-none-match'
// Every response header a browser app needs to read: the tag it revalidates with (records are no-store,
// so the app keeps the copy and the tag itself), rate limits, and the x402 settlement.
const EXPOSED_HEADERS =
  'x-request-id, retry-after, location, range, mcp-session-id, payment-required, payment-response, etag, ratelimit-limit, ratelimit-remaining, ratelimit-reset'

export function corsPlugin(app: AppContext) {
  return new Elysia({ name: 'shared.cors', seed: app.instanceId }).onRequest(({ request, set }) => {
    const origin = request.headers.get('origin')
    if (origin === null) return
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      const headers = new Headers({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
        vary: 'Origin',
        'x-request-id': String(set.headers['x-request-id'] ?? ''),
      })
      applySecurityHeaders(headers, app.config)
      return new Response(null, { status: 204, headers })
    }
    set.headers['access-control-allow-origin'] = origin
    set.headers['access-control-expose-headers'] = EXPOSED_HEADERS
    set.headers.vary = 'Origin'
  })
}
