// `bun run check:reliability`: runs the tests behind each reliability property and prints one line per
// property, taken from the real run, then exits non-zero if any failed. The access sweep and the
// fuzzers print their own figures (attempts, requests, leaks, 5xx); the other properties are counted
// in checks passed. FUZZ_SEED replays a fuzz run; FUZZ_REQUESTS, FUZZ_FILE_MUTATIONS, FUZZ_CLI_FILES and
// FUZZ_SECONDS make it longer or shorter. `--only <property>` runs one (e.g. `--only faults`).

interface Property {
  name: string
  /** What the line says besides the counts. */
  what: string
  files: string[]
}

const PROPERTIES: Property[] = [
  { name: 'access sweep and fuzzing', what: '', files: ['test/security'] },
  {
    name: 'faults',
    what: 'disk full, SMTP silent or refusing, database locked, dependencies down, SIGTERM drain, worker killed mid-job (both queues), server killed mid-import',
    files: [
      'test/modules/shared/faults',
      'test/modules/shared/dependency-failures.test.ts',
      'test/modules/shared/drain.test.ts',
      'test/e2e/shutdown-drain.test.ts',
      'test/modules/genetics/worker-crash.test.ts',
      'test/modules/sources/crash-during-import.test.ts',
    ],
  },
  {
    name: 'rate limits',
    what: 'per credential, per address, per route class; shared through Redis and PostgreSQL; heavy work per workspace',
    files: ['test/modules/shared/limits'],
  },
  {
    name: 'audit trail',
    what: 'security events recorded, owner-only, no health data, kept through deletion without identity',
    files: ['test/modules/audit'],
  },
  {
    name: 'observability',
    what: 'access lines, traceparent, /metrics behind its token, redaction, security headers',
    files: ['test/modules/shared/observability.test.ts', 'test/modules/shared/security-headers.test.ts'],
  },
  {
    name: 'scale-out',
    what: 'two service processes and a worker on PostgreSQL, one database, one S3-compatible bucket; a replica killed mid-import',
    files: ['test/e2e/scale-out.test.ts'],
  },
  {
    name: 'signing',
    what: "SigV4 by aws4fetch against AWS's published examples and Bun's presigner",
    files: ['test/modules/shared/storage.test.ts'],
  },
]

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null

async function run(property: Property): Promise<{ lines: string[]; ok: boolean; output: string }> {
  const child = Bun.spawn(['bun', 'test', '--timeout', '300000', ...property.files], {
    stdout: 'pipe',
    stderr: 'pipe',
    env: process.env,
  })
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
  const status = await child.exited
  const output = `${out}\n${err}`
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, 'm').exec(output)?.[1] ?? 0)
  const passed = count('pass')
  const failed = count('fail')
  const figures = output.split('\n').filter((line) => /^(access sweep|fuzz)[ :(]/.test(line))
  const lines =
    figures.length > 0
      ? figures
      : [`${property.name}: ${passed} checks passed, ${failed} failed (${property.what})`]
  if (figures.length === 0 && passed === 0) lines[0] = `${property.name}: no checks ran`
  return { lines, ok: status === 0 && passed > 0, output }
}

let allOk = true
for (const property of PROPERTIES) {
  if (only && !property.name.startsWith(only)) continue
  const result = await run(property)
  if (!result.ok) {
    allOk = false
    process.stderr.write(result.output)
  }
  console.log(result.lines.join('\n'))
}
console.log(allOk ? 'reliability: all properties held' : 'reliability: FAILED (output above)')
process.exit(allOk ? 0 : 1)

export {}
