// Every failure is RFC 9457 problem+json with type/title/status/detail/instance/request_id, every
// response carries x-request-id, and the unexpected never leaks a stack or a secret.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { defineOperation } from '../../../modules/shared/operation'
import { operationsPlugin } from '../../../modules/shared/operations-plugin'
import { problemPlugin } from '../../../modules/shared/problem-plugin'
import { isProblem, type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

function expectProblem(r: { status: number; headers: Headers; body: any }, status: number, path: string) {
  expect(r.status).toBe(status)
  expect(r.headers.get('content-type')).toStartWith('application/problem+json')
  expect(r.body).toMatchObject({ status, instance: path })
  expect(typeof r.body.type).toBe('string')
  expect(typeof r.body.title).toBe('string')
  expect(typeof r.body.detail).toBe('string')
  expect(r.body.request_id).toBe(r.headers.get('x-request-id'))
}

describe('problem details', () => {
  it('answers an unknown route with a 404 problem naming the route', async () => {
    const r = await t.call('GET', '/no/such/thing')
    expectProblem(r, 404, '/no/such/thing')
    expect(r.body.detail).toBe('No route for GET /no/such/thing.')
    expect(r.body.type).toBe('http://localhost:3000/problems/not-found')
  })

  it('answers malformed JSON with 400', async () => {
    const r = await t.call('POST', '/auth/otp/start', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expectProblem(r, 400, '/auth/otp/start')
    expect(r.body.detail).toStartWith('The body is not valid JSON')
  })

  it('answers a non-JSON body with 415', async () => {
    const r = await t.call('POST', '/auth/otp/start', {
      rawBody: 'email=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expectProblem(r, 415, '/auth/otp/start')
  })

  it('answers a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ email: `${'a'.repeat(2_000_000)}@example.com` })
    const declared = await t.call('POST', '/auth/otp/start', {
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    })
    expectProblem(declared, 413, '/auth/otp/start')
    expect(declared.body.max_bytes).toBe(t.config.maxBodyBytes)
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode('x'.repeat(100_000)))
        c.close()
      },
    })
    const response = await t.app.handle(
      new Request('http://localhost/auth/otp/start', {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(response.status).toBe(413)
  })

  it('answers invalid fields with 422 listing each failing field', async () => {
    const r = await t.call('POST', '/auth/otp/start', { body: { email: 42, should_create_user: 'yes' } })
    expectProblem(r, 422, '/auth/otp/start')
    const paths = r.body.errors.map((e: any) => `${e.in} ${e.path}`)
    expect(paths).toContain('body /email')
    expect(paths).toContain('body /should_create_user')
    for (const e of r.body.errors) expect(typeof e.message).toBe('string')
  })

  it('answers a missing required field with 422 naming it', async () => {
    const r = await t.call('POST', '/auth/otp/verify', { body: { email: 'a@example.com' } })
    expectProblem(r, 422, '/auth/otp/verify')
    expect(r.body.errors.some((e: any) => e.path === '/token')).toBe(true)
  })

  it('checks authentication before reading the body, so anonymous callers get 401 not 400/422', async () => {
    const bad = await t.call('POST', '/api-keys', {
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    expectProblem(bad, 401, '/api-keys')
    expect(bad.headers.get('www-authenticate')).toStartWith('Bearer')
    const invalid = await t.call('POST', '/service-tokens', { body: { user_id: 5 } })
    expectProblem(invalid, 401, '/service-tokens')
  })

  it('echoes a plain x-request-id from the caller and mints one otherwise', async () => {
    const echoed = await t.call('GET', '/health', { headers: { 'x-request-id': 'trace-123' } })
    expect(echoed.headers.get('x-request-id')).toBe('trace-123')
    const hostile = await t.call('GET', '/health', { headers: { 'x-request-id': '<script>' } })
    expect(hostile.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/)
  })

  it('documents every problem type at its type URI', async () => {
    const r = await t.call('GET', '/problems/validation')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      type: 'http://localhost:3000/problems/validation',
      title: 'Unprocessable Content',
      status: 422,
      description: expect.any(String),
    })
    expectProblem(await t.call('GET', '/problems/nonsense'), 404, '/problems/nonsense')
  })
})

describe('unexpected failures', () => {
  const boom = defineOperation(
    {
      id: 'test.boom',
      method: 'GET',
      path: '/boom',
      summary: 'fails',
      tags: ['Test'],
      grant: null,
      output: Type.Object({}),
    },
    () => {
      throw new Error('database password=hunter2 at /srv/app.ts:12')
    },
  )
  const wrongShape = defineOperation(
    {
      id: 'test.shape',
      method: 'GET',
      path: '/shape',
      summary: 'bad output',
      tags: ['Test'],
      grant: null,
      output: Type.Object({ n: Type.Number() }),
    },
    () => ({ n: 'not a number' }) as never,
  )

  it('answers 500 with a generic detail, logs the error with its request id, and leaks nothing', async () => {
    const app = new Elysia()
      .use(problemPlugin(t.context))
      .use(operationsPlugin('test', [boom, wrongShape], t.context))
    const response = await app.handle(new Request('http://localhost/boom'))
    const body = (await response.json()) as any
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toStartWith('application/problem+json')
    expect(body.detail).toBe('An unexpected error occurred; quote the request_id when reporting it.')
    expect(JSON.stringify(body)).not.toContain('hunter2')
    expect(JSON.stringify(body)).not.toContain('app.ts')
    const logged = t.log.lines.map((l) => JSON.parse(l)).find((l) => l.request_id === body.request_id)
    expect(logged?.event).toBe('request.failed')
    // The error's message quoted a secret; the log keeps only its name and where it happened.
    expect(JSON.stringify(logged)).not.toContain('hunter2')
  })

  it('treats a response that breaks its own schema as a 500, not a 422', async () => {
    const app = new Elysia()
      .use(problemPlugin(t.context))
      .use(operationsPlugin('test2', [wrongShape], t.context))
    const response = await app.handle(new Request('http://localhost/shape'))
    expect(response.status).toBe(500)
    expect(isProblem({ status: 500, headers: response.headers, body: null, text: '' })).toBe(true)
  })
})
