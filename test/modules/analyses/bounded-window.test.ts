// Analyses, health context, retest reminders and query read a bounded window: the newest
// MAX_ANALYSIS_OBSERVATIONS lab results and MAX_ANALYSIS_SERIES_ROWS series rows, never every observation a
// user holds. Past the bound each answer says so and from when it covers; what is older is not read.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { loadDailySeries } from '../../../modules/analyses/daily-series'
import { MAX_ANALYSIS_OBSERVATIONS, MAX_ANALYSIS_SERIES_ROWS } from '../../../modules/analyses/read-window'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

/** Generous: these tests move tens of thousands of rows on a machine that may be shared. */
const HEAVY_TIMEOUT = 60_000

const NOW = new Date('2026-06-01T12:00:00.000Z')
const STEP_MS = 10 * 60_000
const at = (i: number) => new Date(NOW.getTime() - i * STEP_MS).toISOString()

let t: TestApp
let person: Awaited<ReturnType<TestApp['userWithKey']>>
let stepsSource: string

beforeAll(async () => {
  t = await testApp()
  t.clock.set(NOW)
  person = await t.userWithKey()
  const scope = scopeOf(person)
  const lab = (i: number): NewObservationInput => ({
    modality: 'biomarkers',
    code: 'glucose',
    original_name: 'Glucose',
    value: 90,
    unit: 'mg/dL',
    observed_at: at(i),
  })
  // One ferritin result older than every glucose result: outside the newest window once that is full.
  const ferritin: NewObservationInput = {
    modality: 'biomarkers',
    code: 'ferritin',
    original_name: 'Ferritin',
    value: 80,
    unit: 'ng/mL',
    observed_at: at(MAX_ANALYSIS_OBSERVATIONS + 100),
  }
  await createSource(t.context, scope, { modality: 'biomarkers', format: 'lab_csv' }, [
    ferritin,
    ...Array.from({ length: MAX_ANALYSIS_OBSERVATIONS + 50 }, (_, i) => lab(i)),
  ])
  const steps = (i: number): NewObservationInput => ({
    modality: 'wearables',
    code: 'steps',
    original_name: 'steps',
    value: 100,
    unit: '{steps}',
    observed_at: at(i),
    observed_end: at(i),
    device: 'apple_watch',
  })
  stepsSource = (
    await createSource(
      t.context,
      scope,
      { modality: 'wearables', format: 'wearable_samples_csv' },
      Array.from({ length: MAX_ANALYSIS_SERIES_ROWS + 50 }, (_, i) => steps(i)),
    )
  ).id
}, HEAVY_TIMEOUT)
afterAll(() => t.cleanup())

const labCutFrom = at(MAX_ANALYSIS_OBSERVATIONS - 1).slice(0, 10)

describe('bounded reads for analyses', () => {
  it(
    'analyses read the newest results only and say so in their limitations',
    async () => {
      const r = await t.call('POST', '/analyses', { token: person.key, body: {} })
      expect(r.status).toBe(201)
      const codes = r.body.observations.map((o: { code: string }) => o.code)
      expect(codes).toContain('glucose')
      expect(codes).not.toContain('ferritin')
      const notes = r.body.limitations.filter((l: string) => l.startsWith('More than'))
      expect(notes).toEqual(
        [
          expect.stringContaining(
            `${MAX_ANALYSIS_OBSERVATIONS} lab and diary results are stored, so only the newest (from ${labCutFrom})`,
          ),
          expect.stringContaining('wearable and behavioral series'),
        ].reverse(),
      )
    },
    HEAVY_TIMEOUT,
  )

  it(
    'daily series read the newest rows only and drop the days the cut may have split',
    async () => {
      const { series, cut } = await loadDailySeries(t.context, scopeOf(person), [stepsSource])
      const oldestRead = at(MAX_ANALYSIS_SERIES_ROWS - 1)
      expect(cut).toEqual({
        what: 'wearable and behavioral series',
        covered_from: oldestRead,
        max_rows: MAX_ANALYSIS_SERIES_ROWS,
      })
      const days = series.find((s) => s.code === 'steps')!.values
      const twoDaysLater = new Date(Date.parse(oldestRead.slice(0, 10)) + 2 * 86_400_000)
        .toISOString()
        .slice(0, 10)
      expect(days[0].date).toBe(twoDaysLater)
      // Every day kept is whole: 144 ten-minute records of 100 steps, except today's, still running.
      expect(days.slice(0, -1).every((d) => d.value === 14_400)).toBe(true)
    },
    HEAVY_TIMEOUT,
  )

  it(
    'health context and retest reminders carry the same note',
    async () => {
      const context = await t.call('POST', `/users/${person.userId}/health-context`, {
        token: person.key,
        body: {},
      })
      expect(context.status).toBe(200)
      expect(context.body.window_note).toContain(`only the newest (from ${labCutFrom})`)
      expect(context.body.text).toContain(context.body.window_note)
      const reminders = await t.call('GET', `/users/${person.userId}/retest-reminders`, { token: person.key })
      expect(reminders.status).toBe(200)
      expect(reminders.body.window_note).toContain('lab and diary results')
      expect(reminders.body.reminders.map((x: { code: string }) => x.code)).not.toContain('ferritin')
    },
    HEAVY_TIMEOUT,
  )

  it(
    'query notes the cut',
    async () => {
      const r = await t.call('POST', '/query', {
        token: person.key,
        body: { question: 'How is my glucose?' },
      })
      expect(r.status).toBe(200)
      expect(r.body.notes).toContainEqual(expect.stringContaining(`only the newest (from ${labCutFrom})`))
    },
    HEAVY_TIMEOUT,
  )
})
