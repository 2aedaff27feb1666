// Blob storage: local disk (streamed writes at an offset, resume, the size cap, keys that cannot climb
// out of the root); the S3 pieces: SigV4 signing (AWS's published examples and Bun's own presigner),
// part sizes within S3's limits, the multipart XML; and an S3-compatible bucket against s3rver with the
// multipart layer of test/modules/genetics/s3-server.ts: presigned PUT, reads, and the multipart calls.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  LocalDiskStorage,
  partSpan,
  planMultipart,
  presignUrl,
  S3_MAX_OBJECT_BYTES,
  S3_MAX_PARTS,
  S3_MIN_PART_BYTES,
  S3MultipartClient,
  S3RequestError,
  S3Storage,
  sha256OfBlob,
  signedHeaders,
} from '../../../modules/shared/storage'
import {
  childrenNamed,
  childText,
  completeMultipartXml,
  parseXml,
} from '../../../modules/shared/storage/s3-xml'
import { type LocalS3, startLocalS3 } from '../genetics/s3-server'

const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 251)
const hex = (b: Uint8Array) => new Bun.CryptoHasher('sha256').update(b).digest('hex')
const streamOf = (...parts: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(p)
      controller.close()
    },
  })

describe('local disk storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'wds-blobs-'))
  const storage = new LocalDiskStorage(root)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('writes a stream in parts at offsets, replaces from a resent offset, and checksums the result', async () => {
    const key = 'genetics/org_a/usr_a/upl_1'
    expect(await storage.size(key)).toBeNull()
    expect(
      await storage.writeAt(
        key,
        0,
        streamOf(bytes.subarray(0, 1000), bytes.subarray(1000, 5000)),
        bytes.length,
      ),
    ).toEqual({
      size: 5000,
      overLimit: false,
      interrupted: false,
    })
    // Resend from 4000: bytes after 4000 are replaced, not appended.
    const rest = await storage.writeAt(key, 4000, streamOf(bytes.subarray(4000)), bytes.length)
    expect(rest).toEqual({ size: bytes.length, overLimit: false, interrupted: false })
    expect(await sha256OfBlob(storage, key)).toBe(hex(bytes))
    expect(await storage.head(key, 4)).toEqual(bytes.subarray(0, 4))
    expect(readFileSync((await storage.localCopy(key)).path)).toEqual(Buffer.from(bytes))
    await expect(storage.writeAt(key, bytes.length + 1, streamOf(bytes), bytes.length * 2)).rejects.toThrow(
      'offset',
    )
  })

  it('stops at the size cap and says so', async () => {
    const outcome = await storage.writeAt('genetics/org_a/usr_a/upl_2', 0, streamOf(bytes), 1234)
    expect(outcome).toEqual({ size: 1234, overLimit: true, interrupted: false })
    expect(await storage.size('genetics/org_a/usr_a/upl_2')).toBe(1234)
  })

  it('refuses keys that would leave its root', () => {
    expect(() => storage.pathOf('../etc/passwd')).toThrow('invalid blob key')
    expect(() => storage.pathOf('a//b')).toThrow('invalid blob key')
  })

  it('deletes blobs', async () => {
    await storage.put('x/y', bytes.subarray(0, 10))
    expect(await storage.size('x/y')).toBe(10)
    await storage.delete('x/y')
    expect(existsSync(storage.pathOf('x/y'))).toBe(false)
  })
})

const MiB = 1024 * 1024
// The credentials and date of AWS's Signature Version 4 examples in the S3 API reference.
const AWS_EXAMPLE = {
  region: 'us-east-1',
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
}
const EXAMPLE_DATE = new Date('2013-05-24T00:00:00Z')
const amzDateOf = (url: string) =>
  new Date(
    new URL(url).searchParams
      .get('X-Amz-Date')!
      .replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'),
  )

