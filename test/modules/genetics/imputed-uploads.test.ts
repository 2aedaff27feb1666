// Imputed VCFs sent through an upload session (test/fixtures/genetics/imputed/, SOURCES.md: SYNTHETIC in
// the Minimac4 / Michigan-TOPMed server and Beagle 5 header shapes). Over HTTP and MCP every finding says
// whether its genotype was imputed (`imputed`, `imputation_r2`), an imputed one's notice says it was not
// measured, a site imputed below R² 0.3 gives no finding, and the source's notes count both. A woman's
// imputed file is not read as a man's (its X heterozygosity over a panel's sites is a few percent).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { FINDING_NOTICES, IMPUTED_NOTICE } from '../../../modules/genetics/finding-notice'
import { imputedVcfText } from '../../genetics-core/support/imputed-vcf'
import { type McpHarness, mcpHarness } from '../mcp/harness'
import { geneticsFixture, uploadFile, waitForJob } from './helpers'

const imputedFixture = (name: string) => geneticsFixture('imputed', name)

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness()
  await h.t.context.queue.start()
})
afterAll(() => h.stop())

interface Finding {
  entry_id: string
  category: keyof typeof FINDING_NOTICES
  imputed: boolean
  imputation_r2: number | null
  notice: string
}

const FILES = [
  { tool: 'Minimac4 (TOPMed server, GRCh38)', file: 'minimac4_topmed_grch38.vcf', r2: 0.95013 },
  { tool: 'Beagle 5 (GRCh37)', file: 'beagle5_grch37.vcf', r2: 0.95 },
]

describe('imputed VCFs through an upload session', () => {
  for (const { tool, file, r2 } of FILES) {
    it(`marks the imputed findings of a ${tool} file and leaves out the site below R² 0.3`, async () => {
      const t = h.t
      const p = await t.userWithKey()
      const done = await uploadFile(t, p, imputedFixture(file), {}, file)
      const job = await waitForJob(t, p, done.job_id)
      expect(job).toMatchObject({ state: 'succeeded', error: null })

      const r = await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, {
        token: p.key,
      })
      expect(r.status).toBe(200)
      const findings = r.body.data as Finding[]
      const byEntry = new Map(findings.map((f) => [f.entry_id, f]))

      // Measured (TYPED / no IMP): a plain finding with its category's notice only.
      expect(byEntry.get('mthfr-c677t')).toMatchObject({
        imputed: false,
        imputation_r2: null,
        notice: FINDING_NOTICES.trait,
      })
      // Imputed with R² 0.95: said in the fields and in the notice a finding carries alone.
      const imputed = byEntry.get('cyp2c19-star2')!
      expect(imputed).toMatchObject({ imputed: true, imputation_r2: r2 })
      expect(imputed.notice).toBe(`${FINDING_NOTICES.pharmacogenomic} ${IMPUTED_NOTICE}`)
      expect(imputed.notice).toContain('imputed, not measured')
      // Imputed with R² 0.12: not called, so no finding.
      expect(byEntry.has('slco1b1-521')).toBe(false)
      // Every other finding is measured and reads as before.
      for (const f of findings.filter((f) => f.entry_id !== 'cyp2c19-star2')) {
        expect(f).toMatchObject({ imputed: false, imputation_r2: null })
        expect(f.notice).toBe(FINDING_NOTICES[f.category])
      }

      const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
      const notes = source.details.notes as string[]
      expect(notes).toContain(
        '1 finding rests on an imputed genotype: estimated from a reference panel, not measured, and an estimate can be wrong. A measured (clinical-grade) test confirms it before anything is done about it.',
      )
      expect(
        notes.some((n) =>
          n.startsWith('1 catalog site was imputed with an estimated accuracy (R²) below 0.3'),
        ),
      ).toBe(true)

      // MCP reads the same operation.
      const client = await h.connect(p.key)
      const mcp = await client.callTool({
        name: 'list_genetic_findings',
        arguments: { source_id: job.source_id, limit: 100 },
      })
      expect(mcp.structuredContent).toEqual(r.body)
    })
  }

  it('documents `imputed` and `imputation_r2` on GeneticFinding in the OpenAPI document', async () => {
    const doc = (await h.t.call('GET', '/openapi.json')).body
    const finding = doc.components.schemas.GeneticFinding
    expect(finding.required).toEqual(expect.arrayContaining(['imputed', 'imputation_r2']))
    expect(finding.properties.imputed.type).toBe('boolean')
    expect(finding.properties.imputed.description).toContain('imputed')
    expect(JSON.stringify(finding.properties.imputation_r2)).toContain('R2')
  })

  it('never writes a genotype or an accuracy to the logs', () => {
    const logged = h.t.log.lines.join('\n')
    for (const text of ['0|1', '1|0', 'R2=0.12', 'DR2=0.12', 'IMPUTED;']) expect(logged).not.toContain(text)
  })

  it("leaves a woman's imputed file's genetic sex unknown, not male, and reads her G6PD A- call", async () => {
    const t = h.t
    const p = await t.userWithKey()
    const bytes = new TextEncoder().encode(imputedVcfText('woman'))
    const job = await waitForJob(t, p, (await uploadFile(t, p, bytes, {}, 'imputed.vcf')).job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    expect(source.details.genetic_sex.sex).toBe('unknown')
    const r = await t.call('GET', `/genetics/findings?source_id=${job.source_id}&limit=100`, { token: p.key })
    const g6pd = r.body.data.find((f: Finding) => f.entry_id === 'g6pd-a-minus-202')
    expect(g6pd.interpretation).toStartWith('One of two X chromosomes carries G6PD c.202G>A')
  })
})
