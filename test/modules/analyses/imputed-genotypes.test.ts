// Analyses over genotypes that were not measured cleanly. A finding imputed by Minimac (the TOPMed
// fixture, test/fixtures/genetics/imputed/, read through an upload session) keeps saying so in the
// analysis's highlight, the dashboard spec, the health context and a query answer, with its R², and still
// cites the finding; an APOE genotype derived from an imputed rs429358 says so in the APOE × LDL link and
// the action plan that uses it; a call the file's FILTER did not pass says that; a measured finding reads
// word for word as before.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { genotypeCaveat, r2Text } from '../../../modules/analyses/genotype-caveats'
import { analyses } from '../../../modules/analyses/tables'
import { type FindingInput, storeFindings } from '../../../modules/genetics/findings'
import { createSource } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'
import { geneticsFixture, uploadFile, waitForJob } from '../genetics/helpers'
import { apoeSite, labResult, labSource } from './seed'

const IMPUTED_VCF = new TextDecoder().decode(geneticsFixture('imputed', 'minimac4_topmed_grch38.vcf'))

let t: TestApp
beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

/** A VCF through an upload session to a finished job; returns the genetics source id. */
async function uploadVcf(p: Person, text: string, filename: string) {
  const done = await uploadFile(t, p, new TextEncoder().encode(text), {}, filename)
  const job = await waitForJob(t, p, done.job_id)
  expect(job).toMatchObject({ state: 'succeeded', error: null })
  return job.source_id as string
}

