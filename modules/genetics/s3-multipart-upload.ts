// Upload sessions on S3 storage: each one is an S3 multipart upload. The client sends parts straight to
// the bucket through presigned UploadPart URLs (a first batch at creation, more on request), can ask
// which parts arrived (ListParts) to resume, and completion checks every part (present, right size,
// the ETag the client reported) before CompleteMultipartUpload assembles the object.

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { type FieldError, ProblemError } from '../shared/problem'
import {
  MAX_PRESIGN_SECONDS,
  type MultipartPlan,
  normalizeEtag,
  partSpan,
  S3RequestError,
  S3Storage,
  type UploadedPart,
} from '../shared/storage'
import type { PresignedPart } from './model'
import * as repo from './repo'

/** Presigned URLs handed out with a new session; the rest come from POST /genetics/uploads/{id}/parts. */
export const FIRST_PART_URLS = 100

/** The bucket and its multipart client, or a 409 for a session on this service's own disk. */
export function s3Of(app: AppContext) {
  if (!(app.storage instanceof S3Storage) || !app.storage.multipart) {
    throw new ProblemError(
      'conflict',
      "This session stores its bytes on this service's disk: PUT them to upload_url (with Content-Range for parts); GET /genetics/uploads/{id} shows received_bytes.",
    )
  }
  return { storage: app.storage, multipart: app.storage.multipart }
}

/** A storage failure as the caller sees it: S3's error code, never the request or its data. */
export function storageUnavailable(error: unknown): never {
  if (error instanceof S3RequestError) {
    throw new ProblemError(
      'unavailable',
      `The storage bucket did not complete ${error.action} (${error.code}); try again shortly.`,
      { extra: { storage_error: error.code } },
    )
  }
  throw error
}

export const planOf = (row: repo.UploadRow): MultipartPlan => ({
  sizeBytes: row.size_bytes,
  partSize: row.part_size ?? row.size_bytes,
  partCount: row.part_count ?? 1,
})

/** Start the multipart upload of a new session. */
export async function startMultipartUpload(app: AppContext, key: string, contentType: string) {
  const { multipart } = s3Of(app)
  return multipart.create(key, contentType).catch(storageUnavailable)
}

/**
 * Presigned UploadPart URLs for these parts. They stay valid as long as the session (at most seven
 * days, SigV4's limit), so a client never holds a URL that dies before its session does.
 */
export async function presignParts(
  app: AppContext,
  row: repo.UploadRow,
  partNumbers: readonly number[],
): Promise<PresignedPart[]> {
  const { multipart } = s3Of(app)
  if (!row.multipart_upload_id) throw new Error('presignParts needs an open multipart upload')
  const now = app.clock.now().getTime()
  const seconds = Math.max(
    1,
    Math.min(MAX_PRESIGN_SECONDS, Math.floor((Date.parse(row.expires_at) - now) / 1000)),
  )
  const expiresAt = new Date(now + seconds * 1000).toISOString()
  const plan = planOf(row)
  return Promise.all(
    partNumbers.map(async (partNumber) => {
      const span = partSpan(plan, partNumber)
      return {
        part_number: partNumber,
        url: await multipart.presignPart(row.blob_key, row.multipart_upload_id!, partNumber, seconds),
        method: 'PUT' as const,
        offset: span.offset,
        size: span.size,
        expires_at: expiresAt,
      }
    }),
  )
}

/** Parts the bucket holds for an open session, and which still have to be sent. */
export async function listArrivedParts(app: AppContext, row: repo.UploadRow) {
  const { multipart } = s3Of(app)
  const plan = planOf(row)
  const listed = await multipart.listParts(row.blob_key, row.multipart_upload_id!)
  const byNumber = new Map(listed.filter((p) => p.partNumber <= plan.partCount).map((p) => [p.partNumber, p]))
  const missing: number[] = []
  let received = 0
  for (let n = 1; n <= plan.partCount; n++) {
    const part = byNumber.get(n)
    if (part && part.size === partSpan(plan, n).size) received += part.size
    else missing.push(n)
  }
  return { parts: [...byNumber.values()], missing, received, byNumber }
}

/**
 * Check the parts against the plan and the client's list: every part present, of its size, with the
 * ETag the client reported. Returns the parts to assemble, or the problems naming each part.
 */
