// The at-scale storage path: with S3_BUCKET set, an upload session is an S3 multipart upload. Clients
// send parts straight to the bucket through presigned URLs, resume from ListParts, and completion checks
// each part before the bucket assembles them; cancel and expiry abort the multipart upload. Runs
// against s3rver with the multipart layer of s3-server.ts (see there for which side answers what);
// neither checks signatures. A test part size of 8 KiB cuts the 24 KiB VCF.GZ fixture into four parts.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'bun:test'
import { S3MultipartClient, S3Storage } from '../../../modules/shared/storage'
import { type TestApp, testApp } from '../../support/app'
import { useSuiteTimeout } from '../../support/test-timeout'
import {
  CONSUMER,
  createSession,
  fixture,
  type Person,
  sha256,
  UNCAPPED_UPLOADS,
  VCF_GZ,
  waitForJob,
} from './helpers'
import { type LocalS3, startLocalS3 } from './s3-server'

useSuiteTimeout()

const PART = 8192
const GiB = 1024 * 1024 * 1024
let s3: LocalS3
let t: TestApp
let bucket: S3MultipartClient
let owner: Person
let other: Person

beforeAll(async () => {
  s3 = await startLocalS3({ maxPartsPerPage: 3 })
  const settings = {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  }
  t = await testApp({
    s3: { ...settings, partSizeBytes: PART },
    genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 10 * GiB, uploadTtlSeconds: 3600 },
  })
  bucket = new S3MultipartClient({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    signing: { region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
  })
  await t.context.queue.start()
})
// Each test has people (so organizations and bucket prefixes) of its own: the open uploads one test
// leaves behind, e.g. when it fails halfway, never show up in another's listing.
beforeEach(async () => {
  owner = await t.userWithKey()
  other = await t.userWithKey()
})
afterAll(async () => {
  await t.cleanup()
  await s3.close()
})

/** PUT one part's slice of the file to its presigned URL; returns the ETag the bucket answered. */
async function sendPart(part: { url: string; offset: number; size: number }, bytes: Uint8Array) {
  const put = await fetch(part.url, {
    method: 'PUT',
    body: bytes.subarray(part.offset, part.offset + part.size),
  })
  if (put.status !== 200) throw new Error(`part PUT answered ${put.status}: ${await put.text()}`)
  return put.headers.get('etag')!
}

const keyOf = (session: { upload_id: string }, p: Person) =>
  `genetics/${p.organizationId}/${p.userId}/${session.upload_id}`
const openUploads = async (p: Person) =>
  (await bucket.listUploads(`genetics/${p.organizationId}/`)).map((u) => u.key)
const complete = (p: Person, id: string, body: unknown = {}) =>
  t.call('POST', `/genetics/uploads/${id}/complete`, { token: p.key, body })

