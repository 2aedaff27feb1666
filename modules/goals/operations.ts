// Operations of the goals module: create and list health goals, and delete one (SPEC: no body, 200).

import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { scopeOf } from '../shared/principal'
import { CREATES, READS, REMOVES } from '../shared/tool-annotations'
import { goalsExamples } from './examples'
import { Goal, GoalCreateBody, GoalDeleted, GoalIdParams, GoalListQuery } from './model'
import { createGoal, deleteGoal, listGoals } from './service'

const tags = ['Goals']

export const goalsCreate = defineOperation(
  {
    id: 'goals.create',
    example: goalsExamples['goals.create'],
    method: 'POST',
    path: '/goals',
    summary: 'Create a health goal, optionally with a marker target',
    tags,
    grant: 'goals',
    body: GoalCreateBody,
    output: Goal,
    status: 201,
    mcp: { tool: 'create_goal', annotations: CREATES },
  },
  ({ body }, { app, principal }) => createGoal(app, scopeOf(principal), body),
)

export const goalsList = defineOperation(
  {
    id: 'goals.list',
    example: goalsExamples['goals.list'],
    method: 'GET',
    path: '/goals',
    summary: 'List the caller’s active goals, newest first, with progress from the latest value',
    tags,
    grant: 'goals',
    query: GoalListQuery,
    output: pageOf(Goal),
    mcp: { tool: 'list_goals', annotations: READS },
  },
  ({ query }, { app, principal }) => listGoals(app, scopeOf(principal), query),
)

export const goalsDelete = defineOperation(
  {
    id: 'goals.delete',
    example: goalsExamples['goals.delete'],
    method: 'POST',
    path: '/goals/:id/delete',
    summary: 'Delete a health goal (no body)',
    tags,
    grant: 'goals',
    outsideAllowance: 'Deleting stored data stays available whatever the plan.',
    params: GoalIdParams,
    output: GoalDeleted,
    mcp: { tool: 'delete_goal', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => deleteGoal(app, scopeOf(principal), params.id),
)

export const goalsOperations = [goalsCreate, goalsList, goalsDelete]
