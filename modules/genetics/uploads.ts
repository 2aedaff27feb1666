// Upload sessions for large genetics files: create one (plan rules, size limit), let the client send
// the bytes (local disk: resumable PUTs served by this service, local-upload.ts; S3: a multipart upload
// with presigned part URLs, s3-multipart-upload.ts), then complete it, which checks size, checksum and
// content and enqueues the analysis job.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { metered } from '../billing/quota'
import type { AppContext } from '../shared/context'
import { hashSecret, newId, newSecret } from '../shared/ids'
import { withKeyLock } from '../shared/keyed-lock'
import { type Principal, type Scope, scopeOf } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { LocalDiskStorage, partSpan, S3Storage, sha256OfBlob } from '../shared/storage'
import { detectSource, GeneticsInputError } from './core'
import { createJobForUpload } from './jobs'
import { LOCAL_PART_SIZE } from './local-upload'
import type {
  CompleteUploadInput,
  CreatedUploadSession,
  PartUrls,
  UploadPartsStatus,
  UploadSession,
  UploadSessionInput,
} from './model'
import { assertUploadAllowed } from './plan-rules'
import * as repo from './repo'
import {
  assembleParts,
  ensureMultipart,
  FIRST_PART_URLS,
  listArrivedParts,
  planOf,
  presignParts,
  restartMultipart,
  s3Of,
  startMultipartUpload,
  storageUnavailable,
} from './s3-multipart-upload'
import { uploadBytesLock } from './upload-bytes-lock'
import { expireIfOverdue, isOverdue, sessionGone, sweepExpiredUploads } from './upload-lifecycle'
import { maxUploadBytes, toUploadSession } from './upload-session'

/** Overdue sessions closed on the side of each new session; the rest wait for the next one. */
const SWEEP_PER_CREATE = 5

export async function createUploadSession(
  app: AppContext,
  principal: Principal,
  input: UploadSessionInput,
): Promise<CreatedUploadSession> {
  const scope = scopeOf(principal)
  const limit = maxUploadBytes(app)
  if (input.size_bytes > limit) {
    throw new ProblemError(
      'payloadTooLarge',
      `The file is ${input.size_bytes} bytes; this deployment accepts genetics files up to ${limit} bytes.`,
      { extra: { max_bytes: limit } },
    )
  }
  const depth = input.annotation_depth ?? 'compact'
  await assertUploadAllowed(app, principal, depth)
  await sweepExpiredUploads(app, SWEEP_PER_CREATE)
  // The caps are checked and the session recorded one at a time per user, so parallel creates cannot
  // slip past them together.
  return withKeyLock(`uploads:${scope.organization_id}:${scope.user_id}`, async () => {
    await assertOpenUploadRoom(app, scope, input.size_bytes)
    // With hosted billing, a session counts as an upload (and a full-dbSNP one as a full-dbSNP job) of
    // the month when it is opened, so the refusal comes before any bytes are sent; a session that
    // could not be opened gives its units back.
    const open = () => openNewSession(app, scope, input, depth)
    return metered(
      app,
      scope,
      'uploads',
      () => (depth === 'full_dbsnp' ? metered(app, scope, 'full_dbsnp_jobs', open, GENETICS) : open()),
      GENETICS,
    )
  })
}

const GENETICS = { activationSource: 'genetics' } as const

