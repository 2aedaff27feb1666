// Statements the grounded query builds beyond a marker's interpretation: a wearable metric over the
// window the question names (one day, an average, a change against the weeks before), guideline
// categories for blood sugar (ADA) and kidney function (KDIGO), and the APOE genotype. Each cites the
// records it rests on; values are written in human units (7 h 36 min, 8,412 steps, µIU/mL).

import { WEARABLE_METRICS } from '../wearables/service'
import type { Reference } from './citation-model'
import type { AnalysisInputs, WearableSeries } from './inputs'
import type { Analysis, ObservationItem } from './model'
import type { Aggregate, Window } from './query-intent'
import type { QueryCitation, QueryStatement } from './query-model'
import { fmt, humanValue } from './ranges'

type Statement = Omit<QueryStatement, 'id'>

const seriesCitation = (values: WearableSeries['values']): QueryCitation[] => {
  const bySource = new Map<string, string[]>()
  for (const v of values)
    bySource.set(v.source_id, [...(bySource.get(v.source_id) ?? []), ...v.observation_ids])
  return [...bySource.entries()].map(([id, ids]) => ({
    kind: 'source',
    id,
    observation_ids: ids,
    title: null,
  }))
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** A wearable metric over the question's window; null when the metric has no data at all. */
export function metricStatement(
  code: string,
  series: WearableSeries | undefined,
  window: Window | null,
  aggregate: Aggregate,
): Statement | null {
  const metric = WEARABLE_METRICS.find((m) => m.code === code)
  if (!metric || !series || series.values.length === 0) return null
  const values = [...series.values].sort((a, b) => a.date.localeCompare(b.date))
  const show = (v: number) => humanValue(code, metric.unit, v)
  if (!window || aggregate === 'latest') {
    const pool = window ? values.filter((v) => v.date >= window.from && v.date <= window.to) : values
    const last = pool.at(-1)
    if (last && aggregate === 'latest')
      return {
        text: `Your latest ${metric.name.toLowerCase()}${window ? ` ${window.label}` : ''} is ${show(last.value)} on ${last.date}.`,
        citations: seriesCitation([last]),
      }
    if (!last || window || aggregate !== 'average') return null
    const recent = values.filter((v) => v.date > addDays(last.date, -30))
    return {
      text: `${metric.name} averaged ${show(mean(recent.map((v) => v.value)))} over the last 30 days of data (${recent[0].date} to ${last.date}, ${recent.length} day(s)).`,
      citations: seriesCitation(recent),
    }
  }
  const inWindow = values.filter((v) => v.date >= window.from && v.date <= window.to)
  if (inWindow.length === 0)
    return {
      text: `There is no ${metric.name.toLowerCase()} data ${window.label}; your data for it runs from ${values[0].date} to ${values.at(-1)?.date}.`,
      citations: seriesCitation([values.at(-1) as WearableSeries['values'][number]]),
    }
  if (window.from === window.to) {
    const day = inWindow[0]
    return {
      text: `${metric.name} on ${day.date}: ${show(day.value)}${day.device ? ` (${day.device.replace('_', ' ')})` : ''}.`,
      citations: seriesCitation([day]),
    }
  }
  const avg = mean(inWindow.map((v) => v.value))
  const span = `${inWindow.length} day(s) from ${inWindow[0].date} to ${inWindow.at(-1)?.date}`
  if (aggregate === 'change') {
    const before = values.filter((v) => v.date >= addDays(window.from, -28) && v.date < window.from)
    if (before.length < 7)
      return {
        text: `${metric.name} averaged ${show(avg)} ${window.label} (${span}); there are fewer than 7 days before it to compare with.`,
        citations: seriesCitation(inWindow),
      }
    const b = mean(before.map((v) => v.value))
    const sd = Math.sqrt(before.reduce((a, v) => a + (v.value - b) ** 2, 0) / Math.max(1, before.length - 1))
    const z = sd > 0 ? (avg - b) / sd : 0
    const percent = b !== 0 ? ((avg - b) / Math.abs(b)) * 100 : 0
    const moved = Math.abs(z) >= 1
    return {
      text: `${metric.name} averaged ${show(avg)} ${window.label} (${span}), ${percent < 0 ? 'down' : 'up'} ${fmt(Math.abs(percent))}% from ${show(b)} over the ${before.length} day(s) before (z = ${fmt(z)}): ${moved ? 'beyond your usual day-to-day variation' : 'within your usual day-to-day variation'}.`,
      citations: seriesCitation([...before, ...inWindow]),
    }
  }
  return {
    text: `${metric.name} averaged ${show(avg)} ${window.label} (${span}).`,
    citations: seriesCitation(inWindow),
  }
}

const ADA: Reference = {
  id: 'ada:standards-2024',
  kind: 'guideline',
  title:
    'American Diabetes Association. 2. Diagnosis and Classification of Diabetes: Standards of Care in Diabetes-2024. Diabetes Care 2024;47(Suppl 1):S20-S42.',
  url: null,
  pmid: null,
}
const KDIGO: Reference = {
  id: 'kdigo:ckd-2012',
  kind: 'guideline',
  title:
    'KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of Chronic Kidney Disease. Kidney Int Suppl 2013;3:1-150.',
  url: null,
  pmid: null,
}

const cite = (o: ObservationItem, ref: Reference): QueryCitation[] => [
  ...o.sources.map((s) => ({
    kind: 'source' as const,
    id: s.source_id,
    observation_ids: s.observation_ids,
    title: s.source_ref,
  })),
  { kind: 'catalog', id: ref.id, observation_ids: [], title: ref.title },
]

/** ADA categories of the latest glucose and HbA1c: normal, the prediabetes range, or the diabetes range. */
export function glycaemiaCategories(analysis: Pick<Analysis, 'observations'>): Statement[] {
  const out: Statement[] = []
  const glucose = analysis.observations.find((o) => o.code === 'glucose' && o.value !== null)
  if (glucose) {
    const v = glucose.value as number
    const band =
      v < 100
        ? 'the normal range (below 100 mg/dL)'
        : v < 126
          ? 'the range the ADA calls prediabetes (100 to 125 mg/dL)'
          : 'the diabetes range (126 mg/dL or more, if fasting and confirmed by a second test)'
    out.push({
      text: `Your latest fasting glucose, ${fmt(v)} mg/dL on ${glucose.observed_at.slice(0, 10)}, is in ${band}.`,
      citations: cite(glucose, ADA),
    })
  }
  const a1c = analysis.observations.find((o) => o.code === 'hba1c' && o.value !== null)
  if (a1c) {
    const v = a1c.value as number
    const band =
      v < 5.7
        ? 'the normal range (below 5.7 %)'
        : v < 6.5
          ? 'the range the ADA calls prediabetes (5.7 to 6.4 %)'
          : 'the diabetes range (6.5 % or more, confirmed by a second test)'
    out.push({
      text: `Your latest HbA1c, ${fmt(v)} % on ${a1c.observed_at.slice(0, 10)}, is in ${band}.`,
      citations: cite(a1c, ADA),
    })
  }
  if (out.length > 0)
    out.push({
      text: 'These are the ADA’s laboratory categories, not a diagnosis; a clinician confirms one with a repeat test.',
      citations: [{ kind: 'catalog', id: ADA.id, observation_ids: [], title: ADA.title }],
    })
  return out
}

/** KDIGO GFR category of the latest eGFR and albuminuria category of the latest urine ACR. */
export function kidneyCategories(analysis: Pick<Analysis, 'observations'>): Statement[] {
  const out: Statement[] = []
  const egfr = analysis.observations.find((o) => o.code === 'egfr' && o.value !== null)
  if (egfr) {
    const v = egfr.value as number
    const [g, words] =
      v >= 90
        ? ['G1', 'normal or high']
        : v >= 60
          ? ['G2', 'mildly decreased']
          : v >= 45
            ? ['G3a', 'mildly to moderately decreased']
            : v >= 30
              ? ['G3b', 'moderately to severely decreased']
              : v >= 15
                ? ['G4', 'severely decreased']
                : ['G5', 'kidney failure range']
    out.push({
      text: `Your latest eGFR, ${fmt(v)} mL/min/1.73 m² on ${egfr.observed_at.slice(0, 10)}, is KDIGO GFR category ${g} (${words}). A category counts as chronic kidney disease only when it lasts over 3 months${g === 'G1' || g === 'G2' ? ' and comes with other signs of kidney damage such as albumin in the urine' : ''}.`,
      citations: cite(egfr, KDIGO),
    })
  }
  const acr = analysis.observations.find(
    (o) => o.code === 'urine_albumin_creatinine_ratio' && o.value !== null,
  )
  if (acr) {
    const v = acr.value as number
    const [a, words] =
      v < 30
        ? ['A1', 'normal to mildly increased']
        : v <= 300
          ? ['A2', 'moderately increased']
          : ['A3', 'severely increased']
    out.push({
      text: `Your latest urine albumin/creatinine ratio, ${fmt(v)} mg/g on ${acr.observed_at.slice(0, 10)}, is KDIGO albuminuria category ${a} (${words}).`,
      citations: cite(acr, KDIGO),
    })
  }
  return out
}

/** The APOE genotype of each genetics source, stated plainly. */
export function apoeStatements(inputs: Pick<AnalysisInputs, 'apoe'>): Statement[] {
  return inputs.apoe.map((a) => ({
    text: `Your APOE genotype is ${a.genotype.replaceAll('e', 'ε')}${a.ambiguous ? ' (ambiguous: the two defining sites could not both be read with certainty)' : ''}: ${a.note}`,
    citations: [
      {
        kind: 'source',
        id: a.source_id,
        observation_ids: a.finding_ids,
        title: 'APOE from rs429358 and rs7412',
      },
      ...a.citations.map((c) => ({
        kind: 'genetics' as const,
        id: `${c.kind}:${c.id}`,
        observation_ids: [],
        title: c.title ?? null,
      })),
    ],
  }))
}
