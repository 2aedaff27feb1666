// Analyses over genotypes from weak sequencing calls. A finding whose call falls short on its own measures
// (the HaplotypeCaller-layout fixture, test/fixtures/genetics/call-quality/, read through an upload
// session: HFE C282Y het from 3 reads with GQ 7) says so in the analysis's highlight, the HFE × iron link,
// the health context and a query answer, and carries `call_quality`; an APOE genotype resting on a weak
// call says so in the APOE × LDL link; a confident call reads word for word as before; analyses stored
// before highlights carried call quality read back with `call_quality: null`.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { genotypeCaveat, shortCaveat } from '../../../modules/analyses/genotype-caveats'
import { analyses } from '../../../modules/analyses/tables'
import { type FindingInput, storeFindings } from '../../../modules/genetics/findings'
import { createSource } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'
import { geneticsFixture, uploadFile, waitForJob } from '../genetics/helpers'
import { apoeSite, labResult, labSource } from './seed'

const VCF = geneticsFixture('call-quality', 'haplotypecaller_call_quality_grch38.vcf')

let t: TestApp
beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

async function findingsOf(p: Person, sourceId: string) {
  const r = await t.call('GET', `/genetics/findings?source_id=${sourceId}&limit=100`, { token: p.key })
  expect(r.status).toBe(200)
  return r.body.data as {
    id: string
    entry_id: string
    rsid: string
    interpretation: string
    call_quality: any
  }[]
}

async function analyse(p: Person) {
  const r = await t.call('POST', '/analyses', {
    token: p.key,
    body: { profile: { sex: 'male', age_years: 50 } },
  })
  expect(r.status).toBe(201)
  return r.body
}

const WEAK_WORDS = 'rests on a low-quality sequencing call (3 reads, genotype quality 7)'
const CONFIRMS = 'a clinical-grade test confirms it'

describe('an analysis over a VCF with a weak call', () => {
  let p: Person
  let source: string
  let findings: Awaited<ReturnType<typeof findingsOf>>
  let analysis: any

  beforeAll(async () => {
    p = await t.userWithKey()
    await labSource(t, scopeOf(p), [
      labResult('ferritin', 420, 'ng/mL'),
      labResult('homocysteine', 18, 'umol/L'),
    ])
    const done = await uploadFile(t, p, VCF, {}, 'call_quality.vcf')
    const job = await waitForJob(t, p, done.job_id)
    expect(job).toMatchObject({ state: 'succeeded', error: null })
    source = job.source_id as string
    findings = await findingsOf(p, source)
    analysis = await analyse(p)
  })

  it('says in the highlight that HFE C282Y rests on a low-quality call, with its reads and GQ, and cites the finding', () => {
    const finding = findings.find((f) => f.entry_id === 'hfe-c282y')!
    const highlight = analysis.genetics.find((g: any) => g.rsid === finding.rsid)
    expect(highlight.call_quality).toEqual({
      gq: 7,
      depth: 3,
      alt_fraction: 0.667,
      concerns: ['low_gq', 'low_depth'],
    })
    expect(highlight).toMatchObject({ imputed: false, filter: null })
    expect(highlight.interpretation).toBe(
      `${finding.interpretation} The HFE rs1800562 genotype ${WEAK_WORDS}, so it can be wrong; ${CONFIRMS}.`,
    )
    expect(highlight.sources).toEqual([
      { source_id: source, observation_ids: [finding.id], source_ref: finding.rsid },
    ])
  })

  it('says it for an unbalanced call too, with the share of variant reads', () => {
    const highlight = analysis.genetics.find((g: any) => g.rsid === 'rs1799853')
    expect(highlight.call_quality.concerns).toEqual(['allele_balance'])
    expect(highlight.interpretation).toContain(
      'The CYP2C9 rs1799853 genotype rests on a low-quality sequencing call (the variant in 5 % of the reads)',
    )
  })

  it('leaves a confident call word for word as the finding says it, in the highlight and its link', () => {
    const mthfr = findings.find((f) => f.entry_id === 'mthfr-c677t')!
    expect(mthfr.call_quality.concerns).toEqual([])
    const highlight = analysis.genetics.find((g: any) => g.rsid === mthfr.rsid)
    expect(highlight.call_quality).toEqual(mthfr.call_quality)
    expect(highlight.interpretation).toBe(mthfr.interpretation)
    const link = analysis.links.find((l: any) => l.id === 'link_mthfr_homocysteine')
    expect(link.statement).toEndWith(mthfr.interpretation)
    expect(link.title).not.toContain('low-quality')
  })

  it('marks the HFE × iron link, its title included', () => {
    const link = analysis.links.find((l: any) => l.id === 'link_hfe_iron')
    expect(link.title).toContain('G/A (low-quality call)')
    expect(link.statement).toContain(WEAK_WORDS)
    expect(link.statement).toContain(CONFIRMS)
  })

  it('carries the caveat into the health context and a query answer', async () => {
    const context = await t.call('POST', `/users/${p.userId}/health-context`, { token: p.key, body: {} })
    expect(context.status).toBe(200)
    const line = context.body.genotype_highlights.find((g: any) => g.gene === 'HFE')
    expect(line.summary).toContain(
      'a low-quality call (3 reads, genotype quality 7); a clinical-grade test confirms it',
    )
    const confident = context.body.genotype_highlights.find((g: any) => g.gene === 'MTHFR')
    expect(confident.summary).not.toContain('low-quality')

    const answer = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'What does my HFE result mean?' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.answer).toContain(WEAK_WORDS)
  })
})

