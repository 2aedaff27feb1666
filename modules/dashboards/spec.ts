// Builds the renderer-neutral dashboard spec of an analysis (and its newest action plan): sections of
// cards and charts, each chart with its series and thresholds, each card citing its sources. Pure and
// deterministic, so a link's stored snapshot and the sandbox demo are reproducible.

import type { Reference } from '../analyses/citation-model'
import type { Analysis, Baseline, ObservationItem } from '../analyses/model'
import type { ActionPlan } from '../analyses/plan-model'
import { fmt } from '../analyses/ranges'
import { uniqueReferences } from '../analyses/references'
import type { Card, Chart, DashboardSpec, Section } from './model'

const day = (iso: string) => iso.slice(0, 10)

/** Catalog category → the body system the page groups lab markers by. */
const BODY_SYSTEM: Record<string, string> = {
  lipids: 'heart_lipids',
  glucose: 'metabolic',
  metabolic: 'metabolic',
  kidney: 'kidney',
  liver: 'liver',
  thyroid: 'thyroid',
  cbc: 'blood',
  iron: 'iron',
  vitamins: 'vitamins',
  hormones: 'hormones',
  inflammation: 'inflammation',
}

function markerCard(o: ObservationItem): Card {
  return {
    id: `card_${o.code}`,
    kind: 'metric',
    title: o.name,
    // A censored result keeps its comparator (`<0.3`): the number alone would read as exact.
    value: o.value === null ? o.value_text : `${o.comparator ?? ''}${fmt(o.value)}`,
    unit: o.unit,
    status: o.status,
    detail: `Measured ${day(o.observed_at)}${o.measurements > 1 ? `; ${o.measurements} values in this analysis` : ''}.`,
    group: BODY_SYSTEM[o.category ?? ''] ?? 'other',
    sources: o.sources,
  }
}

function thresholdsOf(o: ObservationItem): Chart['thresholds'] {
  const t: Chart['thresholds'] = []
  if (o.reference_range?.low !== null && o.reference_range?.low !== undefined)
    t.push({ label: 'Reference low', value: o.reference_range.low, kind: 'reference_low' })
  if (o.reference_range?.high !== null && o.reference_range?.high !== undefined)
    t.push({ label: 'Reference high', value: o.reference_range.high, kind: 'reference_high' })
  if (o.optimal_range?.low !== null && o.optimal_range?.low !== undefined)
    t.push({ label: 'Optimal low', value: o.optimal_range.low, kind: 'optimal_low' })
  if (o.optimal_range?.high !== null && o.optimal_range?.high !== undefined)
    t.push({ label: 'Optimal high', value: o.optimal_range.high, kind: 'optimal_high' })
  return t
}

function markerChart(o: ObservationItem): Chart {
  return {
    id: `chart_${o.code}`,
    kind: o.history.length > 1 ? 'line' : 'range',
    title: o.name,
    unit: o.unit,
    x: 'date',
    series: [
      {
        id: o.code,
        name: o.name,
        points: o.history.map((h) => ({ x: day(h.observed_at), y: h.value, source_id: h.source_id })),
      },
    ],
    thresholds: thresholdsOf(o),
    sources: o.sources,
  }
}

function wearableChart(b: Baseline): Chart {
  return {
    id: `chart_${b.code}`,
    kind: 'line',
    title: b.name,
    unit: b.unit || null,
    x: 'date',
    series: [
      {
        id: b.code,
        name: b.name,
        points: b.series.map((p) => ({ x: p.date, y: p.value, source_id: p.source_id })),
      },
    ],
    thresholds: b.baseline
      ? [{ label: `Baseline mean (${b.baseline.days} days)`, value: b.baseline.mean, kind: 'baseline_mean' }]
      : [],
    sources: b.sources,
  }
}

function wearableCard(b: Baseline): Card {
  return {
    id: `card_${b.code}`,
    kind: 'metric',
    title: b.name,
    value: fmt(b.recent.mean),
    unit: b.unit || null,
    status: b.shift ? (b.shift.significant ? b.shift.assessment : 'neutral') : 'unknown',
    detail: b.shift
      ? `${b.recent.days}-day mean; ${b.shift.direction === 'within' ? 'within' : `${b.shift.direction}`} your baseline of ${fmt(b.baseline?.mean ?? 0)} (z = ${b.shift.z}).`
      : `${b.recent.days}-day mean; not enough earlier days for a baseline.`,
    sources: b.sources,
  }
}

/** One card per metric with deviating days, so a bad week reads as one flag, not seven. */
function deviationCards(analysis: Analysis): Card[] {
  const codes = [...new Set(analysis.deviations.map((d) => d.code))]
  return codes.map((code) => {
    const days = analysis.deviations.filter((d) => d.code === code)
    const first = days[0]
    const worst = days.reduce((a, b) => (Math.abs(b.z) > Math.abs(a.z) ? b : a))
    return {
      id: `deviation_${code}`,
      kind: 'flag' as const,
      title: `${first.name}: ${days.length} day(s) off baseline`,
      value: fmt(worst.value),
      unit: worst.unit || null,
      status: worst.assessment,
      detail: `${days.map((d) => d.date).join(', ')}; furthest on ${worst.date}, ${worst.direction} your baseline mean of ${fmt(worst.baseline_mean)} (z = ${worst.z}).`,
      sources: days.flatMap((d) => d.sources),
    }
  })
}

