// The README's import → sources → trends walk-through, run as written (only the port changed) after the
// sign-in walk-through that gives it a key, against a live server.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { runReadmeBlocks } from '../../support/readme'
import { startServer } from '../../support/server'

let server: Awaited<ReturnType<typeof startServer>>

/** The top-level JSON objects in curl output printed back to back. */
function jsonObjects(text: string): any[] {
  const out: any[] = []
  let depth = 0
  let start = -1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') {
      if (depth++ === 0) start = i
    } else if (c === '}' && --depth === 0) out.push(JSON.parse(text.slice(start, i + 1)))
  }
  return out
}

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

  it('previews, imports, lists and deletes a lab report PDF, exactly as written', () => {
    const run = runReadmeBlocks(['walkthrough', 'lab-reports-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const answers = jsonObjects(run.stdout)
    const preview = answers.find((a) => a.dry_run === true)
    expect(preview).toMatchObject({ source_id: null, format: 'lab_pdf', observation_count: 11 })
    const page = answers.find((a) => Array.isArray(a.data) && a.data[0]?.code === 'total_cholesterol')
    expect(page.data[0]).toMatchObject({
      original_text: 'CHOLESTEROL, TOTAL   212 H   <200 mg/dL   EN',
      source_ref: 'page 1, line 10',
      value: 212,
      comparator: null,
      lab_flag: 'high',
      flag: 'H',
      reference_high: 200,
    })
    expect(page.data).toHaveLength(3)
    expect(typeof page.next_cursor).toBe('string')
    expect(answers.find((a) => a.deleted === true)).toMatchObject({
      observations_deleted: 11,
      analyses_citing: [],
    })
  })
})
