// Turning an analysis into ranked actions. A critical result comes first as the urgent action (never cut,
// never a routine retest). Each other interpretation that needs attention becomes an action from a small
// library (what to do about high LDL, short sleep, a drop in HRV …); metrics of one theme share one
// action, multi-marker patterns replace their single markers, and the recovery signal keeps wearable
// actions from contradicting each other. Ranked by severity × confidence × modifiability. Pure: the
// same analysis always gives the same plan.

import type { Reference } from './citation-model'
import type { Catalogs } from './inputs'
import type { Analysis, CrossModalityLink, Interpretation } from './model'
import type { Action, ActionPlan, ActionCandidate as Candidate } from './plan-model'
import { patternActions } from './plan-patterns'
import { reconcileWithRecovery } from './plan-recovery'
import { fmt } from './ranges'
import { GUIDELINES, METHODS, uniqueReferences } from './references'

export const SEVERITY_WEIGHT = {
  none: 0,
  suboptimal: 0.15,
  mild: 0.33,
  moderate: 0.67,
  high: 1,
  critical: 1,
} as const
export const CONFIDENCE_WEIGHT = { strong: 1, moderate: 0.7, limited: 0.4 } as const

/** How every plan ranks its actions: the same for every plan, and shown as it is in the examples. */
export const ACTION_RANKING: ActionPlan['ranking'] = {
  method: `A critical result (urgent item) comes first, whatever max_actions says. The rest: score = severity × confidence × modifiability (each 0–1), highest first; ties by severity, then id. Severity comes from how far a value is outside its range (a value inside the reference range but outside its optimal range counts ${SEVERITY_WEIGHT.suboptimal}; an in-range marker without an optimal range makes no action); confidence from the interpretation's evidence level; modifiability from how much the action can change the marker. Wearable metrics of one theme (sleep, activity, recovery) make one action, and patterns over several markers (iron overload, iron deficiency, glycaemia, thyroid) replace their single-marker actions.`,
  severity: { ...SEVERITY_WEIGHT },
  confidence: { ...CONFIDENCE_WEIGHT },
  modifiability:
    'Per action: lifestyle-responsive markers (LDL, glucose, activity) 0.8–0.9, sleep 0.7, recovery 0.6, clinician follow-up 0.5, largely inherited markers (Lp(a)) 0.2.',
  reference: METHODS.ranking,
}

interface Template {
  category: Action['category']
  modifiability: number
  title: (i: Interpretation) => string
  steps: string[]
  references: Reference[]
}

const LIPID_CODES = new Set([
  'ldl_cholesterol',
  'non_hdl_cholesterol',
  'apolipoprotein_b',
  'total_cholesterol',
  'vldl_cholesterol',
])
const GLYCEMIC_CODES = new Set(['glucose', 'hba1c', 'insulin', 'fructosamine', 'c_peptide'])
const ACTIVITY_CODES = new Set(['steps', 'active_energy', 'exercise_minutes'])

/** The action for one interpretation: specific where we have one, a clinician follow-up otherwise. */
function templateFor(i: Interpretation): Template {
  if (i.modality === 'wearables') {
    if (i.code.startsWith('sleep'))
      return {
        category: 'sleep',
        modifiability: 0.7,
        title: () => 'Protect 7 or more hours of sleep a night',
        steps: [
          'Keep a fixed wake time, and go to bed early enough to allow at least 7 hours asleep.',
          'Keep the last hours before bed free of caffeine, alcohol and bright screens.',
        ],
        references: [GUIDELINES.sleep],
      }
    if (ACTIVITY_CODES.has(i.code))
      return {
        category: 'activity',
        modifiability: 0.9,
        title: () => 'Bring daily activity back up',
        steps: [
          'Aim for 150–300 minutes of moderate activity a week, spread over most days.',
          'Add short walks after meals on the days you sit most.',
        ],
        references: [GUIDELINES.activity],
      }
    return {
      category: 'recovery',
      modifiability: 0.6,
      title: (x) => `Check recovery: ${x.name} has moved away from your baseline`,
      steps: [
        'Look for a cause over the same days: illness, alcohol, late meals, travel, hard training, stress.',
        'Favour easy training and regular sleep until the metric returns to your baseline.',
        'If it stays off baseline for more than two weeks without a cause, mention it to a clinician.',
      ],
      references: [METHODS.personalBaseline],
    }
  }
  if (LIPID_CODES.has(i.code) && i.status === 'high')
    return {
      category: 'nutrition',
      modifiability: 0.8,
      title: (x) => `Lower ${x.name}`,
      steps: [
        'Replace saturated fat (fatty meat, butter, full-fat dairy) with unsaturated fats; add soluble fibre (oats, legumes).',
        'Be active regularly and keep a healthy weight.',
        'Discuss the result and your overall cardiovascular risk with a clinician; medication depends on that risk.',
      ],
      references: [GUIDELINES.cholesterol, GUIDELINES.activity],
    }
  if (i.code === 'triglycerides' && i.status === 'high')
    return {
      category: 'nutrition',
      modifiability: 0.8,
      title: (x) => `Lower ${x.name}`,
      steps: [
        'Cut down on added sugar, refined carbohydrates and alcohol.',
        'Be active regularly; retest fasting.',
      ],
      references: [GUIDELINES.cholesterol, GUIDELINES.activity],
    }
  if (i.code === 'hdl_cholesterol' && i.status === 'low')
    return {
      category: 'activity',
      modifiability: 0.5,
      title: (x) => `Raise ${x.name}`,
      steps: ['Regular aerobic activity and not smoking raise HDL cholesterol modestly.'],
      references: [GUIDELINES.cholesterol, GUIDELINES.activity],
    }
  if (GLYCEMIC_CODES.has(i.code) && i.status === 'high')
    return {
      category: 'activity',
      modifiability: 0.8,
      title: (x) => `Improve glucose control (${x.name})`,
      steps: [
        'Be active most days (150–300 minutes a week); a walk after meals lowers the glucose rise.',
        'Favour whole foods and fibre over refined carbohydrates and sugary drinks.',
        'Discuss the result with a clinician, who may confirm it with a repeat test.',
      ],
      references: [GUIDELINES.activity],
    }
  return {
    category: 'lab_follow_up',
    modifiability: i.code === 'lipoprotein_a' || i.code === 'lipoprotein_a_mass' ? 0.2 : 0.5,
    title: (x) => `Follow up ${x.name} (${x.status.replace('_', ' ')})`,
    steps: ['Discuss this result with a clinician, who can look for a cause and decide on a repeat test.'],
    references: [],
  }
}

