// JSON bodies with validators and content coding: a strong `ETag` (304 on a matching `If-None-Match`) and
// `br`/`gzip` chosen from `Accept-Encoding`. Documents that depend only on the configuration are built
// once per app and their compressed forms kept (at the best compression, paid once); other large JSON
// responses are compressed as they go, at a fast level.

import { brotliCompressSync, constants as zlib } from 'node:zlib'

export type ContentCoding = 'br' | 'gzip'

/** Below this many bytes compression saves less than it costs (a body this small fits in one packet). */
export const COMPRESS_MIN_BYTES = 1400

const encoder = new TextEncoder()

/** A qvalue as RFC 9110 (12.4.2) writes it: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/**
 * The content coding to use for a request: the accepted one with the highest q-value among br and gzip
 * (br on a tie), or null for the identity coding (no header, q=0 on both, or `identity` only). A weight
 * that is not a valid qvalue (`q=2`, `q=abc`, `q=`) counts as 0, and a coding listed twice takes its lower
 * weight: neither ever earns a coding the client may not decode.
 */
export function negotiateCoding(acceptEncoding: string | null): ContentCoding | null {
  if (!acceptEncoding) return null
  let best: ContentCoding | null = null
  let bestQ = 0
  let wildcard: number | null = null
  const seen = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';')
    const name = rawName!.trim().toLowerCase()
    if (!name) continue
    let q = 1
    for (const param of params) {
      const equals = param.indexOf('=')
      if (equals < 0) {
        if (param.trim().toLowerCase() === 'q') q = 0
        continue
      }
      if (param.slice(0, equals).trim().toLowerCase() !== 'q') continue
      const value = param.slice(equals + 1).trim()
      q = QVALUE.test(value) ? Number(value) : 0
    }
    if (name === '*') wildcard = Math.min(wildcard ?? 1, q)
    else seen.set(name, Math.min(seen.get(name) ?? 1, q))
  }
  for (const coding of ['br', 'gzip'] as const) {
    const q = seen.get(coding) ?? (coding === 'gzip' ? seen.get('x-gzip') : undefined) ?? wildcard ?? 0
    if (q > bestQ) {
      best = coding
      bestQ = q
    }
  }
  return best
}

/**
 * The entity tag of one content coding of a body: the body's own tag for identity, with `-br` or `-gzip`
 * inside the quotes for a compressed form. RFC 9110 (8.8.1) lets a strong tag stand for one sequence of
 * bytes only, and a compressed body is other bytes, so each coding needs its own tag.
 */
export function codedTag(etag: string, coding: ContentCoding | null): string {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag
}

/**
 * True when `If-None-Match` names this body's tag in any coding (weak comparison, as RFC 9110 asks for this
 * header): a client that kept the gzip form and now asks for identity holds the same content.
 */
export function noneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const tags = [etag, codedTag(etag, 'br'), codedTag(etag, 'gzip')]
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim()
    if (tag === '*' || tags.includes(tag.replace(/^W\//, ''))) return true
  }
  return false
}

/** Compress with the coding's best level (documents, compressed once) or a fast one (each response). */
export function compress(bytes: Uint8Array, coding: ContentCoding, effort: 'best' | 'fast'): Uint8Array {
  if (coding === 'gzip')
    return Bun.gzipSync(bytes as Uint8Array<ArrayBuffer>, { level: effort === 'best' ? 9 : 5 })
  return brotliCompressSync(bytes, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: effort === 'best' ? 11 : 4,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  })
}

/** A strong entity tag from the exact bytes: SHA-256 for documents, a 64-bit hash for each response. */
export function entityTag(bytes: Uint8Array, strength: 'sha256' | 'fast'): string {
  if (strength === 'sha256')
    return `"${new Bun.CryptoHasher('sha256').update(bytes).digest('base64url').slice(0, 32)}"`
  return `"${Bun.hash(bytes).toString(36)}-${bytes.byteLength.toString(36)}"`
}

/** One JSON body, its entity tag and its compressed forms (made on first use, then kept). */
export class Representation {
  readonly bytes: Uint8Array
  readonly etag: string
  private readonly encoded = new Map<ContentCoding, Uint8Array>()

  constructor(
    json: string,
    readonly contentType = 'application/json',
  ) {
    this.bytes = encoder.encode(json)
    this.etag = entityTag(this.bytes, 'sha256')
  }

  encodedAs(coding: ContentCoding): Uint8Array {
    let body = this.encoded.get(coding)
    if (!body) {
      body = compress(this.bytes, coding, 'best')
      this.encoded.set(coding, body)
    }
    return body
  }

  /**
   * Answers `request` into Elysia's header record: the body's bytes in the best coding the client accepts,
   * or a 304 Response when `If-None-Match` names the tag. Bytes rather than a Response, because Elysia
   * wraps a returned Response around its body stream, and a large document then goes out at about half
   * the speed of the same bytes handed over directly (`bun run bench http`).
   */
  answer(request: Request, cacheControl: string, headers: Record<string, string>): Uint8Array | Response {
    const compressible = this.bytes.byteLength >= COMPRESS_MIN_BYTES
    const coding = compressible ? negotiateCoding(request.headers.get('accept-encoding')) : null
    headers.etag = codedTag(this.etag, coding)
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
    headers['cache-control'] = cacheControl
    if (noneMatchHits(request.headers.get('if-none-match'), this.etag))
      return new Response(null, { status: 304, headers })
    if (coding) headers['content-encoding'] = coding
    headers['content-type'] = this.contentType
    return coding ? this.encodedAs(coding) : this.bytes
  }
}
