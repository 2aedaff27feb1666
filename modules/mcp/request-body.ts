// Reading the JSON-RPC body of POST /mcp with the service's size cap, so an oversized message gets the
// same 413 problem as the rest of the API (the SDK transport would answer with a JSON-RPC error). The
// text is handed on unparsed: the transport judges JSON and JSON-RPC and answers protocol errors itself.

import { ProblemError } from '../shared/problem'

const tooLarge = (limit: number) =>
  new ProblemError('payloadTooLarge', `The body is larger than this operation accepts (${limit} bytes).`, {
    extra: { max_bytes: limit },
  })

export async function readBoundedBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The same request with its body already read, for a transport that reads it again. */
export function withBody(request: Request, text: string): Request {
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, body: text })
}
