// A worker killed mid-job (SIGKILL, no chance to clean up) is retried and leaves exactly one result, on
// both queues: the embedded queue inside a real `bun modules/server.ts` process that is killed and
// started again on the same data directory, and graphile-worker with `bun modules/worker.ts` processes
// on the real PostgreSQL. WDS_TEST_JOB_PAUSE holds the first attempt just after it created the source
// and before it wrote the findings, the worst moment to die.

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type TestApp, testApp } from '../../support/app'
import { repoRoot } from '../../support/server'
import { fixture, sha256, uploadFile, VCF_GZ } from './helpers'
import { dropSchema, PG_URL, uniqueSchema } from './pg'

const PAUSE = 'after_source:20000'

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port as number
  probe.stop(true)
  return port
}

function spawn(script: string, env: Record<string, string>) {
  return Bun.spawn(['bun', script], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdout: 'ignore',
    stderr: 'pipe',
  })
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 40_000): Promise<T> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('a worker killed mid-job', () => {
  it('on the embedded queue: the restarted service runs the job again and keeps one source', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wds-crash-'))
    dirs.push(dataDir)
    const port = await freePort()
    const base = `http://localhost:${port}`
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: base, WDS_TEST_JOB_PAUSE: PAUSE }
    const call = async (method: string, path: string, token?: string, body?: unknown, raw?: Uint8Array) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(raw ? { 'content-type': 'application/octet-stream' } : {}),
        },
        body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      })
      return { status: response.status, body: (await response.json().catch(() => null)) as any }
    }
    let server = spawn('modules/server.ts', env)
    try {
      await until('the server', async () => ((await fetch(`${base}/health`)).ok ? true : undefined))
      const email = 'crash@example.com'
      await call('POST', '/auth/otp/start', undefined, { email, should_create_user: true })
      const code = (await call('GET', `/dev/outbox?email=${email}`)).body.messages[0].code
      const verify = (await call('POST', '/auth/otp/verify', undefined, { email, token: code })).body
      const key = (await call('POST', '/api-keys', verify.access_token, {})).body.api_key
      const bytes = fixture(VCF_GZ)
      const session = (
        await call('POST', '/genetics/uploads', key, {
          user_id: verify.user.id,
          organization_id: verify.organization_id,
          filename: 'genome.vcf.gz',
          content_type: 'application/gzip',
          size_bytes: bytes.byteLength,
          sha256: sha256(bytes),
        })
      ).body
      const url = new URL(session.upload_url)
      expect((await call('PUT', url.pathname + url.search, undefined, undefined, bytes)).status).toBe(200)
      const jobId = (await call('POST', `/genetics/uploads/${session.upload_id}/complete`, key)).body.job_id

      // Wait until the first attempt has created its source and sits before the findings.
      await until('the source of the first attempt', async () => {
        const sources = (await call('GET', '/sources?modality=genetics', key)).body.data
        return sources.length === 1 ? true : undefined
      })
      expect((await call('GET', `/genetics/jobs/${jobId}`, key)).body).toMatchObject({
        state: 'running',
        stage: 'storing',
      })
      server.kill('SIGKILL')
      await server.exited

      server = spawn('modules/server.ts', env)
      await until('the restarted server', async () => ((await fetch(`${base}/health`)).ok ? true : undefined))
      const job = await until('the retried job', async () => {
        const body = (await call('GET', `/genetics/jobs/${jobId}`, key)).body
        return body.state === 'succeeded' || body.state === 'failed' ? body : undefined
      })
      expect(job).toMatchObject({ state: 'succeeded', attempts: 2 })
      const sources = (await call('GET', '/sources?modality=genetics', key)).body.data
      expect(sources.map((s: any) => s.id)).toEqual([job.source_id])
      expect((await call('GET', '/genetics/findings', key)).body.data).toHaveLength(1)
      expect((await call('POST', '/genetics/ancestry', key, { source_id: job.source_id })).status).toBe(200)
    } finally {
      server.kill('SIGKILL')
      await server.exited
    }
  }, 90_000)

  it('on graphile-worker: another worker takes the job over and keeps one source', async () => {
    const schema = uniqueSchema('crash')
    let t: TestApp | undefined
    let first: ReturnType<typeof spawn> | undefined
    let second: ReturnType<typeof spawn> | undefined
    try {
      const queue = { databaseUrl: PG_URL, schema, concurrency: 1, workerTimeoutSeconds: 2 }
      t = await testApp({ queue })
      const env = {
        DATABASE_URL: t.config.databaseUrl,
        DATA_DIR: t.config.dataDir,
        QUEUE_DATABASE_URL: PG_URL,
        QUEUE_SCHEMA: schema,
        QUEUE_WORKER_TIMEOUT_SECONDS: '2',
        WDS_TEST_JOB_PAUSE: PAUSE,
      }
      const p = await t.userWithKey()
      const done = await uploadFile(t, p, fixture(VCF_GZ))
      first = spawn('modules/worker.ts', env)
      await until('the source of the first attempt', async () => {
        const sources = (await t!.call('GET', '/sources?modality=genetics', { token: p.key })).body.data
        return sources.length === 1 ? true : undefined
      })
      first.kill('SIGKILL')
      await first.exited
      second = spawn('modules/worker.ts', env)
      const job = await until('the job taken over', async () => {
        const body = (await t!.call('GET', `/genetics/jobs/${done.job_id}`, { token: p.key })).body
        return body.state === 'succeeded' || body.state === 'failed' ? body : undefined
      })
      expect(job).toMatchObject({ state: 'succeeded', attempts: 2 })
      const sources = (await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data
      expect(sources.map((s: any) => s.id)).toEqual([job.source_id])
      expect((await t.call('GET', '/genetics/findings', { token: p.key })).body.data).toHaveLength(1)
    } finally {
      for (const child of [first, second]) {
        child?.kill('SIGTERM')
        await child?.exited
      }
      await t?.cleanup()
      await dropSchema(schema)
    }
  }, 90_000)
})
