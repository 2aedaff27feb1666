// FHIR R4 Observation resources, alone or in a Bundle (a collection, a searchset, a transaction).
// The LOINC coding picks the marker, falling back to the text or display name; valueQuantity carries the
// value (its UCUM `code` preferred to the display `unit`); components (a panel inside one resource) are
// read like observations of their own (the blood-pressure panel 85354-9 gives systolic and diastolic).
// valueQuantity.comparator marks a censored result; the interpretation codes are the lab's flag; a
// specimen named on the resource is kept. Wearable LOINC codes (heart rate, steps ...) go to wearables.

import type { Bundle, CodeableConcept, Coding, Observation, ObservationComponent, Quantity } from 'fhir/r4'
import type { Specimen } from '../../biomarkers/loinc-alternates'
import type { NewObservationInput } from '../../sources/service'
import type { WearableAccumulator } from '../../wearables/readers/accumulator'
import { parseDate } from '../dates'
import type { Warnings } from '../parsed'
import type { LabContext } from './lab-row'
import { labObservation } from './lab-row'
import { specimenOfText } from './specimen'

const LOINC_SYSTEM = 'http://loinc.org'
const UCUM_SYSTEM = 'http://unitsofmeasure.org'

/** LOINC codes of vital signs and activity that are wearable metrics, not lab markers. */
const WEARABLE_LOINC: Record<string, { metric: string; unit: string }> = {
  '8867-4': { metric: 'heart_rate', unit: '/min' },
  '40443-4': { metric: 'resting_heart_rate', unit: '/min' },
  '55423-8': { metric: 'steps', unit: '{steps}' },
  '41950-7': { metric: 'steps', unit: '{steps}' },
  '9279-1': { metric: 'respiratory_rate', unit: '/min' },
  '59408-5': { metric: 'spo2', unit: '%' },
  '2708-6': { metric: 'spo2', unit: '%' },
  '80404-7': { metric: 'hrv_sdnn', unit: 'ms' },
}

export function isFhir(doc: unknown): doc is Bundle | Observation {
  const type = (doc as { resourceType?: unknown } | null)?.resourceType
  return type === 'Bundle' || type === 'Observation'
}

function loincOf(codings: Coding[] | undefined): string | null {
  return codings?.find((c) => c.system === LOINC_SYSTEM && c.code)?.code ?? null
}

function nameOf(code: { text?: string; coding?: Coding[] } | undefined): string {
  return (
    code?.text ??
    code?.coding?.find((c) => c.display)?.display ??
    code?.coding?.find((c) => c.code)?.code ??
    ''
  )
}

function unitOf(q: Quantity): string | null {
  if (q.system === UCUM_SYSTEM && q.code) return q.code
  return q.unit ?? q.code ?? null
}

function whenOf(o: Observation): string | undefined {
  return o.effectiveDateTime ?? o.effectivePeriod?.start ?? o.effectiveInstant ?? o.issued
}

export interface FhirResult {
  observations: NewObservationInput[]
  records: number
}

type Valued = Pick<
  ObservationComponent,
  'code' | 'valueQuantity' | 'valueString' | 'valueCodeableConcept' | 'referenceRange' | 'interpretation'
>

/** The interpretation as a flag: its code (H, LL, A ...), else its text or display. */
function flagOf(concepts: CodeableConcept[] | undefined): string | null {
  const concept = concepts?.[0]
  if (!concept) return null
  return (
    concept.coding?.find((c) => c.code)?.code ??
    concept.text ??
    concept.coding?.find((c) => c.display)?.display ??
    null
  )
}

/** The specimen a resource names (`specimen.display`, e.g. "Urine"), mapped to the table's values. */
function specimenOfResource(o: Observation): Specimen | null {
  return specimenOfText(o.specimen?.display)
}

export function readFhir(
  doc: Bundle | Observation,
  ctx: LabContext,
  wearables: WearableAccumulator,
  warnings: Warnings,
): FhirResult {
  const resources: { resource: Observation; ref: string }[] = []
  let skipped = 0
  if (doc.resourceType === 'Observation')
    resources.push({ resource: doc, ref: `Observation/${doc.id ?? '0'}` })
  else {
    ;(doc.entry ?? []).forEach((entry, i) => {
      const r = entry.resource
      if (r?.resourceType === 'Observation')
        resources.push({ resource: r, ref: `entry[${i}] Observation/${r.id ?? i}` })
      else skipped++
    })
  }
  if (skipped > 0)
    warnings.add('skipped_resources', `${skipped} bundle entries are not Observations; they were skipped.`)
  const observations: NewObservationInput[] = []
  let records = 0
  for (const { resource, ref } of resources) {
    if (resource.status === 'entered-in-error' || resource.status === 'cancelled') {
      warnings.add('skipped_status', `${ref} has status ${resource.status}; it was skipped.`)
      continue
    }
    const parts: { item: Valued; ref: string }[] = resource.component?.length
      ? resource.component.map((c, i) => ({ item: c, ref: `${ref} component[${i}]` }))
      : [{ item: resource, ref }]
    for (const part of parts) {
      records++
      const when = whenOf(resource)
      const loinc = loincOf(part.item.code?.coding)
      const quantity = part.item.valueQuantity
      const wearable = loinc ? WEARABLE_LOINC[loinc] : undefined
      if (wearable && quantity?.value !== undefined) {
        const date = parseDate(when)
        if (!date) {
          warnings.add('unreadable_date', `${part.ref} has no readable effective time; skipped.`)
          continue
        }
        wearables.add({
          metric: wearable.metric,
          value: quantity.value,
          unit: unitOf(quantity) ?? wearable.unit,
          start: date.iso,
          local_date: date.local_date,
          device: resource.device?.display ?? null,
          name: nameOf(part.item.code),
          ref: part.ref,
        })
        continue
      }
      const range = part.item.referenceRange?.[0]
      const concept = part.item.valueCodeableConcept
      const value =
        quantity?.value ??
        part.item.valueString ??
        concept?.text ??
        concept?.coding?.find((c) => c.display)?.display ??
        null
      const observation = labObservation(
        {
          name: nameOf(part.item.code),
          value,
          unit: quantity ? unitOf(quantity) : null,
          date: when,
          reference_low: range?.low?.value,
          reference_high: range?.high?.value,
          reference_range: range?.text ?? null,
          flag: flagOf(part.item.interpretation) ?? flagOf(resource.interpretation),
          comparator: quantity?.comparator ?? null,
          specimen: specimenOfResource(resource),
          loinc,
          source_ref: part.ref,
        },
        ctx,
      )
      if (observation) observations.push(observation)
    }
  }
  return { observations, records }
}
