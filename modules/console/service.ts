// What the console does for a signed-in person, in terms of the services the API uses: the same
// functions, the same checks, the same records. Nothing here talks to the database directly.

import { createAnalysis, getAnalysis, listAnalyses } from '../analyses/service'
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/credentials'
import { signOut } from '../auth/withdraw'
import {
  createDashboardLink,
  listDashboardLinks,
  listDesigns,
  revokeDashboardLink,
} from '../dashboards/service'
import type { GeneticsJob } from '../genetics/model'
import {
  completeUpload,
  createUploadSession,
  getJob,
  listGeneticFindings,
  listJobs,
  requestAncestry,
} from '../genetics/service'
import { ImportFileBody } from '../imports/model'
import { importFile } from '../imports/service'
import type { AppContext } from '../shared/context'
import { type Principal, scopeOf } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { deleteSource } from '../sources/delete-source'
import { getSource, listSourceObservations, listSources } from '../sources/service'
import type { AdmixtureComponent } from './pages/ancestry-chart'
import type { JobResult } from './pages/jobs'

export { createApiKey, getJob, listApiKeys, listJobs, listSources, revokeApiKey, signOut }

export async function overviewCounts(app: AppContext, principal: Principal) {
  const scope = scopeOf(principal)
  const [sources, analyses, jobs] = await Promise.all([
    listSources(app, scope, { limit: 100 }),
    listAnalyses(app, scope, { limit: 100 }),
    listJobs(app, scope, { limit: 100 }),
  ])
  return { sources: sources.data.length, analyses: analyses.data.length, jobs: jobs.data.length }
}

export { ImportFileBody }
export const importForConsole = (app: AppContext, principal: Principal, body: ImportFileBody) =>
  importFile(app, scopeOf(principal), body)

/** Size of the parts the console sends. */
export const CONSOLE_PART_BYTES = 2 * 1024 * 1024

/** An upload session for the console's script: the relative path it PUTs parts to, and the part size. */
export async function startConsoleUpload(
  app: AppContext,
  principal: Principal,
  body: { filename: string; size_bytes: number; content_type: string; sample?: string },
) {
  if (app.storage.kind !== 'local')
    throw new ProblemError(
      'conflict',
      'This deployment stores uploads in S3; the console cannot send large files there yet. Use the API (POST /genetics/uploads).',
    )
  const session = await createUploadSession(app, principal, { ...body, ...scopeOf(principal) })
  const url = new URL(session.upload_url!)
  return {
    upload_id: session.upload_id,
    // Relative, so the browser sends it to the origin it is on (PUBLIC_BASE_URL may name a proxy).
    upload_path: `${url.pathname}${url.search}`,
    // Parts smaller than the API's, so a dropped connection costs at most one part and the bar moves
    // with the bytes the server has acknowledged.
    part_size: Math.min(session.part_size, CONSOLE_PART_BYTES),
  }
}

export async function completeConsoleUpload(app: AppContext, principal: Principal, id: string) {
  const session = await completeUpload(app, scopeOf(principal), id, {})
  return { upload_id: session.upload_id, job_id: session.job_id }
}

/** A finished job's findings and ancestry; null while it runs or when it produced no source. */
export async function jobResult(
  app: AppContext,
  principal: Principal,
  job: GeneticsJob,
): Promise<JobResult | null> {
  if (job.state !== 'succeeded' || !job.source_id) return null
  const scope = scopeOf(principal)
  const findings = await listGeneticFindings(app, scope, { sourceIds: [job.source_id] })
  try {
    const ancestry = await requestAncestry(app, scope, job.source_id)
    const admixture = (ancestry.result as { admixture?: Record<string, unknown> }).admixture
    const components = (admixture?.components ?? []) as AdmixtureComponent[]
    return {
      findings,
      ancestry: {
        components,
        confidenceLevel: typeof admixture?.confidenceLevel === 'number' ? admixture.confidenceLevel : null,
        confidence: typeof ancestry.result.confidence === 'string' ? ancestry.result.confidence : null,
      },
      ancestryUnavailable: null,
    }
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error
    return { findings, ancestry: null, ancestryUnavailable: error.detail }
  }
}

/** One source and one page (50) of the observations it produced, in file order. */
export async function sourceWithObservations(
  app: AppContext,
  principal: Principal,
  id: string,
  cursor: string | undefined,
) {
  const scope = scopeOf(principal)
  const source = await getSource(app, scope, id)
  const observations =
    source.modality === 'genetics'
      ? { data: [], next_cursor: null }
      : await listSourceObservations(app, scope, id, { limit: 50, cursor })
  return { source, observations }
}

export const deleteConsoleSource = (app: AppContext, principal: Principal, id: string) =>
  deleteSource(app, scopeOf(principal), id)

export const analysesOf = (app: AppContext, principal: Principal) =>
  listAnalyses(app, scopeOf(principal), { limit: 50 })

export const analyseAll = (app: AppContext, principal: Principal) =>
  createAnalysis(app, scopeOf(principal), {})

export async function analysisWithLinks(app: AppContext, principal: Principal, id: string) {
  const scope = scopeOf(principal)
  const analysis = await getAnalysis(app, scope, id)
  const links = await listDashboardLinks(app, scope, { limit: 100 })
  return {
    analysis,
    links: links.data.filter((l) => l.analysis_id === id),
    designs: listDesigns().data.map((d) => ({ id: d.id, name: d.name })),
  }
}

export const createLink = (
  app: AppContext,
  principal: Principal,
  body: { analysis_id: string; design_id: string; expires_in_days: number },
) => createDashboardLink(app, scopeOf(principal), body)

export const revokeLink = (app: AppContext, principal: Principal, id: string) =>
  revokeDashboardLink(app, scopeOf(principal), id)
