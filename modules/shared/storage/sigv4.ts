// AWS Signature Version 4 for S3-compatible requests Bun's S3 client does not expose: presigned URLs
// that carry extra query parameters (UploadPart needs `partNumber` and `uploadId` inside the signature)
// and header-signed calls (CreateMultipartUpload, CompleteMultipartUpload, AbortMultipartUpload,
// ListParts, ListMultipartUploads). Checked against AWS's published examples and against Bun's own
// presigner (test/modules/shared/storage.test.ts).

import { createHash, createHmac } from 'node:crypto'

export interface S3Credentials {
  accessKeyId: string
  secretAccessKey: string
  /** Temporary credentials (STS) also send their session token. */
  sessionToken?: string | null
}

export interface SigningScope {
  credentials: S3Credentials
  region: string
  /** `s3` for every call here; kept as a field so the scope line is explicit. */
  service?: string
}

/** Presigned requests do not sign a body; S3 accepts this literal in place of its hash. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'
/** SigV4 presigned URLs live at most seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600

const ALGORITHM = 'AWS4-HMAC-SHA256'

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is percent-encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** `20130524T000000Z` and `20130524` for a moment. */
export function amzDates(at: Date): { amzDate: string; shortDate: string } {
  const amzDate = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  return { amzDate, shortDate: amzDate.slice(0, 8) }
}

/** The path as S3 signs it: each segment encoded once (S3 does not double-encode), slashes kept. */
function canonicalPath(url: URL): string {
  const path = url.pathname || '/'
  return path
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/')
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

function signingKey(scope: SigningScope, shortDate: string): Buffer {
  const dateKey = hmac(`AWS4${scope.credentials.secretAccessKey}`, shortDate)
  const regionKey = hmac(dateKey, scope.region)
  const serviceKey = hmac(regionKey, scope.service ?? 's3')
  return hmac(serviceKey, 'aws4_request')
}

const credentialScope = (scope: SigningScope, shortDate: string) =>
  `${shortDate}/${scope.region}/${scope.service ?? 's3'}/aws4_request`

/** Signature over a canonical request; `headers` must be lower-case names with their values. */
function signature(
  scope: SigningScope,
  at: Date,
  method: string,
  url: URL,
  headers: Record<string, string>,
  payloadHash: string,
): { signature: string; signedHeaders: string } {
  const { amzDate, shortDate } = amzDates(at)
  const names = Object.keys(headers).sort()
  const canonicalHeaders = names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, ' ')}\n`).join('')
  const signedHeaders = names.join(';')
  const canonicalRequest = [
    method,
    canonicalPath(url),
    canonicalQuery(url.searchParams),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n')
  const stringToSign = [
    ALGORITHM,
    amzDate,
    credentialScope(scope, shortDate),
    sha256Hex(canonicalRequest),
  ].join('\n')
  return {
    signature: createHmac('sha256', signingKey(scope, shortDate)).update(stringToSign, 'utf8').digest('hex'),
    signedHeaders,
  }
}

/**
 * A presigned URL: anyone holding it may send this one request (method, path and every query parameter
 * already in `url`, such as `partNumber` and `uploadId`) until it expires. Only `host` is signed, so the
 * client may send any Content-Type and Content-Length.
 */
export function presignUrl(
  scope: SigningScope,
  request: { method: string; url: string; expiresInSeconds: number; at?: Date },
): string {
  const url = new URL(request.url)
  const at = request.at ?? new Date()
  const { amzDate, shortDate } = amzDates(at)
  const expires = Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(request.expiresInSeconds)))
  url.searchParams.set('X-Amz-Algorithm', ALGORITHM)
  url.searchParams.set(
    'X-Amz-Credential',
    `${scope.credentials.accessKeyId}/${credentialScope(scope, shortDate)}`,
  )
  url.searchParams.set('X-Amz-Date', amzDate)
  url.searchParams.set('X-Amz-Expires', String(expires))
  url.searchParams.set('X-Amz-SignedHeaders', 'host')
  if (scope.credentials.sessionToken)
    url.searchParams.set('X-Amz-Security-Token', scope.credentials.sessionToken)
  const signed = signature(scope, at, request.method, url, { host: url.host }, UNSIGNED_PAYLOAD)
  // Rebuild the query with SigV4's encoding so the URL carries exactly the bytes that were signed.
  return `${url.origin}${canonicalPath(url)}?${canonicalQuery(url.searchParams)}&X-Amz-Signature=${signed.signature}`
}

/**
 * Headers that sign one request (the body's SHA-256 is signed too). Extra headers given here are signed
 * and must be sent as returned.
 */
export function signedHeaders(
  scope: SigningScope,
  request: {
    method: string
    url: string
    body?: string | Uint8Array
    headers?: Record<string, string>
    at?: Date
  },
): Record<string, string> {
  const url = new URL(request.url)
  const at = request.at ?? new Date()
  const payloadHash = sha256Hex(request.body ?? '')
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value
  headers.host = url.host
  headers['x-amz-date'] = amzDates(at).amzDate
  headers['x-amz-content-sha256'] = payloadHash
  if (scope.credentials.sessionToken) headers['x-amz-security-token'] = scope.credentials.sessionToken
  const signed = signature(scope, at, request.method, url, headers, payloadHash)
  const { shortDate } = amzDates(at)
  const { host: _host, ...toSend } = headers
  return {
    ...toSend,
    authorization: `${ALGORITHM} Credential=${scope.credentials.accessKeyId}/${credentialScope(scope, shortDate)},SignedHeaders=${signed.signedHeaders},Signature=${signed.signature}`,
  }
}
