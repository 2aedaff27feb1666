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

export function tooLarge(limit: number, what = 'The file'): ProblemError {
  return new ProblemError('payloadTooLarge', `${what} is larger than imports accept (${limit} bytes).`, {
    extra: { max_bytes: limit },
  })
}

export function invalidField(path: string, message: string): ProblemError {
  return new ProblemError('validation', message, { extra: { errors: [{ in: 'body', path, message }] } })
}
