// Lab and behavioral observations → the latest value of each marker with its status, and an
// interpretation per marker: what the value means against its range, how it changed since the first
// value, how much weight that bears, and the records and references it rests on.

import { categoryOf } from '../biomarkers/categories'
import type { BiomarkerDefinition, Citation, ContextThreshold } from '../biomarkers/types'
import { judgeDirection } from '../trends/direction'
import type { Reference, SourceCitation } from './citation-model'
import { derivedObservations } from './derived-observations'
import type { AnalysisOptions, Catalogs, ObservationInput } from './inputs'
import type { Interpretation, ObservationItem } from './model'
import { describeRange, fmt, type Judgement, judge, round, unitSuffix } from './ranges'
import { biomarkerReference, METHODS, uniqueReferences } from './references'
import { type CriticalHit, criticalHit } from './urgent'

const HISTORY_POINTS = 50

/** The record a value came from; a derived value cites the records it was computed from. */
export const citeObservation = (o: ObservationInput): SourceCitation =>
  o.derived
    ? {
        source_id: o.source_id,
        observation_ids: o.derived.inputs.filter((i) => i.source_id === o.source_id).map((i) => i.id),
        source_ref: o.source_ref,
      }
    : { source_id: o.source_id, observation_ids: [o.id], source_ref: o.source_ref }

/** Every record a value rests on, one citation per source. */
const citationsOf = (o: ObservationInput): SourceCitation[] =>
  o.derived ? dedupeCitations(o.derived.inputs.map((i) => citeObservation(i))) : [citeObservation(o)]

const labReference = (o: ObservationInput): Reference => ({
  id: `lab_range:${o.source_id}`,
  kind: 'lab_report',
  title: `Reference range printed in source ${o.source_id}${o.source_ref ? ` (${o.source_ref})` : ''}`,
  url: null,
  pmid: null,
})

function referencesFor(
  def: BiomarkerDefinition | undefined,
  j: Judgement,
  latest: ObservationInput,
): Reference[] {
  const refs: Reference[] = []
  if (def) refs.push(biomarkerReference(def))
  if (j.basis === 'lab') refs.push(labReference(latest))
  if (j.basis !== 'none') refs.push(METHODS.referenceRange)
  return uniqueReferences(refs)
}

/**
 * The same result uploaded twice (same marker, time, value and unit, from another source) counts once:
 * the first upload is kept, so a re-upload never inflates the evidence.
 */
