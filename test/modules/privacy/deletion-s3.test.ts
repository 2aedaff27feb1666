// Deletion on the at-scale storage path (S3_BUCKET set): the user's assembled objects are deleted and
// every unfinished multipart upload under their keys is aborted, including one no row remembers,
// while another user's open upload stays. Runs against s3rver with the multipart layer of the
// genetics tests' local S3 server.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { S3MultipartClient } from '../../../modules/shared/storage'
import { type TestApp, testApp } from '../../support/app'
import { CONSUMER, createSession, fixture, type Person, waitForJob } from '../genetics/helpers'
import { type LocalS3, startLocalS3 } from '../genetics/s3-server'

const PART = 8192
let s3: LocalS3
let t: TestApp
let bucket: S3MultipartClient

beforeAll(async () => {
  s3 = await startLocalS3({})
  const settings = {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  }
  t = await testApp({ s3: { ...settings, partSizeBytes: PART }, exportInlineMaxBytes: 1024 })
  bucket = new S3MultipartClient({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    signing: { region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
  })
  await t.context.queue.start()
})
afterAll(async () => {
  await t.cleanup()
  await s3.close()
})

async function sendPart(part: { url: string; offset: number; size: number }, bytes: Uint8Array) {
  const put = await fetch(part.url, {
    method: 'PUT',
    body: bytes.subarray(part.offset, part.offset + part.size),
  })
  if (put.status !== 200) throw new Error(`part PUT answered ${put.status}`)
  return put.headers.get('etag')!
}

/** A completed, analysed upload (an object in the bucket) and an upload left with one part sent. */
async function seedUploads(p: Person) {
  const bytes = fixture(CONSUMER)
  const done = (await createSession(t, p, bytes, { content_type: 'text/plain' })).body
  const etags = []
  for (const part of done.multipart.parts) etags.push(await sendPart(part, bytes))
  const completed = await t.call('POST', `/genetics/uploads/${done.upload_id}/complete`, {
    token: p.key,
    body: { parts: etags.map((etag, i) => ({ part_number: i + 1, etag })) },
  })
  expect(completed.status).toBe(200)
  expect((await waitForJob(t, p, completed.body.job_id)).state).toBe('succeeded')
  const open = (await createSession(t, p, bytes, { content_type: 'text/plain' })).body
  await sendPart(open.multipart.parts[0], bytes)
  return {
    completedKey: `genetics/${p.organizationId}/${p.userId}/${done.upload_id}`,
    openKey: `genetics/${p.organizationId}/${p.userId}/${open.upload_id}`,
  }
}

describe('deletion with S3 storage', () => {
  it('deletes the objects and aborts every open multipart upload of the user, and only theirs', async () => {
    const p = await t.userWithKey()
    const bystander = await t.userWithKey()
    const mine = await seedUploads(p)
    const theirs = await seedUploads(bystander)
    // An upload started under the user's prefix that no row remembers (a crash between create and save).
    await bucket.create(`genetics/${p.organizationId}/${p.userId}/upl_orphan`, 'text/plain')
    const prefix = (x: Person) => `genetics/${x.organizationId}/${x.userId}/`
    expect((await bucket.listUploads(prefix(p))).length).toBe(2)

    const r = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
    expect(r.status).toBe(200)
    expect(r.body.receipt.removed).toMatchObject({ blobs: 1, multipart_uploads_aborted: 2 })

    expect(await bucket.listUploads(prefix(p))).toEqual([])
    expect(await t.context.storage.size(mine.completedKey)).toBeNull()
    expect(await t.context.storage.size(mine.openKey)).toBeNull()
    expect((await bucket.listUploads(prefix(bystander))).map((u) => u.key)).toEqual([theirs.openKey])
    expect(await t.context.storage.size(theirs.completedKey)).toBeGreaterThan(0)
  }, 60_000)
})

describe('a large export with S3 storage', () => {
  it('stores the archive in the bucket and serves it through the download URL; deletion removes it', async () => {
    const p = await t.userWithKey()
    await seedUploads(p)
    const started = await t.call('GET', `/users/${p.userId}/data/export`, { token: p.key })
    expect(started.status).toBe(202)
    let job: any
    for (let i = 0; i < 500; i++) {
      job = (await t.call('GET', started.headers.get('location')!, { token: p.key })).body
      if (job.state === 'succeeded' || job.state === 'failed') break
      await Bun.sleep(20)
    }
    expect(job.state).toBe('succeeded')
    const archiveKey = `exports/${p.organizationId}/${p.userId}/${job.job_id}.zip`
    expect(await t.context.storage.size(archiveKey)).toBe(job.archive_bytes)
    const url = new URL(job.download_url)
    const download = await t.app.handle(new Request(`http://localhost${url.pathname}${url.search}`))
    expect(download.status).toBe(200)
    const bytes = new Uint8Array(await download.arrayBuffer())
    expect(bytes.length).toBe(job.archive_bytes)
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])

    const deleted = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
    expect(deleted.status).toBe(200)
    expect(await t.context.storage.size(archiveKey)).toBeNull()
    expect(deleted.body.receipt.removed.tables).toContainEqual({ table: 'privacy_exports', rows: 1 })
  }, 60_000)
})