/** 422 naming the cap when one more open session, or its declared bytes, would pass the user's caps. */
async function assertOpenUploadRoom(app: AppContext, scope: Scope, sizeBytes: number): Promise<void> {
  const { maxOpenUploads, maxOpenUploadBytes } = app.config.genetics
  const open = await repo.openUploadTotals(app.db, scope, app.clock.now().toISOString())
  // With billing, the plan's queued-WGS-job quota (plan-rules.ts) already caps how many may be open.
  if (!app.config.billingEnabled && open.sessions >= maxOpenUploads) {
    throw new ProblemError(
      'limitExceeded',
      `This user has ${open.sessions} open upload sessions; at most ${maxOpenUploads} may be open at once (GENETICS_MAX_OPEN_UPLOADS). Complete or cancel one (POST /genetics/uploads/{id}/cancel), or wait for it to expire.`,
      {
        extra: {
          limit: 'GENETICS_MAX_OPEN_UPLOADS',
          max_sessions: maxOpenUploads,
          open_sessions: open.sessions,
        },
      },
    )
  }
  if (open.bytes + sizeBytes > maxOpenUploadBytes) {
    throw new ProblemError(
      'limitExceeded',
      `This user's open upload sessions declare ${open.bytes} bytes and this one ${sizeBytes}; together they may declare at most ${maxOpenUploadBytes} (GENETICS_MAX_OPEN_UPLOAD_BYTES). Complete or cancel an open session first.`,
      {
        extra: {
          limit: 'GENETICS_MAX_OPEN_UPLOAD_BYTES',
          max_bytes: maxOpenUploadBytes,
          open_bytes: open.bytes,
          declared_bytes: sizeBytes,
        },
      },
    )
  }
}

async function openNewSession(
  app: AppContext,
  scope: Scope,
  input: UploadSessionInput,
  depth: NonNullable<UploadSessionInput['annotation_depth']>,
): Promise<CreatedUploadSession> {
  const now = app.clock.now()
  const id = newId('upl', now.getTime())
  const token = newSecret('ut_')
  const ttl = app.config.genetics.uploadTtlSeconds
  const blobKey = `genetics/${scope.organization_id}/${scope.user_id}/${id}`
  const plan = app.storage instanceof S3Storage ? app.storage.planParts(input.size_bytes) : null
  // The multipart upload exists before the row that names it; if recording fails, it is aborted.
  const multipartUploadId = plan ? await startMultipartUpload(app, blobKey, input.content_type) : null
  let row: repo.UploadRow
  try {
    row = await repo.insertUpload(app.db, {
      id,
      ...scope,
      filename: input.filename,
      content_type: input.content_type,
      provider: input.provider ?? null,
      size_bytes: input.size_bytes,
      sha256: input.sha256?.toLowerCase() ?? null,
      annotation_depth: depth,
      sample: input.sample ?? null,
      state: 'pending',
      storage: app.storage.kind,
      blob_key: blobKey,
      token_hash: hashSecret(token),
      received_bytes: 0,
      multipart_upload_id: multipartUploadId,
      part_size: plan?.partSize ?? null,
      part_count: plan?.partCount ?? null,
      expires_at: new Date(now.getTime() + ttl * 1000).toISOString(),
      created_at: now.toISOString(),
    })
  } catch (error) {
    if (multipartUploadId)
      await s3Of(app)
        .multipart.abort(blobKey, multipartUploadId)
        .catch(() => {})
    throw error
  }
  const session = await toUploadSession(app, row)
  if (plan) {
    const first = Array.from({ length: Math.min(plan.partCount, FIRST_PART_URLS) }, (_, i) => i + 1)
    return {
      ...session,
      upload_url: null,
      method: 'PUT',
      headers: {},
      part_size: plan.partSize,
      part_count: plan.partCount,
      resumable: true,
      multipart: {
        parts: await presignParts(app, row, first),
        parts_url: `${app.config.publicBaseUrl}/genetics/uploads/${id}/parts`,
        etag_header: 'ETag',
      },
    }
  }
  const partSize = Math.min(LOCAL_PART_SIZE, input.size_bytes)
  return {
    ...session,
    upload_url: `${app.config.publicBaseUrl}/genetics/uploads/${id}/content?token=${token}`,
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    part_size: partSize,
    part_count: Math.ceil(input.size_bytes / partSize),
    resumable: true,
    multipart: null,
  }
}

/** A session of the caller's that still takes bytes: 404 for others', 409 once completed, 410 once closed. */
async function openSession(app: AppContext, scope: Scope, id: string): Promise<repo.UploadRow> {
  const row = await repo.findUpload(app.db, scope, id)
  if (!row) throw notFound(`Upload ${id}`)
  if (row.state === 'completed')
    throw new ProblemError('conflict', `Upload ${id} is already completed; its bytes can no longer change.`)
  if (row.state !== 'pending' || isOverdue(app, row)) throw sessionGone(await expireIfOverdue(app, row))
  return row
}

