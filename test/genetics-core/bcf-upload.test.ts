// A BCF sent through an HTTP upload session (the genetics job runs analyzeGeneticsSource on it) ends as
// the VCF.GZ bcftools writes from it does: the same findings, strand and build, its format named 'bcf'.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { UNCAPPED_UPLOADS, uploadFile, waitForJob } from '../modules/genetics/helpers'
import { type TestApp, testApp } from '../support/app'
import { fixture } from './support/fixtures'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 2_000_000, uploadTtlSeconds: 3600 } })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

async function upload(path: string, filename: string) {
  const p = await t.userWithKey()
  const done = await uploadFile(t, p, new Uint8Array(readFileSync(path)), {}, filename)
  const job = await waitForJob(t, p, done.job_id)
  expect(job).toMatchObject({ state: 'succeeded', error: null })
  const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
  const findings = (await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, { token: p.key }))
    .body.data as { rsid: string; genotype: string; zygosity: string }[]
  return { source, findings: findings.map((f) => [f.rsid, f.genotype, f.zygosity]).sort() }
}

describe('a BCF uploaded over HTTP', () => {
  it('is read to the findings of the same data as VCF.GZ', async () => {
    const bcf = await upload(fixture('bcf', 'synthetic_variants_grch37.bcf'), 'SYNTH01.bcf')
    const vcf = await upload(fixture('bcf', 'synthetic_variants_grch37.vcf.gz'), 'SYNTH01.vcf.gz')
    expect(bcf.source.format).toBe('bcf')
    expect(vcf.source.format).toBe('vcf')
    expect(bcf.source.details.build).toBe('GRCh37')
    expect(bcf.source.details.strand).toMatchObject({ orientation: 'plus', method: 'reference_allele' })
    expect(bcf.source.record_count).toBe(vcf.source.record_count)
    expect(bcf.findings.length).toBeGreaterThan(5)
    expect(bcf.findings).toEqual(vcf.findings)
  })
})
