// S3 multipart uploads over the REST API, signed with our SigV4 module because Bun's S3 client keeps
// its multipart machinery internal: start one (CreateMultipartUpload), presign UploadPart URLs for
// clients, list the parts that arrived (ListParts), assemble them (CompleteMultipartUpload), throw
// them away (AbortMultipartUpload), and list what is still open under a prefix (ListMultipartUploads).
// Errors are S3RequestError with S3's own error code; nothing here knows about HTTP problems.

import { childrenNamed, childText, completeMultipartXml, parseXml, type XmlElement } from './s3-xml'
import { presignUrl, type SigningScope, signedHeaders, uriEncode } from './sigv4'

export class S3RequestError extends Error {
  constructor(
    /** The S3 action, e.g. `ListParts`. */
    readonly action: string,
    /** HTTP status S3 answered with; 0 when no answer came (network, timeout). */
    readonly status: number,
    /** S3's error code (`NoSuchUpload`, `InvalidPart` …), or `NetworkError` / `MalformedResponse`. */
    readonly code: string,
    message: string,
  ) {
    super(`${action}: ${code}: ${message}`)
    this.name = 'S3RequestError'
  }
}

export interface UploadedPart {
  partNumber: number
  /** As S3 returns it, quotes included. */
  etag: string
  size: number
  lastModified: string | null
}

export interface OpenMultipartUpload {
  key: string
  uploadId: string
  initiated: string | null
}

export interface S3Target {
  /** `https://s3.<region>.amazonaws.com`, or the S3-compatible server's base URL. */
  endpoint: string
  bucket: string
  signing: SigningScope
}

