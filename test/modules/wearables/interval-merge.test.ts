// Wearable days as people live them: an Apple Health night is filed by the day one wakes up, even when
// its first segment ends before midnight; steps are merged hour by hour across the phone and the watch,
// so hours only the phone counted (the watch on its charger) are kept and shared hours never doubled.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { wakeUpDay } from '../../../modules/wearables/readers/wake-up-day'
import { dailySeries } from '../../../modules/wearables/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'

const xml = readFileSync(
  join(import.meta.dir, '../../fixtures/interpretation/apple-health-two-devices.xml'),
  'utf8',
)

let t: TestApp
let p: Awaited<ReturnType<TestApp['userWithKey']>>
let sourceId: string

beforeAll(async () => {
  t = await testApp()
  p = await t.userWithKey()
  const r = await t.call('POST', '/imports/file', {
    token: p.key,
    body: { filename: 'export.xml', text: xml },
  })
  expect(r.status).toBe(201)
  sourceId = r.body.source_id
})
afterAll(() => t.cleanup())

describe('Apple Health sleep', () => {
  it('files every segment of a night under the day one wakes up, naps under their own day', async () => {
    const sleep = await dailySeries(t.context, scopeOf(p), 'sleep_duration')
    // 22:40-23:35 (55 min) + 23:35-01:05 (90) + 01:05-06:40 (335) = 480 min on the morning of 03-04, plus
    // the 30-minute nap that afternoon.
    expect(sleep.map((d) => [d.date, d.value])).toEqual([['2026-03-04', 510]])
    expect(wakeUpDay('2026-03-03 23:35:00 +0100', '2026-03-03')).toBe('2026-03-04')
    expect(wakeUpDay('2026-03-04 06:40:00 +0100', '2026-03-04')).toBe('2026-03-04')
    expect(wakeUpDay('2026-03-04 14:30:00 +0100', '2026-03-04')).toBe('2026-03-04')
  })
})

describe('steps across devices', () => {
  it('merge hour by hour: the watch where it counted, the phone where only it did, never both', async () => {
    const steps = await dailySeries(t.context, scopeOf(p), 'steps')
    expect(steps).toHaveLength(1)
    // Watch 09h 1250 + phone-only 13h 2600 + watch 18h 980; the phone's 09h and 18h are not added.
    expect(steps[0]).toMatchObject({
      date: '2026-03-03',
      value: 4830,
      device: 'apple_watch',
      source_id: sourceId,
      filled_in: [{ device: 'iphone', value: 2600, source_id: sourceId }],
    })
    expect(steps[0].observation_ids).toHaveLength(2)
    expect(steps[0].set_aside).toBeUndefined()
  })
})
