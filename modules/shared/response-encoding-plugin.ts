// Conditional requests and compression for JSON answers, after validation has shaped them:
// - a successful GET answer carries a strong `ETag` made from its exact bytes (a compressed body's ends in
//   `-br` or `-gzip`), and a request whose `If-None-Match` names it in any coding gets 304 without the body
//   (a record that has not changed costs no transfer; one that changed has new bytes, so a new tag:
//   correct for mutable records too);
// - a JSON body of COMPRESS_MIN_BYTES or more goes out as `br` or `gzip` when the client accepts one
//   (analyses, lists, MCP's tools/list), at a fast level: it is compressed on every request.
// Responses a handler built itself keep their headers; documents served from memory (representation.ts)
// arrive already tagged and encoded and pass through untouched.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { COMPRESS_MIN_BYTES, codedTag, compress, negotiateCoding, noneMatchHits } from './representation'

const encoder = new TextEncoder()

const isJson = (type: string | null) => type !== null && /^application\/([a-z.+-]+\+)?json\b/i.test(type)

export function responseEncodingPlugin(app: AppContext) {
  return new Elysia({ name: 'shared.response-encoding', seed: app.instanceId }).mapResponse(
    { as: 'global' },
    async ({ request, response, set }) => {
      if (response instanceof Response) return encodeBuiltResponse(request, response)
      if (response === null || response === undefined || typeof response !== 'object') return
      const status = typeof set.status === 'number' ? set.status : 200
      if (status < 200 || status >= 300) return
      // The hot path (a small GET answer, no If-None-Match) stays on strings and Elysia's own header
      // record: no byte copy, no Headers object.
      const json = JSON.stringify(response)
      const headers = set.headers as Record<string, string>
      headers['content-type'] = 'application/json'
      const compressible = json.length >= COMPRESS_MIN_BYTES
      const coding = compressible ? negotiateCoding(request.headers.get('accept-encoding')) : null
      if (request.method === 'GET' && status === 200) {
        const etag = `"${Bun.hash(json).toString(36)}-${json.length.toString(36)}"`
        headers.etag = codedTag(etag, coding)
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
        if (noneMatchHits(request.headers.get('if-none-match'), etag)) {
          delete headers['content-type']
          return new Response(null, { status: 304, headers })
        }
      } else if (!coding) return
      if (!coding) return new Response(json, { status, headers })
      headers['content-encoding'] = coding
      if (!headers.vary?.includes('Accept-Encoding'))
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
      const body = compress(encoder.encode(json), coding, 'fast') as Uint8Array<ArrayBuffer>
      return new Response(body, { status, headers })
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
