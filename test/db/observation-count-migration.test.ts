// Migration 0004 gives every source its observation count, backfilled for databases released before it,
// so the per-user cap counts what existing users already hold.

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { executeRaw, openDatabase } from '../../db/client'
import { migrationJournal, migrationSql } from '../../db/migrations/bundle'
import { testDriver } from '../support/driver'

const dir = mkdtempSync(join(tmpdir(), 'wds-migrate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A database migrated only up to (and including) `lastTag`, as a release before 0004 left it. */
async function databaseAt(lastTag: string, url: string) {
  const entries = migrationJournal.entries.slice(
    0,
    migrationJournal.entries.findIndex((e) => e.tag === lastTag) + 1,
  )
  const folder = join(dir, 'migrations')
  mkdirSync(join(folder, 'meta'), { recursive: true })
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...migrationJournal, entries }))
  for (const entry of entries) writeFileSync(join(folder, `${entry.tag}.sql`), migrationSql[entry.tag])
  const client = createClient({ url })
  await migrate(drizzle(client), { migrationsFolder: folder })
  return client
}

describe('migration 0004', () => {
  it('backfills observation_count of existing sources', async () => {
    const url = `file:${join(dir, 'old.db')}`
    const old = await databaseAt('0003_privacy_and_lab_sites', url)
    const source = (id: string) =>
      old.execute({
        sql: `INSERT INTO sources (id, organization_id, user_id, modality, format, warnings, details, created_at)
              VALUES (?, 'org_1', 'usr_1', 'biomarkers', 'lab_csv', '[]', '{}', '2026-01-01T00:00:00.000Z')`,
        args: [id],
      })
    await source('src_a')
    await source('src_b')
    for (const [id, src] of [
      ['obs_1', 'src_a'],
      ['obs_2', 'src_a'],
      ['obs_3', 'src_a'],
      ['obs_4', 'src_b'],
    ])
      await old.execute({
        sql: `INSERT INTO observations (id, organization_id, user_id, source_id, modality, code, original_name, value, unit, observed_at)
              VALUES (?, 'org_1', 'usr_1', ?, 'biomarkers', 'glucose', 'Glucose', 90, 'mg/dL', '2026-01-01T00:00:00.000Z')`,
        args: [id, src],
      })
    old.close()

    const current = await openDatabase(url, null, testDriver())
    const rows = await executeRaw(current.db, 'SELECT id, observation_count FROM sources ORDER BY id')
    expect(rows.rows.map((r) => [r.id, r.observation_count])).toEqual([
      ['src_a', 3],
      ['src_b', 1],
    ])
    current.close()
  })
})
