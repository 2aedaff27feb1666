// Reads the Content-Range header of a resumable upload part: `bytes START-END/TOTAL` for a part, or
// `bytes */TOTAL` to ask how much has arrived. Anything else is a clear 422, never an exception.

import { ProblemError } from '../shared/problem'

export type UploadPart =
  | { kind: 'part'; start: number; end: number; total: number }
  | { kind: 'status'; total: number }

function invalid(message: string): ProblemError {
  return new ProblemError('validation', `Content-Range: ${message}`, {
    extra: { errors: [{ in: 'headers', path: '/content-range', message }] },
  })
}

/** The part a PUT carries; without Content-Range the body is the whole file. */
export function parseContentRange(header: string | null, sizeBytes: number): UploadPart {
  if (header === null || header.trim() === '')
    return { kind: 'part', start: 0, end: sizeBytes - 1, total: sizeBytes }
  const status = /^bytes \*\/(\d+|\*)$/.exec(header.trim())
  if (status) {
    const total = status[1] === '*' ? sizeBytes : Number(status[1])
    if (total !== sizeBytes)
      throw invalid(`total ${total} differs from the session's size_bytes ${sizeBytes}`)
    return { kind: 'status', total }
  }
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim())
  if (!match) throw invalid('expected "bytes START-END/TOTAL" or "bytes */TOTAL"')
  const start = Number(match[1])
  const end = Number(match[2])
  const total = match[3] === '*' ? sizeBytes : Number(match[3])
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start)
    throw invalid('END must not be smaller than START')
  if (total !== sizeBytes) throw invalid(`total ${total} differs from the session's size_bytes ${sizeBytes}`)
  if (end >= sizeBytes) throw invalid(`END ${end} is past the last byte (${sizeBytes - 1})`)
  return { kind: 'part', start, end, total }
}
