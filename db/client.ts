// Database client factory: drizzle on @libsql/client. `file:` URLs are the embedded SQLite database;
// `libsql://`, `http(s)://` and `ws(s)://` reach a libsql server. Migrations run at open, from SQL
// embedded in the bundle (db/migrations/bundle.ts) so the compiled binary carries them too.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { type Client, createClient } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { migrationJournal, migrationSql } from './migrations/bundle'
import * as schema from './schema'

export type Database = LibSQLDatabase<typeof schema>

export interface OpenDatabase {
  db: Database
  client: Client
  close(): void
}

/** Write the embedded migrations to a temporary folder in drizzle's layout and return it. */
function materializeMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wds-migrations-'))
  mkdirSync(join(dir, 'meta'))
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(migrationJournal))
  for (const entry of migrationJournal.entries)
    writeFileSync(join(dir, `${entry.tag}.sql`), migrationSql[entry.tag])
  return dir
}

export async function openDatabase(url: string, authToken?: string | null): Promise<OpenDatabase> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length)
    if (path && !path.startsWith(':memory:')) mkdirSync(dirname(path), { recursive: true })
  }
  const client = createClient({ url, authToken: authToken ?? undefined })
  if (url.startsWith('file:')) {
    // WAL lets readers proceed while a writer commits; the busy timeout rides out short lock waits.
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA busy_timeout = 5000')
    await client.execute('PRAGMA foreign_keys = ON')
  }
  const db = drizzle(client, { schema })
  const folder = materializeMigrations()
  try {
    await migrate(db, { migrationsFolder: folder })
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  return { db, client, close: () => client.close() }
}
