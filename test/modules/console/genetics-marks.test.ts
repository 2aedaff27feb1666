// The console's job and source pages say what the API's findings and jobs say: a finding whose genotype
// was imputed (the Minimac/TOPMed fixture, test/fixtures/genetics/imputed/) is marked imputed, not
// measured, with its R², while measured findings carry no mark; a trio VCF uploaded without `sample`
// (test/fixtures/genetics-uploads/synthetic_trio_grch37.vcf) shows the MULTIPLE_SAMPLES warning and
// whose findings they are; a finding from a weak sequencing call (GQ, depth or allele balance) is marked
// "Low-quality call" with what falls short. Values from the file (sample names, FILTER, warnings) are escaped.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import {
  findingMarks,
  lowQualityIntro,
  sampleLine,
  warningList,
} from '../../../modules/console/pages/genetics-marks'
import { type TestApp, testApp } from '../../support/app'
import { fixture, geneticsFixture, uploadFile, waitForJob } from '../genetics/helpers'

const BASE = 'http://localhost'
const IMPUTED = geneticsFixture('imputed', 'minimac4_topmed_grch38.vcf')
/** HaplotypeCaller layout (test/fixtures/genetics/call-quality/): HFE C282Y het from 3 reads with GQ 7. */
const WEAK_CALLS = geneticsFixture('call-quality', 'haplotypecaller_call_quality_grch38.vcf')

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
    new Request(`${BASE}${path}`, { headers: { cookie, 'x-forwarded-for': '10.2.2.2' } }),
  )
  expect(r.status).toBe(200)
  return r.text()
}

async function finishedJob(p: Person, bytes: Uint8Array, filename: string) {
  const done = await uploadFile(t, p, bytes, {}, filename)
  const job = await waitForJob(t, p, done.job_id)
  expect(job).toMatchObject({ state: 'succeeded', error: null })
  return job as { id: string; source_id: string }
}

/** The list item of the finding with this rsID on a job page. */
const itemOf = (html: string, rsid: string) => {
  const item = html.split('<li>').find((li) => li.includes(`, ${rsid})`))
  expect(item).toBeDefined()
  return item!.split('</li>')[0]
}

describe('console job page of an imputed VCF', () => {
  it('marks the imputed finding imputed, not measured, with its R², and leaves measured findings unmarked', async () => {
    const p = await t.userWithKey()
    const job = await finishedJob(p, IMPUTED, 'minimac4_topmed_grch38.vcf')
    const findings = (
      await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, { token: p.key })
    ).body.data as { rsid: string; imputed: boolean; entry_id: string }[]
    const imputed = findings.find((f) => f.entry_id === 'cyp2c19-star2')!
    expect(imputed.imputed).toBe(true)

    const html = await pageOf(p, `/console/jobs/${job.id}`)
    expect(html).toContain('<h2>Findings</h2>')
    expect(html).toContain('One finding rests on an imputed genotype')
    expect(itemOf(html, imputed.rsid)).toContain(
      '<strong>Imputed, not measured</strong> (estimated accuracy R² 0.95): estimated from a reference panel, so it can be wrong; a measured (clinical-grade) test confirms it.',
    )
    for (const f of findings.filter((x) => !x.imputed)) expect(itemOf(html, f.rsid)).not.toContain('Imputed')
    // A one-person file: no sample line and no MULTIPLE_SAMPLES warning.
    expect(html).not.toContain('Findings are for sample')
    expect(html).not.toContain('MULTIPLE_SAMPLES')
  })
})

describe('console pages of a multi-sample VCF read without `sample`', () => {
  it('shows the MULTIPLE_SAMPLES warning and whose findings they are, on the job and on the source', async () => {
    const p = await t.userWithKey()
    const job = await finishedJob(p, fixture('synthetic_trio_grch37.vcf'), 'trio.vcf')
    const jobHtml = await pageOf(p, `/console/jobs/${job.id}`)
    expect(jobHtml).toContain('<h2>Warnings</h2>')
    expect(jobHtml).toContain('<span class="muted">(MULTIPLE_SAMPLES)</span>')
    expect(jobHtml).toContain(
      'the file holds 3 samples; findings are for &quot;SYNTH_CHILD&quot; (the first)',
    )
    expect(jobHtml).toContain(
      'Findings are for sample <code>SYNTH_CHILD</code>, one of 3 people in the file.',
    )

    const sourceHtml = await pageOf(p, `/console/sources/${job.source_id}`)
    expect(sourceHtml).toContain(
      'Findings are for sample <code>SYNTH_CHILD</code>, one of 3 people in the file.',
    )
    expect(sourceHtml).toContain('findings are for &quot;SYNTH_CHILD&quot; (the first)')
  })
})

describe('console genetics marks', () => {
  it('escapes what comes from the file', () => {
    const marks = findingMarks({ imputed: true, imputation_r2: null, filter: '<b>Low</b>' })
    expect(marks).toContain('the file gave no accuracy estimate')
    expect(marks).toContain('FILTER <code>&lt;b&gt;Low&lt;/b&gt;</code>')
    expect(sampleLine('<img src=x>', 2)).toContain('<code>&lt;img src=x&gt;</code>')
    expect(sampleLine('ONLY', 1)).toBe('')
    const warnings = warningList([{ code: '<X>', message: '<script>alert(1)</script>' }])
    expect(warnings).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(warnings).toContain('(&lt;X&gt;)')
    expect(findingMarks({ imputed: false, imputation_r2: null, filter: null })).toBe('')
  })

  it('lists the warnings that change what the findings mean first, and folds notes on the file', () => {
    const html = warningList([
      { code: 'VCF_RESERVED_REDEFINED', message: 'INFO AF is declared with another Number' },
      { code: 'MULTIPLE_SAMPLES', message: 'the file holds 3 samples' },
      { code: 'TRAILING_TAB', message: 'line 9 ends with a tab' },
      { code: 'LOW_CALL_RATE', message: '12.5 % of the rows are no-calls' },
    ])
    const [shown, folded] = html.split('<details>')
    expect(shown).toBe(
      '<h2>Warnings</h2><ul><li>the file holds 3 samples <span class="muted">(MULTIPLE_SAMPLES)</span></li><li>12.5 % of the rows are no-calls <span class="muted">(LOW_CALL_RATE)</span></li></ul>',
    )
    expect(folded).toStartWith('<summary>Notes on the file (2)</summary>')
    expect(folded).toContain('(VCF_RESERVED_REDEFINED)')
    expect(folded).toContain('(TRAILING_TAB)')
    expect(warningList([{ code: 'TRAILING_TAB', message: 'x' }])).toStartWith('<details>')
    expect(warningList([])).toBe('')
  })
})

describe('console pages of a VCF with weak calls', () => {
  it('marks the low-quality findings with what falls short, and leaves confident ones unmarked', async () => {
    const p = await t.userWithKey()
    const job = await finishedJob(p, WEAK_CALLS, 'call_quality.vcf')
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
