// Upload sessions for large genetics files: create one (plan rules, size limit), receive the bytes
// (local disk: a resumable PUT served by this service; S3: a presigned PUT straight to the bucket),
// then complete it, which checks size, checksum and content and enqueues the analysis job.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppContext } from '../shared/context'
import { hashSecret, newId, newSecret } from '../shared/ids'
import { type Principal, type Scope, scopeOf } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import { LocalDiskStorage, S3Storage, sha256OfBlob } from '../shared/storage'
import { parseContentRange } from './content-range'
import { detectSource, GeneticsInputError } from './core'
import { createJobForUpload } from './jobs'
import type { CreatedUploadSession, UploadSession, UploadSessionInput } from './model'
import { assertUploadAllowed } from './plan-rules'
import * as repo from './repo'

/** Largest part one PUT should carry on local storage (also keeps any proxy's body limit out of the way). */
export const LOCAL_PART_SIZE = 64 * 1024 * 1024
/** S3 accepts at most 5 GiB in one PUT. */
const S3_SINGLE_PUT_LIMIT = 5 * 1024 * 1024 * 1024

export async function toUploadSession(app: AppContext, row: repo.UploadRow): Promise<UploadSession> {
  const job = row.job_id ? await repo.findJob(app.db, row, row.job_id) : undefined
  const expired = row.state === 'pending' && row.expires_at <= app.clock.now().toISOString()
  return {
    upload_id: row.id,
    id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    state: expired ? 'expired' : row.state,
    filename: row.filename,
    content_type: row.content_type,
    provider: row.provider,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    annotation_depth: row.annotation_depth,
    received_bytes: row.received_bytes,
    storage: row.storage,
    job_id: row.job_id,
    source_id: job?.source_id ?? null,
    max_bytes: maxBytes(app),
    expires_at: row.expires_at,
    created_at: row.created_at,
    completed_at: row.completed_at,
  }
}

function maxBytes(app: AppContext): number {
  const configured = app.config.genetics.maxUploadBytes
  return app.storage.kind === 's3' ? Math.min(configured, S3_SINGLE_PUT_LIMIT) : configured
}

export async function createUploadSession(
  app: AppContext,
  principal: Principal,
  input: UploadSessionInput,
): Promise<CreatedUploadSession> {
  const scope = scopeOf(principal)
  const limit = maxBytes(app)
  if (input.size_bytes > limit) {
    throw new ProblemError(
      'payloadTooLarge',
      `The file is ${input.size_bytes} bytes; this deployment accepts genetics files up to ${limit} bytes.`,
      { extra: { max_bytes: limit } },
    )
  }
  const depth = input.annotation_depth ?? 'compact'
  await assertUploadAllowed(app, principal, depth)

  const now = app.clock.now()
  const id = newId('upl', now.getTime())
  const token = newSecret('ut_')
  const ttl = app.config.genetics.uploadTtlSeconds
  const blobKey = `genetics/${scope.organization_id}/${scope.user_id}/${id}`
  const row = await repo.insertUpload(app.db, {
    id,
    ...scope,
    filename: input.filename,
    content_type: input.content_type,
    provider: input.provider ?? null,
    size_bytes: input.size_bytes,
    sha256: input.sha256?.toLowerCase() ?? null,
    annotation_depth: depth,
    state: 'pending',
    storage: app.storage.kind,
    blob_key: blobKey,
    token_hash: hashSecret(token),
    received_bytes: 0,
    expires_at: new Date(now.getTime() + ttl * 1000).toISOString(),
    created_at: now.toISOString(),
  })
  const session = await toUploadSession(app, row)
  if (app.storage instanceof S3Storage) {
    return {
      ...session,
      upload_url: app.storage.presignPut(blobKey, { expiresInSeconds: ttl, contentType: input.content_type }),
      method: 'PUT',
      headers: { 'content-type': input.content_type },
      part_size: input.size_bytes,
      resumable: false,
    }
  }
  return {
    ...session,
    upload_url: `${app.config.publicBaseUrl}/genetics/uploads/${id}/content?token=${token}`,
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    part_size: Math.min(LOCAL_PART_SIZE, input.size_bytes),
    resumable: true,
  }
}