/**
 * Severity as the plan weighs it. An in-range marker counts only when it has an optimal target it
 * misses: "in range" alone never becomes an action. Critical values are the urgent item's, not here.
 */
function severityWeight(i: Interpretation, analysis: Analysis): number {
  if (i.severity === 'critical') return 0
  if (i.severity !== 'none') return SEVERITY_WEIGHT[i.severity]
  if (i.status !== 'in_range' || i.modality !== 'biomarkers') return 0
  const optimal = analysis.observations.find((o) => o.code === i.code)?.optimal_range
  return optimal ? SEVERITY_WEIGHT.suboptimal : 0
}

const DAY_MS = 86_400_000
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10)

function retestFor(i: Interpretation, analysis: Analysis, catalogs: Catalogs): Action['retest'] {
  const observed = analysis.observations.find((o) => o.code === i.code)?.observed_at ?? analysis.created_at
  if (i.modality === 'biomarkers') {
    const def = catalogs.biomarker(i.code)
    const outside = i.status === 'low' || i.status === 'high'
    const days = def ? (outside ? def.retest_days.out_of_range : def.retest_days.in_range) : 90
    return {
      after_days: days,
      due_on: addDays(observed, days),
      what: `Retest ${i.name}${def ? '' : ' (no catalog cadence; 90 days by default)'}.`,
    }
  }
  const days = 14
  return {
    after_days: days,
    due_on: addDays(observed, days),
    what: `Compare ${i.name} with your baseline again after two weeks.`,
  }
}

/** Links that add context to an action on the same markers (APOE beside LDL, SLCO1B1 beside statins). */
const linksFor = (i: Interpretation, links: CrossModalityLink[]) =>
  links.filter((l) => l.markers.includes(i.code))

/** The urgent item as the plan's first action: reach care, no lifestyle advice, no scheduled retest. */
function urgentAction(analysis: Analysis): Candidate | null {
  const u = analysis.urgent
  if (!u) return null
  return {
    id: 'act_urgent',
    title: u.title,
    category: 'clinician',
    rationale: u.statement,
    steps: u.steps,
    targets: u.findings.map((f) => f.code),
    based_on: ['urgent', ...u.findings.map((f) => `int_${f.code}`)],
    score: 1,
    factors: { severity: 1, confidence: 1, modifiability: 1 },
    evidence: {
      level: 'strong',
      summary: 'Past a cited critical limit or flagged critical by the lab: urgent regardless of any score.',
    },
    retest: null,
    sources: u.sources,
    references: u.references,
  }
}

