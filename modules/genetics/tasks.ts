// The genetics module's queue tasks, bound to the application context. Both queues run these.

import type { AppContext } from '../shared/context'
import type { TaskList } from '../shared/queue'
import { emitWebhookEvent } from '../webhooks/emit'
import { runGeneticsAnalysis } from './analysis-task'
import { ANALYZE_TASK } from './jobs'
import * as repo from './repo'

const FINISHED = ['succeeded', 'failed', 'cancelled']

export function geneticsTasks(app: AppContext): TaskList {
  return {
    [ANALYZE_TASK]: async (payload, run) => {
      try {
        await runGeneticsAnalysis(app, payload, run)
      } finally {
        await announceIfFinished(app, payload)
      }
    },
  }
}

/** A job that ended (whichever way) is a `genetics.job.finished` webhook event, sent once per job. */
async function announceIfFinished(app: AppContext, payload: Record<string, unknown>): Promise<void> {
  const scope = { organization_id: String(payload.organization_id), user_id: String(payload.user_id) }
  const job = await repo.findJob(app.db, scope, String(payload.job_id)).catch(() => null)
  if (!job || !FINISHED.includes(job.state)) return
  await emitWebhookEvent(
    app,
    scope,
    'genetics.job.finished',
    { job_id: job.id, state: job.state, source_id: job.source_id },
    job.id,
  )
}
