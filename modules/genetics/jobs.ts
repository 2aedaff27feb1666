// Genetics analysis jobs as the caller sees them: created when an upload completes, then read, listed
// and cancelled. State changes made by the worker (running, progress, outcome) live in job-state.ts.

import type { AppContext } from '../shared/context'
import { readPage, toPage } from '../shared/pagination'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { emitWebhookEvent } from '../webhooks/emit'
import type { GeneticsJob } from './model'
import * as repo from './repo'

export const ANALYZE_TASK = 'genetics.analyze'
export const JOB_MAX_ATTEMPTS = 3

export function toJob(row: repo.JobRow): GeneticsJob {
  return {
    id: row.id,
    job_id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    upload_id: row.upload_id,
    state: row.state,
    stage: row.stage,
    annotation_depth: row.annotation_depth,
    progress: {
      bytes: row.bytes_done,
      bytes_total: row.bytes_total,
      records: row.records,
      percent: row.percent,
      updated_at: row.progress_updated_at,
    },
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    error: row.error,
    sample: row.sample,
    samples_in_file: row.samples_in_file,
    warnings: row.warnings ?? [],
    source_id: row.source_id,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  }
}

/** Record a queued job for a completed upload and hand it to the queue (idempotent by job id). */
export async function createJobForUpload(
  app: AppContext,
  scope: Scope,
  upload: repo.UploadRow,
  jobId: string,
): Promise<repo.JobRow> {
  const now = app.clock.now().toISOString()
  const job = await repo.insertJob(app.db, {
    id: jobId,
    ...scope,
    upload_id: upload.id,
    state: 'queued',
    stage: 'queued',
    annotation_depth: upload.annotation_depth,
    // The sample asked for, so the job shows it from the start; the worker reads it from the upload.
    sample: upload.sample,
    bytes_done: 0,
    bytes_total: upload.size_bytes,
    records: 0,
    percent: 0,
    progress_updated_at: now,
    attempts: 0,
    max_attempts: JOB_MAX_ATTEMPTS,
    created_at: now,
  })
  await app.queue.enqueue(
    ANALYZE_TASK,
    { job_id: job.id, organization_id: scope.organization_id, user_id: scope.user_id },
    { key: job.id, scope, maxAttempts: JOB_MAX_ATTEMPTS },
  )
  return job
}

export async function getJob(app: AppContext, scope: Scope, id: string): Promise<GeneticsJob> {
  const row = await repo.findJob(app.db, scope, id)
  if (!row) throw notFound(`Job ${id}`)
  return toJob(row)
}

export async function listJobs(
  app: AppContext,
  scope: Scope,
  query: { state?: GeneticsJob['state']; limit?: number; cursor?: string },
) {
  const { limit, before } = readPage(query)
  const rows = await repo.listJobs(app.db, scope, { state: query.state, before, limit: limit + 1 })
  const page = toPage(rows, limit)
  return { data: page.data.map(toJob), next_cursor: page.next_cursor }
}

/**
 * Cancel a job. A queued job is taken off the queue at once; a running one is asked to stop and turns
 * `cancelled` when the worker notices (within a second or two). Finished jobs cannot be cancelled.
 */
export async function cancelJob(app: AppContext, scope: Scope, id: string): Promise<GeneticsJob> {
  const row = await repo.findJob(app.db, scope, id)
  if (!row) throw notFound(`Job ${id}`)
  if (row.state === 'cancelled') return toJob(row)
  if (row.state === 'succeeded' || row.state === 'failed')
    throw new ProblemError('conflict', `Job ${id} has already ${row.state}; there is nothing to cancel.`)
  const now = app.clock.now().toISOString()
  if (row.state === 'queued') {
    await app.queue.remove(row.id)
    const cancelled = await repo.updateJob(
      app.db,
      scope,
      id,
      { state: 'cancelled', stage: 'cancelled', cancel_requested_at: now, finished_at: now },
      ['queued'],
    )
    if (cancelled) {
      // It never reaches the worker, whose task announces every other ending.
      await emitWebhookEvent(
        app,
        scope,
        'genetics.job.finished',
        { job_id: id, state: 'cancelled', source_id: null },
        id,
      )
      return toJob(cancelled)
    }
  }
  const requested = await repo.updateJob(app.db, scope, id, { cancel_requested_at: now }, [
    'queued',
    'running',
  ])
  return toJob(requested ?? (await repo.findJob(app.db, scope, id))!)
}
