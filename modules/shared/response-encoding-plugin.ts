// Conditional requests and compression for JSON answers, after validation has shaped them:
// - a successful GET answer carries a strong `ETag` made from its exact bytes (a compressed body's ends in
//   `-br` or `-gzip`), and a request whose `If-None-Match` names it in any coding gets 304 without the body
//   (a record that has not changed costs no transfer; one that changed has new bytes, so a new tag:
//   correct for mutable records too);
// - a JSON body of COMPRESS_MIN_BYTES or more goes out as `br` or `gzip` when the client accepts one
//   (analyses, lists, MCP's tools/list), at a fast level: it is compressed on every request;
// - HEAD gets what GET gets, without the body: the same tag, coding, Vary and 304.
// Responses a handler built itself keep their headers (their Vary gains the context's, e.g. CORS's
// `Origin`); documents served from memory (representation.ts) arrive already tagged and encoded. Problems
// and other non-2xx answers are never compressed or tagged.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { COMPRESS_MIN_BYTES, codedTag, compress, negotiateCoding, noneMatchHits } from './representation'

const encoder = new TextEncoder()

const isJson = (type: string | null) => type !== null && /^application\/([a-z.+-]+\+)?json\b/i.test(type)

export function responseEncodingPlugin(app: AppContext) {
  return new Elysia({ name: 'shared.response-encoding', seed: app.instanceId }).mapResponse(
    { as: 'global' },
    async ({ request, response, set }) => {
      if (response instanceof Response) return encodeBuiltResponse(request, response, set.headers.vary)
      if (response === null || response === undefined || typeof response !== 'object') return
      // Bytes a route handed over ready to send (the documents served from memory) go out as they are.
      if (ArrayBuffer.isView(response)) return
      const status = typeof set.status === 'number' ? set.status : 200
      if (status < 200 || status >= 300) return
      // The hot path (a small GET answer, no If-None-Match) stays on strings and Elysia's own header
      // record: no byte copy, no Headers object.
      const json = JSON.stringify(response)
      const headers = set.headers as Record<string, string>
      headers['content-type'] = 'application/json'
      const compressible = json.length >= COMPRESS_MIN_BYTES
      const coding = compressible ? negotiateCoding(request.headers.get('accept-encoding')) : null
      // HEAD is GET without the body (Elysia runs the GET route for it): the same tag, Vary and 304.
      if ((request.method === 'GET' || request.method === 'HEAD') && status === 200) {
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

/**
 * A Response a handler built (documents, MCP answers, problems). Its own headers win over the context's
 * when Elysia merges them, so a `Vary` it carries is completed with the context's (CORS adds `Origin`).
 * A successful JSON answer is compressed when large and accepted; problems and other errors leave as
 * they are, untagged and uncompressed.
 */
async function encodeBuiltResponse(
  request: Request,
  response: Response,
  contextVary: string | undefined,
): Promise<Response | undefined> {
  // (Without a Vary of its own, Elysia's merge copies the context's. Headers of a fetched Response are
  // immutable: such a one keeps its own.)
  if (contextVary && response.headers.has('vary'))
    try {
      mergeVary(response.headers, contextVary)
    } catch {}
  if (response.status < 200 || response.status >= 300) return
  const contentType = response.headers.get('content-type')
  if (response.headers.has('content-encoding') || !isJson(contentType) || isProblem(contentType)) return
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(length) && length < COMPRESS_MIN_BYTES) return
  const coding = negotiateCoding(request.headers.get('accept-encoding'))
  if (!coding || !response.body) return
  const bytes = new Uint8Array(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  if (bytes.byteLength < COMPRESS_MIN_BYTES) return new Response(bytes, { status: response.status, headers })
  headers.set('content-encoding', coding)
  mergeVary(headers, contextVary ? `${contextVary}, Accept-Encoding` : 'Accept-Encoding')
  return new Response(compress(bytes, coding, 'fast') as Uint8Array<ArrayBuffer>, {
    status: response.status,
    headers,
  })
}

const isProblem = (type: string | null) => type !== null && /^application\/problem\+json\b/i.test(type)

/** Add the field names of `vary` that `headers`' Vary lacks (compared case-insensitively). */
function mergeVary(headers: Headers, vary: string): void {
  const current = headers.get('vary')
  if (current === null) {
    headers.set('vary', vary)
    return
  }
  if (current.trim() === '*') return
  const present = new Set(current.split(',').map((name) => name.trim().toLowerCase()))
  const missing = vary.split(',').filter((name) => name.trim() && !present.has(name.trim().toLowerCase()))
  if (missing.length) headers.set('vary', [current, ...missing.map((name) => name.trim())].join(', '))
}
