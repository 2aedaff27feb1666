// One access line per request and its metrics: method, route template (never the path, which holds
// ids), status, duration, request id and trace id; never bodies, tokens or values. Mounted right after
// the problem plugin, so that every answer (routes, problems, unknown routes, MCP, the drain's 503) is
// counted once.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { answeredStatus } from './problem-plugin'
import { requestIdOf } from './request-info'
import { requestSlot } from './request-slot'
import { traceOf } from './trace-context'

const started = requestSlot<number>('started at')

/** The status of the answer: a problem's, a handler's own Response's, else the route's. */
function statusOf(request: Request, responseValue: unknown, setStatus: unknown): number {
  const problem = answeredStatus(request)
  if (problem) return problem
  if (responseValue instanceof Response) return responseValue.status
  return typeof setStatus === 'number' ? setStatus : 200
}

export function observabilityPlugin(app: AppContext) {
  return new Elysia({ name: 'shared.observability', seed: app.instanceId })
    .onRequest(({ request }) => {
      started.set(request, performance.now())
    })
    .onAfterResponse({ as: 'global' }, (ctx) => {
      const { request, set } = ctx
      const begun = started.get(request)
      if (begun === undefined) return
      started.delete(request)
      const seconds = (performance.now() - begun) / 1000
      const route = (ctx as { route?: string }).route || 'unmatched'
      const status = statusOf(request, (ctx as { responseValue?: unknown }).responseValue, set.status)
      const labels = { method: request.method, route, status: String(status) }
      app.metrics.requests.inc(labels)
      app.metrics.requestSeconds.observe(labels, seconds)
      app.log.info('http.access', {
        method: request.method,
        route,
        status,
        duration_ms: Math.round(seconds * 10_000) / 10,
        request_id: requestIdOf(request),
        trace_id: traceOf(request).traceId,
      })
    })
}
