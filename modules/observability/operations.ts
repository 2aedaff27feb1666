// GET /metrics: the Prometheus exposition of this process's metrics (modules/shared/metrics.ts), for a
// scraper holding METRICS_TOKEN. Not served (404) when no token is configured. The series carry route
// templates and task names only; still, they describe the service's traffic, so they are not public.

import { createHash, timingSafeEqual } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { defineOperation } from '../shared/operation'
import { ProblemError } from '../shared/problem'
import { observabilityExamples } from './examples'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant-time comparison of the presented bearer token with the configured one. */
function holdsToken(header: string | null, expected: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1]
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected))
}

export const metricsGet = defineOperation(
  {
    id: 'observability.metrics',
    example: observabilityExamples['observability.metrics'],
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics (bearer METRICS_TOKEN; 404 when not configured)',
    description:
      'Request counts and latency histograms by method, route template and status; job queue depth; job durations by task; import sizes by modality; process metrics. Send `Authorization: Bearer <METRICS_TOKEN>`.',
    tags: ['Discovery'],
    grant: null,
    output: Type.String(),
    produces: 'text/plain',
    errors: [401, 404],
  },
  async (_input, { app, request }) => {
    const token = app.config.metricsToken
    if (!token)
      throw new ProblemError('notFound', 'Metrics are not served on this deployment (set METRICS_TOKEN).')
    if (!holdsToken(request.headers.get('authorization'), token))
      throw new ProblemError('unauthorized', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      })
    return new Response(await app.metrics.exposition(), {
      headers: { 'content-type': app.metrics.registry.contentType },
    })
  },
)

export const observabilityOperations = [metricsGet]
