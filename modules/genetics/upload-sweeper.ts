// Closes upload sessions nobody finished: expired sessions are marked expired (aborting their S3
// multipart uploads), and multipart uploads no open session holds are aborted, so no orphaned parts stay
// stored or billed. Sessions are also closed whenever they are touched; this catches the untouched ones.

import type { AppContext } from '../shared/context'
import { sweepExpiredUploads, sweepOrphanedMultipartUploads } from './upload-lifecycle'

export const SWEEP_INTERVAL_MS = 10 * 60 * 1000

/** One sweep; failures are logged (the bucket may be briefly unreachable) and retried next time. */
export async function sweepUploads(app: AppContext): Promise<{ expired: number; aborted: number }> {
  let expired = 0
  let aborted = 0
  try {
    // Drain the overdue sessions in batches; a batch that closes none (bucket down) ends the round.
    for (let round = 0; round < 50; round++) {
      const closed = await sweepExpiredUploads(app, 100)
      expired += closed
      if (closed === 0) break
    }
    aborted = await sweepOrphanedMultipartUploads(app)
  } catch (error) {
    app.log.warn('genetics.upload_sweep_failed', { error: (error as Error).name })
  }
  if (expired || aborted) app.log.info('genetics.upload_sweep', { expired, aborted })
  return { expired, aborted }
}

/** Sweep now and then every `intervalMs`; returns the function that stops it. */
export function startUploadSweeper(app: AppContext, intervalMs = SWEEP_INTERVAL_MS): () => void {
  let running: Promise<unknown> = sweepUploads(app)
  const timer = setInterval(() => {
    running = running.then(() => sweepUploads(app))
  }, intervalMs)
  timer.unref?.()
  return () => clearInterval(timer)
}