export async function getUploadSession(app: AppContext, scope: Scope, id: string): Promise<UploadSession> {
  const row = await repo.findUpload(app.db, scope, id)
  if (!row) throw notFound(`Upload ${id}`)
  return toUploadSession(app, row)
}

/**
 * Receive one part (or the whole file) through the upload URL. The token in the URL authorizes it, as a
 * presigned URL would; the body streams to disk at the part's offset.
 */
export async function receiveUploadPart(app: AppContext, id: string, token: string, request: Request) {
  const row = await repo.findUploadByToken(app.db, id, hashSecret(token))
  if (!row) throw notFound(`Upload ${id}`)
  if (row.state === 'completed')
    throw new ProblemError('conflict', 'This upload is already completed; its bytes can no longer change.')
  if (row.state === 'expired' || row.expires_at <= app.clock.now().toISOString())
    throw new ProblemError('gone', 'This upload session has expired; create a new one.')
  if (!(app.storage instanceof LocalDiskStorage))
    throw new ProblemError(
      'conflict',
      'This deployment stores uploads in S3; PUT to the presigned upload_url.',
    )

  const progress = (received: number) => ({
    upload_id: row.id,
    received_bytes: received,
    size_bytes: row.size_bytes,
    complete: received === row.size_bytes,
  })
  const part = parseContentRange(request.headers.get('content-range'), row.size_bytes)
  const stored = (await app.storage.size(row.blob_key)) ?? 0
  if (part.kind === 'status') {
    await request.body?.cancel().catch(() => {})
    return progress(stored)
  }
  if (part.start > stored) {
    await request.body?.cancel().catch(() => {})
    throw new ProblemError(
      'conflict',
      `This part starts at byte ${part.start} but only ${stored} bytes have arrived; resume from byte ${stored}.`,
      { extra: { received_bytes: stored } },
    )
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && part.start + declared > row.size_bytes) {
    await request.body?.cancel().catch(() => {})
    throw new ProblemError(
      'payloadTooLarge',
      `The session was created for ${row.size_bytes} bytes; this part would go past the end.`,
      { extra: { max_bytes: row.size_bytes, received_bytes: stored } },
    )
  }
  const outcome = await app.storage.writeAt(row.blob_key, part.start, request.body, row.size_bytes)
  await repo.updateUpload(app.db, row, row.id, { received_bytes: outcome.size }, 'pending')
  if (outcome.overLimit) {
    throw new ProblemError(
      'payloadTooLarge',
      `The session was created for ${row.size_bytes} bytes; bytes past the end were dropped.`,
      { extra: { max_bytes: row.size_bytes, received_bytes: outcome.size } },
    )
  }
  // A part cut short (the connection dropped) keeps what arrived; received_bytes says where to resume.
  return progress(outcome.size)
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

/** Check size, checksum and content of the uploaded file, then enqueue its analysis. Idempotent. */
export async function completeUpload(app: AppContext, scope: Scope, id: string): Promise<UploadSession> {
  const row = await repo.findUpload(app.db, scope, id)
  if (!row) throw notFound(`Upload ${id}`)
  if (row.state === 'completed') return toUploadSession(app, row)
  if (row.state === 'expired' || row.expires_at <= app.clock.now().toISOString())
    throw new ProblemError('gone', 'This upload session has expired; create a new one.')

  const size = (await app.storage.size(row.blob_key)) ?? 0
  if (size !== row.size_bytes) {
    throw uploadInvalid(
      `${size} of ${row.size_bytes} bytes have arrived; send the rest (resume from byte ${size}) before completing.`,
      { received_bytes: size, errors: [{ in: 'body', path: '/size_bytes', message: 'Upload incomplete' }] },
    )
  }
  const checksum = await sha256OfBlob(app.storage, row.blob_key)
  if (row.sha256 && checksum !== row.sha256) {
    throw uploadInvalid(
      `The stored bytes have SHA-256 ${checksum}, not the ${row.sha256} the session declared; upload the file again from byte 0.`,
      { computed_sha256: checksum, errors: [{ in: 'body', path: '/sha256', message: 'Checksum mismatch' }] },
    )
  }
  let detectedFormat: string | null = null
  try {
    const detection = await detectStoredContent(app, row.blob_key)
    detectedFormat = detection?.format ?? null
  } catch (error) {
    if (error instanceof GeneticsInputError) {
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