describe("SigV4 signing (aws4fetch, held to AWS's published examples)", () => {
  it("reproduces AWS's presigned GET example (test.txt, 24 hours)", async () => {
    const url = new URL(
      await presignUrl(AWS_EXAMPLE, {
        method: 'GET',
        url: 'https://examplebucket.s3.amazonaws.com/test.txt',
        expiresInSeconds: 86400,
        at: EXAMPLE_DATE,
      }),
    )
    expect(url.origin + url.pathname).toBe('https://examplebucket.s3.amazonaws.com/test.txt')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    })
  })

  it("reproduces AWS's header-signed GET example with a Range header", async () => {
    const headers = await signedHeaders(AWS_EXAMPLE, {
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { Range: 'bytes=0-9' },
      at: EXAMPLE_DATE,
    })
    expect(headers).toEqual({
      range: 'bytes=0-9',
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    })
  })

  it("reproduces AWS's header-signed PUT example (a body, a date header, a storage class)", async () => {
    const headers = await signedHeaders(AWS_EXAMPLE, {
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
      body: 'Welcome to Amazon S3.',
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      at: EXAMPLE_DATE,
    })
    expect(headers['x-amz-content-sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    )
    expect(headers.authorization).toEndWith(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    )
  })

  it("signs a presigned PUT exactly as Bun's own S3 client does (path-style, a key with a space)", async () => {
    const bun = new Bun.S3Client({
      bucket: 'wds',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'AKTEST',
      secretAccessKey: 'secret/with+chars',
    })
    const theirs = bun.presign('genetics/a b/upl_1', { method: 'PUT', expiresIn: 900 })
    const ours = await presignUrl(
      { region: 'eu-west-1', credentials: { accessKeyId: 'AKTEST', secretAccessKey: 'secret/with+chars' } },
      {
        method: 'PUT',
        url: 'http://127.0.0.1:9000/wds/genetics/a%20b/upl_1',
        expiresInSeconds: 900,
        at: amzDateOf(theirs),
      },
    )
    const signatureOf = (url: string) => new URL(url).searchParams.get('X-Amz-Signature')
    expect(signatureOf(ours)).toBe(signatureOf(theirs))
    expect(new URL(ours).pathname).toBe(new URL(theirs).pathname)
  })

  it('puts partNumber and uploadId inside the signed query of an UploadPart URL', async () => {
    const client = new S3MultipartClient(
      { endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'wds', signing: AWS_EXAMPLE },
      () => EXAMPLE_DATE,
    )
    const one = new URL(await client.presignPart('genetics/o/u/upl_1', 'UPLOAD.id-1', 1, 3600))
    const two = new URL(await client.presignPart('genetics/o/u/upl_1', 'UPLOAD.id-1', 2, 3600))
    const other = new URL(await client.presignPart('genetics/o/u/upl_1', 'UPLOAD.id-2', 1, 3600))
    expect(one.pathname).toBe('/wds/genetics/o/u/upl_1')
    expect(one.searchParams.get('partNumber')).toBe('1')
    expect(one.searchParams.get('uploadId')).toBe('UPLOAD.id-1')
    expect(one.searchParams.get('X-Amz-Expires')).toBe('3600')
    // The signature covers both: another part or another upload gets another signature.
    const signatures = [one, two, other].map((u) => u.searchParams.get('X-Amz-Signature'))
    expect(new Set(signatures).size).toBe(3)
    // Re-signing the same request reproduces it, so nothing outside the signature changes the URL.
    const resigned = await presignUrl(AWS_EXAMPLE, {
      method: 'PUT',
      url: 'https://s3.us-east-1.amazonaws.com/wds/genetics/o/u/upl_1?partNumber=1&uploadId=UPLOAD.id-1',
      expiresInSeconds: 3600,
      at: EXAMPLE_DATE,
    })
    expect(resigned).toBe(one.href)
  })

  it('caps presigned URLs at seven days, the SigV4 limit', async () => {
    const url = await presignUrl(AWS_EXAMPLE, {
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      expiresInSeconds: 30 * 24 * 3600,
      at: EXAMPLE_DATE,
    })
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600))
  })
})

describe('multipart part sizes', () => {
  it('keeps a small file in one part and a 5 GiB file in 16 MiB parts', () => {
    expect(planMultipart(24_681)).toEqual({ sizeBytes: 24_681, partSize: 16 * MiB, partCount: 1 })
    expect(planMultipart(5 * 1024 * MiB)).toEqual({
      sizeBytes: 5 * 1024 * MiB,
      partSize: 16 * MiB,
      partCount: 320,
    })
  })

  it('grows the part size past 10,000 parts and stays within S3 limits up to 5 TiB', () => {
    const wgs = planMultipart(200 * 1024 * MiB)
    expect(wgs.partSize).toBe(21 * MiB)
    expect(wgs.partCount).toBe(9753)
    for (const size of [157 * 1024 * MiB + 3, 1024 * 1024 * MiB, S3_MAX_OBJECT_BYTES]) {
      const plan = planMultipart(size)
      expect(plan.partCount).toBeLessThanOrEqual(S3_MAX_PARTS)
      expect(plan.partSize).toBeGreaterThanOrEqual(S3_MIN_PART_BYTES)
      expect(plan.partSize).toBeLessThanOrEqual(5 * 1024 * MiB)
      expect(plan.partSize * plan.partCount).toBeGreaterThanOrEqual(size)
    }
  })

  it('gives each part its offset and size, the last one shorter', () => {
    const plan = planMultipart(24_681, 8192)
    expect(plan.partCount).toBe(4)
    expect(partSpan(plan, 1)).toEqual({ offset: 0, size: 8192 })
    expect(partSpan(plan, 4)).toEqual({ offset: 24_576, size: 105 })
    expect(() => partSpan(plan, 5)).toThrow('outside 1..4')
  })

  it('refuses an empty file and one past 5 TiB', () => {
    expect(() => planMultipart(0)).toThrow(RangeError)
    expect(() => planMultipart(S3_MAX_OBJECT_BYTES + 1)).toThrow(RangeError)
  })
})

