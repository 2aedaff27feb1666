// The genetics analysis task on both queues: the embedded queue (in-process, SQLite) and graphile-worker
// on the real PostgreSQL. Each uploads real files, waits for the job, and reads the result; bad files
// fail the job with a clear problem and leave no source; queued and running jobs can be cancelled.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { gzipSync } from 'node:zlib'
import type { Config } from '../../../modules/shared/config'
import { type TestApp, testApp } from '../../support/app'
import { useSuiteTimeout } from '../../support/test-timeout'
import { CONSUMER, createSession, fixture, putBytes, uploadFile, VCF_GZ, waitForJob } from './helpers'
import { dropSchema, PG_URL, uniqueSchema } from './pg'

useSuiteTimeout()

/** A small well-formed single-sample VCF (GRCh37 stated in its header), made here so it can be cut. */
function syntheticVcf(records: number): string {
  const lines = [
    '##fileformat=VCFv4.2',
    '##reference=GRCh37',
    '##contig=<ID=1,length=249250621>',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
  ]
  for (let i = 0; i < records; i++)
    lines.push(`1\t${1000 + i * 37}\t.\tA\tG\t50\tPASS\tDP=${i % 90}\tGT\t0/1`)
  return `${lines.join('\n')}\n`
}

const QUEUES: { name: 'embedded' | 'graphile'; config: () => Partial<Config> }[] = [
  { name: 'embedded', config: () => ({}) },
  {
    name: 'graphile',
    config: () => ({
      queue: { databaseUrl: PG_URL, schema: uniqueSchema('jobs'), concurrency: 1, workerTimeoutSeconds: 5 },
    }),
  },
]

