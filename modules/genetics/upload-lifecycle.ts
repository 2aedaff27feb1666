// The ways an upload session ends without an analysis: cancelled by its owner, or expired. Either way
// the bytes it gathered go: an S3 multipart upload is aborted (so no part stays stored and billed), a
// partial file on local disk is deleted. Expiry is applied when a session is next touched, and by a
// sweep over overdue sessions that runs whenever a session is created (and can be scheduled).

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { S3Storage } from '../shared/storage'
import type { UploadSession } from './model'
import * as repo from './repo'
import { abortMultipart } from './s3-multipart-upload'
import { toUploadSession } from './upload-session'

const scopeOfRow = (row: repo.UploadRow): Scope => ({
  organization_id: row.organization_id,
  user_id: row.user_id,
})

export const isOverdue = (app: AppContext, row: repo.UploadRow) =>
  row.state === 'pending' && row.expires_at <= app.clock.now().toISOString()

/** Free what a session holds in storage and record how it ended. Throws when the bucket fails. */
async function closeSession(
  app: AppContext,
  row: repo.UploadRow,
  state: 'expired' | 'cancelled',
): Promise<repo.UploadRow> {
  await abortMultipart(app, row)
  // A partial local file, or an S3 object assembled but never verified.
  await app.storage.delete(row.blob_key).catch(() => {})
  const closed = await repo.updateUpload(
    app.db,
    scopeOfRow(row),
    row.id,
    { state, multipart_upload_id: null },
    'pending',
  )
  return closed ?? (await repo.findUpload(app.db, scopeOfRow(row), row.id))!
}

/**
 * Close an overdue session now. Never throws: when the bucket does not answer, the session still reads
 * as expired and the next touch or sweep tries again.
 */
export async function expireIfOverdue(app: AppContext, row: repo.UploadRow): Promise<repo.UploadRow> {
  if (!isOverdue(app, row)) return row
  try {
    return await closeSession(app, row, 'expired')
  } catch (error) {
    app.log.warn('genetics.upload_expiry_failed', { upload_id: row.id, error: (error as Error).message })
    return row
  }
}

/** 410 for a session that can take no more bytes. */
export function sessionGone(row: repo.UploadRow): ProblemError {
  return new ProblemError(
    'gone',
    row.state === 'cancelled'
      ? 'This upload session was cancelled; create a new one.'
      : 'This upload session has expired; create a new one.',
  )
}

/**
 * Cancel a session: its multipart upload is aborted (S3) or its partial file deleted (local disk).
 * Cancelling again, or cancelling an expired session, answers the session as it is; a completed one
 * has become a job (cancel that instead).
 */
export async function cancelUpload(app: AppContext, scope: Scope, id: string): Promise<UploadSession> {
  const row = await repo.findUpload(app.db, scope, id)
  if (!row) throw notFound(`Upload ${id}`)
  if (row.state === 'completed')
    throw new ProblemError(
      'conflict',
      `Upload ${id} is completed and its analysis queued; cancel job ${row.job_id} instead.`,
    )
  if (row.state !== 'pending') return toUploadSession(app, row)
  if (isOverdue(app, row)) return toUploadSession(app, await expireIfOverdue(app, row))
  return toUploadSession(app, await closeSession(app, row, 'cancelled'))
}

/**
 * Close sessions past their expiry (every workspace), oldest first, at most `limit` of them. Returns how
 * many were closed; the others (bucket unavailable) stay for the next sweep.
 */
export async function sweepExpiredUploads(app: AppContext, limit = 20): Promise<number> {
  const overdue = await repo.listOverdueUploads(app.db, app.clock.now().toISOString(), limit)
  let closed = 0
  for (const row of overdue) {
    const after = await expireIfOverdue(app, row)
    if (after.state === 'expired') closed++
  }
  return closed
}

/**
 * Abort multipart uploads under the genetics prefix that no open session holds (a crash between
 * starting one and recording it, or a session closed while the bucket was unreachable). Uploads younger
 * than `graceSeconds` are left alone: their session may be being created right now.
 */
export async function sweepOrphanedMultipartUploads(app: AppContext, graceSeconds = 3600): Promise<number> {
  if (!(app.storage instanceof S3Storage) || !app.storage.multipart) return 0
  const multipart = app.storage.multipart
  const cutoff = Date.now() - graceSeconds * 1000
  let aborted = 0
  for (const upload of await multipart.listUploads('genetics/')) {
    const initiated = upload.initiated ? Date.parse(upload.initiated) : Number.NaN
    if (!(initiated <= cutoff)) continue
    const owner = await repo.findUploadByMultipartId(app.db, upload.uploadId)
    if (owner?.state === 'pending' && !isOverdue(app, owner)) continue
    await multipart.abort(upload.key, upload.uploadId)
    if (owner) await closeSession(app, owner, 'expired').catch(() => {})
    aborted++
  }
  return aborted
}