export function buildDashboardSpec(analysis: Analysis, plan: ActionPlan | null): DashboardSpec {
  const labs = analysis.observations.filter((o) => o.modality === 'biomarkers' || o.modality === 'behavioral')
  const flagged = analysis.interpretations.filter((i) => i.severity !== 'none')
  const urgent = analysis.urgent ?? null
  const sections: Section[] = [
    // A critical result comes before everything else, whatever the design.
    ...(urgent
      ? [
          {
            id: 'urgent',
            title: 'Urgent',
            cards: [
              {
                id: 'card_urgent',
                kind: 'urgent' as const,
                title: urgent.title,
                value: null,
                unit: null,
                status: 'urgent' as const,
                detail: `${urgent.statement} ${urgent.steps.join(' ')}`,
                sources: urgent.sources,
              },
            ],
            charts: [],
          },
        ]
      : []),
    {
      id: 'overview',
      title: 'Overview',
      cards: [
        {
          id: 'card_summary',
          kind: 'summary',
          title: analysis.kind === 'wearables' ? 'Wearable analysis' : 'Multimodal analysis',
          value: String(analysis.summary.markers),
          unit: 'markers',
          status: 'info',
          detail: analysis.summary.text,
          sources: analysis.input.source_ids.map((id) => ({
            source_id: id,
            observation_ids: [],
            source_ref: null,
          })),
        },
      ],
      charts: [],
    },
    {
      id: 'flags',
      title: 'Needs attention',
      cards: [
        ...flagged.map((i) => ({
          id: `flag_${i.code}`,
          kind: 'flag' as const,
          title: i.name,
          value: null,
          unit: null,
          status: i.status,
          detail: i.statement,
          sources: i.sources,
        })),
        // The recovery signal, when it says more than "normal".
        ...(analysis.recovery &&
        (analysis.recovery.level === 'strained' || analysis.recovery.level === 'watch')
          ? [
              {
                id: 'card_recovery',
                kind: 'flag' as const,
                title: `Recovery: ${analysis.recovery.level}`,
                value: null,
                unit: null,
                status: 'unfavourable' as const,
                detail: analysis.recovery.statement,
                sources: analysis.recovery.sources,
              },
            ]
          : []),
        ...deviationCards(analysis),
        ...analysis.links.map((l) => ({
          id: `card_${l.id}`,
          kind: 'link' as const,
          title: l.title,
          value: null,
          unit: null,
          status: 'info' as const,
          detail: l.statement,
          sources: l.sources,
        })),
      ],
      charts: [],
    },
  ]
  if (plan) {
    sections.push({
      id: 'actions',
      title: 'Action plan',
      cards: plan.actions.map((a) => ({
        id: `card_${a.id}`,
        kind: 'action',
        title: `${a.rank}. ${a.title}`,
        value: fmt(a.score),
        unit: 'score',
        status: 'info',
        detail: `${a.steps.join(' ')}${a.retest ? ` Retest: ${a.retest.what} Due ${a.retest.due_on}.` : ''}`,
        sources: a.sources,
      })),
      charts: [],
    })
  }
  if (labs.length > 0)
    sections.push({
      id: 'biomarkers',
      title: 'Lab results',
      cards: labs.map(markerCard),
      charts: labs.filter((o) => o.history.length > 0).map(markerChart),
    })
  if (analysis.baselines.length > 0)
    sections.push({
      id: 'wearables',
      title: 'Wearables',
      cards: analysis.baselines.map(wearableCard),
      charts: analysis.baselines.map(wearableChart),
    })
  if (analysis.genetics.length > 0)
    sections.push({
      id: 'genetics',
      title: 'Genetics',
      cards: analysis.genetics.map((g, index) => ({
        id: `gene_${index + 1}`,
        kind: 'genetic',
        title: g.label,
        value: g.genotype,
        unit: null,
        status: 'info',
        detail: g.interpretation,
        sources: g.sources,
      })),
      charts: [],
    })
  const references: Reference[] = uniqueReferences([
    ...(urgent?.references ?? []),
    // The recovery card names its method; the literature behind it is in the analysis (kept out here so the
    // spec stays within one MCP result).
    ...(analysis.recovery?.references.filter((r) => r.kind === 'method') ?? []),
    ...analysis.interpretations.flatMap((i) => i.references),
    ...analysis.baselines.flatMap((b) => b.references),
    ...analysis.links.flatMap((l) => l.references),
    ...analysis.genetics.flatMap((g) => g.references),
    ...(plan ? plan.actions.flatMap((a) => a.references) : []),
  ])
  return {
    analysis_id: analysis.id,
    spec_version: 1,
    generated_at: analysis.created_at,
    title: analysis.kind === 'wearables' ? 'Wearable dashboard' : 'Health dashboard',
    subtitle: `Analysis ${analysis.id} of ${day(analysis.created_at)}; ${analysis.input.source_ids.length} source(s).`,
    action_plan_id: plan?.id ?? null,
    sections,
    references,
    disclaimer:
      'Source-backed summary of your own data; not a diagnosis. Discuss results outside their range with a clinician.',
  }
}
