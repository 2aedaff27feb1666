// The console's job and source pages say what the API's findings say about weak sequencing calls: a
// finding whose call falls short on its own measures (the HaplotypeCaller-layout fixture,
// test/fixtures/genetics/call-quality/: HFE C282Y het from 3 reads with GQ 7) is marked "Low-quality
// call" with what falls short, confident calls carry no mark, and the source page lists the note that
// counts them.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { findingMarks, lowQualityIntro } from '../../../modules/console/pages/genetics-marks'
import { type TestApp, testApp } from '../../support/app'
import { uploadFile, waitForJob } from '../genetics/helpers'

const BASE = 'http://localhost'
const VCF = join(
  import.meta.dir,
  '..',
  '..',
  'fixtures',
  'genetics',
  'call-quality',
  'haplotypecaller_call_quality_grch38.vcf',
)

let t: TestApp
beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

/** A page as the signed-in person's browser gets it (session and CSRF cookies). */
async function pageOf(p: Person, path: string) {
  const cookie = `wds_console=${p.session}; wds_csrf=${'c'.repeat(43)}`
  const r = await t.app.handle(
    new Request(`${BASE}${path}`, { headers: { cookie, 'x-forwarded-for': '10.2.2.3' } }),
  )
  expect(r.status).toBe(200)
  return r.text()
}

/** The list item of the finding with this rsID on a job page. */
const itemOf = (html: string, rsid: string) => {
  const item = html.split('<li>').find((li) => li.includes(`, ${rsid})`))
  expect(item).toBeDefined()
  return item!.split('</li>')[0]
}

describe('console pages of a VCF with weak calls', () => {
  it('marks the low-quality findings with what falls short, and leaves confident ones unmarked', async () => {
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, new Uint8Array(readFileSync(VCF)), {}, 'call_quality.vcf')
    const job = await waitForJob(t, p, done.job_id)
    expect(job).toMatchObject({ state: 'succeeded', error: null })
    const findings = (
      await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, { token: p.key })
    ).body.data as { rsid: string; entry_id: string; call_quality: { concerns: string[] } | null }[]

    const html = await pageOf(p, `/console/jobs/${job.id}`)
    expect(html).toContain('3 findings rest on a low-quality sequencing call')
    expect(itemOf(html, 'rs1800562')).toContain(
      '<strong>Low-quality call</strong> (3 reads, genotype quality 7): the sequencing call is weak, so it can be wrong; confirm it with a clinical-grade test.',
    )
    expect(itemOf(html, 'rs1799853')).toContain(
      '<strong>Low-quality call</strong> (the variant in 5 % of the reads)',
    )
    expect(itemOf(html, 'rs4149056')).toContain(
      '<strong>Low-quality call</strong> (the variant in 50 % of the reads)',
    )
    const confident = findings.filter((f) => f.call_quality?.concerns.length === 0)
    expect(confident.map((f) => f.entry_id).sort()).toEqual(['cyp2c19-star2', 'cyp2c19-star3', 'mthfr-c677t'])
    for (const f of confident) expect(itemOf(html, f.rsid)).not.toContain('Low-quality')

    const sourceHtml = await pageOf(p, `/console/sources/${job.source_id}`)
    expect(sourceHtml).toContain('3 findings rest on sequencing calls of low quality:')
  })
})

describe('console low-quality marks', () => {
  const plain = { imputed: false, imputation_r2: null, filter: null }

  it('say nothing without call quality or without concerns', () => {
    expect(findingMarks({ ...plain, call_quality: null })).toBe('')
    expect(
      findingMarks({ ...plain, call_quality: { gq: 99, depth: 40, alt_fraction: 0.5, concerns: [] } }),
    ).toBe('')
    expect(lowQualityIntro([{ call_quality: null }, {}])).toBe('')
  })

  it('count one finding in the singular', () => {
    expect(
      lowQualityIntro([{ call_quality: { gq: 5, depth: 30, alt_fraction: 0.5, concerns: ['low_gq'] } }]),
    ).toStartWith('<p>One finding rests on a low-quality sequencing call')
  })
})
