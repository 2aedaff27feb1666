// Both database drivers, in one run: bun:sqlite (file: URLs, the default) and @libsql/client (forced with
// DATABASE_DRIVER=libsql, the stand-in for a libsql server). The same repository calls and the same HTTP
// flow must behave the same on each; transactions in particular, since drizzle's bun-sqlite transactions
// are synchronous and ours must still hold an `async` body together.

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { type DatabaseDriver, driverFor, driverOf, executeRaw, openDatabase } from '../../db/client'
import { users } from '../../modules/auth/tables'
import { ConfigError, loadConfig } from '../../modules/shared/config'
import { testApp } from '../support/app'

const dir = mkdtempSync(join(tmpdir(), 'wds-drivers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let n = 0
const open = (driver: DatabaseDriver) => openDatabase(`file:${join(dir, `d${++n}.db`)}`, null, driver)
const user = (id: string) => ({
  id,
  email: `${id}@example.com`,
  personal_organization_id: `org_${id}`,
  created_at: '2026-01-01T00:00:00.000Z',
})

describe('which driver a URL selects', () => {
  it('runs file: URLs on bun:sqlite and servers on @libsql/client unless told otherwise', () => {
    expect(driverFor('file:/tmp/x.db')).toBe('bun-sqlite')
    expect(driverFor('libsql://db.example.com')).toBe('libsql')
    expect(driverFor('https://db.example.com')).toBe('libsql')
    expect(driverFor('file:/tmp/x.db', 'libsql')).toBe('libsql')
    expect(() => driverFor('libsql://db.example.com', 'bun-sqlite')).toThrow('file:')
  })

  it('refuses DATABASE_DRIVER=bun-sqlite with a server URL, and an unknown driver, at start', () => {
    expect(() =>
      loadConfig({ DATABASE_DRIVER: 'bun-sqlite', DATABASE_URL: 'libsql://db.example.com' }),
    ).toThrow(ConfigError)
    expect(() => loadConfig({ DATABASE_DRIVER: 'postgres' })).toThrow(ConfigError)
    expect(loadConfig({}).databaseDriver).toBe('auto')
  })
})

for (const driver of ['bun-sqlite', 'libsql'] as const) {
  describe(`on ${driver}`, () => {
    it('migrates, and reads and writes through drizzle and raw statements', async () => {
      const database = await open(driver)
      try {
        expect(driverOf(database.db)).toBe(driver)
        await database.db.insert(users).values(user('usr_a'))
        const [row] = await database.db.select().from(users).where(eq(users.id, 'usr_a'))
        expect(row).toMatchObject({ id: 'usr_a', billing_admin: false })
        const raw = await executeRaw(database.db, 'select id, email from users where id = ?', ['usr_a'])
        expect(raw.rows).toEqual([{ id: 'usr_a', email: 'usr_a@example.com' }])
        const changed = await executeRaw(database.db, 'update users set email = ? where id = ?', [
          'x@y.z',
          'usr_a',
        ])
        expect(changed.changes).toBe(1)
        const mode = await executeRaw(database.db, 'pragma journal_mode')
        expect(String(Object.values(mode.rows[0]!)[0]).toLowerCase()).toBe('wal')
      } finally {
        database.close()
      }
    })

    it('keeps every statement of an async transaction body inside it, and rolls all of them back on a throw', async () => {
      const database = await open(driver)
      const { db } = database
      try {
        await expect(
          db.transaction(async (tx) => {
            await tx.insert(users).values(user('usr_1'))
            await Promise.resolve()
            await tx.insert(users).values(user('usr_2'))
            throw new Error('changed my mind')
          }),
        ).rejects.toThrow('changed my mind')
        expect(await db.select().from(users)).toEqual([])

        const result = await db.transaction(async (tx) => {
          await tx.insert(users).values(user('usr_3'))
          await tx.insert(users).values(user('usr_4'))
          return (await tx.select({ id: users.id }).from(users)).length
        })
        expect(result).toBe(2)
        // A failing statement (a duplicate key) halfway undoes the statements before it.
        await expect(
          db.transaction(async (tx) => {
            await tx.insert(users).values(user('usr_5'))
            await tx.insert(users).values(user('usr_3'))
          }),
        ).rejects.toThrow()
        expect((await db.select({ id: users.id }).from(users)).map((u) => u.id).sort()).toEqual([
          'usr_3',
          'usr_4',
        ])
      } finally {
        database.close()
      }
    })

    it('runs transactions started together one after another, each whole', async () => {
      const database = await open(driver)
      const { db } = database
      try {
        const ids = Array.from({ length: 8 }, (_, i) => `usr_c${i}`)
        const outcomes = await Promise.allSettled(
          ids.map((id, i) =>
            db.transaction(async (tx) => {
              await tx.insert(users).values(user(id))
              await tx.insert(users).values(user(`${id}_b`))
              if (i % 2 === 1) throw new Error('odd one out')
            }),
          ),
        )
        expect(outcomes.map((o) => o.status)).toEqual(ids.map((_, i) => (i % 2 ? 'rejected' : 'fulfilled')))
        const stored = (await db.select({ id: users.id }).from(users)).map((u) => u.id).sort()
        expect(stored).toEqual(
          ids
            .filter((_, i) => i % 2 === 0)
            .flatMap((id) => [id, `${id}_b`])
            .sort(),
        )
      } finally {
        database.close()
      }
    })

    it('serves the sign-in, import and list flow over HTTP', async () => {
      const t = await testApp({ databaseDriver: driver })
      try {
        expect(driverOf(t.context.db)).toBe(driver)
        const p = await t.userWithKey()
        const imported = await t.call('POST', '/imports/file', {
          token: p.key,
          body: {
            filename: 'panel.csv',
            text: 'Test,Result,Units,Date\nLDL Cholesterol,160,mg/dL,2025-09-01\n',
          },
        })
        expect(imported.status).toBe(201)
        const list = await t.call('GET', '/sources', { token: p.key })
        expect(list.status).toBe(200)
        expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([imported.body.source_id])
        const other = await t.userWithKey()
        expect(
          (await t.call('GET', `/sources/${imported.body.source_id}`, { token: other.key })).status,
        ).toBe(404)
        const deleted = await t.call('DELETE', `/sources/${imported.body.source_id}`, { token: p.key })
        expect(deleted.status).toBe(200)
        expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
      } finally {
        await t.cleanup()
      }
    })
  })
}
