// A full_dbsnp job end to end on a self-hosted deployment with a provisioned reference: the upload is
// joined to the dbSNP VCF and the source records dbSNP coverage beside the compact findings.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { type TestApp, testApp } from '../../support/app'
import { FIXTURES, fixture, uploadFile, waitForJob } from './helpers'

const DBSNP = 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'
const UPLOAD = 'dbsnp_b144_chr1_head582_one_sample.vcf.gz'
/** The same file as bcftools view -Ob writes it. */
const BCF_UPLOAD = 'dbsnp_b144_chr1_head582_one_sample.bcf'
let t: TestApp
beforeAll(async () => {
  t = await testApp({ dbsnpReferencePath: join(FIXTURES, DBSNP) })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

describe('full dbSNP annotation', () => {
  it('joins an uploaded VCF.GZ to the reference and records the coverage on the source', async () => {
    const p = await t.userWithKey()
    // The reference's own records with one sample's genotypes as the upload: every allele has its rsID
    // in the reference. (The reference itself holds no genotypes; as an upload it is refused, NO_SAMPLES.)
    const done = await uploadFile(t, p, fixture(UPLOAD), { annotation_depth: 'full_dbsnp' }, 'chr1.vcf.gz')
    expect(done.annotation_depth).toBe('full_dbsnp')
    const job = await waitForJob(t, p, done.job_id)
    expect(job.error).toBeNull()
    expect(job).toMatchObject({ state: 'succeeded', annotation_depth: 'full_dbsnp' })
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    expect(source.details.annotation_depth).toBe('full_dbsnp')
    expect(source.details.dbsnp.alleles).toBeGreaterThan(500)
    expect(source.details.dbsnp.assigned).toBe(source.details.dbsnp.alleles)
    expect(source.details.dbsnp.coverage).toBe(1)
    expect(source.details.dbsnp.reference_build).toBe('GRCh37')
  })

  it('joins the same records uploaded as a BCF, with the same coverage', async () => {
    const p = await t.userWithKey()
    const details = async (file: string, name: string) => {
      const done = await uploadFile(t, p, fixture(file), { annotation_depth: 'full_dbsnp' }, name)
      const job = await waitForJob(t, p, done.job_id)
      expect(job.error).toBeNull()
      expect(job.state).toBe('succeeded')
      return (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body.details
    }
    const fromBcf = await details(BCF_UPLOAD, 'chr1.bcf')
    const fromVcf = await details(UPLOAD, 'chr1.vcf.gz')
    expect(fromBcf.dbsnp.alleles).toBeGreaterThan(500)
    expect(fromBcf.dbsnp).toEqual(fromVcf.dbsnp)
  })
})
