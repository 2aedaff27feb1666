// The response check of declared operations: an output schema is an allow-list (undeclared fields go,
// nested ones and those inside union branches too), an answer that breaks its schema is a 500 logged as
// response.invalid, and the fast path hands back exactly what the handler returned when it fits.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { defineOperation } from '../../../modules/shared/operation'
import { operationsPlugin } from '../../../modules/shared/operations-plugin'
import { problemPlugin } from '../../../modules/shared/problem-plugin'
import { compileResponseCheck } from '../../../modules/shared/response-check'
import { type TestApp, testApp } from '../../support/app'

const Item = Type.Object({
  id: Type.String(),
  range: Type.Union([Type.Null(), Type.Object({ start: Type.String(), end: Type.String() })]),
  tags: Type.Array(Type.Object({ name: Type.String() })),
  extra: Type.Record(Type.String(), Type.Number()),
})
const Page = Type.Object({ data: Type.Array(Item), next_cursor: Type.Union([Type.String(), Type.Null()]) })

describe('compileResponseCheck', () => {
  const check = compileResponseCheck(Page)
  const exact = {
    data: [{ id: 'a', range: { start: 's', end: 'e' }, tags: [{ name: 'x' }], extra: { k: 1 } }],
    next_cursor: null,
  }

  it('passes an answer with exactly the declared fields through unchanged', () => {
    const result = check(exact)
    expect(result).toEqual({ ok: true, value: exact })
    expect(result.ok && result.value).toBe(exact)
  })

  it('removes undeclared fields at every depth, in arrays and union branches, and keeps record entries', () => {
    const result = check({
      secret: 'top',
      data: [
        {
          id: 'a',
          token_hash: 'nested',
          range: { start: 's', end: 'e', internal: true },
          tags: [{ name: 'x', hidden: 1 }],
          extra: { k: 1, j: 2 },
        },
      ],
      next_cursor: null,
    })
    expect(result).toEqual({
      ok: true,
      value: {
        data: [{ id: 'a', range: { start: 's', end: 'e' }, tags: [{ name: 'x' }], extra: { k: 1, j: 2 } }],
        next_cursor: null,
      },
    })
  })

  it('cleans a copy: the value it was given (perhaps a cached read other requests share) keeps its fields', () => {
    const shared = {
      data: [{ id: 'a', range: { start: 's', end: 'e', internal: true }, tags: [], extra: {} }],
      next_cursor: null,
    }
    const before = structuredClone(shared)
    const result = check(shared)
    expect(result.ok && result.value).toEqual({
      data: [{ id: 'a', range: { start: 's', end: 'e' }, tags: [], extra: {} }],
      next_cursor: null,
    })
    expect(shared).toEqual(before)
    expect(check(Object.freeze(shared)).ok).toBe(true)
  })

  it('refuses an answer of the wrong shape, naming where', () => {
    const result = check({ data: [{ id: 1, range: null, tags: [], extra: {} }], next_cursor: null })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors[0]!.path).toBe('/data/0/id')
  })
})

describe('a declared operation over HTTP', () => {
  let t: TestApp
  let app: Elysia
  beforeAll(async () => {
    t = await testApp()
    const good = defineOperation(
      {
        id: 'test.good',
        method: 'GET',
        path: '/good',
        summary: 'x',
        tags: ['Test'],
        grant: null,
        output: Page,
      },
      () =>
        ({
          data: [{ id: 'a', range: null, tags: [], extra: {}, password: 'p' }],
          next_cursor: null,
        }) as never,
    )
    const bad = defineOperation(
      {
        id: 'test.bad',
        method: 'GET',
        path: '/bad',
        summary: 'x',
        tags: ['Test'],
        grant: null,
        output: Page,
      },
      () => ({ data: 'nope', next_cursor: null }) as never,
    )
    app = new Elysia()
      .use(problemPlugin(t.context))
      .use(operationsPlugin('test', [good, bad], t.context)) as never
  })
  afterAll(() => t.cleanup())

  it('strips the undeclared field from the answer', async () => {
    const response = await app.handle(new Request('http://localhost/good'))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      data: [{ id: 'a', range: null, tags: [], extra: {} }],
      next_cursor: null,
    })
  })

  it('answers 500 problem+json for an answer that breaks its schema, and logs response.invalid', async () => {
    const response = await app.handle(new Request('http://localhost/bad'))
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toStartWith('application/problem+json')
    expect(await response.text()).not.toContain('nope')
    const logged = t.log.lines.map((line) => JSON.parse(line)).filter((e) => e.event === 'response.invalid')
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.at(-1).errors[0].path).toBe('/data')
  })
})
