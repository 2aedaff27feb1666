// The problem-details plugin, registered first: gives every request an id (x-request-id on every
// response), records the client address, and turns every failure into RFC 9457 problem+json.
// Unexpected errors are logged with their request id; their bodies never carry a stack or a message.

import { Elysia } from 'elysia'
import { clientAddress } from './client-address'
import type { AppContext } from './context'
import { dependencyProblem } from './dependency'
import { socketAddressOf } from './loopback'
import { type FieldError, ProblemError, problemBody } from './problem'
import { assignRequestId, requestIdOf, setClientIp } from './request-info'
import { requestSlot } from './request-slot'
import { applySecurityHeaders } from './security-headers'
import { assignTrace, traceOf, traceparentOf } from './trace-context'

interface ValidationLike {
  type: string
  all: { path: string; message: string; summary?: string }[]
}

function fieldErrors(error: ValidationLike): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  for (const e of error.all) {
    const path = e.path || '/'
    const message = e.summary ?? e.message
    const key = `${path} ${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ in: error.type, path, message })
  }
  return out
}

function toProblem(code: string | number, error: unknown, request: Request, app: AppContext): ProblemError {
  if (error instanceof ProblemError) return error
  switch (code) {
    case 'VALIDATION': {
      const validation = error as ValidationLike
      if (validation.type === 'response') {
        app.log.error('response.invalid', {
          request_id: requestIdOf(request),
          errors: fieldErrors(validation).slice(0, 5),
        })
        return internal()
      }
      const errors = fieldErrors(validation)
      const summary = errors
        .slice(0, 3)
        .map((e) => `${e.in} ${e.path}: ${e.message}`)
        .join('; ')
      return new ProblemError('validation', `Invalid request: ${summary}${errors.length > 3 ? '; …' : ''}`, {
        extra: { errors },
      })
    }
    case 'NOT_FOUND':
      return new ProblemError('notFound', `No route for ${request.method} ${new URL(request.url).pathname}.`)
    case 'PARSE':
      return new ProblemError('badRequest', 'The request body could not be read.')
    default: {
      const unavailable = dependencyProblem(error, app.log, requestIdOf(request))
      if (unavailable) return unavailable
      const err = error as Error
      // The message is left out on purpose: it can quote the request (a parameter, a line of a file),
      // which may be health data. The name and the stack frames say where it failed.
      app.log.error('request.failed', {
        request_id: requestIdOf(request),
        trace_id: traceOf(request).traceId,
        error: err?.name ?? String(code),
        stack: err?.stack?.split('\n').slice(1).join('\n'),
      })
      return internal()
    }
  }
}

const internal = () =>
  new ProblemError('internal', 'An unexpected error occurred; quote the request_id when reporting it.')

const answered = requestSlot<number>('problem status')

/** The status a problem answered this request with, if one did (the access line reads it). */
export const answeredStatus = (request: Request): number | undefined => answered.get(request)

/** Render a problem as a Response; also used by routes that answer outside the registry (e.g. MCP). */
export function problemResponse(problem: ProblemError, request: Request, app: AppContext): Response {
  answered.set(request, problem.status)
  const requestId = requestIdOf(request)
  const body = problemBody(problem, app.config.publicBaseUrl, new URL(request.url).pathname, requestId)
  const headers = new Headers({
    'content-type': 'application/problem+json',
    'x-request-id': requestId,
    traceparent: traceparentOf(traceOf(request)),
    ...problem.headers,
  })
  applySecurityHeaders(headers, app.config)
  return new Response(JSON.stringify(body), { status: problem.status, headers })
}

export function problemPlugin(app: AppContext) {
  return new Elysia({ name: 'shared.problem', seed: app.instanceId })
    .error({ ProblemError })
    .onRequest(({ request, set, server }) => {
      set.headers['x-request-id'] = assignRequestId(request)
      set.headers.traceparent = traceparentOf(assignTrace(request))
      const socketIp = server ? socketAddressOf(request, server) : null
      setClientIp(request, clientAddress(request.headers, socketIp, app.config.trustProxy))
    })
    .onError({ as: 'global' }, ({ code, error, request }) =>
      problemResponse(toProblem(code, error, request, app), request, app),
    )
}
