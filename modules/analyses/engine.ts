// The analysis engine: from gathered inputs to the body of an analysis — the urgent item for critical
// results, observations with status (derived markers included), interpretations, wearable baselines and
// deviations, the recovery signal, genetics highlights, cross-modality links, a summary and the
// limitations of what was given. Pure and deterministic: the same inputs give the same
// output, which the sandbox demo relies on.

import { crossModalityLinks, geneticHighlights } from './cross-links'
import type { AnalysisInputs, AnalysisOptions, Catalogs } from './inputs'
import { markerFindings } from './marker-findings'
import type { Analysis, Baseline, Interpretation, ModalityName, ObservationItem } from './model'
import { humanValue } from './ranges'
import { recoverySignal } from './recovery-signal'
import { GUIDELINES, uniqueReferences } from './references'
import { urgentItem } from './urgent'
import { wearableFindings } from './wearable-baselines'

export type AnalysisBody = Omit<Analysis, 'id' | 'analysis_id' | 'organization_id' | 'user_id' | 'created_at'>

const SLEEP_CODES = new Set(['sleep_duration', 'diary_sleep_duration'])
const HOURS: Record<string, number> = { h: 1, min: 1 / 60, s: 1 / 3600 }

/** Latest daily value of each wearable metric, as an observation item. */
function wearableItems(baselines: Baseline[], series: AnalysisInputs['wearables']): ObservationItem[] {
  return baselines.flatMap((b) => {
    const values = series.find((s) => s.code === b.code)?.values ?? []
    const latest = [...values].sort((x, y) => x.date.localeCompare(y.date)).at(-1)
    if (!latest) return []
    return [
      {
        code: b.code,
        name: b.name,
        modality: 'wearables' as const,
        category: null,
        value: latest.value,
        value_text: null,
        unit: b.unit || null,
        observed_at: `${latest.date}T00:00:00.000Z`,
        status: 'unknown' as const,
        reference_range: null,
        optimal_range: null,
        measurements: values.length,
        history: [],
        sources: [{ source_id: latest.source_id, observation_ids: latest.observation_ids, source_ref: null }],
        references: [],
      },
    ]
  })
}

/** Interpretations of wearable baselines: personal shifts, and sleep against the guideline. */
function wearableInterpretations(baselines: Baseline[]): Interpretation[] {
  const out: Interpretation[] = []
  for (const b of baselines) {
    const sleepHours = SLEEP_CODES.has(b.code) && HOURS[b.unit] ? b.recent.mean * HOURS[b.unit] : null
    if (sleepHours !== null && sleepHours < 7) {
      out.push({
        id: `int_${b.code}`,
        code: b.code,
        name: b.name,
        modality: 'wearables',
        status: 'low',
        severity: sleepHours < 6 ? 'moderate' : 'mild',
        statement: `${b.name} averaged ${humanValue(b.code, 'min', sleepHours * 60)} over the last ${b.recent.days} day(s) (${b.recent.start} to ${b.recent.end}), below the 7 hours or more a night recommended for adults.`,
        change: null,
        evidence: {
          level: 'strong',
          summary:
            'Consensus recommendation of the AASM and SRS; sleep under 7 hours regularly is linked to adverse health outcomes.',
        },
        sources: b.sources,
        references: uniqueReferences([GUIDELINES.sleep, ...b.references]),
      })
      continue
    }
    if (!b.shift?.significant) continue
    const unfavourable = b.shift.assessment === 'unfavourable'
    out.push({
      id: `int_${b.code}`,
      code: b.code,
      name: b.name,
      modality: 'wearables',
      status: b.shift.direction === 'above' ? 'high' : 'low',
      severity: unfavourable ? (Math.abs(b.shift.z) >= 2 ? 'moderate' : 'mild') : 'none',
      statement: `${b.name} averaged ${humanValue(b.code, b.unit, b.recent.mean)} over the last ${b.recent.days} day(s), ${b.shift.direction} your ${b.baseline?.days}-day baseline of ${humanValue(b.code, b.unit, b.baseline?.mean ?? 0)} (z = ${b.shift.z}${b.shift.percent !== null ? `, ${b.shift.percent > 0 ? '+' : ''}${b.shift.percent}%` : ''}); ${unfavourable ? 'an unfavourable' : 'a favourable'} shift relative to your own baseline.`,
      change: null,
      evidence: {
        level: (b.baseline?.days ?? 0) >= 21 ? 'moderate' : 'limited',
        summary: `Compared with your own baseline of ${b.baseline?.days} day(s); a personal shift, not a clinical range.`,
      },
      sources: b.sources,
      references: b.references,
    })
  }
  return out
}

