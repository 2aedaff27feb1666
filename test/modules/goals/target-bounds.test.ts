// A goal's numeric target is bounded: ±1e308 (or anything past ±1e9) is a 422, over HTTP and MCP alike
// (the tool validates against the same schema).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

describe('goal targets', () => {
  for (const target_value of [1e308, -1e308, 1e9 + 1, -1e9 - 1]) {
    it(`refuses target_value ${target_value} with 422 naming the field`, async () => {
      const p = await t.userWithKey()
      const r = await t.call('POST', '/goals', {
        token: p.key,
        body: { title: 'Absurd', marker: 'ldl_cholesterol', direction: 'below', target_value, unit: 'mg/dL' },
      })
      expect(r.status).toBe(422)
      expect(r.body.errors).toContainEqual(expect.objectContaining({ in: 'body', path: '/target_value' }))
      expect((await t.call('GET', '/goals', { token: p.key })).body.data).toEqual([])
    })
  }

  it('accepts a target at the bound', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/goals', {
      token: p.key,
      body: { title: 'Many steps', marker: 'steps', direction: 'above', target_value: 1e9 },
    })
    expect(r.status).toBe(201)
    expect(r.body.target_value).toBe(1e9)
  })
})
