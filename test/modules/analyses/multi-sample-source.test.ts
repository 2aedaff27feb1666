// An analysis over a multi-sample VCF read for its first person (no `sample` at upload) says so in its
// limitations and in a query's notes: the genetics job warned on the job and the source, but the
// analysis folds those findings into the person's own picture. Naming the sample at upload removes it.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { fixture, uploadFile, waitForJob } from '../genetics/helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

async function uploadTrio(p: Person, extra: Record<string, unknown>) {
  const done = await uploadFile(t, p, fixture('synthetic_trio_grch37.vcf'), extra, 'trio.vcf')
  const job = await waitForJob(t, p, done.job_id)
  expect(job.state).toBe('succeeded')
  return job.source_id as string
}

async function limitationsOf(p: Person): Promise<string[]> {
  const r = await t.call('POST', '/analyses', { token: p.key, body: {} })
  expect(r.status).toBe(201)
  return r.body.limitations
}

describe('an analysis over a multi-sample VCF', () => {
  it('says whose findings these are when the first person was read by default', async () => {
    const p = await t.userWithKey()
    const source = await uploadTrio(p, {})
    const note = (await limitationsOf(p)).find((l) => l.includes(source))
    expect(note).toBe(
      `Genetics source ${source} holds 3 people and its findings are those of "SYNTH_CHILD", the first in the file; if that is not you, upload the file again naming your sample.`,
    )
    const query = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'What does my MTHFR genotype mean?' },
    })
    expect(JSON.stringify(query.body)).toContain(`Genetics source ${source} holds 3 people`)
  })

  it('says nothing of the kind when the sample was named at upload', async () => {
    const p = await t.userWithKey()
    const source = await uploadTrio(p, { sample: 'SYNTH_MOTHER' })
    expect((await limitationsOf(p)).some((l) => l.includes(source))).toBe(false)
  })
})