export async function getUploadSession(app: AppContext, scope: Scope, id: string): Promise<UploadSession> {
  const row = await repo.findUpload(app.db, scope, id)
  if (!row) throw notFound(`Upload ${id}`)
  return toUploadSession(app, await expireIfOverdue(app, row))
}

/** Presigned URLs for more parts of an S3 session (or the same parts again, to resend them). */
export async function requestPartUrls(
  app: AppContext,
  scope: Scope,
  id: string,
  partNumbers: readonly number[],
): Promise<PartUrls> {
  let row = await openSession(app, scope, id)
  s3Of(app)
  const plan = planOf(row)
  const errors = partNumbers.flatMap((n, i) =>
    n > plan.partCount
      ? [
          {
            in: 'body',
            path: `/part_numbers/${i}`,
            message: `Part ${n} is past the last part (${plan.partCount}).`,
          },
        ]
      : [],
  )
  if (errors.length > 0)
    throw new ProblemError('validation', errors[0].message, { extra: { errors, part_count: plan.partCount } })
  row = await ensureMultipart(app, scope, row)
  return {
    upload_id: row.id,
    part_size: plan.partSize,
    part_count: plan.partCount,
    parts: await presignParts(
      app,
      row,
      [...new Set(partNumbers)].sort((a, b) => a - b),
    ),
  }
}

/** Which parts of an S3 session the bucket holds, and which are still to send (ListParts). */
export async function getUploadParts(app: AppContext, scope: Scope, id: string): Promise<UploadPartsStatus> {
  const found = await repo.findUpload(app.db, scope, id)
  if (!found) throw notFound(`Upload ${id}`)
  s3Of(app)
  const row = await expireIfOverdue(app, found)
  const plan = planOf(row)
  const status = {
    upload_id: row.id,
    state: (await toUploadSession(app, row)).state,
    size_bytes: row.size_bytes,
    part_size: plan.partSize,
    part_count: plan.partCount,
  }
  if (row.state !== 'pending' || !row.multipart_upload_id) {
    // Completed or assembled: the parts are the object now. Closed: they were aborted.
    const whole =
      row.state === 'completed' || (row.state === 'pending' && row.received_bytes === row.size_bytes)
    const missing = whole ? [] : Array.from({ length: plan.partCount }, (_, i) => i + 1)
    return { ...status, received_bytes: whole ? row.size_bytes : 0, parts: [], missing_part_numbers: missing }
  }
  const arrived = await listArrivedParts(app, row).catch(storageUnavailable)
  await repo.updateUpload(app.db, scope, row.id, { received_bytes: arrived.received }, 'pending')
  return {
    ...status,
    received_bytes: arrived.received,
    parts: arrived.parts.map((p) => ({
      part_number: p.partNumber,
      size: p.size,
      expected_size: partSpan(plan, p.partNumber).size,
      etag: p.etag,
      last_modified: p.lastModified,
    })),
    missing_part_numbers: arrived.missing,
  }
}

function uploadInvalid(detail: string, extra: Record<string, unknown> = {}): ProblemError {
  return new ProblemError('validation', detail, { extra })
}

