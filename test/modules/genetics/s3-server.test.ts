// The local S3 server the storage tests rely on keeps S3's read-after-write promise: once UploadPart,
// PutObject or CompleteMultipartUpload has answered, ListParts and GetObject see every byte. s3rver on its
// own answered before its file was written, so on a busy machine a part listed right after its 200 held
// 0 bytes (36 of 200 tries in one run) and the S3 upload tests failed; see s3rver-durable-writes.ts.
// Each check is repeated because the lost write depended on how the disk threads were scheduled.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createHash } from 'node:crypto'
import { S3MultipartClient, S3Storage } from '../../../modules/shared/storage'
import { useSuiteTimeout } from '../../support/test-timeout'
import { type LocalS3, startLocalS3 } from './s3-server'

useSuiteTimeout()

const TRIES = 40
const PART = 64 * 1024
let s3: LocalS3
let bucket: S3MultipartClient
let objects: S3Storage

beforeAll(async () => {
  s3 = await startLocalS3()
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  bucket = new S3MultipartClient({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    signing: { region: 'us-east-1', credentials },
  })
  objects = new S3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', ...credentials })
})
afterAll(() => s3.close())

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')
const bytesOf = (size: number, seed: number) => new Uint8Array(size).map((_, i) => (i * 31 + seed) % 251)

async function putPart(key: string, uploadId: string, partNumber: number, body: Uint8Array) {
  const put = await fetch(await bucket.presignPart(key, uploadId, partNumber, 600), { method: 'PUT', body })
  expect(put.status).toBe(200)
  return put.headers.get('etag')
}

describe('the local S3 server', () => {
  it('lists a part sent again at its new size and ETag as soon as the UploadPart has answered', async () => {
    const key = 'consistency/parts'
    const uploadId = await bucket.create(key, 'application/octet-stream')
    const whole = bytesOf(PART, 1)
    for (let i = 0; i < TRIES; i++) {
      await putPart(key, uploadId, 1, whole.subarray(0, 100))
      const etag = await putPart(key, uploadId, 1, whole)
      const listed = await bucket.listParts(key, uploadId)
      expect(listed.map((p) => [p.partNumber, p.size, p.etag])).toEqual([[1, PART, `"${md5(whole)}"`]])
      expect(etag).toBe(`"${md5(whole)}"`)
    }
    await bucket.abort(key, uploadId)
  })

  it('serves the whole assembled object as soon as CompleteMultipartUpload has answered', async () => {
    for (let i = 0; i < TRIES / 4; i++) {
      const key = `consistency/object-${i}`
      const uploadId = await bucket.create(key, 'application/octet-stream')
      const first = bytesOf(PART, i)
      const last = bytesOf(1000, i + 7)
      const parts = [
        { partNumber: 1, etag: (await putPart(key, uploadId, 1, first))! },
        { partNumber: 2, etag: (await putPart(key, uploadId, 2, last))! },
      ]
      await bucket.complete(key, uploadId, parts)
      expect(await objects.size(key)).toBe(PART + 1000)
      const read = await objects.head(key, PART + 1000)
      expect(md5(read)).toBe(md5(new Uint8Array([...first, ...last])))
      expect(await bucket.listUploads(key)).toEqual([])
    }
  })
})
