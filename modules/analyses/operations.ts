// Operations of the analyses module: wearable and multimodal analyses, reading them back, action plans,
// the health context, retest reminders and the grounded health query.

import { metered } from '../billing/quota'
import type { AppContext } from '../shared/context'
import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { type Scope, scopeOf } from '../shared/principal'
import { CREATES, READS } from '../shared/tool-annotations'
import { emitWebhookEvent } from '../webhooks/emit'
import { HealthContext, HealthContextBody, RetestQuery, RetestReminders, UserParams } from './context-model'
import { analysesExamples } from './examples'
import { buildHealthContext } from './health-context'
import {
  Analysis,
  AnalysisCreateBody,
  AnalysisIdParams,
  AnalysisListItem,
  AnalysisListQuery,
  WearableAnalyzeBody,
} from './model'
import { ActionPlan, ActionPlanBody } from './plan-model'
import { createActionPlan } from './plan-service'
import { answerQuery } from './query'
import { QueryAnswer, QueryBody } from './query-model'
import { retestReminders } from './retest-reminders'
import { createAnalysis, createWearableAnalysis, getAnalysis, listAnalyses } from './service'

/** Tell the workspace's webhook endpoints a stored analysis exists (ids only), then answer with it. */
async function announced<T extends { id: string; kind: string }>(app: AppContext, scope: Scope, analysis: T) {
  await emitWebhookEvent(
    app,
    scope,
    'analysis.created',
    { analysis_id: analysis.id, kind: analysis.kind },
    analysis.id,
  )
  return analysis
}

const tags = ['Analyses']

export const wearablesAnalyze = defineOperation(
  {
    id: 'analyses.wearables',
    example: analysesExamples['analyses.wearables'],
    method: 'POST',
    path: '/wearables/analyze',
    summary: 'Analyse wearable data: personal baselines, recent shifts and deviating days',
    description:
      'Per metric: the baseline window (default 28 days) before the recent window (default 7 days), the shift of the recent mean as a z-score against the baseline, and single days with |z| ≥ 2. Each item cites the daily values and observations it rests on.',
    tags,
    grant: 'analyses',
    body: WearableAnalyzeBody,
    output: Analysis,
    status: 201,
    errors: [404, 429],
    mcp: { tool: 'analyze_wearables', annotations: CREATES },
    x402: {
      price: '0.02',
      tags: ['wearables', 'analysis'],
    },
  },
  ({ body }, { app, principal }) =>
    metered(app, scopeOf(principal), 'analyses', () =>
      createWearableAnalysis(app, scopeOf(principal), body),
    ).then((analysis) => announced(app, scopeOf(principal), analysis)),
)

export const analysesCreate = defineOperation(
  {
    id: 'analyses.create',
    example: analysesExamples['analyses.create'],
    method: 'POST',
    path: '/analyses',
    summary: 'Run a multimodal analysis over the named sources or all of the caller’s data',
    description:
      'Labs against catalog ranges (for the profile’s sex and age), wearable baselines and deviations, genetics highlights and cross-modality links such as APOE genotype beside LDL cholesterol and ApoB. Every item names its source records and references.',
    tags,
    grant: 'analyses',
    body: AnalysisCreateBody,
    output: Analysis,
    status: 201,
    errors: [404, 429],
    mcp: { tool: 'create_analysis', annotations: CREATES },
    x402: {
      price: '0.05',
      tags: ['analysis', 'biomarkers', 'wearables', 'genetics'],
    },
  },
  ({ body }, { app, principal }) =>
    metered(app, scopeOf(principal), 'analyses', () => createAnalysis(app, scopeOf(principal), body)).then(
      (analysis) => announced(app, scopeOf(principal), analysis),
    ),
)

export const analysesList = defineOperation(
  {
    id: 'analyses.list',
    example: analysesExamples['analyses.list'],
    method: 'GET',
    path: '/analyses',
    summary: 'List the caller’s analyses, newest first',
    tags,
    grant: 'analyses',
    query: AnalysisListQuery,
    output: pageOf(AnalysisListItem),
    mcp: { tool: 'list_analyses', annotations: READS },
    x402: { price: '0.005', tags: ['analysis'] },
  },
  ({ query }, { app, principal }) => listAnalyses(app, scopeOf(principal), query),
)

