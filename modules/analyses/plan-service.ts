// Action plans: made from one of the caller's analyses, stored so a dashboard can show the plan the
// user saw, and read back (the newest plan of an analysis).

import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import type { Scope } from '../shared/principal'
import { buildActionPlan } from './action-plan'
import { catalogs } from './catalogs'
import type { ActionPlan, ActionPlanBody } from './plan-model'
import * as repo from './repo'
import { getAnalysis } from './service'

const toPlan = (row: repo.ActionPlanRow): ActionPlan => ({
  id: row.id,
  analysis_id: row.analysis_id,
  organization_id: row.organization_id,
  user_id: row.user_id,
  created_at: row.created_at,
  ...(row.plan as unknown as Pick<ActionPlan, 'ranking' | 'actions' | 'notes'>),
})

export async function createActionPlan(
  app: AppContext,
  scope: Scope,
  analysisId: string,
  body: ActionPlanBody,
): Promise<ActionPlan> {
  const analysis = await getAnalysis(app, scope, analysisId)
  const plan = buildActionPlan(analysis, catalogs, body.max_actions ?? 10)
  const now = app.clock.now()
  const row: repo.ActionPlanRow = {
    id: newId('ap', now.getTime()),
    ...scope,
    analysis_id: analysis.id,
    plan: plan as unknown as Record<string, unknown>,
    created_at: now.toISOString(),
  }
  await repo.insertActionPlan(app.db, row)
  return toPlan(row)
}

/** The newest plan made from an analysis, or null. */
export async function latestActionPlan(
  app: AppContext,
  scope: Scope,
  analysisId: string,
): Promise<ActionPlan | null> {
  const row = await repo.latestActionPlan(app.db, scope, analysisId)
  return row ? toPlan(row) : null
}