describe('S3 multipart upload sessions', () => {
  it('sends a real VCF.GZ in four presigned parts, completes with their ETags, and stores the source', async () => {
    const bytes = fixture(VCF_GZ)
    const created = await createSession(t, owner, bytes, { content_type: 'application/gzip' })
    expect(created.status).toBe(201)
    const session = created.body
    expect(session).toMatchObject({
      storage: 's3',
      state: 'pending',
      upload_url: null,
      method: 'PUT',
      headers: {},
      part_size: PART,
      part_count: 4,
      resumable: true,
      max_bytes: 10 * GiB,
    })
    expect(session.multipart.parts_url).toBe(
      `${t.config.publicBaseUrl}/genetics/uploads/${session.upload_id}/parts`,
    )
    expect(session.multipart.etag_header).toBe('ETag')
    expect(session.multipart.parts.map((p: any) => [p.part_number, p.offset, p.size])).toEqual([
      [1, 0, PART],
      [2, PART, PART],
      [3, 2 * PART, PART],
      [4, 3 * PART, bytes.byteLength - 3 * PART],
    ])
    const url = new URL(session.multipart.parts[1].url)
    expect(url.pathname).toBe(`/${s3.bucket}/${keyOf(session, owner)}`)
    expect(url.searchParams.get('partNumber')).toBe('2')
    expect(url.searchParams.get('uploadId')).toMatch(/^[0-9a-f]+$/)
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    expect(session.multipart.parts[0].expires_at).toBe(session.expires_at)
    expect(await openUploads(owner)).toEqual([keyOf(session, owner)])

    const etags = []
    for (const part of session.multipart.parts) etags.push(await sendPart(part, bytes))
    const done = await complete(owner, session.upload_id, {
      parts: etags.map((etag, i) => ({ part_number: i + 1, etag })),
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ state: 'completed', received_bytes: bytes.byteLength })
    expect(s3.requests).toContain(`CompleteMultipartUpload ${keyOf(session, owner)}`)
    expect(await openUploads(owner)).toEqual([])
    // The object in the bucket is the file, byte for byte.
    expect(await t.context.storage.head(keyOf(session, owner), bytes.byteLength)).toEqual(bytes)

    const job = await waitForJob(t, owner, done.body.job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: owner.key })).body
    expect(source).toMatchObject({ modality: 'genetics', format: 'vcf' })
    // Completing again answers the completed session.
    const again = await complete(owner, session.upload_id)
    expect(again.status).toBe(200)
    expect(again.body.job_id).toBe(done.body.job_id)
  })

  it('resumes: lists the parts that arrived, presigns only the missing ones, completes from ListParts', async () => {
    const bytes = fixture(CONSUMER)
    const session = (await createSession(t, owner, bytes, { content_type: 'text/plain' }, 'genome.txt')).body
    expect(session.part_count).toBe(5)
    await sendPart(session.multipart.parts[0], bytes)
    const third = await sendPart(session.multipart.parts[2], bytes)

    const status = await t.call('GET', `/genetics/uploads/${session.upload_id}/parts`, { token: owner.key })
    expect(status.status).toBe(200)
    expect(status.body).toMatchObject({
      upload_id: session.upload_id,
      state: 'pending',
      size_bytes: bytes.byteLength,
      part_size: PART,
      part_count: 5,
      received_bytes: 2 * PART,
      missing_part_numbers: [2, 4, 5],
    })
    expect(status.body.parts.map((p: any) => [p.part_number, p.size, p.expected_size])).toEqual([
      [1, PART, PART],
      [3, PART, PART],
    ])
    expect(status.body.parts[1].etag).toBe(third)
    const read = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: owner.key })
    expect(read.body.received_bytes).toBe(2 * PART)

    const urls = await t.call('POST', `/genetics/uploads/${session.upload_id}/parts`, {
      token: owner.key,
      body: { part_numbers: status.body.missing_part_numbers },
    })
    expect(urls.status).toBe(200)
    expect(urls.body.parts.map((p: any) => [p.part_number, p.offset, p.size])).toEqual([
      [2, PART, PART],
      [4, 3 * PART, PART],
      [5, 4 * PART, bytes.byteLength - 4 * PART],
    ])
    for (const part of urls.body.parts) await sendPart(part, bytes)
    const after = await t.call('GET', `/genetics/uploads/${session.upload_id}/parts`, { token: owner.key })
    expect(after.body.missing_part_numbers).toEqual([])
    expect(after.body.received_bytes).toBe(bytes.byteLength)

    const done = await complete(owner, session.upload_id)
    expect(done.status).toBe(200)
    const job = await waitForJob(t, owner, done.body.job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: owner.key })).body
    expect(source).toMatchObject({ format: '23andme', record_count: 1517 })
  })

  it('names the part whose ETag is wrong, missing from the list, short, or not sent, and completes once fixed', async () => {
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, owner, bytes)).body
    const parts = session.multipart.parts
    const etags = [
      await sendPart(parts[0], bytes),
      await sendPart(parts[1], bytes),
      await sendPart(parts[2], bytes),
    ]

    const unsent = await complete(owner, session.upload_id)
    expect(unsent.status).toBe(422)
    expect(unsent.body.detail).toBe('Part 4 has not arrived at the bucket.')
    expect(unsent.body.missing_part_numbers).toEqual([4])
    expect(unsent.body.received_bytes).toBe(3 * PART)

    etags.push(await sendPart(parts[3], bytes))
    const listed = etags.map((etag, i) => ({ part_number: i + 1, etag }))
    const wrong = await complete(owner, session.upload_id, {
      parts: listed.map((p) =>
        p.part_number === 2 ? { ...p, etag: '"0123456789abcdef0123456789abcdef"' } : p,
      ),
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.detail).toStartWith('Part 2: ETag "0123456789abcdef0123456789abcdef" is not the one')
    expect(wrong.body.errors).toEqual([{ in: 'body', path: '/parts/1/etag', message: wrong.body.detail }])

    const omitted = await complete(owner, session.upload_id, {
      parts: listed.filter((p) => p.part_number !== 3),
    })
    expect(omitted.status).toBe(422)
    expect(omitted.body.detail).toBe('Part 3 is missing from the list.')
    expect(omitted.body.missing_part_numbers).toEqual([3])

    const twice = await complete(owner, session.upload_id, { parts: [...listed, listed[0]] })
    expect(twice.status).toBe(422)
    expect(twice.body.errors[0]).toMatchObject({
      path: '/parts/4/part_number',
      message: 'Part 1 is listed twice.',
    })

    // A part cut short is named with the bytes it must carry, and listed as one to send again.
    await fetch(parts[0].url, { method: 'PUT', body: bytes.subarray(0, 100) })
    const short = await complete(owner, session.upload_id)
    expect(short.status).toBe(422)
    expect(short.body.detail).toBe(
      `Part 1 holds 100 bytes; it must hold ${PART} (bytes 0-${PART - 1} of the file). Send it again.`,
    )
    expect(short.body.missing_part_numbers).toEqual([1])

    listed[0].etag = await sendPart(parts[0], bytes)
    // ETags are compared without their quotes, as S3 does.
    const fixed = await complete(owner, session.upload_id, {
      parts: listed.map((p) => ({ ...p, etag: p.etag.replaceAll('"', '') })),
    })
    expect(fixed.status).toBe(200)
    expect(fixed.body.state).toBe('completed')
    expect((await waitForJob(t, owner, fixed.body.job_id)).state).toBe('succeeded')
  })

  it('answers 422 when a part is sent again between its check and the assembly, and completes once it is right', async () => {
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, owner, bytes)).body
    const parts = session.multipart.parts
    for (const part of parts) await sendPart(part, bytes)
    // The moment is fixed, not waited for: the bucket holds the completion until part 2 has been
    // replaced (same size, other bytes), after the service listed the parts and took their ETags.
    s3.beforeComplete = async () => {
      s3.beforeComplete = null
      await sendPart({ ...parts[1], offset: parts[2].offset }, bytes)
    }
    try {
      const raced = await complete(owner, session.upload_id)
      expect(raced.status).toBe(422)
      expect(raced.body.detail).toBe(
        'Part 2 was sent again while the upload was being completed, so the bucket assembled nothing. Complete again once every part has been sent.',
      )
      expect(raced.body.errors).toEqual([
        { in: 'body', path: '/parts', message: 'Part 2 changed during completion.' },
      ])
      expect(raced.body.missing_part_numbers).toEqual([])
      expect(raced.body.received_bytes).toBe(bytes.byteLength)
      expect(raced.body.job_id).toBeUndefined()
    } finally {
      s3.beforeComplete = null
    }
    // Nothing was assembled or lost: the session waits with its multipart upload open.
    expect(await t.context.storage.size(keyOf(session, owner))).toBeNull()
    expect(await openUploads(owner)).toEqual([keyOf(session, owner)])
    const read = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: owner.key })
    expect(read.body.state).toBe('pending')

    await sendPart(parts[1], bytes)
    const done = await complete(owner, session.upload_id)
    expect(done.status).toBe(200)
    expect(await t.context.storage.head(keyOf(session, owner), bytes.byteLength)).toEqual(bytes)
    expect((await waitForJob(t, owner, done.body.job_id)).state).toBe('succeeded')
  })

  it('throws away an assembled file whose checksum is wrong and opens a new multipart upload for it', async () => {
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, owner, bytes, { sha256: sha256(fixture(CONSUMER)) })).body
    for (const part of session.multipart.parts) await sendPart(part, bytes)
    const refused = await complete(owner, session.upload_id)
    expect(refused.status).toBe(422)
    expect(refused.body.detail).toContain(
      `not the ${sha256(fixture(CONSUMER))} the session declared; send every part again`,
    )
    expect(refused.body.computed_sha256).toBe(sha256(bytes))
    expect(await t.context.storage.size(keyOf(session, owner))).toBeNull()
    // A fresh multipart upload waits for the parts; the old one was completed, so none is orphaned.
    const parts = await t.call('GET', `/genetics/uploads/${session.upload_id}/parts`, { token: owner.key })
    expect(parts.body).toMatchObject({
      state: 'pending',
      received_bytes: 0,
      missing_part_numbers: [1, 2, 3, 4],
    })
    expect((await bucket.listUploads(keyOf(session, owner))).length).toBe(1)
    const early = await complete(owner, session.upload_id)
    expect(early.status).toBe(422)
    expect(early.body.detail).toStartWith('4 problems with the parts: Part 1 has not arrived at the bucket.')
    expect(early.body.missing_part_numbers).toEqual([1, 2, 3, 4])
    const cancelled = await t.call('POST', `/genetics/uploads/${session.upload_id}/cancel`, {
      token: owner.key,
    })
    expect(cancelled.body.state).toBe('cancelled')
    expect(await bucket.listUploads(keyOf(session, owner))).toEqual([])
  })

  it('aborts the multipart upload when the session is cancelled, then refuses parts and completion', async () => {
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, owner, bytes)).body
    await sendPart(session.multipart.parts[0], bytes)
    expect(await openUploads(owner)).toEqual([keyOf(session, owner)])

    const cancelled = await t.call('POST', `/genetics/uploads/${session.upload_id}/cancel`, {
      token: owner.key,
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ upload_id: session.upload_id, state: 'cancelled' })
    expect(s3.requests).toContain(`AbortMultipartUpload ${keyOf(session, owner)}`)
    expect(await openUploads(owner)).toEqual([])

    const late = await complete(owner, session.upload_id)
    expect(late.status).toBe(410)
    expect(late.body.detail).toBe('This upload session was cancelled; create a new one.')
    const urls = await t.call('POST', `/genetics/uploads/${session.upload_id}/parts`, {
      token: owner.key,
      body: { part_numbers: [2] },
    })
    expect(urls.status).toBe(410)
    const again = await t.call('POST', `/genetics/uploads/${session.upload_id}/cancel`, { token: owner.key })
    expect(again.body.state).toBe('cancelled')
  })

  it('aborts the multipart upload of an expired session when it is next read, and by the sweep otherwise', async () => {
    const bytes = fixture(VCF_GZ)
    const touched = (await createSession(t, owner, bytes)).body
    const untouched = (await createSession(t, owner, bytes)).body
    await sendPart(touched.multipart.parts[0], bytes)
    await sendPart(untouched.multipart.parts[1], bytes)
    expect((await openUploads(owner)).sort()).toEqual([keyOf(touched, owner), keyOf(untouched, owner)].sort())

    t.clock.advance(3601_000)
    try {
      const read = await t.call('GET', `/genetics/uploads/${touched.upload_id}`, { token: owner.key })
      expect(read.body.state).toBe('expired')
      expect(await openUploads(owner)).toEqual([keyOf(untouched, owner)])
      expect((await complete(owner, touched.upload_id)).status).toBe(410)

      // Nobody reads the other session again; creating any session sweeps overdue ones.
      const next = (await createSession(t, other, bytes)).body
      expect(await openUploads(owner)).toEqual([])
      const swept = await t.call('GET', `/genetics/uploads/${untouched.upload_id}`, { token: owner.key })
      expect(swept.body.state).toBe('expired')
      await t.call('POST', `/genetics/uploads/${next.upload_id}/cancel`, { token: other.key })
    } finally {
      t.clock.advance(-3601_000)
    }
    // The sessions stay expired after the clock goes back: their parts are gone.
    const after = await t.call('GET', `/genetics/uploads/${touched.upload_id}`, { token: owner.key })
    expect(after.body.state).toBe('expired')
  })

  it('takes files past 5 GiB in at most 10,000 parts and refuses those past GENETICS_MAX_UPLOAD_BYTES', async () => {
    const size = 6 * GiB + 1
    const big = await t.call('POST', '/genetics/uploads', {
      token: owner.key,
      body: {
        user_id: owner.userId,
        organization_id: owner.organizationId,
        filename: 'wgs.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: size,
      },
    })
    expect(big.status).toBe(201)
    // 8 KiB parts would be 786,433 of them: the part size grows to whole MiB to fit 10,000.
    expect(big.body.part_size).toBe(1024 * 1024)
    expect(big.body.part_count).toBe(6145)
    expect(big.body.multipart.parts).toHaveLength(100)
    const later = await t.call('POST', `/genetics/uploads/${big.body.upload_id}/parts`, {
      token: owner.key,
      body: { part_numbers: [6145, 101, 101] },
    })
    expect(later.body.parts.map((p: any) => [p.part_number, p.size])).toEqual([
      [101, 1024 * 1024],
      [6145, 1],
    ])
    const past = await t.call('POST', `/genetics/uploads/${big.body.upload_id}/parts`, {
      token: owner.key,
      body: { part_numbers: [3, 6146] },
    })
    expect(past.status).toBe(422)
    expect(past.body.errors).toEqual([
      { in: 'body', path: '/part_numbers/1', message: 'Part 6146 is past the last part (6145).' },
    ])
    const none = await t.call('POST', `/genetics/uploads/${big.body.upload_id}/parts`, {
      token: owner.key,
      body: { part_numbers: [] },
    })
    expect(none.status).toBe(422)
    await t.call('POST', `/genetics/uploads/${big.body.upload_id}/cancel`, { token: owner.key })

    const tooBig = await t.call('POST', '/genetics/uploads', {
      token: owner.key,
      body: {
        user_id: owner.userId,
        organization_id: owner.organizationId,
        filename: 'wgs.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: 10 * GiB + 1,
      },
    })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.max_bytes).toBe(10 * GiB)
  })

  it("answers 404 for another user's session on every upload route, and never touches its parts", async () => {
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, owner, bytes)).body
    await sendPart(session.multipart.parts[0], bytes)
    const id = session.upload_id
    for (const [method, path, body] of [
      ['GET', `/genetics/uploads/${id}`, undefined],
      ['GET', `/genetics/uploads/${id}/parts`, undefined],
      ['POST', `/genetics/uploads/${id}/parts`, { part_numbers: [1] }],
      ['POST', `/genetics/uploads/${id}/complete`, {}],
      ['POST', `/genetics/uploads/${id}/cancel`, undefined],
    ] as const) {
      const r = await t.call(method, path, { token: other.key, body })
      expect(r.status).toBe(404)
      expect(r.body.detail).toBe(`Upload ${id} was not found.`)
    }
    const mine = await t.call('GET', `/genetics/uploads/${id}/parts`, { token: owner.key })
    expect(mine.body.parts.map((p: any) => p.part_number)).toEqual([1])
    await t.call('POST', `/genetics/uploads/${id}/cancel`, { token: owner.key })
  })

  it('aborts multipart uploads under the genetics prefix that no open session holds', async () => {
    const { sweepOrphanedMultipartUploads } = await import('../../../modules/genetics/service')
    const orphanKey = `genetics/${owner.organizationId}/${owner.userId}/upl_orphan`
    await bucket.create(orphanKey, 'application/gzip')
    const bytes = fixture(VCF_GZ)
    const live = (await createSession(t, owner, bytes)).body
    // Younger than the grace period: left alone, a session may be being recorded right now.
    expect(await sweepOrphanedMultipartUploads(t.context)).toBe(0)
    expect(await sweepOrphanedMultipartUploads(t.context, 0)).toBe(1)
    expect(await openUploads(owner)).toEqual([keyOf(live, owner)])
    await t.call('POST', `/genetics/uploads/${live.upload_id}/cancel`, { token: owner.key })
  })

  it('answers 503 naming the storage error when the bucket is unreachable, and keeps the session to retry', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const deadEndpoint = `http://127.0.0.1:${closed.port}`
    closed.stop(true)
    const working = t.context.storage
    const dead = new S3Storage({
      bucket: s3.bucket,
      endpoint: deadEndpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    })
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, owner, bytes)).body
    t.context.storage = dead
    try {
      const create = await createSession(t, owner, bytes)
      expect(create.status).toBe(503)
      expect(create.body).toMatchObject({
        detail:
          'The storage bucket did not complete CreateMultipartUpload (NetworkError); try again shortly.',
        storage_error: 'NetworkError',
      })
      const cancel = await t.call('POST', `/genetics/uploads/${session.upload_id}/cancel`, {
        token: owner.key,
      })
      expect(cancel.status).toBe(503)
      // Expired while the bucket is down: it reads as expired, and the abort waits for the next touch.
      t.clock.advance(3601_000)
      const read = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: owner.key })
      expect(read.status).toBe(200)
      expect(read.body.state).toBe('expired')
      expect(t.log.lines.some((l) => l.includes('genetics.upload_expiry_failed'))).toBe(true)
      expect(await openUploads(owner)).toEqual([keyOf(session, owner)])
    } finally {
      t.context.storage = working
    }
    try {
      const again = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: owner.key })
      expect(again.body.state).toBe('expired')
      expect(await openUploads(owner)).toEqual([])
    } finally {
      t.clock.advance(-3601_000)
    }
  })
})
