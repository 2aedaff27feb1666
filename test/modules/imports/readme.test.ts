// The README's import → sources → trends walk-through, run as written (only the port changed) after the
// sign-in walk-through that gives it a key, against a live server.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { runReadmeBlocks } from '../../support/readme'
import { startServer } from '../../support/server'

let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'])
})
afterAll(() => server?.stop())

describe('README imports walk-through', () => {
  it('imports three files, lists sources and shows both markers improving, exactly as written', () => {
    const run = runReadmeBlocks(['walkthrough', 'imports-walkthrough'], server.base)
    const out = run.stdout
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(out).toContain('"format":"lab_csv"')
    expect(out).toContain('"format":"lab_text"')
    expect(out).toContain('"format":"apple_health_xml"')
    const trends = JSON.parse(out.slice(out.lastIndexOf('{"user_id":')))
    expect(trends).toMatchObject({ marker_count: 2, improving: 2, worsening: 0, stable: 0, window_days: 730 })
    expect(trends.markers.map((m: { marker: string }) => m.marker)).toEqual(['ldl_cholesterol', 'hba1c'])
    expect(trends.markers[0].latest).toBeCloseTo(131.5, 1)
  })
})
