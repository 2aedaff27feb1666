// Honest failures of dependencies: mail, database, queue or storage down → a 503 problem with
// Retry-After, logged once with the request id; /ready names each dependency that is down.

import { Database as BunSqlite } from 'bun:sqlite'
import { afterAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import { type DatabaseDriver, driverOf } from '../../../db/client'
import { DependencyUnavailable, unavailableDependency } from '../../../modules/shared/dependency'
import { testApp } from '../../support/app'
import { dropSchema, PG_URL, uniqueSchema } from '../genetics/pg'
import { startLocalS3 } from '../genetics/s3-server'

/** A port nothing listens on: bound, read, and released again. */
function closedPort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port as number
  probe.stop(true)
  return port
}

const apps: Awaited<ReturnType<typeof testApp>>[] = []
afterAll(async () => {
  for (const app of apps) await app.cleanup()
})

describe('dependency failures', () => {
  it('answers sign-in with 503 and Retry-After when the SMTP server is down, logged once', async () => {
    const t = await testApp({ smtpUrl: `smtp://127.0.0.1:${closedPort()}` })
    apps.push(t)
    const r = await t.call('POST', '/auth/otp/start', {
      body: { email: 'mail-down@example.com' },
      headers: { 'x-request-id': 'req-mail-down' },
    })
    expect(r.status).toBe(503)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    expect(r.headers.get('retry-after')).toBe('30')
    expect(r.body).toMatchObject({
      type: 'http://localhost:3000/problems/unavailable',
      status: 503,
      dependency: 'mail',
      request_id: 'req-mail-down',
    })
    expect(r.body.detail).toContain('mail server is not reachable')
    const entries = t.log.lines.map((line) => JSON.parse(line))
    const logged = entries.filter((e) => e.event === 'dependency.unavailable')
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ request_id: 'req-mail-down', dependency: 'mail' })
    expect(entries.filter((e) => e.level === 'error')).toHaveLength(0)
  })

  it('answers with 503 when the database stays locked by another writer', async () => {
    const t = await testApp()
    apps.push(t)
    // The holder uses the same SQLite library as the app: two copies of SQLite in one process do not see
    // each other's file locks (POSIX locks are per process), so a libsql holder could not block bun:sqlite.
    const holder = await lockWith(driverOf(t.context.db), t.config.databaseUrl)
    try {
      const r = await t.call('POST', '/auth/otp/start', { body: { email: 'locked@example.com' } })
      expect(r.status).toBe(503)
      expect(r.headers.get('retry-after')).toBe('30')
      expect(r.body.dependency).toBe('database')
      expect(r.body.detail).toBe('The database is not reachable right now; try again shortly.')
    } finally {
      await holder.release()
    }
  }, 20_000)

  it('is ready with a bucket that answers (s3rver)', async () => {
    const s3 = await startLocalS3()
    const t = await testApp({
      s3: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
    })
    try {
      const r = await t.call('GET', '/ready')
      expect(r.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } })
      expect(r.status).toBe(200)
    } finally {
      await t.cleanup()
      await s3.close()
    }
  })

  it('is ready with the queue on a PostgreSQL that answers', async () => {
    const schema = uniqueSchema('ready')
    const t = await testApp({
      queue: { databaseUrl: PG_URL, schema, concurrency: 1, workerTimeoutSeconds: 60 },
    })
    try {
      const r = await t.call('GET', '/ready')
      expect(r.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } })
    } finally {
      await t.cleanup()
      await dropSchema(schema)
    }
  }, 30_000)

  it('reports on /ready a queue whose PostgreSQL is down, and blob storage that cannot be reached', async () => {
    const t = await testApp({
      queue: {
        databaseUrl: `postgres://postgres@127.0.0.1:${closedPort()}/test`,
        schema: 'graphile_worker',
        concurrency: 1,
        workerTimeoutSeconds: 60,
      },
      s3: {
        bucket: 'wds',
        endpoint: `http://127.0.0.1:${closedPort()}`,
        region: 'us-east-1',
        accessKeyId: 'test-access-key',
        secretAccessKey: 'test-secret-key',
      },
    })
    apps.push(t)
    const r = await t.call('GET', '/ready')
    expect(r.status).toBe(503)
    expect(r.headers.get('retry-after')).toBe('30')
    expect(r.body.checks).toEqual({ database: 'ok', storage: 'unavailable', queue: 'unavailable' })
    expect(r.body.detail).toBe('Not ready: storage, queue not reachable.')
  }, 20_000)
})

describe('which dependency an error names', () => {
  const coded = (code: string, name = 'Error') => Object.assign(new Error('x'), { code, name })

  it('knows the database by SQLite and libsql codes, also when wrapped', () => {
    expect(unavailableDependency(coded('SQLITE_BUSY'))).toBe('database')
    expect(unavailableDependency(new Error('Failed query', { cause: coded('SQLITE_FULL') }))).toBe('database')
    expect(unavailableDependency(coded('ECONNREFUSED', 'LibsqlError'))).toBe('database')
  })

  it('knows a full or read-only disk as storage, and other connection failures as upstream', () => {
    expect(unavailableDependency(coded('ENOSPC'))).toBe('storage')
    expect(unavailableDependency(coded('EROFS'))).toBe('storage')
    expect(unavailableDependency(coded('ECONNREFUSED'))).toBe('upstream')
    expect(unavailableDependency(new DependencyUnavailable('mail', coded('EAUTH')))).toBe('mail')
  })

  it('leaves ordinary failures alone, so they stay 500s', () => {
    expect(unavailableDependency(new TypeError('undefined is not a function'))).toBeNull()
    expect(unavailableDependency(coded('SQLITE_CONSTRAINT'))).toBeNull()
    expect(unavailableDependency(coded('ENOENT'))).toBeNull()
  })
})

/** Another connection holding the write lock of the database file, until released. */
async function lockWith(driver: DatabaseDriver, url: string) {
  if (driver === 'libsql') {
    const client = createClient({ url })
    const lock = await client.transaction('write')
    return {
      release: async () => {
        await lock.rollback()
        client.close()
      },
    }
  }
  const client = new BunSqlite(url.slice('file:'.length))
  client.exec('BEGIN IMMEDIATE')
  return {
    release: async () => {
      client.exec('ROLLBACK')
      client.close()
    },
  }
}
