// The README's curl walk-throughs, run as written (only the port changed) against a live server, and the
// README's configuration table checked against the declared configuration.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { configTable } from '../../scripts/readme-config'
import { readmeText, runReadmeBlocks } from '../support/readme'
import { startServer } from '../support/server'

let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'])
})
afterAll(() => server?.stop())

/** The JSON documents a block printed, one per curl that printed one. */
function jsonDocuments(out: string): any[] {
  return out
    .replace(/\}\s*\{/g, '}\n{')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
}

describe('README', () => {
  it('shows the two newcomer commands', () => {
    expect(readmeText()).toContain('bun install && bun run start')
    expect(readmeText()).toContain('bun install && bun run test')
  })

  it('walks through sign-in, key creation and a protected call exactly as written', () => {
    const run = runReadmeBlocks(['walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const me = jsonDocuments(run.stdout).at(-1)
    expect(me).toMatchObject({ kind: 'api_key', tier: 'free', billing_admin: false })
    expect(me.user_id).toMatch(/^usr_/)
  })

  it('walks through import, analysis, action plan and dashboard link exactly as written', async () => {
    const run = runReadmeBlocks(['walkthrough', 'analyses-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const docs = jsonDocuments(run.stdout)
    const plan = docs.find((d) => Array.isArray(d.actions))
    expect(plan.actions.length).toBeGreaterThan(0)
    const link = docs.at(-1)
    expect(link).toMatchObject({ visibility: 'private_by_possession', design: { id: 'compact_mobile' } })
    const page = await fetch(link.dashboard_url.replace('http://localhost:3000', server.base))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<svg')
  })

  it('walks through the profile and an urgent result exactly as written', () => {
    const run = runReadmeBlocks(['walkthrough', 'interpretation-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const docs = jsonDocuments(run.stdout)
    const profile = docs.find((d) => d.sex !== undefined && d.birth_date !== undefined)
    expect(profile.sex).toEqual({
      value: 'male',
      origin: { kind: 'user', source_id: null, detail: 'set by the user' },
    })
    const analysis = docs.at(-1)
    expect(analysis.input.profile).toMatchObject({ sex: 'male' })
    expect(analysis.urgent).toMatchObject({ level: 'seek_care_now' })
    expect(analysis.urgent.findings[0]).toMatchObject({ code: 'potassium', basis: 'both' })
  })

  it('walks through a genetics upload, its job, findings and ancestry exactly as written', () => {
    const run = runReadmeBlocks(['walkthrough', 'genetics-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const docs = jsonDocuments(run.stdout)
    const job = docs.find((d) => typeof d.id === 'string' && d.id.startsWith('job_'))
    expect(job.state).toBe('succeeded')
    const source = docs.find((d) => d.modality === 'genetics')
    expect(source).toMatchObject({ format: 'vcf', source_id: job.source_id })
    // The fixture's first sample is HG00096, a British person in 1000 Genomes.
    const ancestry = docs.at(-1)
    expect(ancestry.source_id).toBe(job.source_id)
    expect(ancestry.result.closest_group.super_population.code).toBe('EUR')
    expect(ancestry.result.assumption).toBe('variant_only')
  })

  it('sends a file part by part with the resumable loop, each round resuming where the service stands', () => {
    // 8 KiB parts make the 24 KB fixture take several rounds, each asking where to resume.
    const run = runReadmeBlocks(
      ['walkthrough', 'genetics-walkthrough', 'genetics-resumable'],
      server.base,
      'PART=8192',
    )
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const completed = jsonDocuments(run.stdout).at(-1)
    expect(completed).toMatchObject({ state: 'completed', received_bytes: 24681, size_bytes: 24681 })
    expect(completed.job_id).toStartWith('job_')
  })

  it('lists every configuration variable, as scripts/readme-config.ts writes it', () => {
    expect(readmeText()).toContain(configTable())
  })
})
