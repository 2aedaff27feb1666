// Dashboards: the design catalog, dashboard specs of the caller's analyses, private dashboard links
// (random bearer token in the URL, stored hashed, with an expiry and revocation), and the page a link
// opens, rendered from the snapshot stored when the link was made.

import { latestActionPlan } from '../analyses/plan-service'
import { getAnalysis } from '../analyses/service'
import type { AppContext } from '../shared/context'
import { hashSecret, newId, newSecret } from '../shared/ids'
import { readPage, toPage } from '../shared/pagination'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { pageCsp } from '../shared/security-headers'
import { getSource } from '../sources/service'
import { DESIGNS, designById } from './designs'
import type {
  DashboardLink,
  DashboardLinkBody,
  DashboardLinkSummary,
  DashboardSpec,
  Design,
  ProvenanceEntry,
} from './model'
import { renderDashboardPage } from './page'
import * as repo from './repo'
import { buildDashboardSpec } from './spec'

export const DASHBOARD_TOKEN_PREFIX = 'wds_dash_'
const DAY_MS = 86_400_000

export const SHARING = {
  default: 'private',
  optional: true,
  note: 'Anyone who holds this URL can open the dashboard until it expires or is revoked. Keep it private unless you choose to share it.',
}

export const listDesigns = () => ({ data: [...DESIGNS] })

export async function getDashboardSpec(
  app: AppContext,
  scope: Scope,
  analysisId: string,
): Promise<DashboardSpec> {
  const analysis = await getAnalysis(app, scope, analysisId)
  const spec = buildDashboardSpec(analysis, await latestActionPlan(app, scope, analysis.id))
  return { ...spec, provenance: await provenanceOf(app, scope, analysis.input.source_ids) }
}

/** The analysed sources as a person knows them; a source deleted since the analysis is left out. */
async function provenanceOf(app: AppContext, scope: Scope, sourceIds: string[]): Promise<ProvenanceEntry[]> {
  const entries: ProvenanceEntry[] = []
  for (const id of sourceIds) {
    const source = await getSource(app, scope, id).catch((error) => {
      if (error instanceof ProblemError && error.status === 404) return null
      throw error
    })
    if (!source) continue
    entries.push({
      source_id: source.id,
      modality: source.modality,
      file_name: source.filename,
      provider: source.provider,
      format: source.format,
      collected_from: source.time_range ? source.time_range.start.slice(0, 10) : null,
      collected_to: source.time_range ? source.time_range.end.slice(0, 10) : null,
      added_on: source.created_at.slice(0, 10),
    })
  }
  return entries
}

function designOrFail(id: string): Design {
  const design = designById(id)
  if (!design) {
    const detail = `Unknown design "${id}"; GET /designs lists them (${DESIGNS.map((d) => d.id).join(', ')}).`
    throw new ProblemError('validation', detail, {
      extra: { errors: [{ in: 'body', path: '/design_id', message: detail }] },
    })
  }
  return design
}

export async function createDashboardLink(
  app: AppContext,
  scope: Scope,
  body: DashboardLinkBody,
): Promise<DashboardLink> {
  const design = designOrFail(body.design_id)
  const spec = await getDashboardSpec(app, scope, body.analysis_id)
  const now = app.clock.now()
  const token = newSecret(DASHBOARD_TOKEN_PREFIX)
  const expiresAt = new Date(now.getTime() + (body.expires_in_days ?? 7) * DAY_MS).toISOString()
  const row: repo.DashboardLinkRow = {
    id: newId('dash', now.getTime()),
    ...scope,
    analysis_id: body.analysis_id,
    design_id: design.id,
    token_hash: hashSecret(token),
    snapshot: { spec, design } as unknown as Record<string, unknown>,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    revoked_at: null,
  }
  await repo.insertLink(app.db, row)
  app.log.info('dashboards.link_created', { link_id: row.id, analysis_id: row.analysis_id })
  return {
    id: row.id,
    dashboard_url: `${app.config.publicBaseUrl}/dashboards/${token}`,
    analysis_id: row.analysis_id,
    design,
    visibility: 'private_by_possession',
    expires_at: expiresAt,
    sharing: SHARING,
    created_at: row.created_at,
  }
}

function summarize(row: repo.DashboardLinkRow, now: Date): DashboardLinkSummary {
  return {
    id: row.id,
    analysis_id: row.analysis_id,
    design: (row.snapshot as unknown as { design: Design }).design,
    visibility: 'private_by_possession',
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    status: row.revoked_at ? 'revoked' : row.expires_at <= now.toISOString() ? 'expired' : 'active',
  }
}

export async function listDashboardLinks(
  app: AppContext,
  scope: Scope,
  query: { limit?: number; cursor?: string },
) {
  const { limit, before } = readPage(query)
  const page = toPage(await repo.listLinks(app.db, scope, { before, limit: limit + 1 }), limit)
  const now = app.clock.now()
  return { data: page.data.map((row) => summarize(row, now)), next_cursor: page.next_cursor }
}

export async function revokeDashboardLink(
  app: AppContext,
  scope: Scope,
  id: string,
): Promise<DashboardLinkSummary> {
  const row = await repo.revokeLink(app.db, scope, id, app.clock.now().toISOString())
  if (!row) throw notFound(`Dashboard link ${id}`)
  app.log.info('dashboards.link_revoked', { link_id: row.id })
  return summarize(row, app.clock.now())
}

/** The page behind a dashboard URL: 404 for an unknown token, 410 once expired or revoked. */
export async function dashboardPage(app: AppContext, token: string): Promise<Response> {
  const row = token.startsWith(DASHBOARD_TOKEN_PREFIX)
    ? await repo.findLinkByTokenHash(app.db, hashSecret(token))
    : undefined
  if (!row) throw notFound('Dashboard')
  if (row.revoked_at) throw new ProblemError('gone', 'This dashboard link was revoked by its owner.')
  if (row.expires_at <= app.clock.now().toISOString())
    throw new ProblemError('gone', `This dashboard link expired at ${row.expires_at}.`)
  const { spec, design } = row.snapshot as unknown as { spec: DashboardSpec; design: Design }
  return new Response(renderDashboardPage(spec, design, row.expires_at, app.clock.now()), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow, noarchive',
      'referrer-policy': 'no-referrer',
      'content-security-policy': pageCsp({ images: 'data' }),
      'x-content-type-options': 'nosniff',
    },
  })
}
