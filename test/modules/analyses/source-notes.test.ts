// What a genetics source says about itself that limits an analysis built on it (modules/analyses/
// source-notes.ts), said in the analysis's limitations and a query's notes. A multi-sample VCF read for
// its first person (no `sample` at upload): the genetics job warned on the job and the source, but the
// analysis folds those findings into the person's own picture; naming the sample at upload removes it.
// A chip file from a sample that read poorly (LOW_CALL_RATE: one row in eight uncalled): its findings
// are less certain than usual; a file that called as chips usually do carries no such note.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { chip23andMe, fixture, UNCAPPED_UPLOADS, uploadFile, waitForJob } from '../genetics/helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 2_000_000, uploadTtlSeconds: 3600 } })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

async function upload(p: Person, bytes: Uint8Array, extra: Record<string, unknown>, name: string) {
  const done = await uploadFile(t, p, bytes, extra, name)
  const job = await waitForJob(t, p, done.job_id)
  expect(job.state).toBe('succeeded')
  return job.source_id as string
}

const uploadTrio = (p: Person, extra: Record<string, unknown>) =>
  upload(p, fixture('synthetic_trio_grch37.vcf'), extra, 'trio.vcf')

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

describe('an analysis over a poorly called chip file', () => {
  it('says its findings are less certain, and what would settle them', async () => {
    const p = await t.userWithKey()
    const source = await upload(p, chip23andMe(8), { provider: '23andMe' }, 'genome.txt')
    const note = (await limitationsOf(p)).find((l) => l.includes(source))
    expect(note).toBe(
      `Genetics source ${source} comes from a sample that read poorly (12.5 % of its rows uncalled), so its findings are less certain than usual; a new sample (a re-test with the provider) would settle them.`,
    )
    const query = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'What does my CYP2C19 genotype mean?' },
    })
    expect(JSON.stringify(query.body)).toContain(
      `Genetics source ${source} comes from a sample that read poorly`,
    )
  })

  it('says nothing of the kind for a file that called as chips usually do', async () => {
    const p = await t.userWithKey()
    const source = await upload(p, chip23andMe(200), { provider: '23andMe' }, 'genome.txt')
    expect((await limitationsOf(p)).some((l) => l.includes(source))).toBe(false)
  })
})
