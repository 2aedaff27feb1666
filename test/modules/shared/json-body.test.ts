// A JSON body is an object where the schema says so: strings, arrays, numbers, booleans and null are a
// 422, not an empty object; nested objects (the analysis `profile`) are typed the same way.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { isProblem, type TestApp, testApp } from '../../support/app'

let t: TestApp
let person: Awaited<ReturnType<TestApp['userWithKey']>>
let sandbox: string
beforeAll(async () => {
  t = await testApp()
  person = await t.userWithKey()
  sandbox = (await t.call('POST', '/sandbox/sessions')).body.sandbox_token
})
afterAll(() => t.cleanup())

const NOT_OBJECTS: [string, string][] = [
  ['"str"', 'a string'],
  ['[1,2]', 'an array'],
  ['1', 'a number'],
  ['true', 'a boolean'],
  ['null', 'null'],
]

describe('JSON bodies that are not objects', () => {
  const routes = () => [
    { path: '/analyses', token: person.key },
    { path: '/analyses/an_01kf0e44m00000000000000000/action-plan', token: person.key },
    { path: '/api-keys', token: person.session },
    { path: '/sandbox/hero', token: sandbox },
    { path: `/users/${person.userId}/health-context`, token: person.key },
    { path: `/users/${person.userId}/trends`, token: person.key },
    { path: '/goals', token: person.key },
  ]
  for (const [raw, kind] of NOT_OBJECTS) {
    it(`answers ${raw} with 422 on every operation that takes a body`, async () => {
      for (const { path, token } of routes()) {
        const r = await t.call('POST', path, {
          token,
          rawBody: raw,
          headers: { 'content-type': 'application/json' },
        })
        expect({ path, status: r.status }).toEqual({ path, status: 422 })
        expect(isProblem(r)).toBe(true)
        expect(r.body.detail).toBe(`Invalid request: body /: Expected a JSON object, got ${kind}.`)
        expect(r.body.errors).toEqual([{ in: 'body', path: '/', message: 'Expected object' }])
      }
    })
  }

  it('still answers an anonymous caller 401 before judging its body', async () => {
    const r = await t.call('POST', '/analyses', {
      rawBody: '"str"',
      headers: { 'content-type': 'application/json' },
    })
    expect(r.status).toBe(401)
  })

  it('still reads an empty body as {} so that the missing fields are named', async () => {
    const r = await t.call('POST', '/api-keys', { token: person.session, rawBody: '' })
    expect(r.status).toBe(201)
  })
})

describe('typed nested fields', () => {
  for (const profile of [123, 'female', [], true]) {
    it(`refuses profile ${JSON.stringify(profile)} with 422 naming /profile`, async () => {
      const r = await t.call('POST', '/analyses', { token: person.key, body: { profile } })
      expect(r.status).toBe(422)
      expect(r.body.errors).toContainEqual(expect.objectContaining({ in: 'body', path: '/profile' }))
    })
  }

  it('refuses a profile with a wrong field type', async () => {
    const r = await t.call('POST', '/analyses', { token: person.key, body: { profile: { age_years: '42' } } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toContainEqual(expect.objectContaining({ path: '/profile/age_years' }))
  })
})