async function findingsOf(p: Person, sourceId: string) {
  const r = await t.call('GET', `/genetics/findings?source_id=${sourceId}&limit=100`, { token: p.key })
  expect(r.status).toBe(200)
  return r.body.data as {
    id: string
    entry_id: string
    rsid: string
    interpretation: string
    imputed: boolean
    imputation_r2: number | null
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

const IMPUTED_WORDS = 'imputed from a reference panel, not measured (estimated accuracy R² 0.95)'
const CONFIRMS = 'a measured (clinical-grade) test confirms it'

describe('an analysis over an imputed VCF', () => {
  let p: Person
  let source: string
  let findings: Awaited<ReturnType<typeof findingsOf>>
  let analysis: any

  beforeAll(async () => {
    p = await t.userWithKey()
    await labSource(t, scopeOf(p), [labResult('homocysteine', 18, 'umol/L')])
    source = await uploadVcf(p, IMPUTED_VCF, 'minimac4_topmed_grch38.vcf')
    findings = await findingsOf(p, source)
    analysis = await analyse(p)
  })

  it('says in the highlight that CYP2C19*2 was imputed, not measured, with its R², and cites the finding', () => {
    const finding = findings.find((f) => f.entry_id === 'cyp2c19-star2')!
    expect(finding).toMatchObject({ imputed: true, imputation_r2: 0.95013 })
    const highlight = analysis.genetics.find((g: any) => g.rsid === finding.rsid)
    expect(highlight).toMatchObject({ imputed: true, imputation_r2: 0.95013, filter: null })
    expect(highlight.interpretation).toStartWith(finding.interpretation)
    expect(highlight.interpretation).toContain(IMPUTED_WORDS)
    expect(highlight.interpretation).toContain(CONFIRMS)
    expect(highlight.sources).toEqual([
      { source_id: source, observation_ids: [finding.id], source_ref: finding.rsid },
    ])
  })

  it('leaves a measured finding word for word as the finding says it, in the highlight and its link', () => {
    const mthfr = findings.find((f) => f.entry_id === 'mthfr-c677t')!
    expect(mthfr.imputed).toBe(false)
    const highlight = analysis.genetics.find((g: any) => g.rsid === mthfr.rsid)
    expect(highlight).toMatchObject({ imputed: false, imputation_r2: null, filter: null })
    expect(highlight.interpretation).toBe(mthfr.interpretation)
    const link = analysis.links.find((l: any) => l.id === 'link_mthfr_homocysteine')
    expect(link.statement).toEndWith(mthfr.interpretation)
    expect(link.statement).not.toContain('imputed')
    expect(link.title).not.toContain('imputed')
    // Every highlight but the imputed one reads as before.
    for (const g of analysis.genetics.filter((x: any) => !x.imputed)) {
      const f = findings.find((x) => x.rsid === g.rsid)!
      expect(g.interpretation).toBe(f.interpretation)
    }
  })

  it('carries the caveat into the dashboard spec, the health context and a query answer', async () => {
    const spec = await t.call('GET', `/dashboard-specs/${analysis.id}`, { token: p.key })
    expect(spec.status).toBe(200)
    const cards = spec.body.sections.find((s: any) => s.id === 'genetics').cards
    const card = cards.find((c: any) => c.detail.includes('CYP2C19'))
    expect(card.detail).toContain(IMPUTED_WORDS)

    const context = await t.call('POST', `/users/${p.userId}/health-context`, { token: p.key, body: {} })
    expect(context.status).toBe(200)
    const line = context.body.genotype_highlights.find((g: any) => g.gene === 'CYP2C19')
    expect(line.summary).toContain(
      'imputed, not measured (estimated accuracy R² 0.95); a measured test confirms it',
    )
    const measured = context.body.genotype_highlights.find((g: any) => g.gene === 'MTHFR')
    expect(measured.summary).not.toContain('imputed')

    const answer = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'What does my CYP2C19 result mean?' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.answer).toContain(IMPUTED_WORDS)
  })
})

/** A person with a high LDL and one APOE site finding; returns the analysis and the finding's id. */
async function apoePerson(site: FindingInput) {
  const p = await t.userWithKey()
  await labSource(t, scopeOf(p), [labResult('ldl_cholesterol', 175, 'mg/dL')])
  const genetics = await createSource(t.context, scopeOf(p), { modality: 'genetics', format: 'vcf' })
  await storeFindings(t.context, scopeOf(p), genetics.id, [site])
  const [finding] = await findingsOf(p, genetics.id)
  return { p, analysis: await analyse(p), genetics: genetics.id, findingId: finding.id }
}

describe('APOE from an imputed genotype', () => {
  it('says in the APOE × LDL link, and in the plan built on it, that the genotype was imputed, citing the finding', async () => {
    const { p, analysis, genetics, findingId } = await apoePerson(
      apoeSite({ imputation: { imputed: true, r2: 0.82 } }),
    )
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.title).toBe('APOE e3/e4 (imputed) and LDL cholesterol')
    expect(link.statement).toContain('This APOE genotype was derived from imputed genotypes')
    expect(link.statement).toContain('rs429358 imputed, estimated accuracy R² 0.82')
    expect(link.statement).toContain(CONFIRMS)
    expect(link.statement).toContain('not a diagnosis')
    expect(link.sources[0]).toEqual({ source_id: genetics, observation_ids: [findingId], source_ref: null })

    const plan = await t.call('POST', `/analyses/${analysis.id}/action-plan`, { token: p.key, body: {} })
    expect(plan.status).toBe(201)
    const lipids = plan.body.actions.find((a: any) => a.based_on.includes('link_apoe_lipids'))
    expect(lipids.rationale).toContain('rs429358 imputed, estimated accuracy R² 0.82')
    expect(lipids.sources.find((s: any) => s.source_id === genetics).observation_ids).toContain(findingId)

    // The query's APOE statement says it too.
    const answer = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'What is my APOE genotype?' },
    })
    expect(answer.body.answer).toContain('derived from imputed genotypes')
  })

  it('says so for an APOE genotype read from an imputed VCF through an upload session', async () => {
    // The TOPMed fixture with both APOE sites added, imputed: rs429358 heterozygous (R² 0.82345), rs7412
    // reference (R² 0.91, so no finding). The genetics job records e3/e4 and the analysis reads that.
    const lines = IMPUTED_VCF.trimEnd().split('\n')
    const contig = lines.findIndex((l) => l.startsWith('##contig=<ID=chr16'))
    lines.splice(contig + 1, 0, '##contig=<ID=chr19,length=58617616>')
    const sample = 'GT:DS:HDS:GP'
    lines.push(
      `chr19\t44908684\trs429358\tT\tC\t.\tPASS\tAF=0.15;MAF=0.15;R2=0.82345;IMPUTED\t${sample}\t0|1:0.98:0.01,0.97:0.02,0.96,0.02`,
      `chr19\t44908822\trs7412\tC\tT\t.\tPASS\tAF=0.08;MAF=0.08;R2=0.91;IMPUTED\t${sample}\t0|0:0.02:0.01,0.01:0.98,0.02,0.00`,
    )
    const p = await t.userWithKey()
    await labSource(t, scopeOf(p), [labResult('ldl_cholesterol', 175, 'mg/dL')])
    const source = await uploadVcf(p, `${lines.join('\n')}\n`, 'apoe_imputed.vcf')
    const apoe = (await findingsOf(p, source)).find((f) => f.rsid === 'rs429358')!
    expect(apoe).toMatchObject({ imputed: true, imputation_r2: 0.82345 })
    const analysis = await analyse(p)
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.title).toBe('APOE e3/e4 (imputed) and LDL cholesterol')
    expect(link.statement).toContain(
      'This APOE genotype was derived from imputed genotypes (estimated from a reference panel), not measured ones (rs429358 imputed, estimated accuracy R² 0.82), so it can be wrong; a measured (clinical-grade) test confirms it.',
    )
    expect(link.sources[0]).toEqual({ source_id: source, observation_ids: [apoe.id], source_ref: null })
  })

  it('says so for an APOE genotype the genetics job recorded from sites imputed as reference', async () => {
    // As the genetics job stores it when both sites were read, one of them imputed as reference (no finding).
    const p = await t.userWithKey()
    await labSource(t, scopeOf(p), [labResult('ldl_cholesterol', 175, 'mg/dL')])
    const genetics = await createSource(t.context, scopeOf(p), {
      modality: 'genetics',
      format: 'vcf',
      details: {
        apoe: {
          genotype: 'e3/e3',
          ambiguous: false,
          alternatives: [],
          e4_copies: 0,
          e2_copies: 0,
          note: 'No e2 or e4 allele. Derived from imputed genotypes (estimated from a reference panel, not measured); a measured test confirms it.',
        },
      },
    })
    await storeFindings(t.context, scopeOf(p), genetics.id, [
      apoeSite({ entryId: 'mthfr-c677t', rsid: 'rs1801133', gene: 'MTHFR', label: 'MTHFR C677T' }),
    ])
    const analysis = await analyse(p)
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.title).toBe('APOE e3/e3 (imputed) and LDL cholesterol')
    expect(link.statement).toContain(
      'derived from imputed genotypes (estimated from a reference panel), not measured ones',
    )
    // The note already says it: the query states it once.
    const answer = await t.call('POST', '/query', {
      token: p.key,
      body: { question: 'What is my APOE genotype?' },
    })
    expect(answer.body.answer.match(/imputed/g)).toHaveLength(1)
  })

  it('leaves a measured APOE genotype worded as before', async () => {
    const { analysis } = await apoePerson(apoeSite())
    const link = analysis.links.find((l: any) => l.id === 'link_apoe_lipids')
    expect(link.title).toBe('APOE e3/e4 and LDL cholesterol')
    expect(link.statement).not.toContain('imputed')
    expect(analysis.genetics[0]).toMatchObject({
      interpretation: 'One copy of the rs429358 C allele.',
      imputed: false,
      imputation_r2: null,
      filter: null,
    })
  })
})

