// GET /genetics/jobs/{id}/events: a job's live progress as server-sent events, from the state at the
// moment of connecting to the `end` event, for the job's owner only.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { fixture, uploadFile, VCF_GZ } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    genetics: {
      maxUploadBytes: 200_000,
      uploadTtlSeconds: 3600,
      maxOpenUploads: 1000,
      maxOpenUploadBytes: 2 ** 50,
    },
  })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

/** Parse an event-stream body into its events. */
function events(text: string) {
  return text
    .split('\n\n')
    .filter((block) => block.includes('event: '))
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)![1]
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1])
      return { event, data }
    })
}

describe('GET /genetics/jobs/{id}/events', () => {
  it('streams the job from the moment of connecting until it ends, then closes', async () => {
    const p = await t.userWithKey()
    const completed = await uploadFile(t, p, fixture(VCF_GZ))
    const r = await t.call('GET', `/genetics/jobs/${completed.job_id}/events`, { token: p.key })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(r.text).toStartWith('retry: 2000\n')
    const received = events(r.text)
    expect(received[0].event).toBe('job')
    expect(received[0].data).toMatchObject({ id: completed.job_id, upload_id: completed.upload_id })
    const jobs = received.filter((e) => e.event === 'job').map((e) => e.data)
    expect(jobs.at(-1)).toMatchObject({ state: 'succeeded', progress: { percent: 100 } })
    expect(received.at(-1)).toEqual({
      event: 'end',
      data: { state: 'succeeded', source_id: jobs.at(-1).source_id },
    })
    expect(jobs.at(-1).source_id).toMatch(/^src_/)
  })

  it("answers 404 problem details for someone else's job and 401 without a token", async () => {
    const owner = await t.userWithKey()
    const other = await t.userWithKey()
    const completed = await uploadFile(t, owner, fixture(VCF_GZ))
    const foreign = await t.call('GET', `/genetics/jobs/${completed.job_id}/events`, { token: other.key })
    expect(foreign.status).toBe(404)
    expect(isProblem(foreign)).toBe(true)
    expect(foreign.body.detail).toBe(`Job ${completed.job_id} was not found.`)
    const anonymous = await t.call('GET', `/genetics/jobs/${completed.job_id}/events`)
    expect(anonymous.status).toBe(401)
  })

  it('is declared in the OpenAPI document as text/event-stream', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body
    const op = doc.paths['/genetics/jobs/{id}/events'].get
    expect(op.operationId).toBe('genetics.jobs.events')
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream'])
  })
})
