// Queued wearable syncs (`async: true`, and every provider webhook): a job row with progress, a task on
// the job queue (embedded or graphile-worker: both run the same task), and the job as a resource the
// caller reads. Credentials the caller sent for the sync are sealed in the job until the task used them;
// a rotated refresh token is sealed too and handed out on the job's reads until the job is a day old.

import type { AppContext } from '../../shared/context'
import { newId } from '../../shared/ids'
import type { Scope } from '../../shared/principal'
import { notFound, ProblemError } from '../../shared/problem'
import type { TaskList, TaskRun } from '../../shared/queue'
import type { WearableSyncJob } from '../model'
import * as repo from '../repo'
import { isOAuthProvider } from './providers'
import { tokenCipher } from './service'
import { runSync, type SyncRequest } from './sync'

export const SYNC_TASK = 'wearables.sync'
const MAX_ATTEMPTS = 3

const sealRole = (jobId: string, what: string) => `sync-job:${jobId}:${what}`
const sealContext = (row: { organization_id: string; user_id: string }, jobId: string, what: string) =>
  [row.organization_id, row.user_id, sealRole(jobId, what)].join(':')

export async function queueSync(
  app: AppContext,
  scope: Scope,
  connection: repo.ConnectionRow,
  body: SyncRequest,
  trigger: 'request' | 'webhook',
) {
  const now = app.clock.now()
  const id = newId('wsj', now.getTime())
  const credentials =
    body.refresh_token || body.client_id || body.client_secret
      ? await tokenCipher(app).seal(
          JSON.stringify({
            refresh_token: body.refresh_token,
            client_id: body.client_id,
            client_secret: body.client_secret,
          }),
          sealContext(scope, id, 'credentials'),
        )
      : null
  const row: repo.SyncJobRow = {
    id,
    ...scope,
    provider: connection.provider,
    provider_user_id: connection.provider_user_id,
    start_date: body.start,
    end_date: body.end,
    state: 'queued',
    stage: 'queued',
    percent: 0,
    trigger,
    credentials_secret: credentials,
    refreshed_token_secret: null,
    source_id: null,
    record_count: null,
    observation_count: null,
    error: null,
    created_at: now.toISOString(),
    started_at: null,
    finished_at: null,
  }
  await repo.insertSyncJob(app.db, row)
  await app.queue.enqueue(SYNC_TASK, { job_id: id }, { key: id, scope, maxAttempts: MAX_ATTEMPTS })
  return {
    status: 'queued' as const,
    source_provider: row.provider as WearableSyncJob['source_provider'],
    provider_user_id: row.provider_user_id,
    start: row.start_date,
    end: row.end_date,
    job: await toJob(app, row),
  }
}

/** How a failure is told in the job: the problem's own words, never a stack or a token. */
function problemOf(error: unknown): Record<string, unknown> {
  if (error instanceof ProblemError) return { status: error.status, title: error.title, detail: error.detail }
  return {
    status: 502,
    title: 'Sync failed',
    detail: 'The sync failed after several attempts; start it again.',
  }
}

async function runSyncTask(app: AppContext, payload: Record<string, unknown>, run: TaskRun) {
  const job = await repo.syncJobById(app.db, String(payload.job_id))
  if (!job || job.state === 'succeeded' || job.state === 'failed') return
  const scope = { organization_id: job.organization_id, user_id: job.user_id }
  const now = () => app.clock.now().toISOString()
  const fail = async (error: unknown) => {
    await repo.updateSyncJob(app.db, job.id, {
      state: 'failed',
      stage: 'failed',
      error: problemOf(error),
      credentials_secret: null,
      finished_at: now(),
    })
  }
  const connection = await repo.findConnection(app.db, scope, job.provider)
  if (
    !connection ||
    !isOAuthProvider(connection.provider) ||
    connection.provider_user_id !== job.provider_user_id
  )
    return fail(
      new ProblemError('notFound', `The ${job.provider} connection was disconnected before the sync ran.`),
    )
  await repo.updateSyncJob(app.db, job.id, {
    state: 'running',
    stage: 'reading',
    started_at: job.started_at ?? now(),
  })
  const cipher = tokenCipher(app)
  const credentials = job.credentials_secret
    ? (JSON.parse(await cipher.open(job.credentials_secret, sealContext(job, job.id, 'credentials'))) as Omit<
        SyncRequest,
        'start' | 'end'
      >)
    : {}
  try {
    const result = await runSync(
      app,
      scope,
      connection.provider,
      connection,
      { start: job.start_date, end: job.end_date, ...credentials },
      (stage, percent) => repo.updateSyncJob(app.db, job.id, { stage, percent: Math.min(percent, 99) }),
    )
    await repo.updateSyncJob(app.db, job.id, {
      state: 'succeeded',
      stage: 'done',
      percent: 100,
      source_id: result.source_id,
      record_count: result.record_count,
      observation_count: result.observation_count,
      credentials_secret: null,
      refreshed_token_secret: result.refreshed_token
        ? await cipher.seal(result.refreshed_token, sealContext(job, job.id, 'refreshed'))
        : null,
      finished_at: now(),
    })
  } catch (error) {
    // A problem the sync could name (401 without refresh, a provider still failing after its bounded,
    // Retry-After-honouring retries) is final; an unexpected failure (the database, a crash) is tried
    // again until the attempts are used up.
    const transient = !(error instanceof ProblemError)
    if (transient && run.attempt < run.maxAttempts && !run.signal.aborted) {
      await repo.updateSyncJob(app.db, job.id, { state: 'queued', stage: 'waiting to retry' })
      throw error
    }
    await fail(error)
  }
}

export function wearablesTasks(app: AppContext): TaskList {
  return { [SYNC_TASK]: (payload, run) => runSyncTask(app, payload, run) }
}

/** A rotated refresh token stays readable on the job for a day, then only the caller's copy remains. */
const REFRESHED_TOKEN_READABLE_MS = 24 * 3600 * 1000

export async function toJob(app: AppContext, row: repo.SyncJobRow): Promise<WearableSyncJob> {
  const readable =
    row.refreshed_token_secret !== null &&
    app.clock.now().getTime() - Date.parse(row.created_at) < REFRESHED_TOKEN_READABLE_MS
  return {
    id: row.id,
    status: row.state,
    source_provider: row.provider as WearableSyncJob['source_provider'],
    provider_user_id: row.provider_user_id,
    start: row.start_date,
    end: row.end_date,
    trigger: row.trigger,
    progress: { stage: row.stage, percent: row.percent },
    source_id: row.source_id,
    record_count: row.record_count,
    observation_count: row.observation_count,
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    ...(readable
      ? {
          refreshed_token: await tokenCipher(app).open(
            row.refreshed_token_secret as string,
            sealContext(row, row.id, 'refreshed'),
          ),
        }
      : {}),
  }
}

export async function getSyncJob(app: AppContext, scope: Scope, id: string) {
  const row = await repo.findSyncJob(app.db, scope, id)
  if (!row) throw notFound('That wearable sync job')
  return toJob(app, row)
}
