// Upload sessions on local disk: the upload URL is served by this service. A PUT carries the whole file
// or one part of it (Content-Range), streamed straight to DATA_DIR/blobs at the part's offset, so an
// interrupted upload resumes from the bytes already stored.

import { otherGenomicsStart } from '../../genetics-core/detect/other-genomics-files'
import type { AppContext } from '../shared/context'
import { hashSecret } from '../shared/ids'
import { withKeyLock } from '../shared/keyed-lock'
import { notFound, ProblemError } from '../shared/problem'
import { LocalDiskStorage } from '../shared/storage'
import { parseContentRange } from './content-range'
import * as repo from './repo'
import { uploadBytesLock } from './upload-bytes-lock'
import { expireIfOverdue, isOverdue, sessionGone } from './upload-lifecycle'

/** Largest part one PUT should carry on local storage (also keeps any proxy's body limit out of the way). */
export const LOCAL_PART_SIZE = 64 * 1024 * 1024

/** 422: a part's body must be exactly as long as its Content-Range (or the whole file) says. */
const lengthMismatch = (expected: number, got: string, received: number) =>
  new ProblemError(
    'validation',
    `The body must be exactly ${expected} bytes, as the Content-Range says (the whole file without one); ${got}. The part was not kept.`,
    {
      extra: {
        received_bytes: received,
        errors: [{ in: 'body', path: '/', message: `Expected exactly ${expected} bytes` }],
      },
    },
  )

/**
 * The body with its first bytes read ahead, or null when it holds none. Content-Length cannot say so
 * in advance: a body-less request and a chunked one carry no length at all.
 */
async function nonEmptyBody(body: ReadableStream<Uint8Array> | null) {
  if (!body) return null
  const reader = body.getReader()
  let first: Awaited<ReturnType<typeof reader.read>>
  try {
    do first = await reader.read()
    while (!first.done && first.value.byteLength === 0)
  } catch {
    // The client went away before sending a byte: there is nothing to write.
    return null
  }
  if (first.done) return null
  const head = first.value
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head)
    },
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
}

/**
 * Receive one part (or the whole file) through the upload URL. The token in the URL authorizes it, as a
 * presigned URL would; the body streams to disk at the part's offset.
 */
export async function receiveUploadPart(app: AppContext, id: string, token: string, request: Request) {
  // One writer at a time per upload, and never while it is being completed (see uploadBytesLock).
  return withKeyLock(uploadBytesLock(id), () => receiveLocked(app, id, token, request))
}

async function receiveLocked(app: AppContext, id: string, token: string, request: Request) {
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
  const partLength = part.end - part.start + 1
  if (Number.isFinite(declared) && declared !== partLength) {
    await request.body?.cancel().catch(() => {})
    throw lengthMismatch(partLength, `Content-Length says ${declared}`, stored)
  }
  // Writing starts by dropping the stored bytes after the part's start, so a PUT that carries nothing
  // (a bare `curl -X PUT` to ask for progress, a retry whose body was already consumed) is refused
  // before anything is touched: it would otherwise wipe an upload that had fully arrived.
  const body = await nonEmptyBody(request.body)
  if (!body) throw lengthMismatch(partLength, 'the body was empty, so nothing stored has changed', stored)
  // Nothing past the part's last byte is written; a body of another length than the range is undone.
  const outcome = await app.storage.writeAt(row.blob_key, part.start, body, part.end + 1)
  const mismatched = outcome.overLimit || (!outcome.interrupted && outcome.size !== part.end + 1)
  if (mismatched) await app.storage.writeAt(row.blob_key, part.start, null, part.end + 1)
  const kept = mismatched ? part.start : outcome.size
  await repo.updateUpload(app.db, row, row.id, { received_bytes: kept }, 'pending')
  if (outcome.overLimit && part.end + 1 === row.size_bytes) {
    throw new ProblemError(
      'payloadTooLarge',
      `The session was created for ${row.size_bytes} bytes; this part went past the end and was not kept.`,
      { extra: { max_bytes: row.size_bytes, received_bytes: kept } },
    )
  }
  if (mismatched) {
    const arrived = outcome.overLimit ? 'more bytes arrived' : `${outcome.size - part.start} bytes arrived`
    throw lengthMismatch(partLength, arrived, kept)
  }
  if (part.start === 0) await refuseOtherGenomicsFile(app, app.storage, row)
  // A part cut short (the connection dropped) keeps what arrived; received_bytes says where to resume.
  return progress(outcome.size)
}

/**
 * A BAM, CRAM, FASTQ, index or PLINK file is told by its first part: it is refused then, and its bytes
 * dropped, rather than after the rest of its tens of GB have arrived (completion would refuse it too).
 */
async function refuseOtherGenomicsFile(
  app: AppContext,
  storage: LocalDiskStorage,
  row: repo.UploadRow,
): Promise<void> {
  const other = otherGenomicsStart(await storage.head(row.blob_key, 1 << 16))
  if (!other) return
  await storage.writeAt(row.blob_key, 0, null, row.size_bytes)
  await repo.updateUpload(app.db, row, row.id, { received_bytes: 0 }, 'pending')
  throw new ProblemError('validation', `The file is not a genetics file this service reads: ${other}`, {
    extra: {
      code: 'UNRECOGNISED_FORMAT',
      received_bytes: 0,
      errors: [{ in: 'body', path: '/content', message: other }],
    },
  })
}
