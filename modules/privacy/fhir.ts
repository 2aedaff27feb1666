// Observations as FHIR R4 Observation resources, so another system can read an export: biomarker codes
// as LOINC (where the catalog knows the code), values as UCUM quantities, the lab's interval and flag
// as referenceRange and interpretation. Rows the catalog cannot code keep their name as text only.

import type { Bundle, Observation } from 'fhir/r4'
import { biomarkerByCode } from '../biomarkers/catalog'

const LOINC = 'http://loinc.org'
const UCUM = 'http://unitsofmeasure.org'
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation'
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category'

const FLAG_CODES: Record<string, { code: string; display: string }> = {
  low: { code: 'L', display: 'Low' },
  high: { code: 'H', display: 'High' },
  critical_low: { code: 'LL', display: 'Critical low' },
  critical_high: { code: 'HH', display: 'Critical high' },
  abnormal: { code: 'A', display: 'Abnormal' },
  critical: { code: 'AA', display: 'Critical abnormal' },
  normal: { code: 'N', display: 'Normal' },
}

const CATEGORY_OF: Record<string, { code: string; display: string }> = {
  biomarkers: { code: 'laboratory', display: 'Laboratory' },
  wearables: { code: 'activity', display: 'Activity' },
  behavioral: { code: 'social-history', display: 'Social History' },
}

/** FHIR ids allow [A-Za-z0-9\-.]{1,64}; ours use underscores. */
const fhirId = (id: string) => id.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64)

const quantity = (value: number, unit: string | null) =>
  unit ? { value, unit, system: UCUM, code: unit } : { value }

export function toFhirObservation(row: Record<string, unknown>): Observation {
  const code = String(row.code)
  const marker = biomarkerByCode(code)
  const unit = (row.unit as string | null) ?? null
  const observation: Observation = {
    resourceType: 'Observation',
    id: fhirId(String(row.id)),
    status: 'final',
    category: [{ coding: [{ system: CATEGORY, ...CATEGORY_OF[String(row.modality)] }] }],
    code: {
      ...(marker ? { coding: [{ system: LOINC, code: marker.loinc, display: marker.name }] } : {}),
      text: String(row.original_name ?? code),
    },
    subject: { reference: `Patient/${fhirId(String(row.user_id))}` },
    effectiveDateTime: String(row.observed_at),
  }
  if (row.observed_end) {
    delete observation.effectiveDateTime
    observation.effectivePeriod = { start: String(row.observed_at), end: String(row.observed_end) }
  }
  if (typeof row.value === 'number') {
    const q: Observation['valueQuantity'] = quantity(row.value, unit)
    if (row.comparator) q.comparator = row.comparator as '<' | '<=' | '>=' | '>'
    observation.valueQuantity = q
  } else if (row.value_text) {
    observation.valueString = String(row.value_text)
  }
  if (typeof row.reference_low === 'number' || typeof row.reference_high === 'number') {
    observation.referenceRange = [
      {
        ...(typeof row.reference_low === 'number' ? { low: quantity(row.reference_low, unit) } : {}),
        ...(typeof row.reference_high === 'number' ? { high: quantity(row.reference_high, unit) } : {}),
      },
    ]
  }
  const flag = row.lab_flag ? FLAG_CODES[String(row.lab_flag)] : undefined
  if (flag) observation.interpretation = [{ coding: [{ system: INTERPRETATION, ...flag }] }]
  return observation
}

/** The user's observations as one FHIR collection bundle. */
export function observationBundle(rows: Record<string, unknown>[], timestamp: string): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp,
    entry: rows.map((row) => ({
      fullUrl: `urn:uuid:${crypto.randomUUID()}`,
      resource: toFhirObservation(row),
    })),
  }
}