/** Run content detection on the stored bytes (a bounded local copy of the start for S3). */
async function detectStoredContent(app: AppContext, key: string) {
  if (app.storage instanceof LocalDiskStorage) return detectSource(app.storage.pathOf(key))
  const dir = mkdtempSync(join(tmpdir(), 'wds-detect-'))
  try {
    const path = join(dir, 'head')
    await Bun.write(path, await app.storage.head(key, 4 * 1024 * 1024))
    return await detectSource(path)
  } catch (error) {
    // A cut-off copy of a larger file can look truncated; the job reads the whole file and judges it.
    if (
      error instanceof GeneticsInputError &&
      ['TRUNCATED_INPUT', 'CORRUPT_COMPRESSED_DATA'].includes(error.code)
    )
      return null
    throw error
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The stored bytes are wrong (checksum or content): on S3 the assembled object is thrown away and a
 * fresh multipart upload opened, so the client sends every part again; on disk the next PUT from
 * byte 0 replaces the file.
 */
async function rejectStoredBytes(app: AppContext, scope: Scope, row: repo.UploadRow) {
  if (app.storage instanceof S3Storage) {
    await restartMultipart(app, scope, row)
    return 'send every part again (GET /genetics/uploads/{id}/parts lists them, POST it for fresh URLs)'
  }
  return 'upload the file again from byte 0'
}

/**
 * Check size, checksum and content of the uploaded file, then enqueue its analysis. Idempotent. On S3
 * the parts are checked and assembled first (`input.parts`: the ETag each part PUT answered).
 */
export async function completeUpload(
  app: AppContext,
  scope: Scope,
  id: string,
  input: CompleteUploadInput = {},
): Promise<UploadSession> {
  // No PUT may change the bytes between the checks below and the job (see uploadBytesLock).
  return withKeyLock(uploadBytesLock(id), () => completeLocked(app, scope, id, input))
}

async function completeLocked(
  app: AppContext,
  scope: Scope,
  id: string,
  input: CompleteUploadInput,
): Promise<UploadSession> {
  let row = await repo.findUpload(app.db, scope, id)
  if (!row) throw notFound(`Upload ${id}`)
  if (row.state === 'completed') return toUploadSession(app, row)
  if (row.state !== 'pending' || isOverdue(app, row)) throw sessionGone(await expireIfOverdue(app, row))
  if (input.parts && !(app.storage instanceof S3Storage)) {
    throw uploadInvalid(
      '`parts` lists the parts of an S3 multipart upload; this session stores its bytes on disk.',
      {
        errors: [{ in: 'body', path: '/parts', message: 'Only for S3 sessions' }],
      },
    )
  }
  if (app.storage instanceof S3Storage && row.multipart_upload_id)
    row = await assembleParts(app, scope, row, input.parts)

  const size = (await app.storage.size(row.blob_key)) ?? 0
  if (size !== row.size_bytes) {
    const resume =
      app.storage instanceof S3Storage
        ? 'send the parts GET /genetics/uploads/{id}/parts lists as missing'
        : `send the rest (resume from byte ${size})`
    throw uploadInvalid(`${size} of ${row.size_bytes} bytes have arrived; ${resume} before completing.`, {
      received_bytes: size,
      errors: [{ in: 'body', path: '/size_bytes', message: 'Upload incomplete' }],
    })
  }
  const checksum = await sha256OfBlob(app.storage, row.blob_key)
  if (row.sha256 && checksum !== row.sha256) {
    const next = await rejectStoredBytes(app, scope, row)
    throw uploadInvalid(
      `The stored bytes have SHA-256 ${checksum}, not the ${row.sha256} the session declared; ${next}.`,
      { computed_sha256: checksum, errors: [{ in: 'body', path: '/sha256', message: 'Checksum mismatch' }] },
    )
  }
  let detectedFormat: string | null = null
  try {
    const detection = await detectStoredContent(app, row.blob_key)
    detectedFormat = detection?.format ?? null
  } catch (error) {
    if (error instanceof GeneticsInputError) {
      await rejectStoredBytes(app, scope, row)
      throw uploadInvalid(`The file is not a genetics file this service reads: ${error.message}`, {
        code: error.code,
        ...(error.line !== undefined ? { line: error.line } : {}),
        errors: [{ in: 'body', path: '/content', message: error.message }],
      })
    }
    throw error
  }
  const now = app.clock.now().toISOString()
  const jobId = newId('job', app.clock.now().getTime())
  const updated = await repo.updateUpload(
    app.db,
    scope,
    row.id,
    {
      state: 'completed',
      completed_at: now,
      verified_sha256: checksum,
      detected_format: detectedFormat,
      job_id: jobId,
    },
    'pending',
  )
  if (!updated) return getUploadSession(app, scope, id)
  await createJobForUpload(app, scope, updated, jobId)
  return toUploadSession(app, updated)
}
