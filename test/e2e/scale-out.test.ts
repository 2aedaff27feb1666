// Scale-out on real engines: two service processes and a separate worker process sharing one database
// file, graphile-worker and the rate-limit counters on PostgreSQL, and one S3-compatible store (s3rver).
// A genetics file is uploaded through replica A straight to the bucket, completed through replica B, run
// by the worker, and served by both; one rate-limit quota holds across the replicas; replica A killed
// (SIGKILL) in the middle of an import loses nothing: B shows no half of it and takes it again once.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixture, sha256, VCF_GZ } from '../modules/genetics/helpers'
import { dropSchema, PG_URL, uniqueSchema } from '../modules/genetics/pg'
import { type LocalS3, startLocalS3 } from '../modules/genetics/s3-server'
import { repoRoot, startServer } from '../support/server'

type Server = Awaited<ReturnType<typeof startServer>>

const dataDir = mkdtempSync(join(tmpdir(), 'wds-scale-'))
const schema = uniqueSchema('scale')
let s3: LocalS3
let a: Server
let b: Server
let worker: ReturnType<typeof Bun.spawn>

function sharedEnv(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${join(dataDir, 'wellness.db')}`,
    QUEUE_DATABASE_URL: PG_URL,
    QUEUE_SCHEMA: schema,
    QUEUE_WORKER_TIMEOUT_SECONDS: '5',
    RATE_LIMIT_STORE: 'postgres',
    RATE_LIMIT_DATABASE_URL: PG_URL,
    RATE_LIMITS: 'mcp=3/60',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    // s3rver's own key pair.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
}

const call = (server: Server, method: string, path: string, key?: string, body?: unknown) =>
  fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
const json = async (response: Promise<Response>) => (await response).json() as Promise<any>

async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 90_000): Promise<T> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(100)
  }
}

beforeAll(async () => {
  s3 = await startLocalS3()
  const env = sharedEnv()
  // A first: it applies the migrations to the shared file; B then finds them applied.
  a = await startServer(['bun', 'run', 'modules/server.ts'], env)
  b = await startServer(['bun', 'run', 'modules/server.ts'], env)
  worker = Bun.spawn(['bun', 'modules/worker.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdout: 'ignore',
    stderr: 'ignore',
  })
}, 90_000)

afterAll(async () => {
  worker?.kill('SIGTERM')
  await worker?.exited
  for (const server of [a, b]) await server?.stop().catch(() => {})
  await s3?.close()
  await dropSchema(schema)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('two replicas and a worker on PostgreSQL, one database, one bucket', () => {
  let key: string
  let me: { user_id: string; organization_id: string }

  it('signs in on A and creates a key on B: one database behind both', async () => {
    const email = 'scale-out@example.com'
    await call(a, 'POST', '/auth/otp/start', undefined, { email })
    const outbox = JSON.stringify(await json(call(a, 'GET', `/dev/outbox?email=${email}`)))
    const code = outbox.match(/sign-in code is (\d{8})/)![1]
    const session = await json(call(a, 'POST', '/auth/otp/verify', undefined, { email, token: code }))
    const created = await call(b, 'POST', '/api-keys', session.access_token, {})
    expect(created.status).toBe(201)
    key = ((await created.json()) as { api_key: string }).api_key
    me = await json(call(a, 'GET', '/me', key))
  })

  it('uploads through A to the bucket, completes on B, the worker runs the job, both serve the result', async () => {
    const bytes = fixture(VCF_GZ)
    const session = await json(
      call(a, 'POST', '/genetics/uploads', key, {
        user_id: me.user_id,
        organization_id: me.organization_id,
        filename: 'genome.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: bytes.byteLength,
        sha256: sha256(bytes),
      }),
    )
    expect(session.storage).toBe('s3')
    const [part] = session.multipart.parts
    expect(part.url.startsWith(s3.endpoint)).toBe(true)
    const put = await fetch(part.url, { method: 'PUT', body: bytes })
    expect(put.status).toBe(200)
    const completed = await call(b, 'POST', `/genetics/uploads/${session.upload_id}/complete`, key, {
      parts: [{ part_number: 1, etag: put.headers.get('etag') }],
    })
    expect(completed.status).toBe(200)
    const jobId = ((await completed.json()) as { job_id: string }).job_id
    const job = await until('the worker to finish the job', async () => {
      const body = await json(call(a, 'GET', `/genetics/jobs/${jobId}`, key))
      return ['succeeded', 'failed', 'cancelled'].includes(body.state) ? body : undefined
    })
    expect(job.state).toBe('succeeded')
    const onB = await json(call(b, 'GET', `/genetics/jobs/${jobId}`, key))
    expect(onB).toMatchObject({ state: 'succeeded', source_id: job.source_id })
    const findingsA = await json(call(a, 'GET', '/genetics/findings', key))
    const findingsB = await json(call(b, 'GET', '/genetics/findings', key))
    expect(findingsB.data.length).toBeGreaterThan(0)
    expect(findingsB.data).toEqual(findingsA.data)
  }, 120_000)

  it('holds one rate-limit quota across both replicas (counters in PostgreSQL)', async () => {
    const statuses: number[] = []
    for (const server of [a, b, a, b]) statuses.push((await call(server, 'POST', '/mcp', key, {})).status)
    expect(statuses.slice(0, 3)).not.toContain(429)
    expect(statuses[3]).toBe(429)
  })

  it('loses nothing when A is killed in the middle of an import: B shows none of it and takes it once', async () => {
    const rows = ['Test Name,Result,Units,Collected']
    for (let i = 0; i < 60_000; i++)
      rows.push(
        `Glucose,${80 + (i % 40)},mg/dL,${new Date(Date.parse('2024-01-01') + i * 60_000).toISOString()}`,
      )
    const text = `${rows.join('\n')}\n`
    const inFlight = call(a, 'POST', '/imports/file', key, { filename: 'glucose.csv', text }).catch(
      () => null,
    )
    await Bun.sleep(300)
    a.child.kill('SIGKILL')
    await a.child.exited
    const answered = await inFlight
    const labs = async () => (await json(call(b, 'GET', '/sources?modality=biomarkers', key))).data
    // Either A finished before it died (one whole source) or it did not (none): never a part of one.
    const before = await labs()
    expect(before.length).toBeLessThanOrEqual(1)
    if (before.length === 1) expect(before[0].record_count).toBe(60_000)
    if (answered?.status === 201) expect(before).toHaveLength(1)
    if (before.length === 0) {
      const again = await call(b, 'POST', '/imports/file', key, { filename: 'glucose.csv', text })
      expect(again.status).toBe(201)
    }
    const after = await labs()
    expect(after).toHaveLength(1)
    expect(after[0].record_count).toBe(60_000)
    // The genetics result from before is still served.
    expect((await json(call(b, 'GET', '/genetics/findings', key))).data.length).toBeGreaterThan(0)
  }, 120_000)
})
