// The at-scale storage path: with S3_BUCKET set, an upload session hands out a presigned PUT to the
// bucket, and completion, the job and the result work from the object there. Runs against s3rver, a
// local server speaking the S3 REST protocol (it does not check signatures; see README).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { type TestApp, testApp } from '../../support/app'
import { CONSUMER, createSession, fixture, waitForJob } from './helpers'

const dir = mkdtempSync(join(tmpdir(), 'wds-s3rver-'))
let server: S3rver
let t: TestApp
beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'wds' }],
  })
  const { port } = await server.run()
  t = await testApp({
    s3: {
      bucket: 'wds',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
  })
  await t.context.queue.start()
})
afterAll(async () => {
  await t.cleanup()
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('genetics uploads to an S3-compatible bucket', () => {
  it('uploads with the presigned URL, verifies, analyses and stores the source', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(CONSUMER)
    const session = await createSession(t, p, bytes, { content_type: 'text/plain' }, 'genome.txt')
    expect(session.status).toBe(201)
    expect(session.body).toMatchObject({
      storage: 's3',
      method: 'PUT',
      resumable: false,
      part_size: bytes.byteLength,
    })
    expect(session.body.upload_url).toContain('X-Amz-Signature=')
    expect(session.body.headers).toEqual({ 'content-type': 'text/plain' })
    const put = await fetch(session.body.upload_url, {
      method: 'PUT',
      body: bytes,
      headers: session.body.headers,
    })
    expect(put.status).toBe(200)
    // The service's own upload route is for local storage only.
    const local = await t.call(
      'PUT',
      `/genetics/uploads/${session.body.upload_id}/content?token=ut_whatever_token`,
      {
        rawBody: bytes,
      },
    )
    expect(local.status).toBe(404)
    const complete = await t.call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, {
      token: p.key,
    })
    expect(complete.status).toBe(200)
    const job = await waitForJob(t, p, complete.body.job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    expect(source).toMatchObject({ format: '23andme', record_count: 1517 })
  })

  it('refuses completion before the object is in the bucket', async () => {
    const p = await t.userWithKey()
    const session = (await createSession(t, p, fixture(CONSUMER))).body
    const early = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(early.status).toBe(422)
    expect(early.body.received_bytes).toBe(0)
  })
})
