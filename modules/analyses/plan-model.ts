// Models of action plans: ranked actions made from an analysis, each with its score and the factors
// behind it, rationale, evidence, when to retest, and the records and references it rests on.

import { type Static, Type } from '@sinclair/typebox'
import { Evidence, Nullable, Reference, SourceCitation } from './citation-model'

export const ActionPlanBody = Type.Object({
  max_actions: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 25,
      default: 10,
      description: 'Most actions to return (default 10).',
    }),
  ),
})

export const ActionCategory = Type.Union([
  Type.Literal('lab_follow_up'),
  Type.Literal('nutrition'),
  Type.Literal('activity'),
  Type.Literal('sleep'),
  Type.Literal('recovery'),
  Type.Literal('clinician'),
])

export const Action = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  id: Type.String({ description: 'Stable within the plan: `act_<topic>`.' }),
  title: Type.String(),
  category: ActionCategory,
  rationale: Type.String(),
  steps: Type.Array(Type.String()),
  targets: Type.Array(Type.String(), {
    description: 'Codes of the markers or metrics this action is about.',
  }),
  based_on: Type.Array(Type.String(), { description: 'Ids of the interpretations and links it comes from.' }),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  factors: Type.Object({
    severity: Type.Number({ minimum: 0, maximum: 1 }),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    modifiability: Type.Number({ minimum: 0, maximum: 1 }),
  }),
  evidence: Evidence,
  retest: Nullable(
    Type.Object({
      after_days: Type.Integer(),
      due_on: Type.String({ format: 'date' }),
      what: Type.String(),
    }),
  ),
  sources: Type.Array(SourceCitation),
  references: Type.Array(Reference),
})

export const ActionPlan = Type.Object(
  {
    id: Type.String({ description: 'Action plan id (ap_…).' }),
    analysis_id: Type.String(),
    organization_id: Type.String(),
    user_id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    ranking: Type.Object({
      method: Type.String(),
      severity: Type.Record(Type.String(), Type.Number()),
      confidence: Type.Record(Type.String(), Type.Number()),
      modifiability: Type.String(),
      reference: Reference,
    }),
    actions: Type.Array(Action),
    notes: Type.Array(Type.String()),
  },
  { $id: 'ActionPlan' },
)

export type ActionPlan = Static<typeof ActionPlan>
export type Action = Static<typeof Action>
/** An action before it is ranked. */
export type ActionCandidate = Omit<Action, 'rank'>
export type ActionPlanBody = Static<typeof ActionPlanBody>
