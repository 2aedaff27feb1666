// The gate: 401 before anything else, 403 for a missing grant or principal kind, and 403 when a request
// names another user or workspace (with the plan rule for Free and Standard personal keys).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import * as authRepo from '../../../modules/auth/repo'
import { defineOperation } from '../../../modules/shared/operation'
import { operationsPlugin } from '../../../modules/shared/operations-plugin'
import { SERVE_OTHERS_RULE } from '../../../modules/shared/plans'
import { problemPlugin } from '../../../modules/shared/problem-plugin'
import { type TestApp, testApp } from '../../support/app'

const writeThing = defineOperation(
  {
    id: 'test.things.create',
    method: 'POST',
    path: '/users/:user_id/things',
    summary: 'create a thing',
    tags: ['Test'],
    grant: 'imports',
    params: Type.Object({ user_id: Type.String() }),
    query: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
      deep: Type.Optional(Type.Boolean()),
    }),
    body: Type.Object({ organization_id: Type.Optional(Type.String()), n: Type.Number() }),
    output: Type.Object({
      by: Type.String(),
      limit: Type.Union([Type.Integer(), Type.Null()]),
      deep: Type.Boolean(),
    }),
    status: 201,
  },
  ({ query }, { principal }) => ({
    by: principal.user_id,
    limit: query.limit ?? null,
    deep: query.deep ?? false,
  }),
)
const billingOnly = defineOperation(
  {
    id: 'test.billing',
    method: 'GET',
    path: '/billing-thing',
    summary: 'needs billing',
    tags: ['Test'],
    grant: 'billing',
    output: Type.Object({}),
  },
  () => ({}),
)

let t: TestApp
let app: Elysia
beforeAll(async () => {
  t = await testApp()
  app = new Elysia()
    .use(problemPlugin(t.context))
    .use(operationsPlugin('gate-test', [writeThing, billingOnly], t.context)) as never
})
afterAll(() => t.cleanup())

async function post(path: string, token: string | null, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const r = await app.handle(
    new Request(`http://localhost${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  )
  return { status: r.status, body: (await r.json()) as any }
}

describe('gate', () => {
  it('lets the owner act on their own user id, with query scalars converted strictly', async () => {
    const p = await t.userWithKey()
    const r = await post(`/users/${p.userId}/things?limit=3&deep=true`, p.key, {
      organization_id: p.organizationId,
      n: 1,
    })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({ by: p.userId, limit: 3, deep: true })
    const fractional = await post(`/users/${p.userId}/things?limit=1.5`, p.key, { n: 1 })
    expect(fractional.status).toBe(422)
    expect(fractional.body.errors[0]).toMatchObject({ in: 'query', path: '/limit' })
    const tooMany = await post(`/users/${p.userId}/things?limit=11`, p.key, { n: 1 })
    expect(tooMany.body.errors[0].message).toBe('Expected integer to be less or equal to 10')
  })

  it('gives an anonymous caller 401 even when the body is invalid', async () => {
    const r = await post('/users/usr_x/things', null, { n: 'nope' })
    expect(r.status).toBe(401)
  })

  it('refuses a Free personal key naming another user with the plan rule', async () => {
    const p = await t.userWithKey()
    const r = await post('/users/usr_someone_else/things', p.key, { n: 1 })
    expect(r.status).toBe(403)
    expect(r.body.detail).toBe(SERVE_OTHERS_RULE)
  })

  it('refuses a Standard key too, and points a Builder key to service tokens', async () => {
    const standard = await t.userWithKey()
    await authRepo.setOrganizationTier(t.context.db, standard.organizationId, 'standard')
    expect((await post('/users/usr_other/things', standard.key, { n: 1 })).body.detail).toBe(
      SERVE_OTHERS_RULE,
    )
    const builder = await t.userWithKey()
    await authRepo.setOrganizationTier(t.context.db, builder.organizationId, 'builder')
    const r = await post('/users/usr_other/things', builder.key, { n: 1 })
    expect(r.status).toBe(403)
    expect(r.body.detail).toContain('POST /service-tokens')
  })

  it('refuses another organization id in the body', async () => {
    const p = await t.userWithKey()
    const r = await post(`/users/${p.userId}/things`, p.key, { organization_id: 'org_other', n: 1 })
    expect(r.status).toBe(403)
    expect(r.body.detail).toBe('This token belongs to one workspace; the request names another organization.')
  })

  it('keeps a service token to its own end user', async () => {
    const integrator = await t.userWithKey()
    await authRepo.setOrganizationTier(t.context.db, integrator.organizationId, 'builder')
    const minted = await t.call('POST', '/service-tokens', {
      token: integrator.key,
      body: { user_id: 'alice' },
    })
    const token = minted.body.access_token
    expect((await post('/users/alice/things', token, { n: 1 })).status).toBe(201)
    const other = await post('/users/bob/things', token, { n: 1 })
    expect(other.status).toBe(403)
    expect(other.body.detail).toBe('This token acts for one user; the request names another user.')
  })

  it('refuses a token without the grant, naming it', async () => {
    const p = await t.signIn()
    const r = await app.handle(
      new Request('http://localhost/billing-thing', { headers: { authorization: `Bearer ${p.session}` } }),
    )
    expect(r.status).toBe(403)
    expect(((await r.json()) as any).detail).toBe(
      'The token does not carry the "billing" grant this operation needs.',
    )
  })

  it('keeps a sandbox token to sandbox operations', async () => {
    const sandbox = await t.call('POST', '/sandbox/sessions')
    expect(sandbox.status).toBe(201)
    const r = await post(`/users/${sandbox.body.user_id}/things`, sandbox.body.sandbox_token, { n: 1 })
    expect(r.status).toBe(403)
    expect(r.body.detail).toBe('The token does not carry the "imports" grant this operation needs.')
  })
})