/** One candidate per interpretation that needs attention (before themes are merged). */
function candidateFor(i: Interpretation, analysis: Analysis, catalogs: Catalogs): Candidate | null {
  const severity = severityWeight(i, analysis)
  if (severity === 0) return null
  const template = templateFor(i)
  const context = linksFor(i, analysis.links)
  const confidence = CONFIDENCE_WEIGHT[i.evidence.level]
  const score = Number((severity * confidence * template.modifiability).toFixed(4))
  const theme = themeOf(i)
  return {
    id: `act_${theme ?? i.code}`,
    title: template.title(i),
    category: template.category,
    rationale: [i.statement, ...context.map((l) => `Context: ${l.statement}`)].join(' '),
    steps: template.steps,
    targets: [i.code],
    based_on: [i.id, ...context.map((l) => l.id)],
    score,
    factors: { severity, confidence, modifiability: template.modifiability },
    evidence: i.evidence,
    retest: retestFor(i, analysis, catalogs),
    sources: mergeSources([...i.sources, ...context.flatMap((l) => l.sources)]),
    references: uniqueReferences([
      ...template.references,
      ...i.references,
      ...context.flatMap((l) => l.references),
    ]),
  }
}

/** Wearable metrics share one action per theme: every sleep metric → one sleep action, and so on. */
function themeOf(i: Interpretation): string | null {
  if (i.modality === 'biomarkers') {
    // Glucose and HbA1c (and LDL, non-HDL, ApoB) answer to one plan: one action for the pattern.
    if (GLYCEMIC_CODES.has(i.code) && i.status === 'high') return 'glycaemia'
    if (LIPID_CODES.has(i.code) && i.status === 'high') return 'lipids'
    return null
  }
  if (i.modality !== 'wearables') return null
  if (i.code.startsWith('sleep')) return 'sleep'
  if (ACTIVITY_CODES.has(i.code)) return 'activity'
  return 'recovery'
}

function mergeSources(citations: Candidate['sources']): Candidate['sources'] {
  const bySource = new Map<string, Candidate['sources'][number]>()
  for (const c of citations) {
    const seen = bySource.get(c.source_id)
    if (!seen) bySource.set(c.source_id, { ...c, observation_ids: [...c.observation_ids] })
    else
      for (const id of c.observation_ids)
        if (!seen.observation_ids.includes(id)) seen.observation_ids.push(id)
  }
  return [...bySource.values()]
}

/** Fold candidates with the same id into one action that cites each of them; the strongest leads. */
function mergeThemes(candidates: Candidate[]): Candidate[] {
  const byId = new Map<string, Candidate[]>()
  for (const c of candidates) byId.set(c.id, [...(byId.get(c.id) ?? []), c])
  return [...byId.values()].map((group) => {
    if (group.length === 1) return group[0]
    const sorted = [...group].sort((a, b) => b.score - a.score)
    const lead = sorted[0]
    return {
      ...lead,
      rationale: sorted.map((c) => c.rationale).join(' '),
      targets: sorted.flatMap((c) => c.targets),
      based_on: [...new Set(sorted.flatMap((c) => c.based_on))],
      sources: mergeSources(sorted.flatMap((c) => c.sources)),
      references: uniqueReferences(sorted.flatMap((c) => c.references)),
    }
  })
}

export function buildActionPlan(
  analysis: Analysis,
  catalogs: Catalogs,
  maxActions: number,
): Pick<ActionPlan, 'ranking' | 'actions' | 'notes'> {
  const urgent = urgentAction(analysis)
  const single = analysis.interpretations.flatMap((i) => candidateFor(i, analysis, catalogs) ?? [])
  const patterns = patternActions(analysis, catalogs)
  // A pattern replaces the single-marker actions it is made of.
  const covered = new Set(patterns.flatMap((p) => p.targets))
  const candidates = reconcileWithRecovery(
    mergeThemes([...patterns, ...single.filter((c) => !c.targets.some((t) => covered.has(t)))]),
    analysis,
  )
  candidates.sort(
    (a, b) => b.score - a.score || b.factors.severity - a.factors.severity || a.id.localeCompare(b.id),
  )
  // The urgent action is never cut by max_actions; the others fill the remaining places.
  const room = Math.max(0, maxActions - (urgent ? 1 : 0))
  const kept = [...(urgent ? [urgent] : []), ...candidates.slice(0, room)]
  const actions = kept.map((a, index) => ({ rank: index + 1, ...a }))
  const notes: string[] = []
  if (urgent)
    notes.push(
      'A critical result leads this plan: act on it first; the other actions can wait until a clinician has seen it.',
    )
  if (candidates.length > room)
    notes.push(`${candidates.length - room} lower-ranked action(s) left out (max_actions ${maxActions}).`)
  if (actions.length === 0)
    notes.push(
      'Nothing in this analysis needs action: every judged value is in range and no wearable metric moved away from its baseline.',
    )
  notes.push('Suggestions to discuss with a clinician, not medical advice or a diagnosis.')
  return {
    ranking: ACTION_RANKING,
    actions,
    notes,
  }
}

export const describeScore = (a: Action) =>
  `${fmt(a.factors.severity)} × ${fmt(a.factors.confidence)} × ${fmt(a.factors.modifiability)} = ${fmt(a.score)}`
