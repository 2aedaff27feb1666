// Models of health goals: what a user aims for (optionally a marker with a target), and its progress
// read from the latest value of that marker.

import { type Static, Type } from '@sinclair/typebox'
import { Nullable } from '../analyses/citation-model'
import { PageQuery } from '../shared/pagination'

export const GoalDirection = Type.Union([Type.Literal('below'), Type.Literal('above')], {
  description: '`below`: the goal is met when the value is at or under target_value; `above`: at or over it.',
})

export const GoalCreateBody = Type.Object({
  user_id: Type.Optional(Type.String({ minLength: 1 })),
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  marker: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9_]{1,64}$',
      description: 'Biomarker or metric code the goal tracks (`ldl_cholesterol`, `steps`).',
    }),
  ),
  direction: Type.Optional(GoalDirection),
  target_value: Type.Optional(
    Type.Number({
      minimum: -1e9,
      maximum: 1e9,
      description: 'The target, within ±1e9 (a finite number a measurement could take).',
    }),
  ),
  unit: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'Unit of target_value; must be the marker’s canonical unit to be compared.',
    }),
  ),
  due_date: Type.Optional(Type.String({ format: 'date' })),
  notes: Type.Optional(Type.String({ maxLength: 1000 })),
})

export const GoalProgress = Type.Object({
  latest_value: Type.Number(),
  unit: Nullable(Type.String()),
  observed_at: Type.String({ format: 'date-time' }),
  source_id: Type.String(),
  observation_id: Type.String(),
  met: Nullable(Type.Boolean({ description: 'Null when the units differ or the goal has no target.' })),
})

export const Goal = Type.Object(
  {
    id: Type.String({ description: 'Goal id (goal_…).' }),
    organization_id: Type.String(),
    user_id: Type.String(),
    title: Type.String(),
    marker: Nullable(Type.String()),
    direction: Nullable(GoalDirection),
    target_value: Nullable(Type.Number()),
    unit: Nullable(Type.String()),
    due_date: Nullable(Type.String({ format: 'date' })),
    notes: Nullable(Type.String()),
    status: Type.Literal('active'),
    created_at: Type.String({ format: 'date-time' }),
    progress: Nullable(GoalProgress),
  },
  { $id: 'Goal' },
)

export const GoalDeleted = Type.Object({
  id: Type.String(),
  deleted: Type.Literal(true),
  deleted_at: Type.String({ format: 'date-time' }),
})

export const GoalListQuery = Type.Object({ ...PageQuery })
export const GoalIdParams = Type.Object({ id: Type.String({ pattern: '^goal_[0-9a-z]{26}$' }) })

export type Goal = Static<typeof Goal>
export type GoalCreateBody = Static<typeof GoalCreateBody>
