// Large uploads as a stream: `application/x-ndjson`, a header line (`{"source": …, "device": …}`) and
// then one record per line, read as it arrives and stored in chunks of at most 5000 records, each chunk
// exactly as a batch of POST /connections/wearables/records (one source per chunk, idempotent by record
// id). Memory holds one chunk, not the upload. A line that is not a record stops the upload with 422
// naming the line; chunks before it are stored, and sending the whole stream again is safe (they count
// as duplicates).

import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AppContext } from '../../shared/context'
import { assertOwnScope } from '../../shared/gate'
import type { Principal } from '../../shared/principal'
import { ProblemError } from '../../shared/problem'
import {
  DeviceMetadata,
  MAX_UPLOAD_RECORDS,
  UploadRecord,
  UploadStore,
  type WearableUploadBody,
} from './model'
import { uploadRecords } from './service'

/** The most one stream may carry. */
export const MAX_STREAM_BYTES = 256 * 1024 * 1024
const MAX_LINE_CHARS = 64 * 1024

const StreamHeader = Type.Object({
  user_id: Type.Optional(Type.String({ minLength: 1 })),
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  source: UploadStore,
  device: Type.Optional(DeviceMetadata),
})

const badLine = (line: number, message: string) =>
  new ProblemError('validation', `Line ${line}: ${message}`, {
    extra: { errors: [{ in: 'body', path: `/lines/${line}`, message }] },
  })

async function* linesOf(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder()
  let buffer = ''
  let bytes = 0
  for await (const chunk of body) {
    bytes += chunk.byteLength
    if (bytes > MAX_STREAM_BYTES)
      throw new ProblemError(
        'payloadTooLarge',
        'One stream carries at most 256 MiB; send the rest in another.',
      )
    buffer += decoder.decode(chunk, { stream: true })
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      yield buffer.slice(0, at)
      buffer = buffer.slice(at + 1)
    }
    if (buffer.length > MAX_LINE_CHARS)
      throw new ProblemError('validation', 'A line of the stream is longer than 64 KiB; one record per line.')
  }
  buffer += decoder.decode()
  if (buffer.length > 0) yield buffer
}

export async function uploadStream(app: AppContext, principal: Principal, request: Request) {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-ndjson')
    throw new ProblemError('unsupportedMediaType', 'The stream is sent as application/x-ndjson.')
  if (!request.body)
    throw new ProblemError('validation', 'The stream is empty; it starts with a header line.')
  let header: WearableUploadBody | null = null
  let chunk: UploadRecord[] = []
  const totals = { received: 0, accepted: 0, duplicates: 0, skipped_count: 0, observation_count: 0 }
  const sourceIds: string[] = []
  const flush = async () => {
    if (!header || chunk.length === 0) return
    const result = await uploadRecords(app, principal, { ...header, records: chunk })
    chunk = []
    totals.received += result.received
    totals.accepted += result.accepted
    totals.duplicates += result.duplicates
    totals.skipped_count += result.skipped_count
    totals.observation_count += result.observation_count
    if (result.source_id) sourceIds.push(result.source_id)
  }
  let line = 0
  for await (const text of linesOf(request.body)) {
    line++
    if (text.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw badLine(line, 'not JSON.')
    }
    if (!header) {
      if (!Value.Check(StreamHeader, value))
        throw badLine(
          line,
          'the first line is the header: {"source": "apple_health" | "samsung_health" | "health_connect", "device"?: {…}}.',
        )
      assertOwnScope(principal, { body: value })
      header = { ...(value as typeof StreamHeader.static), records: [] }
      continue
    }
    if (!Value.Check(UploadRecord, value)) {
      const first = Value.Errors(UploadRecord, value).First()
      throw badLine(
        line,
        `not a record (${first ? `${first.path || '/'}: ${first.message}` : 'unreadable'}).`,
      )
    }
    chunk.push(value)
    if (chunk.length >= MAX_UPLOAD_RECORDS) await flush()
  }
  if (!header) throw new ProblemError('validation', 'The stream is empty; it starts with a header line.')
  await flush()
  return { source: header.source, ...totals, source_ids: sourceIds }
}
