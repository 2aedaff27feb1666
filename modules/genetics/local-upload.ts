// Upload sessions on local disk: the upload URL is served by this service. A PUT carries the whole file
// or one part of it (Content-Range), streamed straight to DATA_DIR/blobs at the part's offset, so an
// interrupted upload resumes from the bytes already stored.

import type { AppContext } from '../shared/context'
import { hashSecret } from '../shared/ids'
import { notFound, ProblemError } from '../shared/problem'
import { LocalDiskStorage } from '../shared/storage'
import { parseContentRange } from './content-range'
import * as repo from './repo'
import { expireIfOverdue, isOverdue, sessionGone } from './upload-lifecycle'

/** Largest part one PUT should carry on local storage (also keeps any proxy's body limit out of the way). */
export const LOCAL_PART_SIZE = 64 * 1024 * 1024

/**
 * Receive one part (or the whole file) through the upload URL. The token in the URL authorizes it, as a
 * presigned URL would; the body streams to disk at the part's offset.
 */
export async function receiveUploadPart(app: AppContext, id: string, token: string, request: Request) {
  const row = await repo.findUploadByToken(app.db, id, hashSecret(token))
  if (!row) throw notFound(`Upload ${id}`)
  if (row.state === 'completed')
    throw new ProblemError('conflict', 'This upload is already completed; its bytes can no longer change.')
  if (row.state !== 'pending' || isOverdue(app, row)) {
    await request.body?.cancel().catch(() => {})
    throw sessionGone(await expireIfOverdue(app, row))
  }
  if (!(app.storage instanceof LocalDiskStorage))
    throw new ProblemError(
      'conflict',
      'This deployment stores uploads in S3; send the parts to their presigned URLs.',
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
