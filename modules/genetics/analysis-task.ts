// The queued task that analyses an uploaded genetics file: it marks the job running, streams the file
// through genetics-core while reporting progress, and stores the result as a genetics source with its
// findings and ancestry. Bad input fails the job with a problem naming the line and leaves no source;
// cancellation stops it; an unexpected error is retried by the queue, and a retry after a crash finds
// the source an earlier attempt made instead of making a second one.

import type { AppContext } from '../shared/context'
import { PROBLEM_TYPES } from '../shared/problem'
import type { TaskRun } from '../shared/queue'
import {
  AncestryError,
  analyzeGeneticsFile,
  GeneticsCancelledError,
  GeneticsInputError,
  type Progress,
} from './core'
import * as repo from './repo'
import { unknownSampleProblem } from './sample-choice'
import { storeGeneticsResult } from './store-result'
import { testPause } from './test-pause'

const PROGRESS_EVERY_MS = 500
const CANCEL_CHECK_EVERY_MS = 1000

class JobCancelled extends Error {}

function problem(
  app: AppContext,
  kind: 'validation' | 'internal',
  detail: string,
  extra: Record<string, unknown> = {},
) {
  const type = PROBLEM_TYPES[kind]
  return {
    type: `${app.config.publicBaseUrl}/problems/${type.slug}`,
    title: type.title,
    status: type.status,
    detail,
    ...extra,
  }
}

export async function runGeneticsAnalysis(
  app: AppContext,
  payload: Record<string, unknown>,
  run: TaskRun,
): Promise<void> {
  const scope = { organization_id: String(payload.organization_id), user_id: String(payload.user_id) }
  const jobId = String(payload.job_id)
  const job = await repo.findJob(app.db, scope, jobId)
  if (!job || job.state === 'succeeded' || job.state === 'failed' || job.state === 'cancelled') return
  const now = () => app.clock.now().toISOString()
  if (job.cancel_requested_at) {
    await repo.updateJob(app.db, scope, jobId, { state: 'cancelled', stage: 'cancelled', finished_at: now() })
    return
  }
  const upload = await repo.findUpload(app.db, scope, job.upload_id)
  if (!upload) {
    await repo.updateJob(app.db, scope, jobId, {
      state: 'failed',
      stage: 'failed',
      finished_at: now(),
      error: problem(app, 'internal', 'The upload this job reads no longer exists.'),
    })
    return
  }
  await repo.updateJob(app.db, scope, jobId, {
    state: 'running',
    stage: 'reading',
    attempts: run.attempt,
    started_at: job.started_at ?? now(),
    progress_updated_at: now(),
    error: null,
  })

  const abort = new AbortController()
  const onShutdown = () => abort.abort()
  run.signal.addEventListener('abort', onShutdown)
  let cancelled = false
  const cancelWatch = setInterval(() => {
    void repo.findJob(app.db, scope, jobId).then((current) => {
      if (current?.cancel_requested_at) {
        cancelled = true
        abort.abort()
      }
    })
  }, CANCEL_CHECK_EVERY_MS)

  let lastWrite = 0
  let pending: Promise<unknown> = Promise.resolve()
  const onProgress = (p: Progress) => {
    const at = Date.now()
    if (at - lastWrite < PROGRESS_EVERY_MS && p.stage === 'reading') return
    lastWrite = at
    const total = p.totalBytes ?? upload.size_bytes
    const percent = total > 0 ? Math.min(99, Math.floor((p.bytesRead / total) * 100)) : 0
    pending = pending.then(() =>
      repo.updateJob(
        app.db,
        scope,
        jobId,
        { stage: p.stage, bytes_done: p.bytesRead, records: p.records, percent, progress_updated_at: now() },
        ['running'],
      ),
    )
  }

  const copy = await app.storage.localCopy(upload.blob_key)
  try {
    await testPause(app, 'before_read', run.attempt)
    const analysis = await analyzeGeneticsFile(copy.path, {
      annotation: upload.annotation_depth,
      sample: upload.sample,
      dbsnpPath: app.config.dbsnpReferencePath,
      onProgress,
      signal: abort.signal,
    })
    await pending
    if (cancelled) throw new JobCancelled()
    await repo.updateJob(app.db, scope, jobId, { stage: 'storing', progress_updated_at: now() }, ['running'])
    const source = await storeGeneticsResult(
      app,
      scope,
      analysis,
      {
        filename: upload.filename,
        content_type: upload.content_type,
        provider: upload.provider,
        annotation_depth: upload.annotation_depth,
        sample: upload.sample,
        upload: { id: upload.id, sha256: upload.verified_sha256, size_bytes: upload.size_bytes },
        job_id: jobId,
        via: 'upload_session',
      },
      run.attempt,
    )
    await repo.updateJob(app.db, scope, jobId, {
      state: 'succeeded',
      stage: 'done',
      source_id: source.id,
      // Whose findings these are, and the result's warnings, on the job a caller polls.
      sample: analysis.summary.sample,
      samples_in_file: analysis.detection.samples.length,
      warnings: source.warnings,
      bytes_done: analysis.summary.bytes.compressed || upload.size_bytes,
      records: analysis.summary.records,
      percent: 100,
      progress_updated_at: now(),
      finished_at: now(),
    })
  } catch (error) {
    await pending.catch(() => {})
    if (cancelled || error instanceof JobCancelled) {
      await repo.updateJob(app.db, scope, jobId, {
        state: 'cancelled',
        stage: 'cancelled',
        finished_at: now(),
      })
      return
    }
    if (run.signal.aborted && error instanceof GeneticsCancelledError) {
      // The worker is shutting down: the queue runs the job again later.
      await repo.updateJob(app.db, scope, jobId, { state: 'queued', stage: 'queued' })
      throw error
    }
    if (error instanceof GeneticsInputError || error instanceof AncestryError) {
      const line = error instanceof GeneticsInputError ? error.line : undefined
      const sample = unknownSampleProblem(error)
      await repo.updateJob(app.db, scope, jobId, {
        state: 'failed',
        stage: 'failed',
        finished_at: now(),
        error: problem(
          app,
          'validation',
          `The file could not be analysed: ${error.message}${sample?.hint ?? ''}`,
          {
            code: error.code,
            ...(line !== undefined ? { line } : {}),
            ...sample?.fields,
          },
        ),
      })
      return
    }
    const last = run.attempt >= run.maxAttempts
    app.log.error('genetics.job_error', {
      job_id: jobId,
      attempt: run.attempt,
      last,
      error_class: (error as Error)?.name,
    })
    await repo.updateJob(
      app.db,
      scope,
      jobId,
      last
        ? {
            state: 'failed',
            stage: 'failed',
            finished_at: now(),
            error: problem(
              app,
              'internal',
              'The analysis failed unexpectedly on every attempt; quote the job id when reporting it.',
            ),
          }
        : { state: 'queued', stage: 'retrying' },
    )
    if (!last) throw error
  } finally {
    clearInterval(cancelWatch)
    run.signal.removeEventListener('abort', onShutdown)
    await copy.release()
  }
}
