// A long series cannot stall a trend request: one request reads at most MAX_TREND_ROWS observations (the
// newest in the window, and says from when it covers), judges direction on every row it read, and hands a
// chart at most MAX_POINTS_PER_MARKER points, evenly spaced with the first and latest kept.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { MAX_POINTS_PER_MARKER, MAX_TREND_ROWS } from '../../../modules/trends/model'
import { thinPoints } from '../../../modules/trends/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

/** Generous: these tests move tens of thousands of rows on a machine that may be shared. */
const HEAVY_TIMEOUT = 60_000

const NOW = new Date('2026-06-01T12:00:00.000Z')
const ROWS = MAX_TREND_ROWS + 5_000
const STEP_MS = 20 * 60_000

let t: TestApp
let person: Awaited<ReturnType<TestApp['userWithKey']>>

/** `count` LDL results every 20 minutes back from now, newest at i = 0, value rising over time. */
function ldlSeries(count: number): NewObservationInput[] {
  return Array.from({ length: count }, (_, i) => ({
    modality: 'biomarkers' as const,
    code: 'ldl_cholesterol',
    original_name: 'LDL-C',
    value: 100 + (count - i) / 250,
    unit: 'mg/dL',
    observed_at: new Date(NOW.getTime() - i * STEP_MS).toISOString(),
    source_ref: `line ${i + 2}`,
  }))
}

beforeAll(async () => {
  t = await testApp()
  t.clock.set(NOW)
  person = await t.userWithKey()
  await createSource(
    t.context,
    scopeOf(person),
    { modality: 'biomarkers', format: 'lab_csv' },
    ldlSeries(ROWS),
  )
}, HEAVY_TIMEOUT)
afterAll(() => t.cleanup())

describe('trends over a long series', () => {
  it(
    'reads only the newest MAX_TREND_ROWS results and says where the window was cut',
    async () => {
      const r = await t.call('POST', `/users/${person.userId}/trends`, {
        token: person.key,
        body: { markers: ['LDL-C'], window_days: 3650 },
      })
      expect(r.status).toBe(200)
      const [ldl] = r.body.markers
      expect(ldl.point_count).toBe(MAX_TREND_ROWS)
      const oldestRead = new Date(NOW.getTime() - (MAX_TREND_ROWS - 1) * STEP_MS).toISOString()
      expect(r.body.window_cut).toEqual({
        covered_from: oldestRead,
        kinds: ['biomarker'],
        max_rows: MAX_TREND_ROWS,
        detail: expect.stringContaining('only the newest were read'),
      })
      // The chart gets a thinned series that still starts and ends at the real first and latest results.
      expect(ldl.points).toHaveLength(MAX_POINTS_PER_MARKER)
      expect(ldl.points_thinned).toBe(true)
      expect(ldl.points[0].observed_at).toBe(oldestRead)
      expect(ldl.points.at(-1).observed_at).toBe(NOW.toISOString())
      expect(ldl.latest).toBe(100 + ROWS / 250)
      expect(ldl.direction).toBe('worsening')
    },
    HEAVY_TIMEOUT,
  )

  it(
    'reads everything and cuts nothing when the window holds fewer results',
    async () => {
      const r = await t.call('POST', `/users/${person.userId}/trends`, {
        token: person.key,
        body: { markers: ['LDL-C'], window_days: 1 },
      })
      expect(r.status).toBe(200)
      expect(r.body.window_cut).toBeNull()
      // 24 h at one result per 20 minutes, both ends included.
      expect(r.body.markers[0]).toMatchObject({ point_count: 73, points_thinned: false })
      expect(r.body.markers[0].points).toHaveLength(73)
    },
    HEAVY_TIMEOUT,
  )
})

describe('trends over a long wearable series', () => {
  it(
    'reads the newest MAX_TREND_ROWS samples of a metric and leaves out the days the cut may have split',
    async () => {
      const walker = await t.userWithKey()
      // One steps record every 20 minutes (72 a day) for longer than one request reads.
      const samples: NewObservationInput[] = Array.from({ length: MAX_TREND_ROWS + 2_000 }, (_, i) => ({
        modality: 'wearables',
        code: 'steps',
        original_name: 'steps',
        value: 100,
        unit: '{steps}',
        observed_at: new Date(NOW.getTime() - i * STEP_MS).toISOString(),
        device: 'apple_watch',
      }))
      await createSource(
        t.context,
        scopeOf(walker),
        { modality: 'wearables', format: 'wearable_samples_csv' },
        samples,
      )
      const r = await t.call('POST', `/users/${walker.userId}/trends`, {
        token: walker.key,
        body: { markers: ['steps'], window_days: 3650 },
      })
      expect(r.status).toBe(200)
      const oldestRead = new Date(NOW.getTime() - (MAX_TREND_ROWS - 1) * STEP_MS).toISOString()
      expect(r.body.window_cut).toMatchObject({
        covered_from: oldestRead,
        kinds: ['wearable'],
        max_rows: MAX_TREND_ROWS,
      })
      const [steps] = r.body.markers
      // Whole days only: the first day kept is two days after the oldest sample read, with all 72 samples.
      const firstDay = new Date(Date.parse(oldestRead.slice(0, 10)) + 2 * 86_400_000).toISOString()
      expect(steps.points[0]).toMatchObject({ observed_at: firstDay, value: 7_200 })
      expect(steps.point_count).toBe(steps.points.length)
    },
    HEAVY_TIMEOUT,
  )
})

describe('thinning points for a chart', () => {
  const points = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ value: i, observed_at: `t${i}`, source_id: 'src_x' }))

  it(
    'keeps a short series whole',
    () => {
      expect(thinPoints(points(10), 20)).toHaveLength(10)
    },
    HEAVY_TIMEOUT,
  )

  it(
    'keeps first, latest and evenly spaced points between',
    () => {
      expect(thinPoints(points(101), 11).map((p) => p.value)).toEqual([
        0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
      ])
    },
    HEAVY_TIMEOUT,
  )
})
