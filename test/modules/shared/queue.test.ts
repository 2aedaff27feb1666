// The job queue on both implementations: the same task functions run on the embedded queue (SQLite,
// in-process) and on graphile-worker (real PostgreSQL, a schema of its own per run). A task that
// throws is retried until it succeeds or runs out of attempts; enqueueing a key twice runs it once;
// work queued before a start (or left by a dead process) runs once the queue starts.
// On graphile-worker, a live worker's heartbeat keeps a second worker from taking its long-running job.

import { afterEach, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeWorkerUtils } from 'graphile-worker'
import { Client } from 'pg'
import { executeRaw, openDatabase } from '../../../db/client'
import { memoryLogger } from '../../../modules/shared/logger'
import { EmbeddedQueue, GraphileQueue, type JobQueue, type TaskList } from '../../../modules/shared/queue'
import { testDriver } from '../../support/driver'
import { useSuiteTimeout } from '../../support/test-timeout'
import { dropSchema, PG_URL, SERVER_URL, uniqueSchema } from '../genetics/pg'

useSuiteTimeout()

const scope = { organization_id: 'org_test', user_id: 'usr_test' }
const cleanups: (() => Promise<void> | void)[] = []
// Stop every queue at the end of its own test: graphile-worker announces schema migrations on a
// database-wide channel, and a worker still listening when the next test installs its fresh schema
// takes that for a breaking migration, shuts down and sets the process exit code to 57.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function embedded(tasks: () => TaskList, dir = mkdtempSync(join(tmpdir(), 'wds-queue-'))) {
  const database = await openDatabase(`file:${join(dir, 'q.db')}`, null, testDriver())
  const queue = new EmbeddedQueue(database.db, tasks, {
    concurrency: 1,
    pollMs: 20,
    retryBaseMs: 10,
    log: memoryLogger(),
  })
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  cleanups.push(async () => {
    await queue.stop()
    database.close()
  })
  return { queue, dir }
}

async function graphile(tasks: () => TaskList, schema = uniqueSchema('queue'), workerTimeoutSeconds = 5) {
  const queue = new GraphileQueue(tasks, {
    connectionString: PG_URL,
    schema,
    concurrency: 1,
    workerTimeoutSeconds,
    pollIntervalMs: 100,
    log: memoryLogger(),
  })
  cleanups.push(() => dropSchema(schema))
  cleanups.push(() => queue.stop())
  return { queue }
}

/** One query against the test PostgreSQL, on a connection of its own. */
async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: PG_URL })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

const MAKERS: [string, (tasks: () => TaskList) => Promise<{ queue: JobQueue }>][] = [
  ['embedded', (tasks) => embedded(tasks)],
  ['graphile', graphile],
]

async function waitFor(check: () => boolean | Promise<boolean>, limitMs = 20_000) {
  const deadline = Date.now() + limitMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await Bun.sleep(20)
  }
}

for (const [name, make] of MAKERS) {
  describe(`the ${name} queue`, () => {
    it('retries a failing task and reports the attempt number', async () => {
      const seen: number[] = []
      const { queue } = await make(() => ({
        flaky: async (payload, run) => {
          seen.push(run.attempt)
          expect(payload).toEqual({ n: 1 })
          if (run.attempt < 2) throw new Error('transient')
        },
      }))
      await queue.start()
      await queue.enqueue('flaky', { n: 1 }, { key: 'k-flaky', scope, maxAttempts: 3 })
      await waitFor(() => seen.length === 2)
      await Bun.sleep(300)
      expect(seen).toEqual([1, 2])
    })

    it('runs a key once however often it is enqueued, and can drop work not yet started', async () => {
      const runs: string[] = []
      const { queue } = await make(() => ({ once: async (payload) => void runs.push(String(payload.id)) }))
      await queue.enqueue('once', { id: 'a' }, { key: 'k-a', scope })
      await queue.enqueue('once', { id: 'a' }, { key: 'k-a', scope })
      await queue.enqueue('once', { id: 'b' }, { key: 'k-b', scope })
      expect(await queue.remove('k-b')).toBe(true)
      expect(await queue.remove('k-missing')).toBe(false)
      await queue.start()
      await waitFor(() => runs.length >= 1)
      await Bun.sleep(300)
      expect(runs).toEqual(['a'])
    })

    it('gives up after the last attempt', async () => {
      let calls = 0
      const { queue } = await make(() => ({
        broken: async () => {
          calls++
          throw new Error('always')
        },
      }))
      await queue.start()
      await queue.enqueue('broken', {}, { key: 'k-broken', scope, maxAttempts: 2 })
      await waitFor(() => calls === 2)
      await Bun.sleep(400)
      expect(calls).toBe(2)
    })
  })
}

