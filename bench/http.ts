// HTTP benchmark against the ceiling. In one run: the real service (bench/http-service.ts, its own
// process, seeded through its own API) and a bare Bun.serve + bun:sqlite doing the same key lookup and
// list on the same database file (bench/http-baseline.ts, the physical limit of this machine), each loaded
// by wrk (`-t2 -c50`, like issue 22's figures; the fetch-based bench/http-load.ts when wrk is missing).
// Prints requests/s, p50/p99 and each route's ratio to its baseline and to our /health, then the
// compiled binary's start-up time to the first /health 200. Compare within one run: the machine is shared.
//
// BENCH_SECONDS (default 5) per route, BENCH_CONNECTIONS (50), BENCH_THREADS (2), BENCH_STARTUP_RUNS (5);
// BENCH_LOADGEN=fetch uses the fetch load generator even where wrk is installed; BENCH_STARTUP=0 skips the start-up measurement (it builds dist/ with `bun run build` when missing).

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const threads = Number(process.env.BENCH_THREADS ?? 2)
const root = join(import.meta.dir, '..')
const dir = mkdtempSync(join(tmpdir(), 'wds-bench-http-'))
const children: Bun.Subprocess[] = []

/** Start a bench process and read the JSON line it prints once it is ready. */
async function startProcess<T>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const child = Bun.spawn(['bun', ...args], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, ...env },
  })
  children.push(child)
  const reader = child.stdout.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`${args.join(' ')} ended before it was ready`)
    text += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return JSON.parse(text.split('\n')[0]!) as T
}

interface Figures {
  rps: number
  p50: number
  p99: number
  errors: number
}

interface Load {
  url: string
  token?: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
  /** The route answers 304 by design: wrk's non-2xx count is not an error count for it. */
  notModified?: boolean
  /** In-flight requests for this route when it must differ from BENCH_CONNECTIONS. */
  connections?: number
}

const hasWrk =
  process.env.BENCH_LOADGEN !== 'fetch' && Bun.spawnSync(['sh', '-c', 'command -v wrk']).exitCode === 0

/** wrk's latency in milliseconds from its `1.23ms` / `456.78us` / `1.02s` notation. */
function milliseconds(value: string): number {
  const match = value.match(/^([\d.]+)(us|ms|s|m)$/)
  if (!match) return Number.NaN
  const n = Number(match[1])
  return match[2] === 'us' ? n / 1000 : match[2] === 'ms' ? n : match[2] === 's' ? n * 1000 : n * 60_000
}

