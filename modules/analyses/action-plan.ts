// Turning an analysis into ranked actions. Each interpretation that needs attention becomes an action
// from a small library (what to do about high LDL, short sleep, a drop in HRV …), scored as
// severity × confidence × modifiability and ranked by that score. Pure: the plan depends only on the
// analysis and the catalogs, so the same analysis always gives the same plan.

import type { Reference } from './citation-model'
import type { Catalogs } from './inputs'
import type { Analysis, CrossModalityLink, Interpretation } from './model'
import type { Action, ActionPlan } from './plan-model'
import { fmt } from './ranges'
import { GUIDELINES, METHODS, uniqueReferences } from './references'

export const SEVERITY_WEIGHT = { none: 0, suboptimal: 0.15, mild: 0.33, moderate: 0.67, high: 1 } as const
export const CONFIDENCE_WEIGHT = { strong: 1, moderate: 0.7, limited: 0.4 } as const

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
    if (i.code === 'steps' || i.code === 'active_energy' || i.code === 'exercise_minutes')
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

function severityWeight(i: Interpretation): number {
  if (i.severity !== 'none') return SEVERITY_WEIGHT[i.severity]
  return i.status === 'in_range' && i.modality === 'biomarkers' ? SEVERITY_WEIGHT.suboptimal : 0
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

export function buildActionPlan(
  analysis: Analysis,
  catalogs: Catalogs,
  maxActions: number,
): Pick<ActionPlan, 'ranking' | 'actions' | 'notes'> {
  const candidates: Omit<Action, 'rank'>[] = []
  for (const i of analysis.interpretations) {
    const severity = severityWeight(i)
    if (severity === 0) continue
    const template = templateFor(i)
    const context = linksFor(i, analysis.links)
    const confidence = CONFIDENCE_WEIGHT[i.evidence.level]
    const score = Number((severity * confidence * template.modifiability).toFixed(4))
    candidates.push({
      id: `act_${i.code}`,
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
      sources: [
        ...i.sources,
        ...context.flatMap((l) =>
          l.sources.filter((s) => !i.sources.some((x) => x.source_id === s.source_id)),
        ),
      ],
      references: uniqueReferences([
        ...template.references,
        ...i.references,
        ...context.flatMap((l) => l.references),
      ]),
    })
  }
  candidates.sort(
    (a, b) => b.score - a.score || b.factors.severity - a.factors.severity || a.id.localeCompare(b.id),
  )
  const actions = candidates.slice(0, maxActions).map((a, index) => ({ rank: index + 1, ...a }))
  const notes: string[] = []
  if (candidates.length > maxActions)
    notes.push(
      `${candidates.length - maxActions} lower-ranked action(s) left out (max_actions ${maxActions}).`,
    )
  if (actions.length === 0)
    notes.push(
      'Nothing in this analysis needs action: every judged value is in range and no wearable metric moved away from its baseline.',
    )
  notes.push('Suggestions to discuss with a clinician, not medical advice or a diagnosis.')
  return {
    ranking: {
      method: `score = severity × confidence × modifiability (each 0–1), highest first; ties by severity, then id. Severity comes from how far a value is outside its range (suboptimal values inside the reference range count ${SEVERITY_WEIGHT.suboptimal}); confidence from the interpretation's evidence level; modifiability from how much the action can change the marker.`,
      severity: { ...SEVERITY_WEIGHT },
      confidence: { ...CONFIDENCE_WEIGHT },
      modifiability:
        'Per action: lifestyle-responsive markers (LDL, glucose, activity) 0.8–0.9, sleep 0.7, recovery 0.6, clinician follow-up 0.5, largely inherited markers (Lp(a)) 0.2.',
      reference: METHODS.ranking,
    },
    actions,
    notes,
  }
}

export const describeScore = (a: Action) =>
  `${fmt(a.factors.severity)} × ${fmt(a.factors.confidence)} × ${fmt(a.factors.modifiability)} = ${fmt(a.score)}`
