// Observability over HTTP: one access line per request (method, route template, status, duration,
// request id, trace id; never a path id, body or token), W3C traceparent continued into the logs and
// the response, and Prometheus metrics at /metrics behind METRICS_TOKEN.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { memoryLogger } from '../../../modules/shared/logger'
import { Metrics } from '../../../modules/shared/metrics'
import { parseTraceparent } from '../../../modules/shared/trace-context'
import { isProblem, type TestApp, testApp } from '../../support/app'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const PARENT = '00f067aa0ba902b7'

const accessLines = (t: TestApp) =>
  t.log.lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'http.access')

/** The access lines of one answer (by its request id), written once the response has gone out. */
async function linesFor(t: TestApp, r: { headers: Headers }) {
  const id = r.headers.get('x-request-id')
  for (let i = 0; i < 200 && !accessLines(t).some((l) => l.request_id === id); i++) await Bun.sleep(5)
  return accessLines(t).filter((l) => l.request_id === id)
}

describe('access lines and trace context', () => {
  let t: TestApp
  let person: Awaited<ReturnType<TestApp['userWithKey']>>
  beforeAll(async () => {
    t = await testApp({ metricsToken: METRICS_TOKEN })
    person = await t.userWithKey()
  })
  afterAll(() => t.cleanup())

  it('writes one access line per request with the route template, status, duration and request id', async () => {
    const r = await t.call('GET', '/sources/src_01kf0hhz8rcga6s3vbfag0mn8c', { token: person.key })
    expect(r.status).toBe(404)
    const lines = await linesFor(t, r)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/sources/:id',
      status: 404,
      request_id: r.headers.get('x-request-id'),
    })
    expect(typeof lines[0].duration_ms).toBe('number')
    expect(lines[0].trace_id).toMatch(/^[0-9a-f]{32}$/)
    // The id in the path, the token and the e-mail never reach the log.
    const all = t.log.lines.join('\n')
    expect(all).not.toContain('src_01kf0hhz8rcga6s3vbfag0mn8c')
    expect(all).not.toContain(person.key)
    expect(all).not.toContain(person.session)
  })

  it('logs unknown routes under one label, not their path', async () => {
    const r = await t.call('GET', '/no/such/usr_secret_path')
    const [line] = await linesFor(t, r)
    expect(line).toMatchObject({ route: 'unmatched', status: 404 })
    expect(JSON.stringify(line)).not.toContain('usr_secret_path')
  })

  it('continues a caller’s trace: same trace id in the response and the log, a new span of its own', async () => {
    const r = await t.call('GET', '/goals', {
      token: person.key,
      headers: { traceparent: `00-${TRACE_ID}-${PARENT}-01` },
    })
    expect(r.status).toBe(200)
    const echoed = parseTraceparent(r.headers.get('traceparent'))
    expect(echoed).toMatchObject({ traceId: TRACE_ID, flags: '01' })
    expect(echoed!.parentId).not.toBe(PARENT)
    expect((await linesFor(t, r))[0].trace_id).toBe(TRACE_ID)
  })

  it('starts a new trace for a missing or malformed traceparent, problems included', async () => {
    for (const header of [
      undefined,
      'garbage',
      `00-${'0'.repeat(32)}-${PARENT}-01`,
      `ff-${TRACE_ID}-${PARENT}-01`,
    ]) {
      const r = await t.call('GET', '/goals', { headers: header ? { traceparent: header } : {} })
      expect(r.status).toBe(401)
      expect(isProblem(r)).toBe(true)
      const trace = parseTraceparent(r.headers.get('traceparent'))
      expect(trace).not.toBeNull()
      expect(trace!.traceId).not.toBe(TRACE_ID)
    }
  })
})

describe('GET /metrics', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ metricsToken: METRICS_TOKEN })
  })
  afterAll(() => t.cleanup())

  it('refuses a scraper without the token, or with another one', async () => {
    const none = await t.call('GET', '/metrics')
    expect(none.status).toBe(401)
    expect(isProblem(none)).toBe(true)
    const wrong = await t.call('GET', '/metrics', {
      headers: { authorization: 'Bearer not-the-metrics-token' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.text).not.toContain('wds_http_requests_total')
  })

  it('serves request counts and latencies by route template, queue depth and import sizes', async () => {
    const person = await t.userWithKey()
    await t.call('GET', '/goals', { token: person.key })
    const imported = await t.call('POST', '/imports/file', {
      token: person.key,
      body: { filename: 'labs.csv', text: 'Test Name,Result,Units\nGlucose,92,mg/dL\n' },
    })
    expect(imported.status).toBe(201)
    // Requests are counted once their response has gone out.
    const scrape = () => t.call('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    for (let i = 0; i < 100 && !(await scrape()).text.includes('route="/imports/file"'); i++)
      await Bun.sleep(10)
    const r = await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toStartWith('text/plain')
    expect(r.text).toContain('wds_http_requests_total{method="GET",route="/goals",status="200"} 1')
    expect(r.text).toContain(
      'wds_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/goals",status="200"}',
    )
    expect(r.text).toContain('wds_http_requests_total{method="POST",route="/imports/file",status="201"} 1')
    expect(r.text).toContain('wds_queue_jobs{state="queued"} 0')
    expect(r.text).toContain('wds_import_bytes_count{modality="biomarkers"} 1')
    // No ids, e-mails or values in any series.
    expect(r.text).not.toContain(person.userId)
    expect(r.text).not.toContain('Glucose')
  })

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await testApp()
    try {
      const r = await plain.call('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(r.status).toBe(404)
      expect(isProblem(r)).toBe(true)
    } finally {
      await plain.cleanup()
    }
  })
})

describe('job durations and log redaction', () => {
  it('times each task run by outcome', async () => {
    const metrics = new Metrics(async () => ({ queued: 2, running: 1 }))
    const tasks = metrics.timeTasks({
      ok: async () => {},
      broken: async () => {
        throw new Error('retry me')
      },
    })
    await tasks.ok()
    await expect(tasks.broken()).rejects.toThrow('retry me')
    const text = await metrics.exposition()
    expect(text).toContain('wds_job_duration_seconds_count{task="ok",outcome="succeeded"} 1')
    expect(text).toContain('wds_job_duration_seconds_count{task="broken",outcome="failed"} 1')
    expect(text).toContain('wds_queue_jobs{state="running"} 1')
    // The process metrics are registered by the first scrape, and a total since the process began.
    expect(text).toMatch(/wds_process_cpu_seconds_total [0-9.e-]+/)
    expect(await metrics.exposition()).toContain('wds_process_cpu_seconds_total')
  })

  it('redacts credentials and addresses a caller passes by mistake', () => {
    const log = memoryLogger()
    log.warn('oops', {
      token: 'wds_sk_secret',
      headers: { authorization: 'Bearer abc' },
      email: 'a@b.c',
      status: 500,
    })
    const line = JSON.parse(log.lines[0])
    expect(line).toMatchObject({
      level: 'warn',
      event: 'oops',
      status: 500,
      token: '[redacted]',
      email: '[redacted]',
    })
    expect(line.headers.authorization).toBe('[redacted]')
    expect(log.lines[0]).not.toContain('wds_sk_secret')
  })
})