describe('a call the file did not pass', () => {
  it('says in the highlight that the FILTER was not PASS, and carries the filter', async () => {
    const { analysis } = await apoePerson(apoeSite({ filter: 'LowQual' }))
    const highlight = analysis.genetics[0]
    expect(highlight.filter).toBe('LowQual')
    expect(highlight.imputed).toBe(false)
    expect(highlight.interpretation).toBe(
      "One copy of the rs429358 C allele. The APOE rs429358 genotype did not pass the file's own quality filter (FILTER LowQual), so it can be wrong; a measured (clinical-grade) test confirms it.",
    )
    expect(analysis.links.find((l: any) => l.id === 'link_apoe_lipids').statement).toContain(
      "This APOE genotype rests on a call the file's own quality filter did not pass (rs429358 FILTER LowQual, not PASS), so it can be wrong; a measured (clinical-grade) test confirms it.",
    )
  })
})

describe('analyses stored before highlights carried imputation', () => {
  it('reads them back with imputed false and no R² or filter', async () => {
    const { p, analysis } = await apoePerson(apoeSite())
    const [row] = await t.context.db.select().from(analyses).where(eq(analyses.id, analysis.id))
    const result = row.result as { genetics: Record<string, unknown>[] }
    const old = result.genetics.map(({ imputed, imputation_r2, filter, ...rest }) => rest)
    await t.context.db
      .update(analyses)
      .set({ result: { ...result, genetics: old } })
      .where(eq(analyses.id, analysis.id))
    const r = await t.call('GET', `/analyses/${analysis.id}`, { token: p.key })
    expect(r.status).toBe(200)
    expect(r.body.genetics[0]).toMatchObject({ imputed: false, imputation_r2: null, filter: null })
  })
})

describe('caveat wording', () => {
  it('rounds the accuracy down, never up to a certain 1.00', () => {
    expect([0.95013, 0.997, 0.29, 0.3, 0.82].map(r2Text)).toEqual(['0.95', '0.99', '0.29', '0.30', '0.82'])
  })

  it('says when the file gave no accuracy estimate, and says nothing for a measured PASS call', () => {
    const base = { gene: 'CYP2C19', rsid: 'rs4244285', label: 'CYP2C19*2', filter: null }
    expect(genotypeCaveat({ ...base, imputed: true, imputation_r2: null })).toBe(
      'The CYP2C19 rs4244285 genotype was imputed from a reference panel, not measured (the file gave no accuracy estimate), so it can be wrong; a measured (clinical-grade) test confirms it.',
    )
    expect(genotypeCaveat({ ...base, imputed: false, imputation_r2: null })).toBeNull()
  })
})
