// Health goals: create, list (with progress from the latest value of the tracked marker) and delete,
// within the caller's scope. The analyses module reads active goals for the health context.

import { biomarkerByCode } from '../biomarkers/catalog'
import { toUcum } from '../biomarkers/lab-units'
import { convertToCanonical } from '../biomarkers/units'
import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import { readPage, toPage } from '../shared/pagination'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { listObservations } from '../sources/service'
import type { Goal, GoalCreateBody } from './model'
import * as repo from './repo'

function validate(body: GoalCreateBody): void {
  const errors: { in: string; path: string; message: string }[] = []
  if (body.target_value !== undefined && !body.marker)
    errors.push({ in: 'body', path: '/marker', message: 'A target_value needs the marker it applies to.' })
  if (body.target_value !== undefined && !body.direction)
    errors.push({
      in: 'body',
      path: '/direction',
      message: 'A target_value needs a direction: below or above.',
    })
  if (body.direction && body.target_value === undefined)
    errors.push({ in: 'body', path: '/target_value', message: 'A direction needs a target_value.' })
  if (errors.length > 0)
    throw new ProblemError('validation', errors.map((e) => e.message).join(' '), { extra: { errors } })
}

/**
 * The goal's target in the unit results are stored in: a target set in SI units (mmol/L) is converted
 * with the catalog's conversion for that marker; null when it cannot be compared.
 */
function targetIn(row: repo.GoalRow, storedUnit: string | null): number | null {
  if (row.target_value === null) return null
  if (!row.unit || row.unit === storedUnit) return row.target_value
  const marker = row.marker ? biomarkerByCode(row.marker) : undefined
  if (!marker || storedUnit !== marker.unit) return null
  const converted = convertToCanonical(marker, row.target_value, toUcum(row.unit))
  return 'error' in converted ? null : converted.value
}

async function withProgress(app: AppContext, scope: Scope, row: repo.GoalRow): Promise<Goal> {
  let progress: Goal['progress'] = null
  if (row.marker) {
    // The one newest numeric result, read through the (scope, code, time) index: never the whole series.
    const [latest] = await listObservations(app, scope, { codes: [row.marker], numeric: true, newest: 1 })
    if (latest) {
      const target = targetIn(row, latest.unit)
      const comparable = target !== null && row.direction !== null
      const value = latest.value as number
      progress = {
        latest_value: value,
        unit: latest.unit,
        observed_at: latest.observed_at,
        source_id: latest.source_id,
        observation_id: latest.id,
        met: comparable
          ? row.direction === 'below'
            ? value <= (target as number)
            : value >= (target as number)
          : null,
      }
    }
  }
  return {
    id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    title: row.title,
    marker: row.marker,
    direction: row.direction,
    target_value: row.target_value,
    unit: row.unit,
    due_date: row.due_date,
    notes: row.notes,
    status: 'active',
    created_at: row.created_at,
    progress,
  }
}

export async function createGoal(app: AppContext, scope: Scope, body: GoalCreateBody): Promise<Goal> {
  validate(body)
  const now = app.clock.now()
  const row: repo.GoalRow = {
    id: newId('goal', now.getTime()),
    ...scope,
    title: body.title,
    marker: body.marker ?? null,
    direction: body.direction ?? null,
    target_value: body.target_value ?? null,
    unit: body.unit ?? null,
    due_date: body.due_date ?? null,
    notes: body.notes ?? null,
    created_at: now.toISOString(),
    deleted_at: null,
  }
  await repo.insertGoal(app.db, row)
  return withProgress(app, scope, row)
}

export async function listGoals(
  app: AppContext,
  scope: Scope,
  query: { limit?: number; cursor?: string },
): Promise<{ data: Goal[]; next_cursor: string | null }> {
  const { limit, before } = readPage(query)
  const page = toPage(await repo.listGoals(app.db, scope, { before, limit: limit + 1 }), limit)
  const data: Goal[] = []
  for (const row of page.data) data.push(await withProgress(app, scope, row))
  return { data, next_cursor: page.next_cursor }
}

/** Every active goal, newest first (at most `max`), for the health context. */
export async function listActiveGoals(app: AppContext, scope: Scope, max = 20): Promise<Goal[]> {
  return (await listGoals(app, scope, { limit: Math.min(Math.max(max, 1), 100) })).data
}

export async function deleteGoal(app: AppContext, scope: Scope, id: string) {
  const now = app.clock.now().toISOString()
  if (!(await repo.deleteGoal(app.db, scope, id, now))) throw notFound(`Goal ${id}`)
  return { id, deleted: true as const, deleted_at: now }
}
