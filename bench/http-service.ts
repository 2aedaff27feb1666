// The service under load for bench/http.ts, in a process of its own: the real app (every plugin, the
// default bun:sqlite driver unless DATABASE_DRIVER says otherwise) on a temporary SQLite file, seeded the
// way users seed it (sign-in, API keys, imports, an analysis). Prints one JSON line with the port and
// what the bench needs, then serves until killed.

import { join } from 'node:path'
import { createApp } from '../modules/app'
import { testConfig } from '../modules/shared/config'
import { parseRateLimits } from '../modules/shared/limits/rules'

const dir = process.argv[2]
if (!dir) throw new Error('usage: bun bench/http-service.ts <data dir>')

const defaults = testConfig()
const UNREACHABLE =
  'sign_in=1000000000/60,reads=1000000000/60,writes=1000000000/60,imports=1000000000/60,mcp=1000000000/60'
const driver = process.env.DATABASE_DRIVER as 'auto' | 'libsql' | 'bun-sqlite' | undefined
const { app, context } = await createApp(
  testConfig({
    dataDir: dir,
    databaseUrl: `file:${join(dir, 'bench.db')}`,
    databaseDriver: driver ?? 'auto',
    nodeEnv: 'development',
    logLevel: 'silent',
    // One trusted hop is testConfig's in-process setting; a real socket has a real peer.
    trustProxy: { hops: 0 },
    // The limiter still counts every request (its cost is part of the figures), but a load generator from
    // one address must never meet a 429: wrk would count those answers as fast successes.
    rateLimits: {
      ...defaults.rateLimits,
      perKey: parseRateLimits(UNREACHABLE),
      perIp: parseRateLimits(UNREACHABLE),
    },
  }),
)
app.listen({ port: 0, hostname: '127.0.0.1', reusePort: false })
const base = `http://127.0.0.1:${app.server!.port}`

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`)
  return JSON.parse(text)
}

/** A person with an API key, made the way a user makes one (sign-in code from the development outbox). */
async function personWithKey(email: string): Promise<string> {
  await call('POST', '/auth/otp/start', null, { email })
  const code = context.outbox!.latestFor(email)[0]!.text.match(/(\d{8})/)![1]
  const session = await call('POST', '/auth/otp/verify', null, { email, token: code })
  return (await call('POST', '/api-keys', session.access_token, {})).api_key
}

const panel = (i: number) =>
  `Test,Result,Units,Date\nLDL Cholesterol,${100 + (i % 50)},mg/dL,2025-09-01\nHemoglobin A1c,5.${i % 10},%,2025-09-01\n`

const one = await personWithKey('one-source@example.com')
await call('POST', '/imports/file', one, { filename: 'panel.csv', text: panel(0) })
const analysis = await call('POST', '/analyses', one, {})

const hundred = await personWithKey('hundred-sources@example.com')
for (let i = 0; i < 100; i++)
  await call('POST', '/imports/file', hundred, { filename: `p${i}.csv`, text: panel(i) })

const importer = await personWithKey('importer@example.com')

console.log(
  JSON.stringify({
    port: app.server!.port,
    database: join(dir, 'bench.db'),
    keys: { one, hundred, importer },
    analysisId: analysis.id,
  }),
)