export function runAnalysis(
  kind: Analysis['kind'],
  inputs: AnalysisInputs,
  catalogs: Catalogs,
  options: AnalysisOptions,
): AnalysisBody {
  const markers = kind === 'multimodal' ? markerFindings(inputs.observations, catalogs, options) : null
  const wearables = wearableFindings(inputs.wearables, catalogs, options)
  const observations = [
    ...(markers?.observations ?? []),
    ...wearableItems(wearables.baselines, inputs.wearables),
  ]
  const interpretations = [
    ...(markers?.interpretations ?? []),
    ...wearableInterpretations(wearables.baselines),
  ]
  const genetics = kind === 'multimodal' ? geneticHighlights(inputs.findings) : []
  const links =
    kind === 'multimodal' ? crossModalityLinks(inputs, markers?.observations ?? [], wearables.baselines) : []

  const modalities = [
    ...new Set<ModalityName>(inputs.sources.map((s) => s.modality as ModalityName)),
  ].sort() as ModalityName[]
  const limitations = [
    ...wearables.limitations,
    ...(inputs.window_notes ?? []),
    ...(inputs.source_notes ?? []),
  ]
  const indeterminate = observations.filter((o) => o.status === 'indeterminate')
  if (indeterminate.length > 0)
    limitations.push(
      `${indeterminate.map((o) => o.name).join(', ')}: the reference range depends on sex or age; pass profile.sex and profile.age_years to judge ${indeterminate.length === 1 ? 'it' : 'them'}.`,
    )
  const unknown = observations.filter((o) => o.status === 'unknown' && o.modality === 'biomarkers')
  if (unknown.length > 0)
    limitations.push(
      `${unknown.map((o) => o.name).join(', ')}: no reference range in the catalog or the source.`,
    )
  if (kind === 'multimodal' && !modalities.includes('genetics'))
    limitations.push('No genetics source: genotype context for lab markers is not available.')
  if (kind === 'multimodal' && !modalities.includes('wearables'))
    limitations.push('No wearable data: no baselines or deviations.')
  if (kind === 'multimodal' && !modalities.includes('biomarkers'))
    limitations.push('No lab results: no biomarker status.')
  limitations.push('Not a diagnosis: discuss results outside their range with a clinician.')

  const urgent = urgentItem(markers?.critical ?? [])
  const flagged = observations.filter((o) => o.status === 'low' || o.status === 'high').length
  const markerCount = observations.length
  const parts = [
    ...(urgent
      ? [`URGENT: ${urgent.findings.length} critical result(s), ${urgent.title.split(':')[0].toLowerCase()}`]
      : []),
    `${inputs.sources.length} source(s)`,
    `${markerCount} marker(s)${flagged ? `, ${flagged} outside the reference range` : ''}`,
    `${wearables.deviations.length} wearable deviation(s)`,
  ]
  if (kind === 'multimodal')
    parts.push(`${links.length} cross-modality link(s)`, `${genetics.length} genetic highlight(s)`)
  return {
    kind,
    status: 'complete',
    input: {
      source_ids: inputs.sources.map((s) => s.id),
      modalities,
      profile: options.profile,
      baseline_days: options.baselineDays,
      recent_days: options.recentDays,
    },
    summary: {
      sources: inputs.sources.length,
      observations: inputs.observations.length + inputs.wearables.reduce((n, s) => n + s.values.length, 0),
      markers: markerCount,
      flagged,
      deviations: wearables.deviations.length,
      links: links.length,
      genetic_highlights: genetics.length,
      text: `${parts.join('; ')}.`,
    },
    urgent,
    recovery: recoverySignal(wearables.baselines),
    observations,
    interpretations,
    baselines: wearables.baselines,
    deviations: wearables.deviations,
    links,
    genetics,
    limitations,
  }
}