export function checkParts(
  plan: MultipartPlan,
  stored: Map<number, UploadedPart>,
  reported?: readonly { part_number: number; etag: string }[],
): { problems: FieldError[]; missing: number[]; parts: { partNumber: number; etag: string }[] } {
  const problems: FieldError[] = []
  const missing = new Set<number>()
  const listed = new Map<number, { etag: string; index: number }>()
  reported?.forEach((p, index) => {
    if (p.part_number > plan.partCount) {
      problems.push({
        in: 'body',
        path: `/parts/${index}/part_number`,
        message: `Part ${p.part_number} is past the last part (${plan.partCount}).`,
      })
    } else if (listed.has(p.part_number)) {
      problems.push({
        in: 'body',
        path: `/parts/${index}/part_number`,
        message: `Part ${p.part_number} is listed twice.`,
      })
    } else listed.set(p.part_number, { etag: p.etag, index })
  })
  const parts: { partNumber: number; etag: string }[] = []
  for (let n = 1; n <= plan.partCount; n++) {
    const entry = listed.get(n)
    const path = entry ? `/parts/${entry.index}` : '/parts'
    if (reported && !entry) {
      problems.push({ in: 'body', path, message: `Part ${n} is missing from the list.` })
      missing.add(n)
    }
    const part = stored.get(n)
    const span = partSpan(plan, n)
    if (!part) {
      if (!reported || entry)
        problems.push({ in: 'body', path, message: `Part ${n} has not arrived at the bucket.` })
      missing.add(n)
      continue
    }
    if (part.size !== span.size) {
      problems.push({
        in: 'body',
        path,
        message: `Part ${n} holds ${part.size} bytes; it must hold ${span.size} (bytes ${span.offset}-${span.offset + span.size - 1} of the file). Send it again.`,
      })
      missing.add(n)
      continue
    }
    if (entry && normalizeEtag(entry.etag) !== normalizeEtag(part.etag)) {
      problems.push({
        in: 'body',
        path: `${path}/etag`,
        message: `Part ${n}: ETag ${entry.etag} is not the one the bucket holds for this part; send the ETag header its PUT answered, or send the part again.`,
      })
      continue
    }
    parts.push({ partNumber: n, etag: part.etag })
  }
  return { problems, missing: [...missing].sort((a, b) => a - b), parts }
}

/** 422 naming the parts that keep an upload from completing. */
function partsProblem(problems: FieldError[], missing: number[], received: number): ProblemError {
  const detail =
    problems.length === 1
      ? problems[0].message
      : `${problems.length} problems with the parts: ${problems
          .slice(0, 3)
          .map((p) => p.message)
          .join(' ')}${problems.length > 3 ? ' …' : ''}`
  return new ProblemError('validation', detail, {
    extra: { errors: problems, missing_part_numbers: missing, received_bytes: received },
  })
}

const ASSEMBLY_REFUSALS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'MalformedXML'])

/**
 * Assemble an open multipart upload into the object after checking its parts. Returns the session with
 * the multipart upload closed (its parts are now the object), or throws 422 naming the parts to fix.
 */
export async function assembleParts(
  app: AppContext,
  scope: Scope,
  row: repo.UploadRow,
  reported?: readonly { part_number: number; etag: string }[],
): Promise<repo.UploadRow> {
  const { multipart } = s3Of(app)
  const uploadId = row.multipart_upload_id!
  const plan = planOf(row)
  let arrived: Awaited<ReturnType<typeof listArrivedParts>>
  try {
    arrived = await listArrivedParts(app, row)
  } catch (error) {
    return whenUploadGone(app, scope, row, error)
  }
  await repo.updateUpload(app.db, scope, row.id, { received_bytes: arrived.received }, 'pending')
  const check = checkParts(plan, arrived.byNumber, reported)
  if (check.problems.length > 0) throw partsProblem(check.problems, check.missing, arrived.received)
  try {
    await multipart.complete(row.blob_key, uploadId, check.parts)
  } catch (error) {
    if (error instanceof S3RequestError && ASSEMBLY_REFUSALS.has(error.code)) {
      throw await assemblyRefused(app, row, check.parts, error)
    }
    return whenUploadGone(app, scope, row, error)
  }
  const updated = await repo.updateUpload(
    app.db,
    scope,
    row.id,
    { multipart_upload_id: null, received_bytes: row.size_bytes },
    'pending',
  )
  return updated ?? (await repo.findUpload(app.db, scope, row.id))!
}

