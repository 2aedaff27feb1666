// Upgrading: a database made by the previous release (only migration 0000, as 0.5.x shipped it) with a
// person in it is opened by the current service, which applies the newer migrations at start and keeps
// the data: the same person signs in to the same account.

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { migrationJournal, migrationSql } from '../../db/migrations/bundle'
import { testApp } from '../support/app'

const dir = mkdtempSync(join(tmpdir(), 'wds-upgrade-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Migrate a new database file with only the first `count` migrations of the journal. */
async function databaseAtMigration(path: string, count: number) {
  const folder = join(dir, `migrations-${count}`)
  mkdirSync(join(folder, 'meta'), { recursive: true })
  const entries = migrationJournal.entries.slice(0, count)
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...migrationJournal, entries }))
  for (const entry of entries) writeFileSync(join(folder, `${entry.tag}.sql`), migrationSql[entry.tag]!)
  const client = createClient({ url: `file:${path}` })
  await migrate(drizzle(client), { migrationsFolder: folder })
  return client
}

describe('upgrading from the previous release', () => {
  it('migrates a database made by migration 0000 alone at start and keeps its data', async () => {
    expect(migrationJournal.entries.length).toBeGreaterThan(1)
    const path = join(dir, 'wellness.db')
    const old = await databaseAtMigration(path, 1)
    const created = '2026-01-02T03:04:05.000Z'
    await old.batch([
      {
        sql: 'insert into users (id, email, personal_organization_id, billing_admin, created_at) values (?, ?, ?, 0, ?)',
        args: [
          'usr_01jz00000000000000000000aa',
          'upgrade@example.com',
          'org_01jz00000000000000000000aa',
          created,
        ],
      },
      {
        sql: 'insert into organizations (id, name, kind, owner_user_id, tier, created_at) values (?, ?, ?, ?, ?, ?)',
        args: [
          'org_01jz00000000000000000000aa',
          'Personal',
          'personal',
          'usr_01jz00000000000000000000aa',
          'free',
          created,
        ],
      },
      {
        sql: 'insert into memberships (organization_id, user_id, role, created_at) values (?, ?, ?, ?)',
        args: ['org_01jz00000000000000000000aa', 'usr_01jz00000000000000000000aa', 'owner', created],
      },
    ])
    const before = await old.execute(
      "select name from pragma_table_info('observations') where name = 'comparator'",
    )
    expect(before.rows).toHaveLength(0)
    old.close()

    const current = await testApp({ databaseUrl: `file:${path}` })
    const person = await current.signIn('upgrade@example.com')
    expect(person.userId).toBe('usr_01jz00000000000000000000aa')
    expect(person.organizationId).toBe('org_01jz00000000000000000000aa')
    await current.cleanup()

    const after = createClient({ url: `file:${path}` })
    const applied = await after.execute('select count(*) as n from __drizzle_migrations')
    expect(Number(applied.rows[0]!.n)).toBe(migrationJournal.entries.length)
    const columns = await after.execute(
      "select name from pragma_table_info('observations') where name = 'comparator'",
    )
    expect(columns.rows).toHaveLength(1)
    after.close()
  })
})
