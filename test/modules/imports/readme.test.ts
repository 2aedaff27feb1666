// The README's import → sources → trends walk-through, run as written (only the port changed) after the
// sign-in walk-through that gives it a key, against a live server.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot, startServer } from '../../support/server'

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'])
})
afterAll(() => server?.stop())

function block(name: string): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < 0) throw new Error(`README.md has no ${start} … ${end} block`)
  return readme.slice(from + start.length, to).replace(/^\s*```sh\n|```\s*$/g, '')
}

describe('README imports walk-through', () => {
  it('imports three files, lists sources and shows both markers improving, exactly as written', () => {
    const script = `set -euo pipefail\n${block('walkthrough')}\n${block('imports-walkthrough')}`.replaceAll(
      'http://localhost:3000',
      server.base,
    )
    const run = Bun.spawnSync(['bash', '-c', script], { cwd: repoRoot, stdout: 'pipe', stderr: 'pipe' })
    const out = run.stdout.toString()
    expect(run.stderr.toString()).toBe('')
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
