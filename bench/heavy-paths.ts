// Heavy-path benchmark: the attacks of issue 11 run against the real service (a child process with its
// own SQLite file), while this process asks GET /health every 10 ms and samples the server's RSS from
// /proc. Each case prints /health latency (median and worst) and the server's peak RSS during the case,
// beside the idle figures measured first in the same run and the figures the issue reported before the
// fix. Compare within one run: the machine is shared.

import { readFileSync } from 'node:fs'
import { startServer } from '../test/support/server'

const MiB = 1024 * 1024

const server = await startServer(['bun', 'run', 'modules/server.ts'], {
  LOG_LEVEL: 'silent',
  OBSERVATIONS_MAX_PER_USER: '2000000',
})
const base = server.base
const pid = server.child.pid

function rssMb(): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024
}

async function json(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: r.status, body: (await r.json().catch(() => null)) as any }
}

// A real API key, made the way a user makes one.
await json('POST', '/auth/otp/start', { email: 'bench@example.com' })
const outbox = (await json('GET', '/dev/outbox?email=bench@example.com')).body
const signedIn = (
  await json('POST', '/auth/otp/verify', { email: 'bench@example.com', token: outbox.messages[0].code })
).body
const me = {
  key: (await json('POST', '/api-keys', {}, signedIn.access_token)).body.api_key,
  id: signedIn.user.id,
  organization: signedIn.organization_id,
}

/** A long-format lab export: one result per line, the way lab portals export a history. */
function labCsv(rows: number, markers: string[], startDay = 0): string {
  const lines = ['Marker,Unit,Value,Date']
  const epoch = Date.UTC(2017, 0, 1)
  for (let i = 0; i < rows; i++) {
    const [name, unit, value] = markers[i % markers.length].split(',')
    const day = new Date(epoch + ((startDay + Math.floor(i / 30)) % 3300) * 86_400_000)
    lines.push(
      `${name},${unit},${(Number(value) + (i % 97) / 10).toFixed(1)},${day.toISOString().slice(0, 10)}`,
    )
  }
  return `${lines.join('\n')}\n`
}
const PANEL = ['LDL-C,mg/dL,128', 'HDL-C,mg/dL,52', 'Glucose,mg/dL,92', 'Triglycerides,mg/dL,140']

/** A lab export of about `bytes` bytes. */
function labCsvOfSize(bytes: number): string {
  const perRow = labCsv(1000, PANEL).length / 1000
  let text = labCsv(Math.floor(bytes / perRow), PANEL)
  while (text.length > bytes) text = text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1)
  return text
}

interface Figures {
  health_p50: number
  health_max: number
  health_n: number
  rss_before: number
  rss_peak: number
  wall_s: number
  outcome: string
}

/** Run `work` while probing /health every 10 ms and sampling RSS every 20 ms. */
async function measure(work: () => Promise<string>): Promise<Figures> {
  Bun.gc(true)
  await Bun.sleep(300)
  const rssBefore = rssMb()
  let peak = rssBefore
  let done = false
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb())
  }, 20)
  const latencies: number[] = []
  const probe = (async () => {
    while (!done) {
      const started = performance.now()
      await fetch(`${base}/health`).then((r) => r.arrayBuffer())
      latencies.push(performance.now() - started)
      await Bun.sleep(10)
    }
  })()
  const started = performance.now()
  const outcome = await work()
  const wall = (performance.now() - started) / 1000
  done = true
  await probe
  clearInterval(sampler)
  peak = Math.max(peak, rssMb())
  latencies.sort((a, b) => a - b)
  return {
    health_p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    health_max: latencies[latencies.length - 1] ?? 0,
    health_n: latencies.length,
    rss_before: rssBefore,
    rss_peak: peak,
    wall_s: wall,
    outcome,
  }
}

const rows: [string, Figures, string][] = []
const run = async (name: string, before: string, work: () => Promise<string>) => {
  const figures = await measure(work)
  rows.push([name, figures, before])
  console.error(`  ${name}: ${figures.outcome} in ${figures.wall_s.toFixed(2)} s`)
}
const importText = (text: string, token = me.key) =>
  json('POST', '/imports/file', { text }, token).then(
    (r) =>
      `${r.status}${r.body?.observation_count ? ` (${r.body.observation_count} obs)` : r.body?.limit ? ` ${r.body.limit}` : ''}`,
  )

