// A local S3-compatible server for the storage tests: s3rver 3.7.1 (it speaks the S3 REST protocol and
// keeps objects on disk), plus a small layer in front of its router for the multipart requests s3rver
// does not implement. s3rver itself serves CreateMultipartUpload, UploadPart and the assembly of
// CompleteMultipartUpload; it answers ListParts, AbortMultipartUpload and ListMultipartUploads with
// MethodNotAllowed / NotImplemented, and it assembles whatever part numbers it is given without
// checking their ETags. This layer answers those three from s3rver's own upload directory and checks
// the parts of a CompleteMultipartUpload the way S3 does (InvalidPart, InvalidPartOrder,
// NoSuchUpload) before s3rver assembles them. Neither checks SigV4 signatures. s3rver's own writes answer
// before their bytes are on disk; s3rver-durable-writes.ts makes them answer after, as S3 does.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import S3rver from 's3rver'
import { childrenNamed, childText, parseXml } from '../../../modules/shared/storage/s3-xml'
import { answerWritesWhenDurable, type S3rverStore } from './s3rver-durable-writes'

export interface LocalS3 {
  endpoint: string
  bucket: string
  /** The S3 requests seen, as `ACTION key` lines (e.g. `AbortMultipartUpload genetics/…`). */
  requests: string[]
  /**
   * Runs when a CompleteMultipartUpload has arrived, before its parts are checked: a test sets it to
   * act in exactly that moment (e.g. send a part again between the service's ListParts and its
   * completion), then clears it.
   */
  beforeComplete: ((key: string) => Promise<void>) | null
  close(): Promise<void>
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function s3Error(ctx: any, status: number, code: string, message: string) {
  ctx.status = status
  ctx.type = 'application/xml'
  ctx.body = xml(`<Error><Code>${code}</Code><Message>${escapeText(message)}</Message></Error>`)
}

async function readBody(req: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Start s3rver with one bucket on a free port. `maxPartsPerPage` makes ListParts page early, so that
 * paging is exercised with a handful of parts (S3's own default is 1,000).
 */
export async function startLocalS3(options: { bucket?: string; maxPartsPerPage?: number } = {}) {
  const bucket = options.bucket ?? 'wds'
  const directory = mkdtempSync(join(tmpdir(), 'wds-s3rver-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  answerWritesWhenDurable(server.store as S3rverStore)
  const uploadsDir = join(directory, bucket, '._S3rver_uploads')
  const requests: string[] = []
  const pageSize = options.maxPartsPerPage ?? 1000

  const uploadDir = (uploadId: string) =>
    /^[0-9a-f]+$/.test(uploadId) ? join(uploadsDir, uploadId) : join(uploadsDir, 'invalid')
  const keyOf = (dir: string) => readFileSync(join(dir, 'key'), 'utf8')
  const partsOf = (dir: string) =>
    readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => ({
        number: n,
        size: statSync(join(dir, String(n))).size,
        md5: readFileSync(join(dir, `${n}.md5`), 'utf8'),
        modified: statSync(join(dir, String(n))).mtime.toISOString(),
      }))

  const multipartLayer = async (ctx: any, next: () => Promise<void>) => {
    const segments = ctx.path.split('/').slice(1)
    if (segments[0] !== bucket) return next()
    const key = segments.slice(1).map(decodeURIComponent).join('/')
    const query = ctx.query as Record<string, string>
    const method = ctx.method as string

    if (!key && method === 'GET' && 'uploads' in query) {
      requests.push(`ListMultipartUploads ${query.prefix ?? ''}`)
      const prefix = query.prefix ?? ''
      const open = existsSync(uploadsDir)
        ? readdirSync(uploadsDir)
            .map((id) => ({ id, dir: join(uploadsDir, id) }))
            .filter(({ dir }) => existsSync(join(dir, 'key')))
            .map(({ id, dir }) => ({
              id,
              key: keyOf(dir),
              initiated: statSync(join(dir, 'key')).mtime.toISOString(),
            }))
            .filter((u) => u.key.startsWith(prefix))
            .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        : []
      ctx.type = 'application/xml'
      ctx.body = xml(
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket>` +
          `<Prefix>${escapeText(prefix)}</Prefix><IsTruncated>false</IsTruncated>` +
          open
            .map(
              (u) =>
                `<Upload><Key>${escapeText(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated}</Initiated></Upload>`,
            )
            .join('') +
          '</ListMultipartUploadsResult>',
      )
      return
    }
    if (!key || !('uploadId' in query)) {
      if (key && method === 'POST' && 'uploads' in query) requests.push(`CreateMultipartUpload ${key}`)
      return next()
    }

    const dir = uploadDir(query.uploadId)
    const exists = existsSync(join(dir, 'key')) && keyOf(dir) === key
    const noSuchUpload = () =>
      s3Error(
        ctx,
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      )

    if (method === 'PUT') {
      requests.push(`UploadPart ${key} ${query.partNumber}`)
      if (!exists) return noSuchUpload()
      return next()
    }
    if (method === 'GET') {
      requests.push(`ListParts ${key}`)
      if (!exists) return noSuchUpload()
      const marker = Number(query['part-number-marker'] ?? 0)
      const all = partsOf(dir).filter((p) => p.number > marker)
      const page = all.slice(0, pageSize)
      const truncated = all.length > page.length
      ctx.type = 'application/xml'
      ctx.body = xml(
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${escapeText(key)}</Key>` +
          `<UploadId>${query.uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
          `<NextPartNumberMarker>${page.at(-1)?.number ?? marker}</NextPartNumberMarker><MaxParts>${pageSize}</MaxParts>` +
          `<IsTruncated>${truncated}</IsTruncated>` +
          page
            .map(
              (p) =>
                `<Part><PartNumber>${p.number}</PartNumber><LastModified>${p.modified}</LastModified><ETag>&quot;${p.md5}&quot;</ETag><Size>${p.size}</Size></Part>`,
            )
            .join('') +
          '</ListPartsResult>',
      )
      return
    }
    if (method === 'DELETE') {
      requests.push(`AbortMultipartUpload ${key}`)
      if (!exists) return noSuchUpload()
      rmSync(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    if (method === 'POST') {
      requests.push(`CompleteMultipartUpload ${key}`)
      const body = await readBody(ctx.req)
      if (local.beforeComplete) await local.beforeComplete(key)
      if (!exists) return noSuchUpload()
      let parts: { number: number; etag: string }[]
      try {
        parts = childrenNamed(parseXml(body), 'Part').map((p) => ({
          number: Number(childText(p, 'PartNumber')),
          etag: (childText(p, 'ETag') ?? '').replace(/"/g, ''),
        }))
      } catch {
        return s3Error(ctx, 400, 'MalformedXML', 'The XML you provided was not well-formed.')
      }
      const stored = new Map(partsOf(dir).map((p) => [p.number, p]))
      for (let i = 0; i < parts.length; i++) {
        if (i > 0 && parts[i].number <= parts[i - 1].number)
          return s3Error(ctx, 400, 'InvalidPartOrder', 'The list of parts was not in ascending order.')
        const part = stored.get(parts[i].number)
        if (!part || part.md5 !== parts[i].etag)
          return s3Error(
            ctx,
            400,
            'InvalidPart',
            "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
          )
      }
      // s3rver reads the body again to assemble the object.
      ctx.req = Readable.from([Buffer.from(body)])
      return next()
    }
    return next()
  }

  // In front of s3rver's router (the last middleware), after its logging and XML encoding.
  server.middleware.splice(server.middleware.length - 1, 0, multipartLayer)
  const { port } = await server.run()
  const local: LocalS3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    requests,
    beforeComplete: null,
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
  return local
}
