// The README's curl walk-through, run as written (only the port changed) against a live server, and the
// README's configuration table checked against the declared configuration.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { configTable } from '../../scripts/readme-config'
import { repoRoot, startServer } from '../support/server'

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'])
})
afterAll(() => server?.stop())

function section(start: string, end: string): string {
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < 0) throw new Error(`README.md has no ${start} … ${end} section`)
  return readme.slice(from + start.length, to)
}

describe('README', () => {
  it('shows the two newcomer commands', () => {
    expect(readme).toContain('bun install && bun run start')
    expect(readme).toContain('bun install && bun run test')
  })

  it('walks through sign-in, key creation and a protected call exactly as written', async () => {
    const block = section('<!-- walkthrough:start -->', '<!-- walkthrough:end -->').replace(
      /^\s*```sh\n|```\s*$/g,
      '',
    )
    const script = `set -euo pipefail\n${block.replaceAll('http://localhost:3000', server.base)}`
    const run = Bun.spawnSync(['bash', '-c', script], { stdout: 'pipe', stderr: 'pipe' })
    const out = run.stdout.toString()
    expect(run.stderr.toString()).toBe('')
    expect(run.exitCode).toBe(0)
    const last = JSON.parse(
      out
        .trim()
        .split('\n')
        .at(-1)!
        .replace(/^.*?(\{"kind")/, '$1'),
    )
    expect(last).toMatchObject({ kind: 'api_key', tier: 'free', billing_admin: false })
    expect(last.user_id).toMatch(/^usr_/)
  })

  it('lists every configuration variable, as scripts/readme-config.ts writes it', () => {
    expect(readme).toContain(configTable())
  })
})