let scripts = 0
function runWrk(load: Load, duration: number): Figures {
  const c = load.connections ?? connections
  const args = ['wrk', `-t${Math.min(threads, c)}`, `-c${c}`, `-d${duration}s`, '--latency']
  if (load.token) args.push('-H', `Authorization: Bearer ${load.token}`)
  for (const [name, value] of Object.entries(load.headers ?? {})) args.push('-H', `${name}: ${value}`)
  if (load.method === 'POST') {
    const script = join(dir, `post-${++scripts}.lua`)
    writeFileSync(script, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(load.body ?? '')}\n`)
    args.push('-s', script)
  }
  args.push(load.url)
  const run = Bun.spawnSync(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = run.stdout.toString()
  if (run.exitCode !== 0) throw new Error(`wrk failed: ${run.stderr.toString()}`)
  const latency = (q: string) => milliseconds(out.match(new RegExp(`^\\s+${q}%\\s+(\\S+)`, 'm'))?.[1] ?? '')
  const non2xx = load.notModified ? 0 : Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0)
  const socketErrors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0)
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]),
    p50: latency('50'),
    p99: latency('99'),
    errors,
  }
}

async function runFetchLoad(load: Load, duration: number): Promise<Figures> {
  const child = Bun.spawn(
    [
      'bun',
      join(import.meta.dir, 'http-load.ts'),
      load.url,
      String(duration),
      String(load.connections ?? connections),
      load.token ?? '',
      JSON.stringify({ method: load.method ?? 'GET', body: load.body, headers: load.headers ?? {} }),
    ],
    { stdout: 'pipe' },
  )
  return JSON.parse(await new Response(child.stdout).text()) as Figures
}

async function measure(load: Load): Promise<Figures> {
  const run = hasWrk ? async (d: number) => runWrk(load, d) : (d: number) => runFetchLoad(load, d)
  await run(1) // warm-up: first-call compilation, statement caches, page cache
  return run(seconds)
}

// --- start both servers -------------------------------------------------------------------------------

const service = await startProcess<{
  port: number
  database: string
  keys: { one: string; hundred: string; importer: string }
  analysisId: string
}>([join(import.meta.dir, 'http-service.ts'), dir])
const ours = `http://127.0.0.1:${service.port}`
const documentFile = join(dir, 'openapi.json')
await Bun.write(documentFile, await (await fetch(`${ours}/openapi.json`)).arrayBuffer())
const baseline = await startProcess<{ port: number }>([
  join(import.meta.dir, 'http-baseline.ts'),
  service.database,
  documentFile,
])
const bare = `http://127.0.0.1:${baseline.port}`

const openapiTag = (await fetch(`${ours}/openapi.json`)).headers.get('etag') ?? '""'
const csv = [
  'Test,Result,Units,Date',
  'LDL Cholesterol,160,mg/dL,2025-09-01',
  'HDL Cholesterol,45,mg/dL,2025-09-01',
  'Triglycerides,150,mg/dL,2025-09-01',
  'Total Cholesterol,230,mg/dL,2025-09-01',
  'Hemoglobin A1c,5.9,%,2025-09-01',
  'Glucose,99,mg/dL,2025-09-01',
  'Creatinine,0.9,mg/dL,2025-09-01',
  'TSH,2.1,mIU/L,2025-09-01',
  'Ferritin,80,ng/mL,2025-09-01',
  'Vitamin D,32,ng/mL,2025-09-01',
].join('\n')
const json = { 'content-type': 'application/json' }
const mcpHeaders = { ...json, accept: 'application/json, text/event-stream' }

type Row = { name: string; load: Load; baseline?: string; figures?: Figures }
const rows: Row[] = [
  { name: 'baseline: bare Bun.serve, fixed JSON (/health)', load: { url: `${bare}/health` } },
  {
    name: 'baseline: bare Bun.serve + bun:sqlite, key lookup + list, 1 source',
    load: { url: `${bare}/sources?limit=20`, token: service.keys.one },
  },
  {
    name: 'baseline: bare Bun.serve + bun:sqlite, key lookup + list, 100 sources',
    load: { url: `${bare}/sources?limit=100`, token: service.keys.hundred },
  },
  {
    name: `baseline: bare Bun.serve, the same /openapi.json bytes (${Math.round(Bun.file(documentFile).size / 1024)} KiB)`,
    load: { url: `${bare}/document` },
  },
  { name: 'ours: GET /health', load: { url: `${ours}/health` }, baseline: 'fixed' },
  { name: 'ours: GET /capabilities', load: { url: `${ours}/capabilities` }, baseline: 'fixed' },
  { name: 'ours: GET /openapi.json', load: { url: `${ours}/openapi.json` }, baseline: 'document' },
  {
    name: 'ours: GET /openapi.json, Accept-Encoding: br (kept compressed)',
    load: { url: `${ours}/openapi.json`, headers: { 'accept-encoding': 'br, gzip' } },
    baseline: 'fixed',
  },
  {
    name: 'ours: GET /openapi.json, If-None-Match (304)',
    load: { url: `${ours}/openapi.json`, headers: { 'if-none-match': openapiTag }, notModified: true },
    baseline: 'fixed',
  },
  {
    name: 'ours: GET /sources (API key), 1 source',
    load: { url: `${ours}/sources?limit=20`, token: service.keys.one },
    baseline: 'list1',
  },
  {
    name: 'ours: GET /sources?limit=100 (API key), 100 sources',
    load: { url: `${ours}/sources?limit=100`, token: service.keys.hundred },
    baseline: 'list100',
  },
  {
    name: 'ours: GET /analyses/{id} (API key)',
    load: { url: `${ours}/analyses/${service.analysisId}`, token: service.keys.one },
    baseline: 'list1',
  },
  {
    // Imports parse on IMPORT_PARSE_WORKERS (default 1) worker threads with 4 waiting per worker; past
    // that an import is refused with 503 by design, so this row keeps 4 in flight: accepted throughput.
    name: 'ours: POST /imports/file (API key, 10-marker CSV, 4 in flight)',
    load: {
      connections: 4,
      url: `${ours}/imports/file`,
      token: service.keys.importer,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ filename: 'panel.csv', text: csv }),
    },
    baseline: 'list1',
  },
  {
    name: 'ours: MCP tools/call list_sources (API key)',
    load: {
      url: `${ours}/mcp`,
      token: service.keys.one,
      method: 'POST',
      headers: mcpHeaders,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_sources', arguments: {} },
      }),
    },
    baseline: 'list1',
  },
]

for (const row of rows) {
  row.figures = await measure(row.load)
  process.stderr.write(`  measured ${row.name}: ${Math.round(row.figures.rps)} req/s\n`)
}

const byName = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))!.figures!
const baselines: Record<string, Figures> = {
  fixed: rows[0]!.figures!,
  list1: rows[1]!.figures!,
  list100: rows[2]!.figures!,
  document: rows[3]!.figures!,
}
const health = byName('ours: GET /health')
const load = await Bun.file('/proc/loadavg')
  .text()
  .then((t) => t.split(' ').slice(0, 3).join(' '))
  .catch(() => 'unknown')

