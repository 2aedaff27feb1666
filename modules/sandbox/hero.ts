// The sandbox demo: the whole multimodal pipeline (analysis, action plan, dashboard spec) over the
// built-in synthetic person, with a fixed clock and fixed ids. Nothing is read from or written to the
// database, so the same request always gives byte-identical output.

import { buildActionPlan } from '../analyses/action-plan'
import { catalogs } from '../analyses/catalogs'
import { runAnalysis } from '../analyses/engine'
import type { Analysis } from '../analyses/model'
import type { ActionPlan } from '../analyses/plan-model'
import { designById } from '../dashboards/designs'
import { buildDashboardSpec } from '../dashboards/spec'
import { ProblemError } from '../shared/problem'
import { DEMO_NOW, DEMO_SCOPE, heroInputs } from './hero-data'

export const DEMO_ANALYSIS_ID = 'an_00000000000000000000000001'
export const DEMO_PLAN_ID = 'ap_00000000000000000000000001'

export function runHeroDemo(body: { design_id?: string; max_actions?: number }) {
  const design = designById(body.design_id ?? 'clinical_summary')
  if (!design) {
    const detail = `Unknown design "${body.design_id}"; GET /designs lists them.`
    throw new ProblemError('validation', detail, {
      extra: { errors: [{ in: 'body', path: '/design_id', message: detail }] },
    })
  }
  const inputs = heroInputs()
  const analysis: Analysis = {
    id: DEMO_ANALYSIS_ID,
    analysis_id: DEMO_ANALYSIS_ID,
    ...DEMO_SCOPE,
    created_at: DEMO_NOW,
    ...runAnalysis('multimodal', inputs, catalogs, {
      profile: { sex: 'female', age_years: 46 },
      baselineDays: 28,
      recentDays: 7,
    }),
  }
  const plan: ActionPlan = {
    id: DEMO_PLAN_ID,
    analysis_id: DEMO_ANALYSIS_ID,
    ...DEMO_SCOPE,
    created_at: DEMO_NOW,
    ...buildActionPlan(analysis, catalogs, body.max_actions ?? 10),
  }
  return {
    demo: true as const,
    persisted: false as const,
    generated_at: DEMO_NOW,
    note: 'Synthetic data of a made-up person; fixed clock and ids, nothing stored. The same request gives the same bytes every time.',
    sources: inputs.sources,
    analysis,
    action_plan: plan,
    design,
    dashboard_spec: buildDashboardSpec(analysis, plan),
  }
}