for (const queue of QUEUES) {
  describe(`genetics jobs on the ${queue.name} queue`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await testApp(queue.config())
      await t.context.queue.start()
    })
    afterAll(async () => {
      await t.close()
      if (t.config.queue.databaseUrl) await dropSchema(t.config.queue.schema)
      await t.cleanup()
    })

    it('analyses a VCF.GZ and a consumer file and stores each as one genetics source', async () => {
      expect(t.context.queue.kind).toBe(queue.name)
      const p = await t.userWithKey()
      const vcf = await uploadFile(t, p, fixture(VCF_GZ))
      const consumer = await uploadFile(t, p, fixture(CONSUMER), {}, 'genome.txt')
      const [a, b] = [await waitForJob(t, p, vcf.job_id), await waitForJob(t, p, consumer.job_id)]
      expect([a.state, b.state]).toEqual(['succeeded', 'succeeded'])
      const sources = (await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data
      expect(sources.map((s: any) => s.id).sort()).toEqual([a.source_id, b.source_id].sort())
      expect(sources.map((s: any) => s.format).sort()).toEqual(['23andme', 'vcf'])
      const findings = (await t.call('GET', '/genetics/findings', { token: p.key })).body.data
      expect(findings.map((f: any) => f.source_id)).toEqual([a.source_id])
      for (const id of [a.source_id, b.source_id]) {
        const ancestry = await t.call('POST', '/genetics/ancestry', { token: p.key, body: { source_id: id } })
        expect(ancestry.status).toBe(200)
        expect(ancestry.body.result.admixture.components).toHaveLength(5)
      }
      const list = await t.call('GET', '/genetics/jobs?limit=1', { token: p.key })
      expect(list.body.data.map((j: any) => j.id)).toEqual([consumer.job_id])
      const next = await t.call('GET', `/genetics/jobs?limit=1&cursor=${list.body.next_cursor}`, {
        token: p.key,
      })
      expect(next.body.data.map((j: any) => j.id)).toEqual([vcf.job_id])
      expect(next.body.next_cursor).toBeNull()
      expect((await t.call('GET', '/genetics/jobs?state=failed', { token: p.key })).body.data).toEqual([])
    })

    it('fails a malformed file with a problem naming the line, and leaves no source', async () => {
      const p = await t.userWithKey()
      const text = [
        '##fileformat=VCFv4.2',
        '##reference=GRCh37',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
        '1\t12345\trs1\tA\tG\t50\tPASS\t.\tGT\t0/1',
        '1\tnot-a-position\trs2\tC\tT\t50\tPASS\t.\tGT\t0/1',
        '',
      ].join('\n')
      const done = await uploadFile(t, p, new TextEncoder().encode(text), {}, 'bad.vcf')
      const job = await waitForJob(t, p, done.job_id)
      expect(job.state).toBe('failed')
      expect(job.error).toMatchObject({ status: 422, title: 'Unprocessable Content', line: 5 })
      expect(job.error.detail).toContain('line 5')
      expect(job.error.detail).not.toContain('0/1')
      expect(job.source_id).toBeNull()
      expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
    })

    it('refuses a truncated VCF.GZ at completion when the content check reads to the cut', async () => {
      const p = await t.userWithKey()
      const whole = fixture(VCF_GZ)
      const cut = whole.subarray(0, Math.floor(whole.byteLength * 0.6))
      const session = (await createSession(t, p, cut)).body
      await putBytes(t, session.upload_url, cut)
      const complete = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, {
        token: p.key,
      })
      expect(complete.status).toBe(422)
      expect(complete.body).toMatchObject({ code: 'TRUNCATED_INPUT' })
      expect(complete.body.detail).toContain('truncated')
      expect(complete.body.job_id).toBeUndefined()
      expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
    })

    it('fails the job of a VCF.GZ that is cut past its header, and leaves no source', async () => {
      const p = await t.userWithKey()
      const gz = gzipSync(Buffer.from(syntheticVcf(50_000)))
      const cut = new Uint8Array(gz.subarray(0, Math.floor(gz.byteLength / 2)))
      const done = await uploadFile(t, p, cut, {}, 'cut.vcf.gz')
      const job = await waitForJob(t, p, done.job_id)
      expect(job.state).toBe('failed')
      expect(job.error).toMatchObject({ status: 422, code: 'TRUNCATED_INPUT' })
      expect(job.error.detail).toContain('truncated')
      expect(job.source_id).toBeNull()
      expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
      expect((await t.call('GET', '/genetics/findings', { token: p.key })).body.data).toEqual([])
    })

    it('cancels a running job: it ends cancelled with no source', async () => {
      const p = await t.userWithKey()
      process.env.WDS_TEST_JOB_PAUSE = 'before_read:4000'
      try {
        const done = await uploadFile(t, p, fixture(VCF_GZ))
        await waitForJob(t, p, done.job_id, (j) => j.state === 'running')
        const cancel = await t.call('POST', `/genetics/jobs/${done.job_id}/cancel`, { token: p.key })
        expect(cancel.status).toBe(200)
        const job = await waitForJob(t, p, done.job_id)
        expect(job.state).toBe('cancelled')
        expect(job.source_id).toBeNull()
      } finally {
        delete process.env.WDS_TEST_JOB_PAUSE
      }
      expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
      const again = await t.call(
        'POST',
        `/genetics/jobs/${(await t.call('GET', '/genetics/jobs', { token: p.key })).body.data[0].id}/cancel`,
        {
          token: p.key,
        },
      )
      expect(again.body.state).toBe('cancelled')
    })
  })
}

describe('cancelling a queued job', () => {
  for (const queue of QUEUES) {
    it(`takes it off the ${queue.name} queue so no worker runs it`, async () => {
      const t = await testApp(queue.config())
      try {
        const p = await t.userWithKey()
        const done = await uploadFile(t, p, fixture(VCF_GZ))
        const cancel = await t.call('POST', `/genetics/jobs/${done.job_id}/cancel`, { token: p.key })
        expect(cancel.body).toMatchObject({ state: 'cancelled', stage: 'cancelled' })
        await t.context.queue.start()
        await Bun.sleep(500)
        const job = (await t.call('GET', `/genetics/jobs/${done.job_id}`, { token: p.key })).body
        expect(job).toMatchObject({ state: 'cancelled', attempts: 0, source_id: null })
        const finished = await t.call('POST', `/genetics/jobs/${done.job_id}/cancel`, { token: p.key })
        expect(finished.body.state).toBe('cancelled')
      } finally {
        await t.close()
        if (t.config.queue.databaseUrl) await dropSchema(t.config.queue.schema)
        await t.cleanup()
      }
    })
  }
})