describe('the embedded queue across restarts', () => {
  it('runs work left queued or running by a process that stopped', async () => {
    const runs: number[] = []
    const tasks = () => ({
      work: async (_: Record<string, unknown>, run: { attempt: number }) => void runs.push(run.attempt),
    })
    const first = await embedded(tasks)
    await first.queue.enqueue('work', {}, { key: 'k-left', scope })
    // Simulate a crash mid-task: the row says running, held by a runner that no longer exists.
    const db = await openDatabase(`file:${join(first.dir, 'q.db')}`, null, testDriver())
    await executeRaw(db.db, "update queue_tasks set state = 'running', attempts = 1, locked_by = 'gone'")
    db.close()
    const second = await embedded(tasks, first.dir)
    await second.queue.start()
    await waitFor(() => runs.length === 1)
    expect(runs).toEqual([2])
    const rows = await second.queue.list()
    expect(rows.map((r) => [r.key, r.state, r.attempts])).toEqual([['k-left', 'done', 2]])
  })
})

describe('graphile-worker with two workers on one schema', () => {
  it('keeps a heartbeat for a worker running a job, so another worker starting up leaves the job to it', async () => {
    const schema = uniqueSchema('beat')
    const runs: string[] = []
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const tasks = (name: string) => () => ({
      long: async () => {
        runs.push(name)
        await released
      },
    })
    const jobs = `"${schema}"._private_jobs`
    const first = await graphile(tasks('first'), schema, 30)
    try {
      await first.queue.start()
      await first.queue.enqueue('long', {}, { key: 'k-long', scope, maxAttempts: 3 })
      await waitFor(() => runs.length === 1)
      const [job] = await sql<{ locked_by: string }>(`select locked_by from ${jobs} where key = 'k-long'`)
      const beats = await sql<{ worker_id: string }>(
        `select worker_id from "${schema}".wds_worker_heartbeats`,
      )
      expect(beats.map((b) => b.worker_id)).toContain(job.locked_by)

      // The job has been running far past the timeout, and its worker is alive and beating. A second
      // worker reclaims the jobs of silent workers as it starts: this one is not silent.
      await sql(`update ${jobs} set locked_at = now() - interval '1 hour' where key = 'k-long'`)
      const second = await graphile(tasks('second'), schema, 30)
      await second.queue.start()
      const [still] = await sql<{ locked_by: string }>(`select locked_by from ${jobs} where key = 'k-long'`)
      expect(still.locked_by).toBe(job.locked_by)
    } finally {
      release()
    }
    await waitFor(async () => (await sql(`select 1 from ${jobs} where key = 'k-long'`)).length === 0)
    expect(runs).toEqual(['first'])
  })
})

describe('graphile-worker beside other test runs', () => {
  // graphile-worker stops every worker of a database that hears a breaking migration announced, and a
  // fresh install is one. Other runs install theirs in the shared database; ours has its own (pg.ts).
  const shared = PG_URL !== SERVER_URL
  it.skipIf(!shared)(
    'keeps working while another run installs a fresh schema in the shared database',
    async () => {
      const runs: string[] = []
      const { queue } = await graphile(() => ({
        note: async (payload) => void runs.push(String(payload.id)),
      }))
      await queue.start()
      const schema = uniqueSchema('elsewhere')
      const elsewhere = await makeWorkerUtils({ connectionString: SERVER_URL, schema })
      try {
        await elsewhere.migrate()
      } finally {
        await elsewhere.release()
        cleanups.push(async () => {
          const client = new Client({ connectionString: SERVER_URL })
          await client.connect()
          await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end())
        })
      }
      await queue.enqueue('note', { id: 'after' }, { key: 'k-after', scope })
      await waitFor(() => runs.length === 1)
      expect(runs).toEqual(['after'])
      expect(process.exitCode ?? 0).not.toBe(57)
    },
  )
  it.skipIf(!shared)(
    'tells its owner when graphile-worker stops it for a breaking migration in its own database',
    async () => {
      const { queue } = await graphile(() => ({ note: async () => {} }))
      const stopped = new Promise<string>((resolve) => queue.onStoppedByItself(() => resolve('stopped')))
      await queue.start()
      const schema = uniqueSchema('breaking')
      const other = await makeWorkerUtils({ connectionString: PG_URL, schema })
      try {
        await other.migrate()
      } finally {
        await other.release()
        cleanups.push(() => dropSchema(schema))
      }
      expect(await Promise.race([stopped, Bun.sleep(30_000).then(() => 'still running')])).toBe('stopped')
      // graphile-worker sets exit code 57 for this; the worker process exits itself (modules/worker.ts).
      process.exitCode = 0
    },
  )
  if (!shared) console.warn('skipped: PostgreSQL gave the tests no database of their own (see pg.ts)')
})
