// Statements the grounded query builds beyond a marker's interpretation (which already names its ADA or
// KDIGO category): a wearable metric over the window the question names (one day, an average, a change
// against the weeks before), and the APOE genotype. Each cites the
// records it rests on; values are written in human units (7 h 36 min, 8,412 steps, µIU/mL).

import { WEARABLE_METRICS } from '../wearables/service'
import type { AnalysisInputs, WearableSeries } from './inputs'
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