describe('multipart XML', () => {
  it('reads ETags with their entity-encoded quotes and ignores namespaces', () => {
    const doc = parseXml(
      '<?xml version="1.0"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        '<Part><PartNumber>2</PartNumber><ETag>&quot;abc&quot;</ETag><Size>5</Size></Part>' +
        '<Part><PartNumber>3</PartNumber><ETag><![CDATA["def"]]></ETag></Part></ListPartsResult>',
    )
    expect(doc.name).toBe('ListPartsResult')
    expect(childrenNamed(doc, 'Part').map((p) => childText(p, 'ETag'))).toEqual(['"abc"', '"def"'])
  })

  it('refuses a document that is not well-formed', () => {
    expect(() => parseXml('<Error><Code>x</Error>')).toThrow()
    expect(() => parseXml('')).toThrow()
  })

  it('writes CompleteMultipartUpload with the parts in order and escaped ETags', () => {
    const xml = completeMultipartXml([
      { partNumber: 1, etag: '"a&b"' },
      { partNumber: 2, etag: '"c"' },
    ])
    const parts = childrenNamed(parseXml(xml), 'Part')
    expect(parts.map((p) => [childText(p, 'PartNumber'), childText(p, 'ETag')])).toEqual([
      ['1', '"a&b"'],
      ['2', '"c"'],
    ])
  })
})

describe('S3 storage against s3rver', () => {
  let s3: LocalS3
  let storage: S3Storage
  let client: S3MultipartClient
  beforeAll(async () => {
    s3 = await startLocalS3({ maxPartsPerPage: 2 })
    storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    })
    client = storage.multipart!
  })
  afterAll(() => s3.close())

  it('takes a presigned PUT and reads the object back: size, first bytes, checksum, local copy', async () => {
    const key = 'genetics/org_a/usr_a/upl_s3'
    const url = storage.presignPut(key, { expiresInSeconds: 600, contentType: 'application/gzip' })
    expect(url).toContain('X-Amz-Signature=')
    const put = await fetch(url, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/gzip' },
    })
    expect(put.status).toBe(200)
    expect(await storage.size(key)).toBe(bytes.length)
    expect(await storage.head(key, 5)).toEqual(bytes.subarray(0, 5))
    expect(await sha256OfBlob(storage, key)).toBe(hex(bytes))
    const copy = await storage.localCopy(key)
    expect(readFileSync(copy.path)).toEqual(Buffer.from(bytes))
    await copy.release()
    expect(existsSync(copy.path)).toBe(false)
    await storage.delete(key)
    expect(await storage.size(key)).toBeNull()
  })

  it('uploads parts through presigned URLs, lists them across pages, and assembles the object', async () => {
    const key = 'genetics/org_a/usr_a/upl_mp'
    const uploadId = await client.create(key, 'application/gzip')
    const cuts = [0, 100_000, 200_000, 300_000]
    const etags: string[] = []
    for (let i = 0; i < 3; i++) {
      const put = await fetch(await client.presignPart(key, uploadId, i + 1, 600), {
        method: 'PUT',
        body: bytes.subarray(cuts[i], cuts[i + 1]),
      })
      expect(put.status).toBe(200)
      etags.push(put.headers.get('etag')!)
    }
    const before = s3.requests.length
    const listed = await client.listParts(key, uploadId)
    // Two parts a page: two ListParts requests.
    expect(s3.requests.slice(before)).toEqual([`ListParts ${key}`, `ListParts ${key}`])
    expect(listed.map((p) => [p.partNumber, p.size, p.etag])).toEqual([
      [1, 100_000, etags[0]],
      [2, 100_000, etags[1]],
      [3, 100_000, etags[2]],
    ])
    expect(await client.listUploads('genetics/org_a/')).toEqual([
      { key, uploadId, initiated: expect.any(String) },
    ])
    await client.complete(
      key,
      uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    )
    expect(await sha256OfBlob(storage, key)).toBe(hex(bytes))
    expect(await client.listUploads('genetics/org_a/')).toEqual([])
  })

  it("answers S3's own error codes: a wrong ETag, an aborted upload, and an abort that is already done", async () => {
    const key = 'genetics/org_a/usr_a/upl_bad'
    const uploadId = await client.create(key, 'text/plain')
    await fetch(await client.presignPart(key, uploadId, 1, 600), {
      method: 'PUT',
      body: bytes.subarray(0, 10),
    })
    const refused = await client.complete(key, uploadId, [{ partNumber: 1, etag: '"0000"' }]).catch((e) => e)
    expect(refused).toBeInstanceOf(S3RequestError)
    expect(refused).toMatchObject({ action: 'CompleteMultipartUpload', status: 400, code: 'InvalidPart' })
    await client.abort(key, uploadId)
    await client.abort(key, uploadId)
    const gone = await client.listParts(key, uploadId).catch((e) => e)
    expect(gone).toMatchObject({ action: 'ListParts', status: 404, code: 'NoSuchUpload' })
    expect(await client.listUploads('genetics/org_a/usr_a/upl_bad')).toEqual([])
  })

  it('reports a bucket that does not answer as a NetworkError, not a crash', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const port = closed.port
    closed.stop(true)
    const offline = new S3MultipartClient({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'wds',
      signing: AWS_EXAMPLE,
    })
    const error = await offline.create('genetics/x', 'text/plain').catch((e) => e)
    expect(error).toMatchObject({ name: 'S3RequestError', status: 0, code: 'NetworkError' })
  })
})
