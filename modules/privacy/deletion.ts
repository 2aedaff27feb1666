// Deleting everything held about a user. The tombstone is written first and every credential of the
// user is removed with it, so every token and key stops working at once and nothing new can be
// written; then the purge removes queued work, stored files and every row of every table that holds
// the user's data, frees the database pages those rows used, and completes the tombstone with a
// receipt. A purge interrupted by a crash is resumed from its tombstone when the service next starts.

import type { AppContext } from '../shared/context'
import { hashSecret, newId } from '../shared/ids'
import { purgeBlobs, type StoredFile } from './blob-purge'
import type { DeletionReceipt } from './model'
import { registeredPurgeSteps, retainedTable } from './registry'
import * as repo from './repo'

/** How long the purge waits for the user's running jobs to notice their cancellation. */
const JOB_STOP_WAIT_MS = 30_000

/** Tables of cancellable jobs: a state and a cancel request the job checks while it runs. */
const isJobTable = (t: repo.TableShape) =>
  t.columns.includes('cancel_requested_at') && t.columns.includes('state')

/**
 * Ask the user's running jobs to stop and wait (bounded) until none runs, so that none writes results
 * after its rows were purged. Returns false when some were still running at the deadline.
 */
async function stopRunningJobs(app: AppContext, tables: repo.TableShape[], subject: repo.Subject) {
  const jobTables = tables.filter(isJobTable)
  for (const table of jobTables)
    await repo.requestCancel(app.db, table, subject, app.clock.now().toISOString())
  const deadline = Date.now() + JOB_STOP_WAIT_MS
  for (;;) {
    let running = 0
    for (const table of jobTables) running += await repo.countRunning(app.db, table, subject)
    if (running === 0) return true
    if (Date.now() > deadline) return false
    await Bun.sleep(100)
  }
}

/** Purges running in this process, so concurrent requests for one user share one purge. */
const running = new Map<string, Promise<DeletionReceipt>>()

const subjectHashOf = (userId: string) => hashSecret(`privacy-subject:${userId}`)

/**
 * Tables whose rows are credentials (a token hash, no stored file): removed together with the
 * tombstone. Rows pointing at stored files stay until the purge has found and removed those files.
 */
const isCredentialTable = (t: repo.TableShape) =>
  (t.columns.includes('token_hash') && !t.columns.includes('blob_key')) || t.name === 'oidc_identities'

/**
 * Delete the user's data: tombstone now, purge, return the receipt. Calling it again for the same user
 * returns the same receipt (or joins the purge still running).
 */
export async function deleteUserData(app: AppContext, userId: string): Promise<DeletionReceipt> {
  const subjectHash = subjectHashOf(userId)
  const existing = await repo.findDeletion(app.db, subjectHash)
  if (existing?.state === 'completed') return existing.receipt as unknown as DeletionReceipt
  if (!existing) {
    const subject: repo.Subject = {
      user_id: userId,
      organization_ids: await repo.soleOwnedOrganizations(app.db, userId),
      email: await repo.emailOf(app.db, userId),
    }
    await repo.insertDeletion(app.db, {
      id: newId('del'),
      subject_hash: subjectHash,
      pending_subject: subject,
      state: 'purging',
      requested_at: app.clock.now().toISOString(),
    })
    const tables = await repo.listTables(app.db)
    for (const table of tables.filter(isCredentialTable)) await repo.deleteRowsOf(app.db, table, subject)
  }
  const tombstone = (await repo.findDeletion(app.db, subjectHash))!
  return purgeOnce(app, tombstone)
}

function purgeOnce(app: AppContext, tombstone: repo.DeletionRow): Promise<DeletionReceipt> {
  let pending = running.get(tombstone.subject_hash)
  if (!pending) {
    pending = purge(app, tombstone).finally(() => running.delete(tombstone.subject_hash))
    running.set(tombstone.subject_hash, pending)
  }
  return pending
}