/**
 * The bucket refused the assembly of parts that had just passed the check. With InvalidPart, the usual
 * cause is a part sent again while the completion was on its way (S3 assembles only the ETags it was
 * given, and that part now has another): list the parts again and name the ones that changed, so the
 * client knows to complete again rather than to look for a fault. Nothing was assembled either way.
 */
async function assemblyRefused(
  app: AppContext,
  row: repo.UploadRow,
  checked: readonly { partNumber: number; etag: string }[],
  error: S3RequestError,
): Promise<ProblemError> {
  const refused = new ProblemError('validation', `The bucket refused to assemble the parts: ${error.code}.`, {
    extra: { errors: [{ in: 'body', path: '/parts', message: error.message }] },
  })
  if (error.code !== 'InvalidPart') return refused
  const now = await listArrivedParts(app, row).catch(() => null)
  if (!now) return refused
  const changed = checked
    .filter((p) => normalizeEtag(now.byNumber.get(p.partNumber)?.etag ?? '') !== normalizeEtag(p.etag))
    .map((p) => p.partNumber)
  if (changed.length === 0) return refused
  const named = changed.length === 1 ? `Part ${changed[0]} was` : `Parts ${changed.join(', ')} were`
  const detail = `${named} sent again while the upload was being completed, so the bucket assembled nothing. Complete again once every part has been sent.`
  return new ProblemError('validation', detail, {
    extra: {
      errors: changed.map((n) => ({
        in: 'body',
        path: '/parts',
        message: `Part ${n} changed during completion.`,
      })),
      missing_part_numbers: now.missing,
      received_bytes: now.received,
    },
  })
}

/**
 * NoSuchUpload while completing: another request may have assembled the parts a moment ago (then the
 * session no longer names this upload and completion goes on from the object); otherwise the bucket
 * lost it, and only a new session helps.
 */
async function whenUploadGone(app: AppContext, scope: Scope, row: repo.UploadRow, error: unknown) {
  if (!(error instanceof S3RequestError) || error.code !== 'NoSuchUpload') storageUnavailable(error)
  const now = await repo.findUpload(app.db, scope, row.id)
  if (now && now.multipart_upload_id !== row.multipart_upload_id) return now
  throw new ProblemError(
    'conflict',
    'The bucket no longer holds this multipart upload (it was aborted outside this service); cancel this session and create a new one.',
  )
}

/** Abort the session's multipart upload, so no part stays stored (and billed) in the bucket. */
export async function abortMultipart(app: AppContext, row: repo.UploadRow): Promise<void> {
  if (!row.multipart_upload_id) return
  const { multipart } = s3Of(app)
  await multipart.abort(row.blob_key, row.multipart_upload_id).catch(storageUnavailable)
}

/**
 * Throw away an assembled object whose bytes failed verification and open a fresh multipart upload,
 * so the client can send the file again in the same session. Without the fresh upload (the bucket
 * refused), POST /genetics/uploads/{id}/parts opens one when asked.
 */
export async function restartMultipart(app: AppContext, scope: Scope, row: repo.UploadRow): Promise<void> {
  const { storage, multipart } = s3Of(app)
  await storage.delete(row.blob_key)
  const uploadId = await multipart.create(row.blob_key, row.content_type).catch(() => null)
  const updated = await repo.updateUpload(
    app.db,
    scope,
    row.id,
    { multipart_upload_id: uploadId, received_bytes: 0 },
    'pending',
  )
  if (!updated && uploadId) await multipart.abort(row.blob_key, uploadId).catch(() => {})
}

/** The open multipart upload of a session, opening a new one after a restart that could not. */
export async function ensureMultipart(
  app: AppContext,
  scope: Scope,
  row: repo.UploadRow,
): Promise<repo.UploadRow> {
  if (row.multipart_upload_id) return row
  const { storage } = s3Of(app)
  if ((await storage.size(row.blob_key)) === row.size_bytes) {
    throw new ProblemError(
      'conflict',
      'Every part has been assembled into the file; call POST /genetics/uploads/{id}/complete to finish.',
    )
  }
  const uploadId = await startMultipartUpload(app, row.blob_key, row.content_type)
  const updated = await repo.updateUpload(app.db, scope, row.id, { multipart_upload_id: uploadId }, 'pending')
  if (!updated) {
    await s3Of(app)
      .multipart.abort(row.blob_key, uploadId)
      .catch(() => {})
    throw new ProblemError('conflict', 'This upload session changed state meanwhile; read it again.')
  }
  return updated
}
