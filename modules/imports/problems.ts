// The import problems: content that cannot be read (422 naming the line), content that is too large
// (413), and a request that carries no content or both kinds.

import { ProblemError } from '../shared/problem'

/** 422 for content that cannot be read, naming the line (1-based) where it went wrong. */
export function unreadable(message: string, line?: number): ProblemError {
  const where = line !== undefined ? `Line ${line}: ` : ''
  return new ProblemError('validation', `The file could not be read. ${where}${message}`, {
    extra: {
      ...(line !== undefined ? { line } : {}),
      errors: [{ in: 'body', path: '/content', message: `${where}${message}` }],
    },
  })
}

/** Where a file too large for POST /imports/file goes instead, when it is a genotype file. */
export const UPLOAD_SESSION_PATH = '/genetics/uploads'
export const UPLOAD_SESSION_HINT = `Genotype files of any size (a full 23andMe or AncestryDNA download, a VCF) go through an upload session: POST ${UPLOAD_SESSION_PATH}, then PUT the bytes to its upload_url.`

/** 413 for an upload over the limit; an uploaded file (not a part of one) is pointed to upload sessions. */
export function tooLarge(limit: number, what = 'The file'): ProblemError {
  const wholeFile = what === 'The file'
  return new ProblemError(
    'payloadTooLarge',
    `${what} is larger than imports accept (${limit} bytes).${wholeFile ? ` ${UPLOAD_SESSION_HINT}` : ''}`,
    { extra: { max_bytes: limit, ...(wholeFile ? { upload_session_path: UPLOAD_SESSION_PATH } : {}) } },
  )
}

export function invalidField(path: string, message: string): ProblemError {
  return new ProblemError('validation', message, { extra: { errors: [{ in: 'body', path, message }] } })
}
