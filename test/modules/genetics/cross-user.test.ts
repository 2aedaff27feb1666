// Genetics data stays with its owner: another user's upload, job, source, findings and ancestry answer
// 404 (never their data), and a request naming another user answers 403.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { createSession, fixture, putBytes, uploadFile, VCF_GZ, waitForJob } from './helpers'

let t: TestApp
let owner: Awaited<ReturnType<TestApp['userWithKey']>>
let other: Awaited<ReturnType<TestApp['userWithKey']>>
let done: any
let job: any

beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
  owner = await t.userWithKey()
  other = await t.userWithKey()
  done = await uploadFile(t, owner, fixture(VCF_GZ))
  job = await waitForJob(t, owner, done.job_id)
})
afterAll(() => t.cleanup())

describe('genetics data of another user', () => {
  it('hides the upload session', async () => {
    for (const [method, path, body] of [
      ['GET', `/genetics/uploads/${done.upload_id}`, undefined],
      ['POST', `/genetics/uploads/${done.upload_id}/complete`, undefined],
      ['POST', `/genetics/uploads/${done.upload_id}/cancel`, undefined],
      ['GET', `/genetics/uploads/${done.upload_id}/parts`, undefined],
      ['POST', `/genetics/uploads/${done.upload_id}/parts`, { part_numbers: [1] }],
    ] as const) {
      const r = await t.call(method, path, { token: other.key, body })
      expect(r.status).toBe(404)
      expect(r.body.detail).toBe(`Upload ${done.upload_id} was not found.`)
    }
    // The other user's own pending session cannot be completed by the owner either.
    const theirs = (await createSession(t, other, fixture(VCF_GZ))).body
    await putBytes(t, theirs.upload_url, fixture(VCF_GZ))
    expect(
      (await t.call('POST', `/genetics/uploads/${theirs.upload_id}/complete`, { token: owner.key })).status,
    ).toBe(404)
  })

  it('hides the job from reading, listing and cancelling', async () => {
    expect((await t.call('GET', `/genetics/jobs/${job.id}`, { token: other.key })).status).toBe(404)
    expect((await t.call('POST', `/genetics/jobs/${job.id}/cancel`, { token: other.key })).status).toBe(404)
    const list = await t.call('GET', '/genetics/jobs', { token: other.key })
    expect(list.body.data.map((j: any) => j.id)).not.toContain(job.id)
  })

  it('hides the source, its findings and its ancestry', async () => {
    expect((await t.call('GET', `/sources/${job.source_id}`, { token: other.key })).status).toBe(404)
    const findings = await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, {
      token: other.key,
    })
    expect(findings.body.data).toEqual([])
    const ancestry = await t.call('POST', '/genetics/ancestry', {
      token: other.key,
      body: { source_id: job.source_id },
    })
    expect(ancestry.status).toBe(404)
    expect(ancestry.body.detail).toBe(`Source ${job.source_id} was not found.`)
    expect(JSON.stringify(ancestry.body)).not.toContain('admixture')
  })

  it('refuses requests that name another user with 403', async () => {
    const session = await t.call('POST', '/genetics/uploads', {
      token: other.key,
      body: {
        user_id: owner.userId,
        organization_id: owner.organizationId,
        filename: 'g.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: 10,
      },
    })
    expect(session.status).toBe(403)
    const ancestry = await t.call('POST', '/genetics/ancestry', {
      token: other.key,
      body: { user_id: owner.userId, organization_id: owner.organizationId, source_id: job.source_id },
    })
    expect(ancestry.status).toBe(403)
  })

  it('still gives the owner everything', async () => {
    expect(
      (await t.call('GET', `/genetics/uploads/${done.upload_id}`, { token: owner.key })).body.source_id,
    ).toBe(job.source_id)
    expect(
      (await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, { token: owner.key })).body.data,
    ).toHaveLength(1)
    const ancestry = await t.call('POST', '/genetics/ancestry', {
      token: owner.key,
      body: { user_id: owner.userId, organization_id: owner.organizationId, source_id: job.source_id },
    })
    expect(ancestry.status).toBe(200)
  })

  it('answers 422 for ancestry of a source without usable markers or of a non-genetics source', async () => {
    const p = await t.userWithKey()
    const noAims = await uploadFile(t, p, fixture('23andme_2011_b36_first1000.txt'), {}, 'g.txt')
    const finished = await waitForJob(t, p, noAims.job_id)
    const r = await t.call('POST', '/genetics/ancestry', {
      token: p.key,
      body: { source_id: finished.source_id },
    })
    expect(r.status).toBe(422)
    expect(r.body.detail).toContain('ancestry markers')
  })
})