console.log(
  `\nHTTP, ${hasWrk ? `wrk -t${threads} -c${connections}` : `fetch load generator, ${connections} in flight`}, ${seconds}s per route after a 1 s warm-up; ${navigator.hardwareConcurrency} cores, load average ${load}; ${new Date().toISOString().slice(0, 16)}Z\n`,
)
console.log('| route | requests/s | p50 ms | p99 ms | errors | vs its baseline | vs our /health |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const row of rows) {
  const f = row.figures!
  const vsBase = row.baseline ? `${(f.rps / baselines[row.baseline]!.rps).toFixed(2)}x` : '-'
  const vsHealth = row.name.startsWith('ours') ? `${(f.rps / health.rps).toFixed(2)}x` : '-'
  console.log(
    `| ${row.name} | ${Math.round(f.rps).toLocaleString('en')} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.errors} | ${vsBase} | ${vsHealth} |`,
  )
}
console.log(
  '\nBaselines: plain /openapi.json compares with the bare server sending the same bytes; other "fixed" rows with the bare fixed JSON; lists and other authenticated routes with the bare key lookup + list (1 or 100 sources).',
)

for (const child of children) child.kill()
await Promise.all(children.map((c) => c.exited))

// --- start-up of the compiled binary --------------------------------------------------------------------

const list1 = byName('ours: GET /sources (API key), 1 source')
const openapi = byName('ours: GET /openapi.json')
const openapiBr = byName('ours: GET /openapi.json, Accept-Encoding')
const targets: [string, boolean][] = [
  [
    `GET /sources ${(list1.rps / health.rps).toFixed(2)}x of /health (target ≥ 0.35)`,
    list1.rps / health.rps >= 0.35,
  ],
  [
    `GET /sources ${(list1.rps / baselines.list1!.rps).toFixed(2)}x of the bare baseline (target ≥ 0.5)`,
    list1.rps / baselines.list1!.rps >= 0.5,
  ],
  [`GET /sources p99 ${list1.p99.toFixed(2)} ms (target < 10 ms)`, list1.p99 < 10],
  [
    `GET /openapi.json ${(openapi.rps / health.rps).toFixed(2)}x of /health (target ≥ 0.5)`,
    openapi.rps / health.rps >= 0.5,
  ],
  [
    `GET /openapi.json with Accept-Encoding: br ${(openapiBr.rps / health.rps).toFixed(2)}x of /health (target ≥ 0.5)`,
    openapiBr.rps / health.rps >= 0.5,
  ],
]

async function startupSeconds(binary: string): Promise<number> {
  const data = mkdtempSync(join(dir, 'startup-'))
  const port = 20000 + Math.floor(Math.random() * 20000)
  const began = performance.now()
  const child = Bun.spawn([binary], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: data, PORT: String(port), LOG_LEVEL: 'silent' },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  try {
    while (performance.now() - began < 30_000) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) return (performance.now() - began) / 1000
      await Bun.sleep(2)
    }
    throw new Error('the binary did not answer /health within 30 s')
  } finally {
    child.kill()
    await child.exited
  }
}

if (process.env.BENCH_STARTUP !== '0') {
  // Built afresh, so the row measures this checkout and not an older dist/.
  process.stderr.write('  building dist/wellness-data-service (bun run build)\n')
  Bun.spawnSync(['bun', 'run', 'build'], { cwd: root, stdout: 'ignore', stderr: 'inherit' })
  const binary = join(root, 'dist', 'wellness-data-service')
  const bare = join(dir, 'startup-baseline')
  Bun.spawnSync(
    [
      'bun',
      'build',
      '--compile',
      '--minify',
      '--bytecode',
      join(import.meta.dir, 'startup-baseline.ts'),
      '--outfile',
      bare,
    ],
    { cwd: root, stdout: 'ignore', stderr: 'inherit' },
  )
  if (existsSync(binary) && existsSync(bare)) {
    const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 7)
    const ours: number[] = []
    const floor: number[] = []
    // Alternated, so that both see the same machine: its speed drifts by a third within minutes here.
    for (let i = 0; i < runs; i++) {
      ours.push(await startupSeconds(binary))
      floor.push(await startupSeconds(bare))
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!
    const best = (times: number[]) => Math.min(...times)
    console.log(
      `\nCompiled binary, spawn to first /health 200 on a fresh DATA_DIR (${runs} runs): best ${best(ours).toFixed(3)} s, median ${median(ours).toFixed(3)} s; a bare compiled Bun.serve, alternated with it: best ${best(floor).toFixed(3)} s, median ${median(floor).toFixed(3)} s`,
    )
    targets.push([`start-up median ${median(ours).toFixed(3)} s (target < 0.25 s)`, median(ours) < 0.25])
  } else console.log('\nCompiled binary: the build failed, start-up not measured')
}

// The document row's ceiling: what sending these bytes costs with no framework at all.
const bareDocument = baselines.document!
console.log(
  `\nThe same ${Math.round(Bun.file(documentFile).size / 1024)} KiB document from a bare Bun.serve: ${(bareDocument.rps / baselines.fixed!.rps).toFixed(2)}x of its own fixed JSON; ours ${(openapi.rps / bareDocument.rps).toFixed(2)}x of that bare server.`,
)

console.log('\nTargets (issue 22):')
for (const [text, met] of targets) console.log(`- ${met ? 'met' : 'NOT met'}: ${text}`)
rmSync(dir, { recursive: true, force: true })