async function purge(app: AppContext, tombstone: repo.DeletionRow): Promise<DeletionReceipt> {
  const subject = tombstone.pending_subject
  if (!subject) return tombstone.receipt as unknown as DeletionReceipt
  await repo.secureDelete(app.db)
  const tables = (await repo.listTables(app.db)).filter(repo.holdsUserData)
  const stopped = await stopRunningJobs(app, tables, subject)

  // Work not started yet is dropped from the queue, and files are found, before their rows go.
  let queuedJobs = 0
  const files: StoredFile[] = []
  for (const table of tables) {
    const rows = await repo.rowsOf(app.db, table, subject)
    for (const row of rows) {
      if (typeof row.blob_key === 'string')
        files.push({ blob_key: row.blob_key, multipart_upload_id: row.multipart_upload_id as string | null })
      // Queue keys are the ids of rows with a state (jobs, export jobs) or the embedded queue's own keys.
      const key = table.name === 'queue_tasks' ? row.key : table.columns.includes('state') ? row.id : null
      if (typeof key === 'string' && (await app.queue.remove(key))) queuedJobs++
    }
  }
  const blobs = await purgeBlobs(app, files)

  // Other modules' own steps (provider token revocation …), then tables the law says to keep, scrubbed.
  const steps: { name: string; done: string; count: number }[] = []
  for (const step of registeredPurgeSteps())
    steps.push({ name: step.name, ...(await step.run(app, subject)) })
  const kept: { what: string; reason: string }[] = []
  for (const table of tables) {
    const retained = retainedTable(table.name)
    if (!retained) continue
    const count = await retained.scrub(app, subject)
    if (count > 0)
      kept.push({
        what: `${count} row(s) of ${table.name}, without health data or identity`,
        reason: retained.reason,
      })
  }
  const purgeable = tables.filter((t) => !retainedTable(t.name))
  if (subject.email) app.rateLimiter.forget(subject.email)

  const removed = new Map<string, number>()
  const purgeRows = async () => {
    for (const table of purgeable) {
      const count = await repo.deleteRowsOf(app.db, table, subject)
      if (count > 0) removed.set(table.name, (removed.get(table.name) ?? 0) + count)
    }
  }
  await purgeRows()
  if (!stopped) {
    // A job that did not stop in time may still write; give it another window, then purge again.
    app.log.warn('privacy.jobs_still_running', { deletion_id: tombstone.id })
    await stopRunningJobs(app, tables, subject)
    await purgeRows()
  }
  const receipt: DeletionReceipt = {
    deletion_id: tombstone.id,
    state: 'completed',
    requested_at: tombstone.requested_at,
    completed_at: app.clock.now().toISOString(),
    removed: {
      tables: [...removed].map(([table, rows]) => ({ table, rows })),
      blobs: blobs.blobs,
      multipart_uploads_aborted: blobs.multipart_uploads_aborted,
      queued_jobs: queuedJobs,
      workspaces: subject.organization_ids.length,
      steps,
    },
    kept,
  }
  await repo.completeDeletion(
    app.db,
    tombstone.id,
    receipt as unknown as Record<string, unknown>,
    receipt.completed_at,
  )
  // Last, once the tombstone no longer names the person either.
  try {
    await repo.compactDatabase(app.db)
  } catch (error) {
    // The rows are gone; their old pages are freed by the next compaction (the next deletion's).
    app.log.warn('privacy.compaction_failed', { deletion_id: tombstone.id, error: (error as Error).message })
  }
  app.log.info('privacy.deletion_completed', { deletion_id: tombstone.id })
  return receipt
}

/** Finish every purge a previous process left half done; called once when the service starts. */
export async function resumePendingDeletions(app: AppContext): Promise<number> {
  const pending = await repo.pendingDeletions(app.db)
  for (const tombstone of pending) {
    try {
      await purgeOnce(app, tombstone)
    } catch (error) {
      app.log.error('privacy.deletion_resume_failed', {
        deletion_id: tombstone.id,
        error: (error as Error).name,
      })
    }
  }
  return pending.length
}
