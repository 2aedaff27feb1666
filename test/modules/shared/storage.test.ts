// Blob storage: local disk (streamed writes at an offset, resume, the size cap, keys that cannot climb
// out of the root) and an S3-compatible bucket through Bun's S3 client, against s3rver (a local server
// that speaks the S3 REST protocol): presigned PUT, size, first bytes, streamed checksum, local copy.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { LocalDiskStorage, S3Storage, sha256OfBlob } from '../../../modules/shared/storage'

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
    })
    // Resend from 4000: bytes after 4000 are replaced, not appended.
    const rest = await storage.writeAt(key, 4000, streamOf(bytes.subarray(4000)), bytes.length)
    expect(rest).toEqual({ size: bytes.length, overLimit: false })
    expect(await sha256OfBlob(storage, key)).toBe(hex(bytes))
    expect(await storage.head(key, 4)).toEqual(bytes.subarray(0, 4))
    expect(readFileSync((await storage.localCopy(key)).path)).toEqual(Buffer.from(bytes))
    await expect(storage.writeAt(key, bytes.length + 1, streamOf(bytes), bytes.length * 2)).rejects.toThrow(
      'offset',
    )
  })

  it('stops at the size cap and says so', async () => {
    const outcome = await storage.writeAt('genetics/org_a/usr_a/upl_2', 0, streamOf(bytes), 1234)
    expect(outcome).toEqual({ size: 1234, overLimit: true })
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

describe('S3 storage against s3rver', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wds-s3rver-'))
  let server: S3rver
  let storage: S3Storage
  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'wds' }],
    })
    const { port } = await server.run()
    storage = new S3Storage({
      bucket: 'wds',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

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
})
