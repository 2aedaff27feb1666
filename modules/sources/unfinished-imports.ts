// Cleaning up after a process that died mid-import. Observations are written before their source row
// (sources/repo.ts), so a crash between the two leaves rows no read can reach but which still take
// space and hold health data. They are removed at start and every ten minutes, once older than any
// import could still be running (another replica, or the worker, may be writing one right now).

import type { AppContext } from '../shared/context'
import { idFloor } from '../shared/ids'
import { deleteUnfinishedObservations } from './repo'

/** Longer than any import or sync takes to write its rows. */
export const UNFINISHED_AFTER_MS = 15 * 60 * 1000
const SWEEP_INTERVAL_MS = 10 * 60 * 1000

/** One sweep; failures are logged and retried next time. Returns how many rows went. */
export async function sweepUnfinishedImports(app: AppContext): Promise<number> {
  try {
    const cutoff = idFloor('obs', app.clock.now().getTime() - UNFINISHED_AFTER_MS)
    const removed = await deleteUnfinishedObservations(app.db, cutoff)
    if (removed > 0) app.log.warn('sources.unfinished_import_removed', { observations: removed })
    return removed
  } catch (error) {
    app.log.warn('sources.unfinished_sweep_failed', { error: (error as Error).name })
    return 0
  }
}

/** Sweep now and then every ten minutes; returns the function that stops it. */
export function startUnfinishedImportSweeper(app: AppContext, intervalMs = SWEEP_INTERVAL_MS): () => void {
  let running: Promise<unknown> = sweepUnfinishedImports(app)
  const timer = setInterval(() => {
    running = running.then(() => sweepUnfinishedImports(app))
  }, intervalMs)
  timer.unref?.()
  return () => clearInterval(timer)
}