export function withoutReuploads(observations: ObservationInput[]): ObservationInput[] {
  const seen = new Set<string>()
  const out: ObservationInput[] = []
  const ordered = [...observations].sort(
    (a, b) => a.source_id.localeCompare(b.source_id) || a.id.localeCompare(b.id),
  )
  for (const o of ordered) {
    const key = `${o.code}|${o.observed_at}|${o.value ?? o.value_text}|${o.unit ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(o)
  }
  return out
}

const LAB_FLAG_SIDE: Record<string, 'low' | 'high' | 'abnormal' | 'normal'> = {
  low: 'low',
  critical_low: 'low',
  high: 'high',
  critical_high: 'high',
  abnormal: 'abnormal',
  critical: 'abnormal',
  normal: 'normal',
}

/**
 * Where the lab's own flag and our judgement disagree, both are said; a marker we cannot judge takes
 * the lab's low/high flag as its status.
 */
function withLabFlag(j: Judgement, flag: string | null | undefined): { j: Judgement; note: string | null } {
  const side = flag ? LAB_FLAG_SIDE[flag] : undefined
  if (!side) return { j, note: null }
  if (j.status === 'unknown' || j.status === 'indeterminate') {
    if (side === 'low' || side === 'high')
      return {
        j: { ...j, status: side, severity: flag?.startsWith('critical') ? 'critical' : 'moderate' },
        note: `The lab flagged it ${flag?.replace('_', ' ')}.`,
      }
    return { j, note: side === 'normal' ? null : `The lab flagged it ${flag}.` }
  }
  const ours = j.status === 'optimal' ? 'in_range' : j.status
  const agrees =
    (side === 'normal' && ours === 'in_range') ||
    side === ours ||
    (side === 'abnormal' && ours !== 'in_range')
  if (agrees) return { j, note: null }
  const theirs = side === 'normal' ? 'normal' : (flag?.replace('_', ' ') ?? side)
  return {
    j,
    note: `The lab flagged it ${theirs}, while the ${j.basis === 'lab' ? "lab's printed range" : 'catalog range'} puts it ${ours.replace('_', ' ')}; the lab knows its method, so ask the clinician which applies.`,
  }
}

/** Published thresholds past which a value needs a sentence of context (WHO ferritin). */
function contextThresholds(
  def: BiomarkerDefinition | undefined,
  value: number | null,
  sex: 'female' | 'male' | undefined,
): ContextThreshold[] {
  if (!def?.context_thresholds || value === null) return []
  return def.context_thresholds.filter(
    (c) =>
      (c.sex === undefined || c.sex === sex) &&
      ((c.below !== undefined && value < c.below) || (c.above !== undefined && value > c.above)),
  )
}

const citationReference = (id: string, c: Citation): Reference => ({
  id: c.pmid ? `pmid:${c.pmid}` : id,
  kind: 'guideline',
  title: c.title,
  url: c.url ?? null,
  pmid: c.pmid ?? null,
})

/** Group numeric or text observations of one modality by code, oldest first within each group. */
function byCode(observations: ObservationInput[]): Map<string, ObservationInput[]> {
  const groups = new Map<string, ObservationInput[]>()
  for (const o of observations) {
    const list = groups.get(o.code) ?? []
    list.push(o)
    groups.set(o.code, list)
  }
  for (const list of groups.values())
    list.sort((a, b) => a.observed_at.localeCompare(b.observed_at) || a.id.localeCompare(b.id))
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)))
}

/**
 * The change since the first value, by the same rule trends use (noise-aware, least-squares over three
 * or more points, toward or away from the range for in-range markers). A move beyond the test-to-test
 * variation that stays inside the range is `changed`, so it is said rather than called stable.
 */
function changeOf(
  series: ObservationInput[],
  def: BiomarkerDefinition | undefined,
  reference: Judgement['reference'],
): Interpretation['change'] {
  // A censored result (`<0.3`) is a bound, not a value: a change measured from it would be invented.
  const numeric = series.filter((o) => o.value !== null && !o.comparator)
  if (numeric.length < 2) return null
  const first = numeric[0]
  const latest = numeric[numeric.length - 1]
  const delta = (latest.value as number) - (first.value as number)
  const percent = first.value !== 0 ? (delta / Math.abs(first.value as number)) * 100 : null
  const noise = def?.noise_percent ?? null
  let direction: NonNullable<Interpretation['change']>['direction'] = 'changed'
  if (noise !== null && def) {
    const range = reference
      ? {
          ...(reference.low !== null ? { low: reference.low } : {}),
          ...(reference.high !== null ? { high: reference.high } : {}),
          ...(reference.high_exclusive ? { high_exclusive: true } : {}),
        }
      : null
    const moved = judgeDirection(
      numeric.map((o) => ({ value: o.value as number, t: Date.parse(o.observed_at) })),
      def.better,
      noise,
      range,
    )
    direction =
      moved.direction === 'stable' && moved.change_percent !== null && Math.abs(moved.change_percent) >= noise
        ? 'changed'
        : moved.direction === 'insufficient_data'
          ? 'changed'
          : moved.direction
  } else if (delta === 0) direction = 'stable'
  return {
    direction,
    first_value: first.value as number,
    first_observed_at: first.observed_at,
    delta: round(delta),
    delta_percent: percent === null ? null : round(percent, 1),
    noise_percent: noise,
  }
}

function statement(
  name: string,
  latest: ObservationInput,
  unit: string | null,
  j: Judgement,
  change: Interpretation['change'],
  notes: string[] = [],
): string {
  const day = latest.observed_at.slice(0, 10)
  const value =
    latest.value === null
      ? (latest.value_text ?? 'no value')
      : `${latest.comparator ?? ''}${fmt(latest.value)}${unitSuffix(unit)}`
  const range = j.reference ? describeRange(j.reference, unit) : null
  const where = {
    low: range ? `below the reference range (${range})` : 'flagged low by the lab',
    high: range ? `above the reference range (${range})` : 'flagged high by the lab',
    in_range: j.optimal
      ? `inside the reference range (${range}) but outside the optimal range (${describeRange(j.optimal, unit)})`
      : `inside the reference range (${range})`,
    optimal: `inside the optimal range (${j.optimal ? describeRange(j.optimal, unit) : range})`,
    indeterminate: 'not judged: its range depends on sex or age, which the analysis profile does not give',
    unknown: 'not judged: there is no reference range for it in the catalog or the source',
  }[j.status]
  let text = `${name} ${value} on ${day} is ${where}`
  if (j.basis === 'lab') text += ', as printed by the lab'
  if (change) {
    const move =
      change.direction === 'stable'
        ? `stable since ${fmt(change.first_value)} on ${change.first_observed_at.slice(0, 10)}${change.noise_percent !== null ? ` (within its ${change.noise_percent}% test-to-test variation)` : ''}`
        : `${change.delta > 0 ? 'up' : 'down'} ${change.delta_percent !== null ? `${Math.abs(change.delta_percent)}% ` : ''}from ${fmt(change.first_value)} on ${change.first_observed_at.slice(0, 10)}${change.direction === 'changed' ? (j.status === 'in_range' || j.status === 'optimal' ? `, more than its ${change.noise_percent}% test-to-test variation while staying inside the range: worth watching` : '') : ` (${change.direction})`}`
    text += `; ${move}`
  }
  return [`${text}.`, ...notes].join(' ')
}

function evidenceFor(
  j: Judgement,
  measurements: number,
  def: BiomarkerDefinition | undefined,
): Interpretation['evidence'] {
  if (j.basis === 'catalog' && (j.status === 'indeterminate' || !def))
    return { level: 'limited', summary: 'The catalog range for this marker depends on sex or age not given.' }
  if (j.basis === 'catalog' && measurements >= 2)
    return {
      level: 'strong',
      summary: `Judged against cited catalog ranges, with ${measurements} measurements over time.`,
    }
  if (j.basis === 'catalog')
    return {
      level: 'moderate',
      summary:
        'Judged against cited catalog ranges from a single measurement; one result can be off, a retest confirms it.',
    }
  if (j.basis === 'lab')
    return {
      level: 'limited',
      summary: 'Judged against the range printed by the lab; the marker is not in our catalog.',
    }
  return { level: 'limited', summary: 'No range to judge against; reported as measured.' }
}

export interface MarkerFindings {
  observations: ObservationItem[]
  interpretations: Interpretation[]
  /** Latest values past a critical limit or flagged critical by the lab. */
  critical: CriticalHit[]
}

/** Latest value, status and interpretation for every lab marker and behavioral record. */
export function markerFindings(
  observations: ObservationInput[],
  catalogs: Catalogs,
  options: AnalysisOptions,
): MarkerFindings {
  const items: ObservationItem[] = []
  const interpretations: Interpretation[] = []
  const critical: CriticalHit[] = []
  const measured = withoutReuploads(
    observations.filter((o) => o.modality === 'biomarkers' || o.modality === 'behavioral'),
  )
  const relevant = [...measured, ...derivedObservations(measured, options.profile)]
  for (const [code, series] of byCode(relevant)) {
    const latest = series[series.length - 1]
    const def = latest.modality === 'biomarkers' ? catalogs.biomarker(code) : undefined
    const unit = latest.unit
    const judged = withLabFlag(
      judge(latest.value, def, { low: latest.reference_low, high: latest.reference_high }, options.profile),
      latest.modality === 'biomarkers' ? latest.lab_flag : null,
    )
    let j = judged.j
    const notes = judged.note ? [judged.note] : []
    if (latest.comparator && latest.value !== null)
      notes.push(
        `The lab reported a bound (${latest.comparator}${fmt(latest.value)}), not an exact value; it is judged at that bound and left out of any change.`,
      )
    const context = contextThresholds(def, latest.value, options.profile?.sex)
    notes.push(...context.map((c) => c.text))
    const category = latest.modality === 'biomarkers' ? categoryOf(code, latest.value) : null
    if (category) notes.push(category.text)
    const hit = criticalHit(latest, def)
    if (hit) {
      critical.push(hit)
      const side = hit.finding.direction
      j = {
        ...j,
        status: side === 'abnormal' ? (j.status === 'unknown' ? 'unknown' : j.status) : side,
        severity: 'critical',
      }
      notes.push(
        hit.finding.critical_limit
          ? `It is past the critical limit ${hit.finding.critical_limit}: see the urgent item.`
          : 'The lab flagged it critical: see the urgent item.',
      )
    }
    const references = uniqueReferences([
      ...(latest.derived ? [citationReference(`formula:${code}`, latest.derived.citation)] : []),
      ...referencesFor(def, j, latest),
      ...context.map((c) => citationReference(`context:${code}`, c.citation)),
      ...(category ? [citationReference(`category:${code}`, category.citation)] : []),
      ...(hit?.references ?? []),
    ])
    const name = latest.derived?.name ?? def?.name ?? latest.original_name
    if (latest.derived) notes.unshift(`Computed as ${latest.derived.formula}.`)
    const sources = citationsOf(latest)
    items.push({
      code,
      name,
      modality: latest.modality,
      category: def?.category ?? null,
      value: latest.value,
      value_text: latest.value_text,
      comparator: latest.comparator ?? null,
      unit,
      observed_at: latest.observed_at,
      status: j.status,
      reference_range: j.reference,
      optimal_range: j.optimal,
      // The interval and flag printed on the report, kept beside our judgement.
      lab_reference_range:
        latest.reference_low !== null || latest.reference_high !== null
          ? { low: latest.reference_low, high: latest.reference_high }
          : null,
      lab_flag: latest.lab_flag ?? null,
      measurements: series.length,
      ...(latest.derived ? { formula: latest.derived.formula } : {}),
      history: series
        .filter((o) => o.value !== null)
        .slice(-HISTORY_POINTS)
        .map((o) => ({
          observed_at: o.observed_at,
          value: o.value as number,
          source_id: o.source_id,
          observation_id: o.id,
        })),
      sources,
      references,
    })
    if (latest.modality !== 'biomarkers') continue
    const change = changeOf(series, def, j.reference)
    const cited = change
      ? [...citationsOf(series.find((o) => o.value !== null) as ObservationInput), ...sources]
      : sources
    interpretations.push({
      id: `int_${code}`,
      code,
      name,
      modality: 'biomarkers',
      status: j.status,
      severity: j.severity,
      statement: statement(name, latest, unit, j, change, notes),
      change,
      evidence: evidenceFor(j, series.filter((o) => o.value !== null).length, def),
      sources: dedupeCitations(cited),
      references: change ? uniqueReferences([...references, METHODS.change]) : references,
    })
  }
  return { observations: items, interpretations, critical }
}

/** Merge citations of one source into one entry, keeping observation order. */
export function dedupeCitations(citations: SourceCitation[]): SourceCitation[] {
  const bySource = new Map<string, SourceCitation>()
  for (const c of citations) {
    const seen = bySource.get(c.source_id)
    if (!seen) {
      bySource.set(c.source_id, { ...c, observation_ids: [...c.observation_ids] })
      continue
    }
    for (const id of c.observation_ids) if (!seen.observation_ids.includes(id)) seen.observation_ids.push(id)
    if (
      c.source_ref &&
      seen.source_ref !== c.source_ref &&
      !seen.source_ref?.split('; ').includes(c.source_ref)
    )
      seen.source_ref = seen.source_ref ? `${seen.source_ref}; ${c.source_ref}` : c.source_ref
  }
  return [...bySource.values()]
}
