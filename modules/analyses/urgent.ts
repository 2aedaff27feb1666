// The urgent tier: the latest value of a marker past a cited critical limit, or flagged critical by the
// lab itself (HH, LL, panic — for markers outside our catalog too), makes one urgent item that leads the
// analysis, the action plan, the dashboard and the health context. It tells the person to reach care,
// never to change their lifestyle or retest in months.

import {
  type CriticalLimit,
  criticalLimitFor,
  criticalSide,
  type Urgency,
} from '../biomarkers/critical-limits'
import type { BiomarkerDefinition } from '../biomarkers/types'
import type { Reference, SourceCitation } from './citation-model'
import type { ObservationInput } from './inputs'
import type { UrgentFindingItem, UrgentItem } from './model'
import { fmt, unitSuffix } from './ranges'

const CRITICAL_FLAGS: Record<string, UrgentFindingItem['direction']> = {
  critical_low: 'low',
  critical_high: 'high',
  critical: 'abnormal',
}

export const criticalLimitReference = (limit: CriticalLimit): Reference => ({
  id: limit.citation.pmid ? `pmid:${limit.citation.pmid}` : `critical:${limit.code}`,
  kind: 'guideline',
  title: `Critical limit for ${limit.code}: ${limit.citation.title}`,
  url: limit.citation.url ?? null,
  pmid: limit.citation.pmid ?? null,
})

const labFlagReference = (o: ObservationInput): Reference => ({
  id: `lab_flag:${o.source_id}`,
  kind: 'lab_report',
  title: `Critical flag printed by the lab in source ${o.source_id}${o.source_ref ? ` (${o.source_ref})` : ''}`,
  url: null,
  pmid: null,
})

function describeLimit(limit: CriticalLimit, side: 'low' | 'high'): string {
  const unit = unitSuffix(limit.unit)
  return side === 'low' ? `< ${fmt(limit.below as number)}${unit}` : `≥ ${fmt(limit.from as number)}${unit}`
}

export interface CriticalHit {
  finding: UrgentFindingItem
  source: SourceCitation
  references: Reference[]
}

/** Whether the latest value of a marker is critical, by the cited limits or by the lab's flag. */
export function criticalHit(
  latest: ObservationInput,
  def: BiomarkerDefinition | undefined,
): CriticalHit | null {
  if (latest.modality !== 'biomarkers') return null
  const limit = def ? criticalLimitFor(def.code) : undefined
  // Limits are in the canonical unit; a value kept in another unit (not convertible) is not compared.
  const comparable = limit && latest.value !== null && latest.unit === limit.unit
  const side = comparable ? criticalSide(limit, latest.value as number, latest.comparator ?? null) : null
  const flagged = latest.lab_flag ? CRITICAL_FLAGS[latest.lab_flag] : undefined
  if (!side && !flagged) return null
  const urgency: Urgency = side && limit ? limit.urgency : 'contact_clinician_today'
  const references: Reference[] = []
  if (side && limit) references.push(criticalLimitReference(limit))
  if (flagged) references.push(labFlagReference(latest))
  return {
    finding: {
      code: latest.code,
      name: def?.name ?? latest.original_name,
      value: latest.value,
      value_text: latest.value_text,
      unit: latest.unit,
      observed_at: latest.observed_at,
      direction: side ?? (flagged as UrgentFindingItem['direction']),
      basis: side && flagged ? 'both' : side ? 'critical_limit' : 'lab_flag',
      lab_flag: latest.lab_flag ?? null,
      critical_limit: side && limit ? describeLimit(limit, side) : null,
      urgency,
    },
    source: { source_id: latest.source_id, observation_ids: [latest.id], source_ref: latest.source_ref },
    references,
  }
}

const resultText = (f: UrgentFindingItem) =>
  f.value === null ? (f.value_text ?? 'no value') : `${fmt(f.value)}${unitSuffix(f.unit)}`

function findingText(f: UrgentFindingItem): string {
  const why =
    f.basis === 'lab_flag'
      ? 'flagged critical by the lab'
      : f.basis === 'both'
        ? `flagged critical by the lab and past the critical limit ${f.critical_limit}`
        : `past the critical limit ${f.critical_limit}`
  return `${f.name} ${resultText(f)} on ${f.observed_at.slice(0, 10)} (${why})`
}

/** One urgent item for every critical hit, the most urgent level first; null when there is none. */
export function urgentItem(hits: CriticalHit[]): UrgentItem | null {
  if (hits.length === 0) return null
  const now = hits.some((h) => h.finding.urgency === 'seek_care_now')
  const findings = [...hits]
    .sort(
      (a, b) =>
        Number(b.finding.urgency === 'seek_care_now') - Number(a.finding.urgency === 'seek_care_now') ||
        a.finding.code.localeCompare(b.finding.code),
    )
    .map((h) => h.finding)
  const level = now ? 'seek_care_now' : 'contact_clinician_today'
  const sources = new Map<string, SourceCitation>()
  for (const h of hits) {
    const seen = sources.get(h.source.source_id)
    if (!seen)
      sources.set(h.source.source_id, { ...h.source, observation_ids: [...h.source.observation_ids] })
    else seen.observation_ids.push(...h.source.observation_ids)
  }
  const references = new Map<string, Reference>()
  for (const r of hits.flatMap((h) => h.references)) if (!references.has(r.id)) references.set(r.id, r)
  const list = findings.map(findingText).join('; ')
  return {
    id: 'urgent',
    level,
    title: now
      ? 'Seek medical care now: critical lab result'
      : 'Contact a clinician today: critical lab result',
    statement: `${findings.length === 1 ? 'This result is' : 'These results are'} in the range laboratories report to a clinician at once: ${list}. ${
      now
        ? 'If the result is recent and no clinician has acted on it yet, seek care now (urgent care or emergency services), bringing the report.'
        : 'If no clinician has acted on it yet, contact one today, bringing the report.'
    } This is not a diagnosis, and it does not replace the lab's or your clinician's call.`,
    steps: [
      now
        ? 'Seek care now: call your clinician’s urgent line, go to urgent care or emergency services; call emergency services if you feel unwell (chest pain, shortness of breath, confusion, fainting, palpitations, severe weakness).'
        : 'Contact a clinician today and tell them the result; if you cannot reach one and feel unwell, seek urgent care.',
      'Bring or send the lab report; a clinician decides whether and when to repeat the test.',
      'Do not start, stop or change medicines or supplements on account of this result without a clinician.',
    ],
    findings,
    sources: [...sources.values()],
    references: [...references.values()],
  }
}
