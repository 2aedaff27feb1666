// Cross-modality links beyond APOE: HFE with iron studies, MTHFR with homocysteine, SLCO1B1 with statin
// choice when LDL is high, and daily activity with high glycemic markers. Each link appears only when
// both sides are in the data, and cites the finding, the lab values and its references.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type FindingInput, storeFindings } from '../../../modules/genetics/findings'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'
import { seedWearables } from './seed'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

const AT = '2026-01-05T08:00:00.000Z'
const lab = (code: string, value: number, unit: string, line: number): NewObservationInput => ({
  modality: 'biomarkers',
  code,
  original_name: code,
  value,
  unit,
  observed_at: AT,
  source_ref: `line ${line}`,
})

const finding = (
  gene: string,
  rsid: string,
  genotype: string,
  zygosity: 'het' | 'hom_alt',
  pmid: string,
): FindingInput => ({
  entryId: `${gene.toLowerCase()}-${rsid}`,
  rsid,
  gene,
  label: `${gene} ${rsid}`,
  category: gene === 'SLCO1B1' ? 'pharmacogenomic' : 'clinical',
  observedGenotype: genotype,
  zygosity,
  altCopies: zygosity === 'het' ? 1 : 2,
  interpretation: `Test interpretation of ${gene}.`,
  evidence: { level: 'strong', summary: `Test evidence for ${gene}.` },
  citations: [{ kind: 'pmid', id: pmid }],
  matchedBy: 'rsid',
  filter: null,
})

async function person(labs: NewObservationInput[], findings: FindingInput[], withSteps: boolean) {
  const p = await t.userWithKey()
  const labSource = await createSource(
    t.context,
    scopeOf(p),
    { modality: 'biomarkers', format: 'lab_csv' },
    labs,
  )
  const genetics = await createSource(t.context, scopeOf(p), { modality: 'genetics', format: '23andme' })
  await storeFindings(t.context, scopeOf(p), genetics.id, findings)
  if (withSteps) await seedWearables(t, scopeOf(p))
  const analysis = await t.call('POST', '/analyses', {
    token: p.key,
    body: { profile: { sex: 'male', age_years: 50 } },
  })
  expect(analysis.status).toBe(201)
  return { analysis: analysis.body, labSource: labSource.id, genetics: genetics.id }
}

const FINDINGS = [
  finding('HFE', 'rs1800562', 'G/A', 'het', '1000001'),
  finding('MTHFR', 'rs1801133', 'A/A', 'hom_alt', '1000002'),
  finding('SLCO1B1', 'rs4149056', 'T/C', 'het', '1000003'),
]

describe('cross-modality links', () => {
  it('links HFE to iron, MTHFR to homocysteine, SLCO1B1 to high LDL and activity to high glucose, each cited', async () => {
    const { analysis, labSource, genetics } = await person(
      [
        lab('ferritin', 420, 'ng/mL', 2),
        lab('homocysteine', 18, 'umol/L', 3),
        lab('ldl_cholesterol', 175, 'mg/dL', 4),
        lab('glucose', 112, 'mg/dL', 5),
      ],
      FINDINGS,
      true,
    )
    const byId = Object.fromEntries(analysis.links.map((l: any) => [l.id, l]))
    expect(Object.keys(byId).sort()).toEqual(
      ['link_activity_glycemic', 'link_hfe_iron', 'link_mthfr_homocysteine', 'link_slco1b1_statins'].sort(),
    )
    for (const [id, gene, marker, pmid] of [
      ['link_hfe_iron', 'HFE', 'ferritin', '1000001'],
      ['link_mthfr_homocysteine', 'MTHFR', 'homocysteine', '1000002'],
      ['link_slco1b1_statins', 'SLCO1B1', 'ldl_cholesterol', '1000003'],
    ]) {
      const link = byId[id]
      expect(link.modalities).toEqual(['genetics', 'biomarkers'])
      expect(link.markers).toEqual([marker])
      const cited = link.sources.map((s: any) => s.source_id)
      expect(cited).toContain(genetics)
      expect(cited).toContain(labSource)
      expect(link.references.map((r: any) => r.id)).toContain(`pmid:${pmid}`)
      expect(link.statement).toContain(`Test interpretation of ${gene}.`)
    }
    expect(byId.link_slco1b1_statins.evidence.level).toBe('strong')
    const activity = byId.link_activity_glycemic
    expect(activity.kind).toBe('behavior_context')
    expect(activity.modalities).toEqual(['wearables', 'biomarkers'])
    expect(activity.markers).toEqual(['steps', 'glucose'])
    expect(activity.statement).toMatch(/Your recent daily steps average \d+/)
  })

  it('makes no link when one side is missing or the lab value gives no reason for it', async () => {
    const { analysis } = await person(
      [lab('ldl_cholesterol', 100, 'mg/dL', 2), lab('glucose', 88, 'mg/dL', 3)],
      FINDINGS,
      true,
    )
    // No iron or homocysteine results; LDL and glucose in range: nothing to link.
    expect(analysis.links).toEqual([])
  })
})