export const analysesGet = defineOperation(
  {
    id: 'analyses.get',
    example: analysesExamples['analyses.get'],
    method: 'GET',
    path: '/analyses/:id',
    summary: 'Read one analysis',
    tags,
    grant: 'analyses',
    params: AnalysisIdParams,
    output: Analysis,
    mcp: { tool: 'get_analysis', annotations: READS },
    x402: { price: '0.005', tags: ['analysis'] },
  },
  ({ params }, { app, principal }) => getAnalysis(app, scopeOf(principal), params.id),
)

export const actionPlanCreate = defineOperation(
  {
    id: 'analyses.action_plan',
    example: analysesExamples['analyses.action_plan'],
    method: 'POST',
    path: '/analyses/:id/action-plan',
    summary: 'Make a ranked action plan from an analysis',
    description:
      'Actions ranked by severity × confidence × modifiability (the plan states the scales), each with rationale, evidence, when to retest, and the records and references it rests on.',
    tags,
    grant: 'analyses',
    params: AnalysisIdParams,
    body: ActionPlanBody,
    output: ActionPlan,
    status: 201,
    mcp: { tool: 'create_action_plan', annotations: CREATES },
    x402: {
      price: '0.02',
      tags: ['recommendations', 'action plan'],
    },
  },
  ({ params, body }, { app, principal }) => createActionPlan(app, scopeOf(principal), params.id, body),
)

export const healthContextCreate = defineOperation(
  {
    id: 'analyses.health_context',
    example: analysesExamples['analyses.health_context'],
    method: 'POST',
    path: '/users/:user_id/health-context',
    summary: 'A compact, agent-ready health context, bounded in size',
    description:
      'Latest key values and flags, genotype highlights, active goals and data freshness per modality, each naming its source; at most 8 KB of JSON (`truncated` says when items were left out).',
    tags,
    grant: 'health_context',
    params: UserParams,
    body: HealthContextBody,
    output: HealthContext,
    mcp: { tool: 'get_health_context', annotations: READS },
  },
  ({ body }, { app, principal }) =>
    buildHealthContext(app, scopeOf(principal), { maxMarkers: body.max_markers }),
)

export const retestRemindersGet = defineOperation(
  {
    id: 'analyses.retest_reminders',
    example: analysesExamples['analyses.retest_reminders'],
    method: 'GET',
    path: '/users/:user_id/retest-reminders',
    summary: 'Retest and check-in cadence per marker and modality, with next due dates and overdue flags',
    tags,
    grant: 'analyses',
    params: UserParams,
    query: RetestQuery,
    output: RetestReminders,
    mcp: { tool: 'get_retest_reminders', annotations: READS },
  },
  (_input, { app, principal }) => retestReminders(app, scopeOf(principal)),
)

export const queryCreate = defineOperation(
  {
    id: 'analyses.query',
    example: analysesExamples['analyses.query'],
    method: 'POST',
    path: '/query',
    summary: 'Ask a grounded health question, answered from your own data and the catalogs',
    description:
      'Retrieval, not generation: each statement cites the source records, analysis or catalog reference it comes from, and `answerable` is false when the data cannot answer. When QUERY_LLM_URL is configured a model may phrase the answer from those statements only.',
    tags,
    grant: 'questions',
    body: QueryBody,
    output: QueryAnswer,
    errors: [404],
    mcp: { tool: 'ask_health_question', annotations: { ...READS, openWorld: true } },
    x402: {
      price: '0.01',
      tags: ['query', 'biomarkers'],
    },
  },
  ({ body }, { app, principal }) => answerQuery(app, scopeOf(principal), body),
)

export const analysesOperations = [
  wearablesAnalyze,
  analysesCreate,
  analysesList,
  analysesGet,
  actionPlanCreate,
  healthContextCreate,
  retestRemindersGet,
  queryCreate,
]
