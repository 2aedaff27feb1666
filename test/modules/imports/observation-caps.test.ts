// Caps on stored observations: one import may store at most OBSERVATIONS_MAX_PER_SOURCE (413 past it) and
// one user's live sources at most OBSERVATIONS_MAX_PER_USER (422 `limit-exceeded`); nothing is stored
// from a refused import, and parallel imports cannot pass the per-user cap together.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { listSources } from '../../../modules/sources/service'
import { isProblem, scopeOf, type TestApp, testApp } from '../../support/app'
import { importer } from './support'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ observations: { maxPerSource: 3, maxPerUser: 5 } })
})
afterAll(() => t.cleanup())

const labCsv = (rows: number, day = 10) =>
  `Marker,Value,Unit,Date\n${[
    'LDL-C,128,mg/dL',
    'HDL-C,52,mg/dL',
    'Glucose,92,mg/dL',
    'Triglycerides,140,mg/dL',
  ]
    .slice(0, rows)
    .map((r) => `${r},2026-01-${day}`)
    .join('\n')}\n`

describe('observation caps', () => {
  it('answers 413 naming OBSERVATIONS_MAX_PER_SOURCE for an import with more observations, storing nothing', async () => {
    const p = await t.userWithKey()
    const r = await importer(t).upload(p, { filename: 'labs.csv', text: labCsv(4) })
    expect(r.status).toBe(413)
    expect(isProblem(r)).toBe(true)
    expect(r.body).toMatchObject({
      limit: 'OBSERVATIONS_MAX_PER_SOURCE',
      max_observations: 3,
      observations: 4,
    })
    expect(r.body.detail).toContain('OBSERVATIONS_MAX_PER_SOURCE')
    expect((await listSources(t.context, scopeOf(p), {})).data).toHaveLength(0)
  })

  it('answers 422 limit-exceeded once the user would hold more than OBSERVATIONS_MAX_PER_USER', async () => {
    const p = await t.userWithKey()
    expect((await importer(t).upload(p, { text: labCsv(3, 10) })).status).toBe(201)
    const second = await importer(t).upload(p, { text: labCsv(3, 11) })
    expect(second.status).toBe(422)
    expect(second.body).toMatchObject({
      title: 'Limit Exceeded',
      limit: 'OBSERVATIONS_MAX_PER_USER',
      max_observations: 5,
      held: 3,
      adding: 3,
    })
    expect(second.body.type).toEndWith('/problems/limit-exceeded')
    expect((await listSources(t.context, scopeOf(p), {})).data).toHaveLength(1)
    // What still fits is stored.
    expect((await importer(t).upload(p, { text: labCsv(2, 12) })).status).toBe(201)
  })

  it('lets only as many parallel imports through as fit under the per-user cap', async () => {
    const p = await t.userWithKey()
    const answers = await Promise.all(
      [10, 11, 12, 13].map((day) => importer(t).upload(p, { text: labCsv(3, day) })),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 422)).toHaveLength(3)
  })

  it('counts per user: another user imports freely', async () => {
    const other = await t.userWithKey()
    expect((await importer(t).upload(other, { text: labCsv(3) })).status).toBe(201)
  })
})
