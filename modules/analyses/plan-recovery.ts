// Keeps wearable actions from contradicting the recovery signal: when recovery looks strained (HRV down,
// resting heart rate up …), lower activity that week is part of the same picture, so the plan never also
// asks to "bring activity back up"; one recovery action says to rest first and when to build up again.

import type { Analysis } from './model'
import type { ActionCandidate } from './plan-model'
import { uniqueReferences } from './references'

const REST_STEPS = [
  'Take it easy for a few days: light activity only, no hard training, and extra time for sleep.',
  'Look for a cause over the same days: a starting infection, alcohol, late meals, travel, stress, a training block.',
  'If you feel ill (fever, chest pain, shortness of breath) or the signal stays off your baseline for more than two weeks, contact a clinician.',
  'Build activity back up gradually once HRV and resting heart rate are back near your baseline.',
]

export function reconcileWithRecovery(candidates: ActionCandidate[], analysis: Analysis): ActionCandidate[] {
  const signal = analysis.recovery
  const recovery = candidates.find((c) => c.id === 'act_recovery')
  const activity = candidates.find((c) => c.id === 'act_activity')
  const strained = signal?.level === 'strained'
  if (!strained && !(recovery && activity)) return candidates
  const base: ActionCandidate = recovery ?? {
    id: 'act_recovery',
    title: 'Rest and recover: your overnight signals are off your baseline',
    category: 'recovery',
    rationale: '',
    steps: [],
    targets: [],
    based_on: [],
    score: 0,
    factors: { severity: 0.67, confidence: 0.7, modifiability: 0.6 },
    evidence: { level: 'moderate', summary: '' },
    retest: null,
    sources: [],
    references: [],
  }
  const adverse = signal?.components.filter((c) => c.adverse).map((c) => c.code) ?? []
  const severity = strained ? Math.max(base.factors.severity, 0.67) : base.factors.severity
  const merged: ActionCandidate = {
    ...base,
    title: strained ? 'Rest and recover: your overnight signals are off your baseline' : base.title,
    rationale: [
      strained ? signal?.statement : base.rationale,
      activity
        ? `Activity fell over the same days (${activity.targets.join(', ')}), which fits the recovery signal rather than calling for more exercise now.`
        : null,
    ]
      .filter(Boolean)
      .join(' '),
    steps: strained ? REST_STEPS : [...base.steps, REST_STEPS[3]],
    targets: [...new Set([...base.targets, ...adverse, ...(activity?.targets ?? [])])],
    based_on: [
      ...new Set([...base.based_on, ...(strained ? ['recovery'] : []), ...(activity?.based_on ?? [])]),
    ],
    factors: { ...base.factors, severity },
    score: Number((severity * base.factors.confidence * base.factors.modifiability).toFixed(4)),
    evidence: strained
      ? {
          level: 'moderate',
          summary: `${adverse.length} recovery inputs moved the adverse way against your own baseline; a personal signal, not a diagnosis.`,
        }
      : base.evidence,
    retest: base.retest ?? {
      after_days: 7,
      due_on: new Date(Date.parse(`${analysis.created_at.slice(0, 10)}T00:00:00Z`) + 7 * 86_400_000)
        .toISOString()
        .slice(0, 10),
      what: 'Look at the recovery signal again after a week.',
    },
    sources: [
      ...base.sources,
      ...(strained ? (signal?.sources ?? []) : []),
      ...(activity?.sources ?? []),
    ].filter((s, i, all) => all.findIndex((x) => x.source_id === s.source_id) === i),
    references: uniqueReferences([
      ...(strained ? (signal?.references ?? []) : []),
      ...base.references,
      ...(activity?.references ?? []),
    ]),
  }
  return [...candidates.filter((c) => c !== activity && c !== recovery), merged]
}