console.error('heavy paths: measuring (this takes a minute or two)')
await run('baseline: idle server, /health only', '-', async () => {
  await Bun.sleep(1500)
  return 'idle'
})

// Trends over one marker with 100 k results (the per-source cap's worth).
const ldl = labCsv(100_000, ['LDL-C,mg/dL,128'])
console.error(`  seeding 100k LDL results (${(ldl.length / MiB).toFixed(1)} MiB)`)
await run('import 100 k rows (at OBSERVATIONS_MAX_PER_SOURCE)', '-', () => importText(ldl))
const trend = () => json('POST', `/users/${me.id}/trends`, { markers: ['LDL-C'], window_days: 3650 }, me.key)
await trend()
await run('POST /users/{id}/trends, 1 marker, 100 k rows, 3 calls', '/health 31 s, 3 GB', async () => {
  let r = await trend()
  for (let i = 0; i < 2; i++) r = await trend()
  const ldl = r.body.markers?.[0]
  return `${r.status}, ${ldl?.point_count} rows grouped, ${ldl?.points?.length} points${r.body.window_cut ? ', window cut' : ''}`
})

// One import at the size limit, then three at once.
const atLimit = labCsvOfSize(9.9 * MiB)
const atLimitRows = atLimit.split('\n').length - 2
await run(
  `import at the size limit (9.9 MiB, ${Math.round(atLimitRows / 1000)} k rows)`,
  'loop blocked 13.4 s, +1.8 GB',
  () => importText(atLimit),
)
await run('three such imports at once', '4.5 GB', async () =>
  (await Promise.all([1, 2, 3].map(() => importText(atLimit)))).join(' / '),
)

// Analyses, context, reminders and query over 300 k observations.
for (const start of [100, 200]) await importText(labCsv(100_000, PANEL, start))
const reads: [string, () => Promise<{ status: number }>][] = [
  ['POST /analyses', () => json('POST', '/analyses', {}, me.key)],
  ['POST /users/{id}/health-context', () => json('POST', `/users/${me.id}/health-context`, {}, me.key)],
  [
    'GET /users/{id}/retest-reminders',
    () => json('GET', `/users/${me.id}/retest-reminders`, undefined, me.key),
  ],
  ['POST /query', () => json('POST', '/query', { question: 'How is my LDL cholesterol?' }, me.key)],
]
// Each read runs once unmeasured (first-call compilation), then three times while measured.
for (const [name, call] of reads) {
  await call()
  await run(`${name} over 300 k observations, 3 calls`, '2-2.6 s blocked each, up to +2 GB', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await call()).status)
    return statuses.join(' ')
  })
}

// Ten anonymous 13 MB imports.
const thirteen = JSON.stringify({ text: 'x'.repeat(13 * MiB) })
await run('ten anonymous 13 MB imports', '+390 MB before the 401s', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(`${base}/imports/file`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: thirteen,
      }).then((r) => r.status),
    ),
  )
  return `${answers.filter((s) => s === 401).length} x 401`
})

// Thirty upload sessions declared at 5 GiB.
await run('30 genetics upload sessions at 5 GiB each', '30 opened', async () => {
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) {
    const r = await json(
      'POST',
      '/genetics/uploads',
      {
        user_id: me.id,
        organization_id: me.organization,
        filename: 'genome.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: 5 * 1024 ** 3,
      },
      me.key,
    )
    statuses.push(r.status)
  }
  const refused = statuses.filter((s) => s !== 201)
  return `${statuses.length - refused.length} opened, ${refused.length} x ${[...new Set(refused)].join('/')}`
})

await server.stop()

console.log(
  `\nHeavy paths, one server process (${navigator.hardwareConcurrency} cores); /health asked every 10 ms during each case\n`,
)
console.log(
  '| case | outcome | wall s | /health p50 ms | /health max ms | RSS before MB | RSS peak MB | before the fix (issue 11) |',
)
console.log('|---|---|---:|---:|---:|---:|---:|---|')
for (const [name, f, before] of rows) {
  console.log(
    `| ${name} | ${f.outcome} | ${f.wall_s.toFixed(2)} | ${f.health_p50.toFixed(1)} | ${f.health_max.toFixed(1)} | ${Math.round(f.rss_before)} | ${Math.round(f.rss_peak)} | ${before} |`,
  )
}
