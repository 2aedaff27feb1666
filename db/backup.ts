// Online backup of the embedded database: `VACUUM INTO` writes a consistent, compacted copy of the file
// while the service keeps running (SQLite takes a read transaction, so writers in WAL mode carry on).
// The copy is checked with `PRAGMA integrity_check` before it is reported as done.

import { Database } from 'bun:sqlite'
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

export class BackupError extends Error {}

export interface BackupResult {
  path: string
  bytes: number
}

/** Copy the embedded database at `databaseUrl` (a `file:` URL) to a new file at `target`. */
export async function backupDatabase(databaseUrl: string, target: string): Promise<BackupResult> {
  if (!databaseUrl.startsWith('file:'))
    throw new BackupError(
      'Backup copies the embedded database (a file: DATABASE_URL); back up a libsql server with its own tools.',
    )
  const source = databaseUrl.slice('file:'.length)
  if (!existsSync(source))
    throw new BackupError(`There is no database at ${source} to back up (check DATA_DIR).`)
  const path = resolve(target)
  if (existsSync(path)) throw new BackupError(`${path} already exists; name a new file for the backup.`)
  // bun:sqlite, as the service's own connection: the file format is SQLite's, whichever client wrote it.
  const client = new Database(source, { readwrite: true, create: false })
  try {
    client.exec('PRAGMA busy_timeout = 5000')
    client.prepare('VACUUM INTO ?').run(path)
  } finally {
    client.close()
  }
  const copy = new Database(path, { readonly: true })
  try {
    const check = copy.prepare('PRAGMA integrity_check').values()
    if (check[0]?.[0] !== 'ok') throw new BackupError(`The copy at ${path} failed its integrity check.`)
  } finally {
    copy.close()
  }
  return { path, bytes: statSync(path).size }
}
