// Reading the JSON-RPC body of POST /mcp with the service's size cap, so an oversized message gets the
// same 413 problem as the rest of the API (the SDK transport would answer with a JSON-RPC error). The
// text is handed on unparsed: the transport judges JSON and JSON-RPC and answers protocol errors itself.

import { bodyTooLarge, readCapped } from '../shared/http-body'

export async function readBoundedBody(request: Request, limit: number): Promise<string> {
  const text = await readCapped(request, limit)
  if (text === null) throw bodyTooLarge(limit)
  return text
}

/** The same request with its body already read (and the given Accept), for a transport that reads it again. */
export function withBody(request: Request, text: string, accept: string): Request {
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  headers.set('accept', accept)
  return new Request(request.url, { method: request.method, headers, body: text })
}
