// The read cache of the embedded database (db/read-cache.ts over db/commit-watch.ts): a result is reused
// only while nothing has been committed since, by this connection, another connection or another
// process on the same file; never inside a transaction; and what it hands out cannot be changed.

import { Database as BunSqlite } from 'bun:sqlite'
import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cachedRead, executeRaw, type OpenDatabase, openDatabase } from '../../db/client'
import { commitWatch } from '../../db/commit-watch'
import { testApp } from '../support/app'

const dir = mkdtempSync(join(tmpdir(), 'wds-read-cache-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let n = 0
const freshPath = () => join(dir, `c${++n}.db`)

/** Run SQL against the file from a separate process, as a worker or a second replica would. */
function commitFromAnotherProcess(path: string, sql: string) {
  const run = Bun.spawnSync(
    [
      process.execPath,
      '-e',
      `const { Database } = require('bun:sqlite'); const db = new Database(${JSON.stringify(path)}); db.exec('PRAGMA busy_timeout = 5000'); db.exec(${JSON.stringify(sql)}); db.close()`,
    ],
    { stderr: 'pipe' },
  )
  if (run.exitCode !== 0) throw new Error(run.stderr.toString())
}

describe('the commit watch', () => {
  it('watches only a WAL database with a shared-memory file', () => {
    expect(commitWatch(':memory:', 'memory')).toBeNull()
    expect(commitWatch(freshPath(), 'delete')).toBeNull()
    expect(commitWatch(join(dir, 'never-opened.db'), 'wal')).toBeNull()
  })

  it.each([
    ['mapped', true],
    ['read', false],
  ] as const)(
    '%s: moves on every commit, from this connection, another connection and another process, and not on reads',
    (how, map) => {
      const path = freshPath()
      const mine = new BunSqlite(path, { create: true })
      mine.exec('PRAGMA journal_mode = WAL')
      mine.exec('CREATE TABLE t (v INTEGER)')
      const watch = commitWatch(path, 'wal', { map })!
      expect(watch).not.toBeNull()
      // On glibc Linux the header is mapped: looking at it costs no system call.
      if (map && process.platform !== 'linux') return
      expect(watch.how).toBe(how)
      const start = watch.generation()
      mine.query('SELECT count(*) FROM t').get()
      expect(watch.generation()).toBe(start)

      mine.exec('INSERT INTO t VALUES (1)')
      const afterMine = watch.generation()
      expect(afterMine).not.toBe(start)

      const other = new BunSqlite(path)
      other.exec('INSERT INTO t VALUES (2)')
      const afterOther = watch.generation()
      expect(afterOther).not.toBe(afterMine)
      other.close()

      commitFromAnotherProcess(path, 'INSERT INTO t VALUES (3)')
      const afterProcess = watch.generation()
      expect(afterProcess).not.toBe(afterOther)
      expect(watch.generation()).toBe(afterProcess)

      // A rolled-back transaction changes nothing, so it need not move the generation; a later commit must.
      mine.exec('BEGIN IMMEDIATE; INSERT INTO t VALUES (4); ROLLBACK')
      const afterRollback = watch.generation()
      mine.exec('INSERT INTO t VALUES (5)')
      expect(watch.generation()).not.toBe(afterRollback)
      mine.close()
      watch.close()
    },
  )
})

/**
 * Who holds a lock on SQLite's "dead man switch" byte of the -shm file, as another process sees it. Every
 * connection holds it shared while open; if it is free, the next process to open the database takes it
 * and resets the WAL index under the live readers (https://sqlite.org/walformat.html, "DMS").
 */
function shmDeadManSwitchHolder(path: string): { lock: string; pid: number | null } {
  const run = Bun.spawnSync(
    [process.execPath, join(import.meta.dir, '../support/posix-lock-probe.ts'), `${path}-shm`, '128'],
    { stderr: 'pipe' },
  )
  if (run.exitCode !== 0) throw new Error(run.stderr.toString())
  return JSON.parse(run.stdout.toString())
}

describe.skipIf(process.platform !== 'linux')("SQLite's own locks", () => {
  it('stay held while the watch looks, and when a second watch of the same file closes', async () => {
    const path = freshPath()
    const first = await openDatabase(`file:${path}`)
    try {
      await executeRaw(first.db, 'CREATE TABLE scratch (v INTEGER)')
      for (let i = 0; i < 3; i++) await cachedRead(first.db, 'k', async () => i)
      expect(shmDeadManSwitchHolder(path)).toEqual({ lock: 'read', pid: process.pid })

      const second = await openDatabase(`file:${path}`)
      await cachedRead(second.db, 'k', async () => 0)
      second.close()
      await cachedRead(first.db, 'k', async () => 0)
      expect(shmDeadManSwitchHolder(path)).toEqual({ lock: 'read', pid: process.pid })
    } finally {
      first.close()
    }
    expect(shmDeadManSwitchHolder(path).lock).toBe('none')
  })
})

/** A table `scratch` and its row count read through the cache; `reads()` tells how often SQLite was asked. */
async function cachedScratchCount(database: OpenDatabase) {
  await executeRaw(database.db, 'CREATE TABLE scratch (v INTEGER)')
  let reads = 0
  const count = () =>
    cachedRead(database.db, 'count-scratch', async () => {
      reads++
      return Number((await executeRaw(database.db, 'SELECT count(*) AS n FROM scratch')).rows[0]!.n)
    })
  return { count, reads: () => reads }
}

describe('cachedRead on the embedded database', () => {
  it('reuses a result until the next commit, by anyone, and re-reads after it', async () => {
    const path = freshPath()
    const database = await openDatabase(`file:${path}`)
    try {
      const { count, reads } = await cachedScratchCount(database)
      expect(await count()).toBe(0)
      expect(await count()).toBe(0)
      expect(reads()).toBe(1)

      await executeRaw(database.db, 'INSERT INTO scratch VALUES (1)')
      expect(await count()).toBe(1)
      expect(reads()).toBe(2)

      commitFromAnotherProcess(path, 'INSERT INTO scratch VALUES (2)')
      expect(await count()).toBe(2)
      expect(reads()).toBe(3)
      expect(await count()).toBe(2)
      expect(reads()).toBe(3)
    } finally {
      database.close()
    }
  })

  it('is never older than a direct read made just before it while another process commits and checkpoints', async () => {
    const path = freshPath()
    const database = await openDatabase(`file:${path}`)
    try {
      await executeRaw(database.db, 'CREATE TABLE t (v INTEGER)')
      const commits = 400
      const writer = Bun.spawn([
        process.execPath,
        '-e',
        `const { Database } = require('bun:sqlite'); const db = new Database(${JSON.stringify(path)}); db.exec('PRAGMA busy_timeout = 5000'); const s = db.prepare('INSERT INTO t VALUES (?)'); for (let i = 1; i <= ${commits}; i++) { s.run(i); if (i % 3 === 0) db.exec('PRAGMA wal_checkpoint(PASSIVE)') } db.close()`,
      ])
      const direct = async () =>
        Number((await executeRaw(database.db, 'SELECT count(*) AS n FROM t')).rows[0]!.n)
      let finished = false
      void writer.exited.then(() => {
        finished = true
      })
      let reads = 0
      let reused = 0
      let older = 0
      let last = 0
      while (!finished) {
        const before = await direct()
        let missed = false
        const cached = await cachedRead(database.db, 'count', () => {
          missed = true
          return direct()
        })
        reads++
        if (!missed) reused++
        if (cached < before || cached < last) older++
        last = cached
        // Statements on bun:sqlite settle at once: let the event loop see the writer exit.
        if (reads % 50 === 0) await new Promise((resolve) => setImmediate(resolve))
      }
      expect(await writer.exited).toBe(0)
      expect(older).toBe(0)
      expect(reused).toBeGreaterThan(0)
      expect(await cachedRead(database.db, 'count', direct)).toBe(commits)
    } finally {
      database.close()
    }
  })

  it('never reads from or fills the cache inside a transaction, which may hold uncommitted writes', async () => {
    const database = await openDatabase(`file:${freshPath()}`)
    try {
      const { count, reads } = await cachedScratchCount(database)
      expect(await count()).toBe(0)
      await expect(
        database.db.transaction(async () => {
          await executeRaw(database.db, 'INSERT INTO scratch VALUES (1)')
          // Inside: the uncommitted row is seen, not the cached zero.
          expect(await count()).toBe(1)
          throw new Error('roll back')
        }),
      ).rejects.toThrow('roll back')
      // After the rollback: nothing committed, and the uncommitted count was never stored.
      expect(await count()).toBe(0)
      expect(reads()).toBe(2)
    } finally {
      database.close()
    }
  })

  it('hands out a frozen value under the test runner, so a test catches any caller that would change what the next one gets', async () => {
    expect(process.env.NODE_ENV).toBe('test')
    const database = await openDatabase(`file:${freshPath()}`)
    try {
      const rows = await cachedRead(database.db, 'k', async () => [{ a: { b: 1 } }])
      expect(Object.isFrozen(rows)).toBe(true)
      expect(Object.isFrozen(rows[0]!.a)).toBe(true)
      expect(() => {
        ;(rows[0]!.a as { b: number }).b = 2
      }).toThrow()
    } finally {
      database.close()
    }
  })

  it('simply reads on the libsql driver, which has no shared header to watch', async () => {
    const database = await openDatabase(`file:${freshPath()}`, null, 'libsql')
    try {
      let reads = 0
      const read = () => cachedRead(database.db, 'k', async () => ++reads)
      await read()
      await read()
      expect(reads).toBe(2)
    } finally {
      database.close()
    }
  })
})

describe('over HTTP', () => {
  /** A person with an API key and one imported lab panel, and the path of the app's database file. */
  async function personWithPanel(t: Awaited<ReturnType<typeof testApp>>) {
    const person = await t.userWithKey()
    const imported = await t.call('POST', '/imports/file', {
      token: person.key,
      body: { filename: 'panel.csv', text: 'Test,Result,Units,Date\nLDL Cholesterol,120,mg/dL,2025-09-01\n' },
    })
    expect(imported.status).toBe(201)
    const path = t.config.databaseUrl.slice('file:'.length)
    return { person, path, sourceId: imported.body.source_id as string }
  }

  it('stops a key revoked by another process on the very next request, and lists what it changed', async () => {
    const t = await testApp()
    try {
      const { person, path, sourceId } = await personWithPanel(t)
      // Read twice, so both the key and the list are cached.
      for (let i = 0; i < 2; i++) {
        const list = await t.call('GET', '/sources', { token: person.key })
        expect(list.status).toBe(200)
        expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([sourceId])
      }

      commitFromAnotherProcess(
        path,
        `UPDATE sources SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id = '${sourceId}'`,
      )
      const after = await t.call('GET', '/sources', { token: person.key })
      expect(after.body.data).toEqual([])

      commitFromAnotherProcess(
        path,
        `UPDATE api_keys SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE id = '${person.keyId}'`,
      )
      const revoked = await t.call('GET', '/sources', { token: person.key })
      expect(revoked.status).toBe(401)
    } finally {
      await t.close()
    }
  })

  it('names a source deleted by another process in the very next read of an analysis, and answers 404 once the analysis is gone', async () => {
    const t = await testApp()
    try {
      const { person, path, sourceId } = await personWithPanel(t)
      const analysis = await t.call('POST', '/analyses', { token: person.key, body: {} })
      expect(analysis.status).toBe(201)
      const id = analysis.body.id as string
      // Read twice, so the analysis and its deleted-source check are cached.
      for (let i = 0; i < 2; i++) {
        const read = await t.call('GET', `/analyses/${id}`, { token: person.key })
        expect(read.status).toBe(200)
        expect(read.body.deleted_sources).toBeUndefined()
      }

      commitFromAnotherProcess(
        path,
        `UPDATE sources SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id = '${sourceId}'`,
      )
      const after = await t.call('GET', `/analyses/${id}`, { token: person.key })
      expect(after.status).toBe(200)
      expect(after.body.deleted_sources).toEqual([sourceId])

      commitFromAnotherProcess(path, `DELETE FROM analyses WHERE id = '${id}'`)
      expect((await t.call('GET', `/analyses/${id}`, { token: person.key })).status).toBe(404)
    } finally {
      await t.close()
    }
  })
})
