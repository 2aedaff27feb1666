// Reading a JSON request body with a size cap. The outcome is kept per request and judged by the
// gate after authentication, so an anonymous caller gets 401 before any 400/413/415 about its body.

import { ProblemError } from './problem'
import { requestSlot } from './request-slot'

export type BodyOutcome = { ok: true; value: unknown } | { ok: false; problem: ProblemError }

const outcomes = requestSlot<BodyOutcome>('body outcome')

const isJson = (contentType: string) => {
  const type = contentType.split(';')[0].trim().toLowerCase()
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

/** 413 for a body over `limit` bytes. */
export const bodyTooLarge = (limit: number) =>
  new ProblemError('payloadTooLarge', `The body is larger than this operation accepts (${limit} bytes).`, {
    extra: { max_bytes: limit },
  })

/** The body as text, or null once it passes `limit` bytes (declared or streamed); stops reading there. */
export async function readCapped(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Read and parse the body; never throws. Returns what the route should see as its body. */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const outcome = await judgeBody(request, limit)
  outcomes.set(request, outcome)
  return outcome.ok ? outcome.value : {}
}

async function judgeBody(request: Request, limit: number): Promise<BodyOutcome> {
  const contentType = request.headers.get('content-type')
  const hasBody = request.body !== null && request.headers.get('content-length') !== '0'
  if (hasBody && contentType && !isJson(contentType)) {
    return {
      ok: false,
      problem: new ProblemError(
        'unsupportedMediaType',
        `This operation takes application/json, not ${contentType.split(';')[0]}.`,
      ),
    }
  }
  const text = await readCapped(request, limit).catch(() => '')
  if (text === null) {
    return { ok: false, problem: bodyTooLarge(limit) }
  }
  // An absent or empty body reads as {} so that validation names the missing fields.
  if (text.trim() === '') return { ok: true, value: {} }
  if (!contentType) {
    return {
      ok: false,
      problem: new ProblemError('unsupportedMediaType', 'Send the body with Content-Type: application/json.'),
    }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return {
      ok: false,
      problem: new ProblemError('badRequest', `The body is not valid JSON: ${(error as Error).message}`),
    }
  }
  // Every operation's body is a JSON object; a string, number, boolean, array or null is not one, and
  // must not pass as `{}` through a schema whose fields are all optional.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: notAnObject(value) }
  }
  return { ok: true, value }
}

const notAnObject = (value: unknown) => {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
  return new ProblemError('validation', `Invalid request: body /: Expected a JSON object, got ${kind}.`, {
    extra: { errors: [{ in: 'body', path: '/', message: 'Expected object' }] },
  })
}

/**
 * Leave the body unread (the stream is cancelled, so nothing is buffered) for a caller the gate will refuse;
 * the route sees {} and the gate answers 401 before validation looks at it.
 */
export function discardBody(request: Request): unknown {
  request.body?.cancel().catch(() => {})
  return {}
}

/** Throw the stashed body problem, if any (called by the gate after authentication). */
export function assertBodyReadable(request: Request): void {
  const outcome = outcomes.get(request)
  if (outcome && !outcome.ok) throw outcome.problem
}
