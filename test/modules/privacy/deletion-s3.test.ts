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
  t = await testApp({ s3: { ...settings, partSizeBytes: PART } })
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
