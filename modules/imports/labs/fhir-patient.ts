// The person a FHIR document is about: administrative gender and birth date of its Patient resource,
// for the profile when the user has not set them. Only `male` and `female` are used to pick ranges.

import type { PersonFacts } from '../../profiles/service'

export function fhirPatientPerson(doc: unknown): PersonFacts | null {
  const resources: unknown[] =
    (doc as { resourceType?: string })?.resourceType === 'Bundle'
      ? ((doc as { entry?: { resource?: unknown }[] }).entry ?? []).map((e) => e?.resource)
      : [doc]
  const patient = resources.find(
    (r) => (r as { resourceType?: string } | null)?.resourceType === 'Patient',
  ) as { gender?: unknown; birthDate?: unknown } | undefined
  if (!patient) return null
  const sex = patient.gender === 'male' || patient.gender === 'female' ? patient.gender : undefined
  const birth =
    typeof patient.birthDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(patient.birthDate)
      ? patient.birthDate
      : undefined
  if (!sex && !birth) return null
  return { ...(sex ? { sex } : {}), ...(birth ? { birth_date: birth } : {}), from: 'FHIR Patient' }
}
