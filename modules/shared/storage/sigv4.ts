// AWS Signature Version 4 for the S3-compatible requests Bun's S3 client does not expose: presigned
// URLs that carry extra query parameters (UploadPart needs `partNumber` and `uploadId` inside the
// signature) and header-signed calls (CreateMultipartUpload, CompleteMultipartUpload,
// AbortMultipartUpload, ListParts, ListMultipartUploads). The signing itself is `aws4fetch`'s
// (maintained, small, WebCrypto, no native code), not ours; this file only fixes how this service calls
// it. AWS's published examples and Bun's own presigner stay as regression tests
// (test/modules/shared/storage.test.ts).

import { createHash } from 'node:crypto'
import { AwsV4Signer } from 'aws4fetch'

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

/** SigV4 presigned URLs live at most seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/** RFC 3986 encoding as S3 paths and queries want it: all but A-Z a-z 0-9 - . _ ~ percent-encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** `20130524T000000Z` for a moment. */
const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

const signer = (
  scope: SigningScope,
  request: { method: string; url: string; at?: Date; headers?: Record<string, string>; signQuery?: boolean },
) =>
  new AwsV4Signer({
    method: request.method,
    url: request.url,
    headers: request.headers,
    accessKeyId: scope.credentials.accessKeyId,
    secretAccessKey: scope.credentials.secretAccessKey,
    sessionToken: scope.credentials.sessionToken ?? undefined,
    service: scope.service ?? 's3',
    region: scope.region,
    datetime: amzDate(request.at ?? new Date()),
    signQuery: request.signQuery,
    // Sign every header given (S3 accepts a signed Range; the default leaves it out).
    allHeaders: true,
  })

/**
 * A presigned URL: anyone holding it may send this one request (method, path and every query parameter
 * already in `url`, such as `partNumber` and `uploadId`) until it expires. Only `host` is signed, so the
 * client may send any Content-Type and Content-Length.
 */
export async function presignUrl(
  scope: SigningScope,
  request: { method: string; url: string; expiresInSeconds: number; at?: Date },
): Promise<string> {
  const url = new URL(request.url)
  const expires = Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(request.expiresInSeconds)))
  url.searchParams.set('X-Amz-Expires', String(expires))
  const signed = await signer(scope, { ...request, url: url.href, signQuery: true }).sign()
  return signed.url.href
}

/**
 * Headers that sign one request (the body's SHA-256 is signed too). Extra headers given here are signed
 * and must be sent as returned.
 */
export async function signedHeaders(
  scope: SigningScope,
  request: {
    method: string
    url: string
    body?: string | Uint8Array
    headers?: Record<string, string>
    at?: Date
  },
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value
  // The real hash rather than UNSIGNED-PAYLOAD: S3 then rejects a body changed on the way.
  headers['x-amz-content-sha256'] = sha256Hex(request.body ?? '')
  const signed = await signer(scope, { ...request, headers }).sign()
  return Object.fromEntries([...signed.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]))
}
