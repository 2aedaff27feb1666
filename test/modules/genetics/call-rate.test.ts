// A chip's file from a sample that read poorly, uploaded over HTTP: the job succeeds, and the source and
// the job keep the LOW_CALL_RATE warning, so every reader of the findings is told they are less certain.
// A VCF made from a chip download (bcftools convert --tsv2vcf) is judged the same way, and its genetic sex
// read with the chip's thresholds; one PLINK wrote (REF not the genome's) is read as letters.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { chipVcfText } from '../../genetics-core/support/chip-vcf'
import { type TestApp, testApp } from '../../support/app'
import { chip23andMe, geneticsFixture, UNCAPPED_UPLOADS, uploadFile, waitForJob } from './helpers'

/** The file with a CYP2C19*2 het row (rs4244285, GRCh37 10:96541616) added, so it has a finding. */
function withCatalogHet(file: Uint8Array): Uint8Array {
  return new TextEncoder().encode(`${new TextDecoder().decode(file)}rs4244285\t10\t96541616\tGA\n`)
}

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

  it('says so in the notice of each of its findings, read alone; a file that called well does not', async () => {
    const p = await t.userWithKey()
    const poor = await waitForJob(
      t,
      p,
      (await uploadFile(t, p, withCatalogHet(chip23andMe(8)), {}, 'a.txt')).job_id,
    )
    const good = await waitForJob(
      t,
      p,
      (await uploadFile(t, p, withCatalogHet(chip23andMe(200)), {}, 'b.txt')).job_id,
    )
    const noticesOf = async (sourceId: string) => {
      const r = await t.call('GET', `/genetics/findings?source_id=${sourceId}`, { token: p.key })
      expect(r.status).toBe(200)
      expect(r.body.data.length).toBeGreaterThan(0)
      return r.body.data.map((f: { notice: string }) => f.notice)
    }
    for (const notice of await noticesOf(poor.source_id))
      expect(notice).toEndWith(
        "The file's sample read poorly (many of its rows were not called), so this call is less certain than usual; a clinical-grade test or a new sample confirms it.",
      )
    for (const notice of await noticesOf(good.source_id)) expect(notice).not.toContain('read poorly')
  })

  it("a VCF made from a chip download that read poorly is warned of too; a woman's is read as female", async () => {
    const p = await t.userWithKey()
    const vcf = (noCallEvery: number) =>
      new TextEncoder().encode(chipVcfText({ noCallEvery, x: 'het', y: 'none' }))
    const poor = await waitForJob(t, p, (await uploadFile(t, p, vcf(8), {}, 'jane.vcf')).job_id)
    expect(poor.state).toBe('succeeded')
    expect(poor.warnings.map((w: { code: string }) => w.code)).toContain('LOW_CALL_RATE')
    const good = await waitForJob(t, p, (await uploadFile(t, p, vcf(200), {}, 'jane2.vcf')).job_id)
    const source = (await t.call('GET', `/sources/${good.source_id}`, { token: p.key })).body
    expect(source.warnings.map((w: { code: string }) => w.code)).not.toContain('LOW_CALL_RATE')
    expect(source.details.genetic_sex.sex).toBe('female')
    const findings = await t.call('GET', `/genetics/findings?source_id=${good.source_id}`, { token: p.key })
    const g6pd = findings.body.data.find((f: { rsid: string }) => f.rsid === 'rs1050828')
    expect(g6pd.interpretation).toStartWith('One of two X chromosomes carries G6PD c.202G>A')
  })

  it("reads a PLINK VCF's calls as letters: two copies of CYP2C19*2 written REF=A ALT=. 0/0 are two copies", async () => {
    const p = await t.userWithKey()
    const bytes = geneticsFixture('chip-vcf', 'plink19_from_23andme.vcf')
    const job = await waitForJob(t, p, (await uploadFile(t, p, bytes, {}, 'plink.vcf')).job_id)
    expect(job.state).toBe('succeeded')
    const r = await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, { token: p.key })
    const star2 = r.body.data.find((f: { entry_id: string }) => f.entry_id === 'cyp2c19-star2')
    expect(star2).toMatchObject({ zygosity: 'hom_alt', alt_copies: 2 })
  })

  it('reads a PLINK VCF stripped of its PR flag as letters too, found from its data, and says so', async () => {
    const p = await t.userWithKey()
    const bytes = geneticsFixture('chip-vcf', 'plink19_pr_stripped_hg00096.vcf')
    const job = await waitForJob(t, p, (await uploadFile(t, p, bytes, {}, 'stripped.vcf')).job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    const warning = source.warnings.find((w: { code: string }) => w.code === 'REF_NOT_FROM_GENOME')
    expect(warning.message).toContain('REF differs from the GRCh37 reference base at 55 of 170')
    const r = await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, { token: p.key })
    const star2 = r.body.data.find((f: { entry_id: string }) => f.entry_id === 'cyp2c19-star2')
    expect(star2).toMatchObject({ zygosity: 'hom_alt', alt_copies: 2 })
  })
})
