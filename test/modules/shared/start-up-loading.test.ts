// What the service loads before it can answer: code that only some requests need (genetics, the import
// readers, UCUM, the payment and billing SDKs, MCP, the shared stores' clients) must load with its first
// use, not at start-up, or the compiled binary's start-up target (issue 22) slides back. Checked in a
// process of its own (test/support/loaded-at-start.ts), since this one has loaded everything by now.

import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'

const script = join(import.meta.dir, '..', '..', 'support', 'loaded-at-start.ts')

function loadedFiles(env: Record<string, string> = {}): string[] {
  const run = Bun.spawnSync([process.execPath, script], {
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  if (run.exitCode !== 0) throw new Error(run.stderr.toString().slice(-2000))
  const lines = run.stdout.toString().trim().split('\n')
  return JSON.parse(lines[lines.length - 1]!) as string[]
}

/** Loaded on first use only: a file path fragment, and what needs it. */
const LAZY: [string, string][] = [
  ['/genetics-core/index.ts', 'the first genetics file'],
  ['/genetics-core/scan/', 'the first genetics file'],
  ['/genetics-core/ancestry/model', 'the first genetics file'],
  ['/@gmod/tabix/', 'a tabix region-read join'],
  ['/modules/imports/parse-content.ts', 'the first import'],
  ['/csv-parse/', 'the first import'],
  ['/unpdf/', 'the first PDF import'],
  ['/@lhncbc/ucum-lhc/', 'the first unit conversion'],
  ['/modules/privacy/archive.ts', 'the first export'],
  ['/fflate/', 'the first export'],
  ['/jose/', 'the first OIDC token'],
  ['/oauth4webapi/', 'the first wearable connection'],
  ['/saxes/', 'an Apple Health export or an S3 multipart answer'],
  ['/rate-limiter-flexible/index.js', 'nothing: only the stores in use are loaded'],
  ['/RateLimiterRedis.js', 'a Redis rate-limit store'],
  ['/RateLimiterPostgres.js', 'a PostgreSQL rate-limit store'],
  ['/@modelcontextprotocol/sdk/', 'the first MCP request'],
  ['/@x402/', 'X402_* configured'],
  ['/node_modules/stripe/', 'the first billing call'],
  ['/graphile-worker/', 'QUEUE_DATABASE_URL'],
  ['/ioredis/', 'a Redis rate-limit store'],
  ['/node_modules/pg/', 'a PostgreSQL queue or store'],
  ['/nodemailer/', 'the first mail over SMTP'],
  ['/@libsql/', 'the libsql driver'],
]

describe('start-up loading', () => {
  it('loads none of the code that only some requests need before the first /health answer', () => {
    const loaded = loadedFiles()
    // The list is real: the framework, the database layer and our modules are in it.
    expect(loaded.some((f) => f.includes('/node_modules/elysia/'))).toBe(true)
    expect(loaded.some((f) => f.includes('/modules/sources/repo.ts'))).toBe(true)
    const early = LAZY.filter(([fragment]) => loaded.some((f) => f.includes(fragment))).map(
      ([fragment, need]) => `${fragment} (needed only by ${need})`,
    )
    expect(early).toEqual([])
  }, 60_000)

  it('loads the import readers with the first import', () => {
    const loaded = loadedFiles({ IMPORT_FIRST: '1' })
    expect(loaded.some((f) => f.endsWith('/modules/imports/parse-content.ts'))).toBe(true)
    expect(loaded.some((f) => f.includes('/csv-parse/'))).toBe(true)
  }, 60_000)
})
