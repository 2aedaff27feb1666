// The grounded health query: find the markers, metrics and genes a question names (catalog names and
// synonyms), retrieve what the user's own data says about them and what the catalogs say, and answer
// with statements that each cite their source, analysis or catalog reference. Says plainly when the
// data cannot answer. An optional model may phrase the answer from those statements only.

import { BIOMARKERS } from '../biomarkers/catalog'
import { analysisProfile } from '../profiles/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { WEARABLE_METRICS } from '../wearables/service'
import { catalogs } from './catalogs'
import type { Reference, SourceCitation } from './citation-model'
import { runAnalysis } from './engine'
import { gatherInputs, resolveSources } from './gather-inputs'
import { type Alias, intentOf } from './query-intent'
import { phraseWithModel } from './query-llm'
import type { QueryAnswer, QueryBody, QueryCitation, QueryStatement } from './query-model'
import { apoeStatements, metricStatement } from './query-statements'
import { describeRange, humanValue } from './ranges'
import { biomarkerReference } from './references'
import { getAnalysis } from './service'

const MAX_TOPICS = 6

const words = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `

/** The longest of the names the question mentions, as padded words, or null. */
function mention(question: string, names: string[]): string | null {
  const q = words(question)
  const hits = names.map(words).filter((w) => w.trim().length >= 3 && q.includes(w))
  return hits.sort((a, b) => b.length - a.length)[0] ?? null
}

/** Things the question names, dropping any whose name is part of a longer name also named ("cholesterol" in "LDL cholesterol"). */
function named<T>(question: string, items: readonly T[], namesOf: (item: T) => string[]): T[] {
  const hits = items.flatMap((item) => {
    const hit = mention(question, namesOf(item))
    return hit ? [{ item, hit }] : []
  })
  return hits.filter((h) => !hits.some((o) => o.hit !== h.hit && o.hit.includes(h.hit))).map((h) => h.item)
}

const fromSources = (sources: SourceCitation[]): QueryCitation[] =>
  sources.map((s) => ({
    kind: 'source',
    id: s.source_id,
    observation_ids: s.observation_ids,
    title: s.source_ref,
  }))

const fromReferences = (refs: Reference[]): QueryCitation[] =>
  refs
    .filter((r) => r.kind !== 'method')
    .map((r) => ({
      kind: r.kind === 'genetics_catalog' ? 'genetics' : 'catalog',
      id: r.id,
      observation_ids: [],
      title: r.title,
    }))

export async function answerQuery(app: AppContext, scope: Scope, body: QueryBody): Promise<QueryAnswer> {
  const analysis = body.analysis_id ? await getAnalysis(app, scope, body.analysis_id) : null
  const inputs = await gatherInputs(app, scope, await resolveSources(app, scope))
  const data = runAnalysis('multimodal', inputs, catalogs, {
    profile: await analysisProfile(app, scope),
    baselineDays: 28,
    recentDays: 7,
  })

  type Topic = { marker: (typeof BIOMARKERS)[number] } | { metric: (typeof WEARABLE_METRICS)[number] }
  const candidates: Topic[] = [
    ...BIOMARKERS.map((marker) => ({ marker })),
    ...WEARABLE_METRICS.map((metric) => ({ metric })),
  ]
  const all = named(body.question, candidates, (x) =>
    'marker' in x
      ? [x.marker.code.replaceAll('_', ' '), x.marker.name, ...x.marker.synonyms]
      : [x.metric.code.replaceAll('_', ' '), x.metric.name],
  )
  const markers = all.flatMap((x) => ('marker' in x ? [x.marker] : []))
  const metrics = all.flatMap((x) => ('metric' in x ? [x.metric] : []))
  // Everyday names ("blood sugar", "kidney function", "sleep", "HRV") → the codes the data holds.
  const intent = intentOf(body.question, app.clock.now())
  const held = new Set([...data.observations.map((o) => o.code), ...inputs.wearables.map((w) => w.code)])
  const missing: Alias[] = []
  for (const alias of intent.aliases) {
    const present = alias.codes.filter((c) => held.has(c))
    if (present.length === 0) {
      missing.push(alias)
      continue
    }
    const metricAlias = present.every((c) => WEARABLE_METRICS.some((m) => m.code === c))
    for (const code of metricAlias ? present.slice(0, 1) : present) {
      const marker = BIOMARKERS.find((m) => m.code === code)
      const metric = WEARABLE_METRICS.find((m) => m.code === code)
      if (marker && !markers.includes(marker)) markers.push(marker)
      if (metric && !metrics.includes(metric)) metrics.push(metric)
    }
  }
  const genes = [...new Set(inputs.findings.map((f) => f.gene).filter((g): g is string => !!g))].filter(
    (g) => mention(body.question, [g]) !== null,
  )
  const rsids = [...body.question.toLowerCase().matchAll(/\brs\d+\b/g)].map((m) => m[0])
  const apoeAsked = intent.genotype && inputs.apoe.length > 0 && !genes.includes('APOE')
  const topics = [
    ...markers.map((m) => m.code),
    ...metrics.map((m) => m.code),
    ...genes,
    ...rsids,
    ...(apoeAsked ? ['APOE'] : []),
    ...missing.map((a) => a.topic),
  ].slice(0, MAX_TOPICS)

  const statements: Omit<QueryStatement, 'id'>[] = []
  const notes: string[] = [...(inputs.window_notes ?? []), ...(inputs.source_notes ?? [])]
  const analysisCitation = (code: string): QueryCitation[] =>
    analysis?.interpretations.some((i) => i.code === code)
      ? [
          {
            kind: 'analysis',
            id: analysis.id,
            observation_ids: [],
            title: `Analysis of ${analysis.created_at.slice(0, 10)}`,
          },
        ]
      : []
  /** The analysis's statement about a marker or metric, with what it cites; null when it has none. */
  const interpretationOf = (code: string): Omit<QueryStatement, 'id'> | null => {
    const interpretation = data.interpretations.find((i) => i.code === code)
    if (!interpretation) return null
    return {
      text: interpretation.statement,
      citations: [
        ...fromSources(interpretation.sources),
        ...fromReferences(interpretation.references),
        ...analysisCitation(code),
      ],
    }
  }

  for (const def of markers.filter((m) => topics.includes(m.code))) {
    const interpretation = interpretationOf(def.code)
    if (interpretation) {
      statements.push(interpretation)
    } else {
      statements.push({
        text: `There is no ${def.name} result in your data.`,
        citations: [{ kind: 'catalog', id: `catalog:${def.code}`, observation_ids: [], title: def.name }],
      })
    }
    const general = def.reference.filter(
      (r) => r.sex === undefined && r.age_min === undefined && r.age_max === undefined,
    )
    if (general.length === 1)
      statements.push({
        text: `The catalog's reference range for ${def.name} is ${describeRange({ low: general[0].low ?? null, high: general[0].high ?? null, high_exclusive: general[0].high_exclusive }, def.unit)}; lower values are ${def.better === 'lower' ? 'better' : def.better === 'higher' ? 'worse' : 'judged by the range'}.`,
        citations: fromReferences([biomarkerReference(def)]),
      })
  }
  if (
    intent.aliases.some((a) => a.topic === 'blood_sugar' || a.topic === 'kidney_function') &&
    statements.length > 0
  )
    statements.push({
      text: 'The ADA and KDIGO categories named above are laboratory categories, not a diagnosis; a clinician confirms one with a repeat test.',
      citations: [
        {
          kind: 'catalog',
          id: 'method:guideline-categories',
          observation_ids: [],
          title: 'ADA 2024; KDIGO 2012',
        },
      ],
    })
  for (const metric of metrics.filter((m) => topics.includes(m.code))) {
    const interpretation = interpretationOf(metric.code)
    const baseline = data.baselines.find((b) => b.code === metric.code)
    // A window or an aggregate in the question is answered as asked (one day, an average, a change).
    const asked =
      intent.window || intent.aggregate === 'average' || intent.aggregate === 'latest'
        ? metricStatement(
            metric.code,
            inputs.wearables.find((w) => w.code === metric.code),
            intent.window,
            intent.aggregate,
          )
        : null
    if (asked) {
      statements.push(asked)
      if (!intent.window && interpretation) statements.push(interpretation)
    } else if (interpretation) {
      statements.push(interpretation)
    } else if (baseline) {
      statements.push({
        text: `${metric.name} averaged ${humanValue(metric.code, metric.unit, baseline.recent.mean)} over ${baseline.recent.start} to ${baseline.recent.end}${baseline.shift ? `, within your ${baseline.baseline?.days}-day baseline` : ''}.`,
        citations: fromSources(baseline.sources),
      })
    } else {
      statements.push({
        text: `There is no ${metric.name} data from a wearable in your sources.`,
        citations: [
          { kind: 'catalog', id: `metric:${metric.code}`, observation_ids: [], title: metric.name },
        ],
      })
    }
  }
  for (const g of data.genetics.filter(
    (x) => (x.gene && genes.includes(x.gene)) || (x.rsid && rsids.includes(x.rsid)),
  )) {
    statements.push({
      text: `${g.label}: ${g.genotype} (${g.zygosity}). ${g.interpretation}`,
      citations: [...fromSources(g.sources), ...fromReferences(g.references)],
    })
  }
  if (apoeAsked || genes.includes('APOE')) statements.push(...apoeStatements(inputs))
  for (const link of data.links.filter((l) => l.markers.some((m) => topics.includes(m)))) {
    statements.push({
      text: link.statement,
      citations: [...fromSources(link.sources), ...fromReferences(link.references)],
    })
  }

  // A critical result comes first in every answer, whatever was asked: never an answer without it.
  const urgent = data.urgent
    ? { text: `${data.urgent.title}. ${data.urgent.statement}`, citations: fromSources(data.urgent.sources) }
    : null
  const numbered: QueryStatement[] = [...(urgent ? [urgent] : []), ...statements].map((s, i) => ({
    id: `F${i + 1}`,
    ...s,
  }))
  const answerable = numbered.slice(urgent ? 1 : 0).some((s) => s.citations.some((c) => c.kind === 'source'))
  if (topics.length === 0) {
    notes.push('The question names no marker, metric or gene found in the catalogs or your data.')
  } else if (!answerable) {
    notes.push('Your data holds nothing about what the question names; only catalog facts are given.')
  }
  // Say which data would answer what the data cannot.
  const wouldAnswer = [
    ...missing.map((a) => ({ topic: a.topic.replaceAll('_', ' '), needs: a.needs })),
    ...markers
      .filter((m) => topics.includes(m.code) && !held.has(m.code))
      .map((m) => ({ topic: m.name, needs: `a ${m.name} result from a lab report` })),
    ...metrics
      .filter((m) => topics.includes(m.code) && !held.has(m.code))
      .map((m) => ({ topic: m.name, needs: `${m.name.toLowerCase()} data from a wearable or app export` })),
  ]
  if (wouldAnswer.length > 0)
    notes.push(`What would answer the rest: ${wouldAnswer.map((w) => `${w.topic}: ${w.needs}`).join('; ')}.`)
  let answer = answerable
    ? numbered.map((s) => s.text).join(' ')
    : urgent
      ? `${urgent.text} Your data cannot answer the question itself${topics.length > 0 ? `: there are no results for ${topics.join(', ').replaceAll('_', ' ')}` : ''}.`
      : topics.length === 0
        ? 'Your data and the catalogs cannot answer this question: it names no lab marker, wearable metric or gene that they cover. Ask about a marker (for example LDL cholesterol), a metric (for example resting heart rate) or a gene in your genotype results.'
        : `Your data cannot answer this question: there are no results for ${topics.join(', ').replaceAll('_', ' ')}.${numbered.length > 0 ? ` ${numbered.map((s) => s.text).join(' ')}` : ''}${wouldAnswer.length > 0 ? ` It would take ${wouldAnswer.map((w) => w.needs).join('; ')}.` : ''}`
  let phrasedBy: QueryAnswer['phrased_by'] = 'retrieval'
  const llm = app.config.queryLlm
  if (llm && answerable) {
    const phrased = await phraseWithModel(llm, body.question, numbered)
    if (phrased.ok) {
      answer = urgent && !phrased.text.includes('[F1]') ? `${urgent.text} ${phrased.text}` : phrased.text
      phrasedBy = 'llm'
    } else {
      notes.push(`The answer is given as retrieved: ${phrased.reason}.`)
      app.log.warn('analyses.query_llm_failed', { reason: phrased.reason.split(' (')[0] })
    }
  }
  return {
    question: body.question,
    answerable,
    answer,
    statements: numbered,
    topics,
    phrased_by: phrasedBy,
    model: phrasedBy === 'llm' && llm ? llm.model : null,
    notes,
  }
}
