// Action plans without padding (issue 13, point 4): in-range markers without an optimal target make no
// action, every sleep metric shares one sleep action, and patterns lead over single markers — transferrin
// saturation 58 % in an HFE C282Y/H63D carrier is an iron-overload pattern near the top, not rank 16.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type FindingInput, storeFindings } from '../../../modules/genetics/findings'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

let t: TestApp
let plan: any

const AT = '2026-01-05T08:00:00.000Z'
const lab = (code: string, value: number, unit: string): NewObservationInput => ({
  modality: 'biomarkers',
  code,
  original_name: code,
  value,
  unit,
  observed_at: AT,
})
const hfe = (rsid: string, label: string): FindingInput => ({
  entryId: `hfe-${rsid}`,
  rsid,
  gene: 'HFE',
  label,
  category: 'clinical',
  observedGenotype: 'G/A',
  zygosity: 'het',
  altCopies: 1,
  interpretation: `One copy of ${label}.`,
  evidence: { level: 'strong', summary: 'HFE hemochromatosis variant.' },
  citations: [{ kind: 'pmid', id: '21452290' }],
  matchedBy: 'rsid',
  filter: null,
})

beforeAll(async () => {
  t = await testApp()
  const p = await t.userWithKey()
  await createSource(t.context, scopeOf(p), { modality: 'biomarkers', format: 'lab_csv' }, [
    lab('transferrin_saturation', 58, '%'),
    lab('ferritin', 350, 'ng/mL'),
    lab('ldl_cholesterol', 162, 'mg/dL'),
    // In range, no optimal target: no action for any of these.
    lab('sodium', 140, 'mmol/L'),
    lab('potassium', 4.2, 'mmol/L'),
    lab('calcium', 9.5, 'mg/dL'),
    lab('alt', 22, 'U/L'),
    lab('ast', 20, 'U/L'),
    lab('tsh', 2.1, 'mIU/L'),
    lab('hemoglobin', 15, 'g/dL'),
    lab('platelets', 250, '10*3/uL'),
    lab('wbc', 6, '10*3/uL'),
    lab('albumin', 4.4, 'g/dL'),
    lab('creatinine', 0.9, 'mg/dL'),
  ])
  const genetics = await createSource(t.context, scopeOf(p), { modality: 'genetics', format: '23andme' })
  await storeFindings(t.context, scopeOf(p), genetics.id, [
    hfe('rs1800562', 'HFE C282Y'),
    hfe('rs1799945', 'HFE H63D'),
  ])
  // Forty nights; the last week short on every sleep metric.
  const nights: NewObservationInput[] = []
  for (let d = 0; d < 40; d++) {
    const at = new Date(Date.UTC(2025, 11, 1 + d)).toISOString()
    const late = d >= 33
    const wobble = [0, 5, -5, 10, -10][d % 5]
    for (const [code, usual, short] of [
      ['sleep_duration', 450, 330],
      ['sleep_deep', 90, 55],
      ['sleep_rem', 100, 60],
    ] as const)
      nights.push({
        modality: 'wearables',
        code,
        original_name: code,
        value: (late ? short : usual) + wobble,
        unit: 'min',
        observed_at: at,
        device: 'oura',
      })
  }
  await createSource(
    t.context,
    scopeOf(p),
    { modality: 'wearables', format: 'oura_json', provider: 'oura' },
    nights,
  )
  const analysis = (
    await t.call('POST', '/analyses', { token: p.key, body: { profile: { sex: 'male', age_years: 50 } } })
  ).body
  plan = (await t.call('POST', `/analyses/${analysis.id}/action-plan`, { token: p.key, body: {} })).body
})
afterAll(() => t.cleanup())

describe('action plans', () => {
  it('rank the iron-overload pattern with HFE first, citing the genotype and both iron results', () => {
    const first = plan.actions[0]
    expect(first.id).toBe('act_iron_overload')
    expect(first.targets).toEqual(['transferrin_saturation', 'ferritin'])
    expect(first.rationale).toContain('Transferrin saturation 58 % is at or above 45 %')
    expect(first.rationale).toContain('HFE C282Y (G/A)')
    expect(first.rationale).toContain('HFE H63D (G/A)')
    expect(first.references.map((r: any) => r.id)).toContain('pmid:21452290')
    expect(first.sources.length).toBeGreaterThanOrEqual(2)
    // The single-marker transferrin saturation action is replaced by the pattern.
    expect(plan.actions.some((a: any) => a.id === 'act_transferrin_saturation')).toBe(false)
  })

  it('make one sleep action citing every sleep metric', () => {
    const sleep = plan.actions.filter((a: any) => a.category === 'sleep')
    expect(sleep).toHaveLength(1)
    expect(sleep[0].id).toBe('act_sleep')
    expect(sleep[0].targets.sort()).toEqual(['sleep_deep', 'sleep_duration', 'sleep_rem'])
  })

  it('make no action for in-range markers without an optimal target', () => {
    const targets = plan.actions.flatMap((a: any) => a.targets)
    for (const code of [
      'sodium',
      'potassium',
      'calcium',
      'alt',
      'ast',
      'tsh',
      'hemoglobin',
      'platelets',
      'wbc',
    ])
      expect(targets).not.toContain(code)
    expect(plan.actions.map((a: any) => a.id).sort()).toEqual([
      'act_iron_overload',
      'act_lipids',
      'act_sleep',
    ])
  })
})