async function apoePerson(site: FindingInput) {
  const p = await t.userWithKey()
  await labSource(t, scopeOf(p), [labResult('ldl_cholesterol', 175, 'mg/dL')])
  const genetics = await createSource(t.context, scopeOf(p), { modality: 'genetics', format: 'vcf' })
  await storeFindings(t.context, scopeOf(p), genetics.id, [site])
  return { p, analysis: await analyse(p) }
}

describe('APOE from a weak call', () => {
  it('says in the APOE × LDL link that the genotype rests on a low-quality call', async () => {
    const { analysis } = await apoePerson(
      apoeSite({ callQuality: { gq: 12, depth: 4, altFraction: 0.5, concerns: ['low_gq', 'low_depth'] } }),
    )
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.statement).toContain(
      'This APOE genotype rests on a low-quality sequencing call (rs429358 a low-quality call, 4 reads, genotype quality 12), so it can be wrong; a clinical-grade test confirms it.',
    )
  })

  it('leaves an APOE genotype from a confident call worded as before', async () => {
    const { analysis } = await apoePerson(
      apoeSite({ callQuality: { gq: 99, depth: 40, altFraction: 0.5, concerns: [] } }),
    )
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.statement).not.toContain('low-quality')
    expect(analysis.genetics[0].interpretation).toBe('One copy of the rs429358 C allele.')
  })
})

describe('analyses stored before highlights carried call quality', () => {
  it('read back with call_quality null', async () => {
    const { p, analysis } = await apoePerson(
      apoeSite({ callQuality: { gq: 99, depth: 40, altFraction: 0.5, concerns: [] } }),
    )
    const [row] = await t.context.db.select().from(analyses).where(eq(analyses.id, analysis.id))
    const result = row.result as { genetics: Record<string, unknown>[] }
    const old = result.genetics.map(({ call_quality, ...rest }) => rest)
    await t.context.db
      .update(analyses)
      .set({ result: { ...result, genetics: old } })
      .where(eq(analyses.id, analysis.id))
    const r = await t.call('GET', `/analyses/${analysis.id}`, { token: p.key })
    expect(r.status).toBe(200)
    expect(r.body.genetics[0]).toMatchObject({ call_quality: null })
  })
})

describe('caveat wording', () => {
  const base = {
    gene: 'HFE',
    rsid: 'rs1800562',
    label: 'HFE C282Y',
    imputed: false,
    imputation_r2: null,
    filter: null,
  }

  it('names only what falls short, and nothing for a confident call or none at all', () => {
    const weak = { gq: 50, depth: 40, alt_fraction: 0.004, concerns: ['allele_balance' as const] }
    expect(genotypeCaveat({ ...base, call_quality: weak })).toBe(
      'The HFE rs1800562 genotype rests on a low-quality sequencing call (the variant in under 1 % of the reads), so it can be wrong; a clinical-grade test confirms it.',
    )
    expect(genotypeCaveat({ ...base, call_quality: { ...weak, concerns: [] } })).toBeNull()
    expect(genotypeCaveat({ ...base, call_quality: null })).toBeNull()
    expect(shortCaveat({ ...base, call_quality: null })).toBeNull()
  })

  it('joins a weak call with a FILTER, then asks for a measured test', () => {
    const weak = { gq: 5, depth: 30, alt_fraction: 0.5, concerns: ['low_gq' as const] }
    expect(genotypeCaveat({ ...base, filter: 'LowQual', call_quality: weak })).toBe(
      "The HFE rs1800562 genotype did not pass the file's own quality filter (FILTER LowQual), and rests on a low-quality sequencing call (genotype quality 5), so it can be wrong; a measured (clinical-grade) test confirms it.",
    )
  })
})
