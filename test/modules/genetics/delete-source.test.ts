// DELETE /sources/{id} on a genetics source: its findings, ancestry and the uploaded genotype file in
// blob storage are removed with it, and the findings list no longer shows them.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { fixture, type Person, uploadFile, VCF_GZ, waitForJob } from './helpers'

let t: TestApp
let p: Person
beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
  p = await t.userWithKey()
})
afterAll(() => t.cleanup())

describe('DELETE /sources/{id} for a genetics source', () => {
  it('removes its findings, its ancestry and the uploaded file', async () => {
    const upload = await uploadFile(t, p, fixture(VCF_GZ), { provider: '1000 Genomes' })
    const job = await waitForJob(t, p, upload.job_id)
    expect(job.state).toBe('succeeded')
    const blob = `genetics/${p.organizationId}/${p.userId}/${upload.upload_id}`
    expect(await t.context.storage.size(blob)).toBeGreaterThan(0)
    const before = await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, { token: p.key })
    expect(before.status).toBe(200)
    expect(before.body.data.length).toBeGreaterThan(0)
    const deleted = await t.call('DELETE', `/sources/${job.source_id}`, { token: p.key })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: job.source_id, deleted: true, observations_deleted: 0 })
    expect(await t.context.storage.size(blob)).toBeNull()
    const after = await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, { token: p.key })
    expect(after.status).toBe(200)
    expect(after.body.data).toEqual([])
    expect((await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).status).toBe(404)
  })
})
