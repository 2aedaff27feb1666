// Conditional requests and compression for JSON answers, after validation has shaped them:
// - a successful GET answer carries a strong `ETag` made from its exact bytes, and a request whose
//   `If-None-Match` names it gets 304 without the body (a record that has not changed costs no transfer;
//   one that changed has new bytes, so a new tag: correct for mutable records too);
// - a JSON body of COMPRESS_MIN_BYTES or more goes out as `br` or `gzip` when the client accepts one
//   (analyses, lists, MCP's tools/list), at a fast level: it is compressed on every request.
// Responses a handler built itself keep their headers; documents served from memory (representation.ts)
// arrive already tagged and encoded and pass through untouched.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import {
  COMPRESS_MIN_BYTES,
  compress,
  conditionalResponse,
  entityTag,
  negotiateCoding,
} from './representation'

const encoder = new TextEncoder()

const isJson = (type: string | null) => type !== null && /^application\/([a-z.+-]+\+)?json\b/i.test(type)

/** Elysia's `set.headers` as a Headers object, for a Response this hook builds. */
function headersOf(set: { headers: Record<string, unknown> }): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(set.headers)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, String(v))
    else headers.set(name, String(value))
  }
  return headers
}

export function responseEncodingPlugin(app: AppContext) {
  return new Elysia({ name: 'shared.response-encoding', seed: app.instanceId }).mapResponse(
    { as: 'global' },
    async ({ request, response, set }) => {
      if (response instanceof Response) return encodeBuiltResponse(request, response)
      if (response === null || response === undefined || typeof response !== 'object') return
      const status = typeof set.status === 'number' ? set.status : 200
      if (status < 200 || status >= 300) return
      const bytes = encoder.encode(JSON.stringify(response))
      const headers = headersOf(set)
      const compressible = bytes.byteLength >= COMPRESS_MIN_BYTES
      if (request.method === 'GET' && status === 200) {
        return conditionalResponse(request, {
          etag: entityTag(bytes, 'fast'),
          contentType: 'application/json',
          body: (coding) => (coding ? compress(bytes, coding, 'fast') : bytes),
          compressible,
          headers,
        })
      }
      if (!compressible) return
      const coding = negotiateCoding(request.headers.get('accept-encoding'))
      if (!coding) return
      headers.set('content-type', 'application/json')
      headers.set('content-encoding', coding)
      headers.append('vary', 'Accept-Encoding')
      return new Response(compress(bytes, coding, 'fast') as Uint8Array<ArrayBuffer>, { status, headers })
    },
  )
}

/** A JSON Response a handler built (MCP answers): compressed when large and accepted, else as it is. */
async function encodeBuiltResponse(request: Request, response: Response): Promise<Response | undefined> {
  if (response.headers.has('content-encoding') || !isJson(response.headers.get('content-type'))) return
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(length) && length < COMPRESS_MIN_BYTES) return
  const coding = negotiateCoding(request.headers.get('accept-encoding'))
  if (!coding || !response.body) return
  const bytes = new Uint8Array(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  if (bytes.byteLength < COMPRESS_MIN_BYTES) return new Response(bytes, { status: response.status, headers })
  headers.set('content-encoding', coding)
  headers.append('vary', 'Accept-Encoding')
  return new Response(compress(bytes, coding, 'fast') as Uint8Array<ArrayBuffer>, {
    status: response.status,
    headers,
  })
}
