// HTTP benchmark: our service's public route and an authenticated route (API key hash lookup, scope
// resolution, validation, problem plugin) beside a bare Bun.serve answering the same JSON, measured in
// the same run by a separate load-generator process. Compare within one run; the machine is shared.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../modules/app'
import { testConfig } from '../modules/shared/config'

const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32)
const dir = mkdtempSync(join(tmpdir(), 'wds-bench-'))

const baseline = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: () => Response.json({ status: 'ok', version: '0.5.2', uptime_seconds: 1 }),
})

const { app, context, close } = await createApp(
  testConfig({
    dataDir: dir,
    databaseUrl: `file:${join(dir, 'bench.db')}`,
    nodeEnv: 'development',
    logLevel: 'silent',
  }),
)
app.listen({ port: 0, hostname: '127.0.0.1' })
const ours = `http://127.0.0.1:${app.server!.port}`

// A real API key, made the way a user makes one.
await fetch(`${ours}/auth/otp/start`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com' }),
})
const code = context.outbox!.latestFor('bench@example.com')[0].text.match(/(\d{8})/)![1]
const session = (await (
  await fetch(`${ours}/auth/otp/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', token: code }),
  })
).json()) as any
const key = (await (
  await fetch(`${ours}/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: '{}',
  })
).json()) as any

async function load(url: string, token = '') {
  const child = Bun.spawn(
    ['bun', join(import.meta.dir, 'http-load.ts'), url, String(seconds), String(concurrency), token],
    { stdout: 'pipe' },
  )
  return JSON.parse(await new Response(child.stdout).text()) as {
    requests: number
    errors: number
    rps: number
    p50: number
    p99: number
  }
}

const rows = [
  ['baseline: bare Bun.serve JSON', await load(`http://127.0.0.1:${baseline.port}/`)],
  ['ours: GET /health (public)', await load(`${ours}/health`)],
  ['ours: GET /me (API key)', await load(`${ours}/me`, key.api_key)],
] as const

const base = rows[0][1].rps
console.log(
  `\nHTTP, ${concurrency} concurrent, ${seconds}s each, one load-generator process (${navigator.hardwareConcurrency} cores)\n`,
)
console.log('| route | requests/s | p50 ms | p99 ms | errors | vs baseline |')
console.log('|---|---:|---:|---:|---:|---:|')
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${(r.rps / base).toFixed(2)}x |`,
  )
}

baseline.stop(true)
await app.stop()
close()
rmSync(dir, { recursive: true, force: true })
