// Keeps wearable actions from contradicting each other: when the recovery action stands (HRV down,
// resting heart rate up …), lower activity that week is part of the same picture, so the plan does not
// also ask to "bring activity back up"; the recovery action says when to build it up again instead.

import type { ActionCandidate } from './plan-model'

export function reconcileWithRecovery(candidates: ActionCandidate[]): ActionCandidate[] {
  const recovery = candidates.find((c) => c.id === 'act_recovery')
  const activity = candidates.find((c) => c.id === 'act_activity')
  if (!recovery || !activity) return candidates
  const merged: ActionCandidate = {
    ...recovery,
    rationale: `${recovery.rationale} Activity fell over the same days (${activity.targets.join(', ')}), which fits the recovery signal rather than calling for more exercise now.`,
    steps: [
      ...recovery.steps,
      'Build activity back up gradually once the recovery metrics are back near your baseline.',
    ],
    targets: [...recovery.targets, ...activity.targets],
    based_on: [...new Set([...recovery.based_on, ...activity.based_on])],
    sources: [
      ...recovery.sources,
      ...activity.sources.filter((s) => !recovery.sources.some((r) => r.source_id === s.source_id)),
    ],
    references: [
      ...recovery.references,
      ...activity.references.filter((r) => !recovery.references.some((x) => x.id === r.id)),
    ],
  }
  return candidates.filter((c) => c !== activity).map((c) => (c === recovery ? merged : c))
}
