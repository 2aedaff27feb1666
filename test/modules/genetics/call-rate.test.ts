// A chip's file from a sample that read poorly, uploaded over HTTP: the job succeeds, and the source and
// the job keep the LOW_CALL_RATE warning, so every reader of the findings is told they are less certain.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { chip23andMe, UNCAPPED_UPLOADS, uploadFile, waitForJob } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 2_000_000, uploadTtlSeconds: 3600 } })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

describe('a poorly called chip file over HTTP', () => {
  it('is analysed, and the source and the job say its findings are less certain', async () => {
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, chip23andMe(8), { provider: '23andMe' }, 'genome.txt')
    const job = await waitForJob(t, p, done.job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    const warning = source.warnings.find((w: { code: string }) => w.code === 'LOW_CALL_RATE')
    expect(warning.message).toStartWith("12.5 % of the file's rows outside Y are no-calls (2,500 of 20,000)")
    expect(job.warnings.map((w: { code: string }) => w.code)).toContain('LOW_CALL_RATE')
  })
})