/** An ETag without its quotes (and weak marker), lower-cased, for comparing. */
export const normalizeEtag = (etag: string) => etag.trim().replace(/^W\//, '').replace(/"/g, '').toLowerCase()

const TIMEOUT_MS = 60_000

export class S3MultipartClient {
  constructor(
    private readonly target: S3Target,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Path-style URL of an object (as Bun's client uses with an endpoint). */
  objectUrl(key: string): string {
    const path = key.split('/').map(uriEncode).join('/')
    return `${this.target.endpoint.replace(/\/+$/, '')}/${uriEncode(this.target.bucket)}/${path}`
  }

  private bucketUrl(): string {
    return `${this.target.endpoint.replace(/\/+$/, '')}/${uriEncode(this.target.bucket)}`
  }

  /** Start a multipart upload for `key`; returns S3's UploadId. */
  async create(key: string, contentType: string): Promise<string> {
    const doc = await this.send('CreateMultipartUpload', 'POST', `${this.objectUrl(key)}?uploads=`, {
      headers: { 'content-type': contentType },
    })
    const uploadId = doc && childText(doc, 'UploadId')
    if (!uploadId) throw malformed('CreateMultipartUpload', 'no UploadId in the answer')
    return uploadId
  }

  /** A URL that lets its holder PUT the bytes of one part (ETag comes back in the response header). */
  presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    const url = `${this.objectUrl(key)}?partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}`
    return presignUrl(this.target.signing, { method: 'PUT', url, expiresInSeconds, at: this.now() })
  }

  /** Every part that has arrived, in part-number order (all pages of ListParts). */
  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const parts: UploadedPart[] = []
    let marker = ''
    for (let page = 0; page < 20; page++) {
      const query = `uploadId=${encodeURIComponent(uploadId)}${marker ? `&part-number-marker=${marker}` : ''}`
      const doc = await this.send('ListParts', 'GET', `${this.objectUrl(key)}?${query}`)
      if (!doc) throw malformed('ListParts', 'empty answer')
      for (const part of childrenNamed(doc, 'Part')) parts.push(readPart(part))
      if (childText(doc, 'IsTruncated') !== 'true') break
      const next = childText(doc, 'NextPartNumberMarker')
      if (!next || next === marker) break
      marker = next
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber)
  }

  /** Assemble the object from these parts (ascending part numbers, ETags as UploadPart returned them). */
  async complete(key: string, uploadId: string, parts: readonly { partNumber: number; etag: string }[]) {
    const body = completeMultipartXml(parts)
    const doc = await this.send(
      'CompleteMultipartUpload',
      'POST',
      `${this.objectUrl(key)}?uploadId=${encodeURIComponent(uploadId)}`,
      { body, headers: { 'content-type': 'application/xml' } },
    )
    return { etag: (doc && childText(doc, 'ETag')) ?? null }
  }

  /** Throw away the upload and every part stored for it; an upload that is already gone counts as done. */
  async abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.send(
        'AbortMultipartUpload',
        'DELETE',
        `${this.objectUrl(key)}?uploadId=${encodeURIComponent(uploadId)}`,
      )
    } catch (error) {
      if (error instanceof S3RequestError && error.code === 'NoSuchUpload') return
      throw error
    }
  }

  /** Multipart uploads still open under a key prefix (all pages of ListMultipartUploads). */
  async listUploads(prefix: string): Promise<OpenMultipartUpload[]> {
    const uploads: OpenMultipartUpload[] = []
    let keyMarker = ''
    let idMarker = ''
    for (let page = 0; page < 100; page++) {
      let query = `uploads=&prefix=${uriEncode(prefix)}`
      if (keyMarker) query += `&key-marker=${uriEncode(keyMarker)}&upload-id-marker=${uriEncode(idMarker)}`
      const doc = await this.send('ListMultipartUploads', 'GET', `${this.bucketUrl()}?${query}`)
      if (!doc) throw malformed('ListMultipartUploads', 'empty answer')
      for (const upload of childrenNamed(doc, 'Upload')) {
        const key = childText(upload, 'Key')
        const uploadId = childText(upload, 'UploadId')
        if (key && uploadId)
          uploads.push({ key, uploadId, initiated: childText(upload, 'Initiated') ?? null })
      }
      if (childText(doc, 'IsTruncated') !== 'true') break
      const nextKey = childText(doc, 'NextKeyMarker') ?? ''
      const nextId = childText(doc, 'NextUploadIdMarker') ?? ''
      if (!nextKey || (nextKey === keyMarker && nextId === idMarker)) break
      keyMarker = nextKey
      idMarker = nextId
    }
    return uploads
  }

  /** Sign and send one request; the parsed XML answer (null when empty), or an S3RequestError. */
  private async send(
    action: string,
    method: string,
    url: string,
    options: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<XmlElement | null> {
    const headers = await signedHeaders(this.target.signing, {
      method,
      url,
      body: options.body,
      headers: options.headers,
      at: this.now(),
    })
    let response: Response
    let text: string
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      text = await response.text()
    } catch (error) {
      throw new S3RequestError(action, 0, 'NetworkError', (error as Error).message)
    }
    let doc: XmlElement | null = null
    if (text.trim()) {
      try {
        doc = parseXml(text)
      } catch (error) {
        if (response.ok) throw malformed(action, (error as Error).message)
      }
    }
    // CompleteMultipartUpload may answer 200 and still fail: the error is then in the body.
    if (!response.ok || doc?.name === 'Error') {
      const code = (doc && childText(doc, 'Code')) || `HTTP${response.status}`
      const message = (doc && childText(doc, 'Message')) || response.statusText || 'request failed'
      throw new S3RequestError(action, response.ok ? 500 : response.status, code, message)
    }
    return doc
  }
}

function readPart(part: XmlElement): UploadedPart {
  return {
    partNumber: Number(childText(part, 'PartNumber')),
    etag: childText(part, 'ETag') ?? '',
    size: Number(childText(part, 'Size') ?? Number.NaN),
    lastModified: childText(part, 'LastModified') ?? null,
  }
}

const malformed = (action: string, message: string) =>
  new S3RequestError(action, 0, 'MalformedResponse', message)
