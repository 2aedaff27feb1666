// A sequencing VCF with GQ, DP and AD sent through an upload session (test/fixtures/genetics/call-quality/,
// SOURCES.md: SYNTHETIC in HaplotypeCaller's layout). Over HTTP and MCP every finding carries
// `call_quality` (gq, depth, alt_fraction, concerns); a finding from a weak call is kept, and its notice
// says it is of low quality and to confirm it with a clinical-grade test; the source's notes count them.
// A file without these fields (an imputed VCF) has `call_quality: null`.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { FINDING_NOTICES, lowQualityCallNotice } from '../../../modules/genetics/finding-notice'
import { type McpHarness, mcpHarness } from '../mcp/harness'
import { geneticsFixture as fixtureBytes, uploadFile, waitForJob } from './helpers'

const FILE = 'haplotypecaller_call_quality_grch38.vcf'

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness()
  await h.t.context.queue.start()
})
afterAll(() => h.stop())

interface Finding {
  entry_id: string
  category: keyof typeof FINDING_NOTICES
  notice: string
  call_quality: {
    gq: number | null
    depth: number | null
    alt_fraction: number | null
    concerns: string[]
  } | null
}

type Person = Awaited<ReturnType<McpHarness['t']['userWithKey']>>

async function findingsOf(p: Person, bytes: Uint8Array, filename: string) {
  const t = h.t
  const done = await uploadFile(t, p, bytes, {}, filename)
  const job = await waitForJob(t, p, done.job_id)
  expect(job).toMatchObject({ state: 'succeeded', error: null })
  const r = await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, { token: p.key })
  expect(r.status).toBe(200)
  return { job, body: r.body, findings: r.body.data as Finding[] }
}

describe('a sequencing VCF with call measures through an upload session', () => {
  it('gives every finding its call quality and says in the notice of a weak one to confirm it', async () => {
    const p = await h.t.userWithKey()
    const { job, body, findings } = await findingsOf(p, fixtureBytes('call-quality', FILE), FILE)
    const byEntry = new Map(findings.map((f) => [f.entry_id, f]))
    expect(findings).toHaveLength(6)

    // Confident: its measures, no concern, the category's notice only.
    expect(byEntry.get('mthfr-c677t')).toMatchObject({
      call_quality: { gq: 99, depth: 35, alt_fraction: 0.514, concerns: [] },
      notice: FINDING_NOTICES.trait,
    })
    // 3 reads, GQ 7: kept, and said in the notice a finding carries alone.
    const hfe = byEntry.get('hfe-c282y')!
    expect(hfe.call_quality).toEqual({
      gq: 7,
      depth: 3,
      alt_fraction: 0.667,
      concerns: ['low_gq', 'low_depth'],
    })
    expect(hfe.notice).toBe(
      `${FINDING_NOTICES.clinical} The call is of low quality (3 reads, genotype quality 7): confirm it with a clinical-grade test.`,
    )
    // 2 of 40 reads show the variant.
    const cyp2c9 = byEntry.get('cyp2c9-star2')!
    expect(cyp2c9.call_quality?.concerns).toEqual(['allele_balance'])
    expect(cyp2c9.notice).toBe(
      `${FINDING_NOTICES.pharmacogenomic} ${lowQualityCallNotice('the variant in 5 % of the reads')}`,
    )
    // Hom-alt with half of the reads on REF.
    expect(byEntry.get('slco1b1-521')?.notice).toEndWith(
      'The call is of low quality (the variant in 50 % of the reads): confirm it with a clinical-grade test.',
    )
    // Every finding without a concern has the category's notice only.
    for (const f of findings.filter((f) => f.call_quality?.concerns.length === 0))
      expect(f.notice).toBe(FINDING_NOTICES[f.category])

    const source = (await h.t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    const notes = source.details.notes as string[]
    expect(notes.some((n) => n.startsWith('3 findings rest on sequencing calls of low quality:'))).toBe(true)
    expect(notes.some((n) => n.includes('a clinical-grade test should confirm them'))).toBe(true)

    // MCP reads the same operation.
    const client = await h.connect(p.key)
    const mcp = await client.callTool({
      name: 'list_genetic_findings',
      arguments: { source_id: job.source_id, limit: 100 },
    })
    expect(mcp.structuredContent).toEqual(body)
  })

  it('gives `call_quality: null` for a file without GQ, DP and AD (an imputed VCF)', async () => {
    const p = await h.t.userWithKey()
    const file = 'minimac4_topmed_grch38.vcf'
    const { findings } = await findingsOf(p, fixtureBytes('imputed', file), file)
    expect(findings.length).toBeGreaterThan(0)
    for (const f of findings) {
      expect(f.call_quality).toBeNull()
      expect(f.notice).not.toContain('low quality')
    }
  })

  it('documents `call_quality` on GeneticFinding in the OpenAPI document', async () => {
    const doc = (await h.t.call('GET', '/openapi.json')).body
    const finding = doc.components.schemas.GeneticFinding
    expect(finding.required).toEqual(expect.arrayContaining(['call_quality']))
    const text = JSON.stringify(finding.properties.call_quality)
    for (const word of ['alt_fraction', 'low_gq', 'low_depth', 'allele_balance', 'clinical-grade'])
      expect(text).toContain(word)
  })

  it('never writes a genotype or a read count to the logs', () => {
    const logged = h.t.log.lines.join('\n')
    for (const text of ['0/1:1,2:3:7', '0/1:38,2', '1/1:10,10', 'G/A']) expect(logged).not.toContain(text)
  })
})
