// Test data for analyses, dashboards and the health context: a lab panel in two uploads (LDL rising
// above its range), 40 days of wearable data whose last week moves off baseline, and an APOE finding,
// all stored through the sources and genetics services as imports would store them.

import { type FindingInput, storeFindings } from '../../../modules/genetics/findings'
import type { Scope } from '../../../modules/shared/principal'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import type { TestApp } from '../../support/app'

export { scopeOf } from '../../support/app'

const lab = (
  code: string,
  name: string,
  value: number,
  unit: string,
  at: string,
  line: number,
  high?: number,
) =>
  ({
    modality: 'biomarkers',
    code,
    original_name: name,
    value,
    unit,
    observed_at: at,
    reference_high: high ?? null,
    source_ref: `line ${line}`,
  }) satisfies NewObservationInput

/** Two lab uploads: LDL 128 then 162 mg/dL, glucose and HDL in range. */
export async function seedLabs(t: TestApp, scope: Scope) {
  const first = await createSource(
    t.context,
    scope,
    { modality: 'biomarkers', format: 'lab_csv', filename: 'panel-2025.csv' },
    [
      lab('ldl_cholesterol', 'LDL-C', 128, 'mg/dL', '2025-07-01T08:00:00.000Z', 2, 130),
      lab('glucose', 'Glucose', 92, 'mg/dL', '2025-07-01T08:00:00.000Z', 3, 99),
    ],
  )
  const second = await createSource(
    t.context,
    scope,
    { modality: 'biomarkers', format: 'lab_csv', filename: 'panel-2026.csv' },
    [
      lab('ldl_cholesterol', 'LDL-C', 162, 'mg/dL', '2026-01-05T08:00:00.000Z', 2, 130),
      lab('glucose', 'Glucose', 95, 'mg/dL', '2026-01-05T08:00:00.000Z', 3, 99),
    ],
  )
  return { first, second }
}

/** 40 days of resting heart rate and steps; the last 7 days run high (RHR) and low (steps). */
export async function seedWearables(t: TestApp, scope: Scope, device = 'oura') {
  const observations: NewObservationInput[] = []
  for (let d = 0; d < 40; d++) {
    const start = new Date(Date.UTC(2025, 11, 1 + d))
    const end = new Date(start.getTime() + 86_400_000)
    const late = d >= 33
    observations.push({
      modality: 'wearables',
      code: 'resting_heart_rate',
      original_name: 'resting_heart_rate',
      value: late ? 66 + (d % 2) : 57 + (d % 3),
      unit: '/min',
      observed_at: start.toISOString(),
      device,
    })
    observations.push({
      modality: 'wearables',
      code: 'steps',
      original_name: 'steps',
      value: late ? 3000 + 100 * (d % 3) : 9000 + 250 * (d % 4),
      unit: '{steps}',
      observed_at: start.toISOString(),
      observed_end: end.toISOString(),
      device,
    })
  }
  return createSource(
    t.context,
    scope,
    { modality: 'wearables', format: 'oura_json', provider: 'oura' },
    observations,
  )
}

/** A genotype source whose annotation found APOE rs429358 heterozygous (e3/e4). */
export async function seedGenetics(t: TestApp, scope: Scope) {
  const source = await createSource(t.context, scope, {
    modality: 'genetics',
    format: '23andme',
    provider: '23andme',
  })
  await storeFindings(t.context, scope, source.id, [apoeSite()])
  return source
}

/** The APOE rs429358 heterozygous finding (e3/e4 with a reference rs7412), as the genetics job stores it. */
export const apoeSite = (overrides: Partial<FindingInput> = {}): FindingInput => ({
  entryId: 'apoe-rs429358',
  rsid: 'rs429358',
  gene: 'APOE',
  label: 'APOE rs429358 (defines ε4 with rs7412)',
  category: 'clinical',
  observedGenotype: 'T/C',
  zygosity: 'het',
  altCopies: 1,
  interpretation: 'One copy of the rs429358 C allele.',
  evidence: { level: 'strong', summary: 'Defines the APOE e4 haplotype.' },
  citations: [{ kind: 'pmid', id: '8346443' }],
  matchedBy: 'rsid',
  filter: null,
  ...overrides,
})

const LAB_AT = '2026-01-05T08:00:00.000Z'

/** One lab result, as a lab file's second line gives it. */
export const labResult = (code: string, value: number, unit: string): NewObservationInput => ({
  modality: 'biomarkers',
  code,
  original_name: code,
  value,
  unit,
  observed_at: LAB_AT,
  source_ref: 'line 2',
})

/** A lab source holding `labs` for the person. */
export function labSource(t: TestApp, scope: Scope, labs: NewObservationInput[]) {
  return createSource(t.context, scope, { modality: 'biomarkers', format: 'lab_csv' }, labs)
}
