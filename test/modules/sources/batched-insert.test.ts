// Storing a large source lets other requests run between its insert batches, and never shows a source
// half-written: until its row is written, none of its observations are visible; then all of them are.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource, listObservations, listSources } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

/** Generous: these tests move tens of thousands of rows on a machine that may be shared. */
const HEAVY_TIMEOUT = 60_000

let t: TestApp
beforeAll(async () => {
  t = await testApp()
}, HEAVY_TIMEOUT)
afterAll(() => t.cleanup())

const ROWS = 5_000

describe('storing a large source', () => {
  it(
    'serves reads between batches and shows the source only whole',
    async () => {
      const person = await t.userWithKey()
      const scope = scopeOf(person)
      const observations = Array.from({ length: ROWS }, (_, i) => ({
        modality: 'biomarkers' as const,
        code: 'glucose',
        original_name: 'Glucose',
        value: 90 + (i % 10),
        unit: 'mg/dL',
        observed_at: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
      }))
      let finished = false
      const storing = createSource(
        t.context,
        scope,
        { modality: 'biomarkers', format: 'lab_csv' },
        observations,
      ).then((source) => {
        finished = true
        return source
      })
      const seen: { sources: number; observations: number }[] = []
      while (!finished) {
        const [sources, rows] = await Promise.all([
          listSources(t.context, scope, {}),
          listObservations(t.context, scope),
        ])
        seen.push({ sources: sources.data.length, observations: rows.length })
        await new Promise((resolve) => setImmediate(resolve))
      }
      const source = await storing
      // Reads ran while the insert was under way, and each saw nothing or everything.
      expect(seen.filter((s) => s.sources === 0).length).toBeGreaterThan(1)
      for (const s of seen)
        expect(s).toEqual(
          s.sources === 0 ? { sources: 0, observations: 0 } : { sources: 1, observations: ROWS },
        )
      expect((await listObservations(t.context, scope, { sourceIds: [source.id] })).length).toBe(ROWS)
    },
    HEAVY_TIMEOUT,
  )
})
