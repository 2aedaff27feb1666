// Database client factory. Two drivers behind one drizzle API, one schema and one set of migrations:
// - `file:` URLs (the embedded database, the default) run on Bun's built-in `bun:sqlite` through drizzle's
//   bun-sqlite driver: a statement costs microseconds, where @libsql/client's asynchronous boundary costs
//   about a hundred (measured in issue 22);
// - `libsql://`, `http(s)://` and `ws(s)://` URLs reach a libsql server through `@libsql/client`.
// `DATABASE_DRIVER=libsql` forces the libsql client on a `file:` URL too (the test suite uses it as the
// stand-in for a server, so both drivers stay exercised). Repositories never know which driver runs: the
// differences (synchronous transactions, raw statements) are handled here. Migrations run at open, from
// SQL embedded in the bundle (db/migrations/bundle.ts) so the compiled binary carries them too.

import { Database as BunSqlite, type Statement } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Client } from '@libsql/client'
import { drizzle as drizzleBun } from 'drizzle-orm/bun-sqlite'
import { migrate as migrateBun } from 'drizzle-orm/bun-sqlite/migrator'
import { TransactionRollbackError } from 'drizzle-orm/errors'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { commitWatch } from './commit-watch'
import { migrationJournal, migrationSql } from './migrations/bundle'
import { type ReadCache, readCache } from './read-cache'
import * as schema from './schema'

/**
 * The database every repository receives. Typed as drizzle's asynchronous SQLite database: on bun:sqlite
 * the same calls run synchronously and are awaited all the same (awaiting a value is harmless).
 */
export type Database = BaseSQLiteDatabase<'async', unknown, typeof schema>

/** Which client runs the database: chosen by the URL, or forced with DATABASE_DRIVER. */
export type DatabaseDriver = 'bun-sqlite' | 'libsql'
export type DriverChoice = 'auto' | DatabaseDriver

export interface OpenDatabase {
  db: Database
  driver: DatabaseDriver
  close(): void
}

/** The driver a URL selects under a DATABASE_DRIVER choice; throws on an impossible pair. */
export function driverFor(url: string, choice: DriverChoice = 'auto'): DatabaseDriver {
  const isFile = url.startsWith('file:')
  if (choice === 'bun-sqlite' && !isFile)
    throw new Error('DATABASE_DRIVER=bun-sqlite needs a file: DATABASE_URL (the embedded database).')
  if (choice === 'auto') return isFile ? 'bun-sqlite' : 'libsql'
  return choice
}

/** The driver of each open database, for the few helpers below that must speak to the client itself. */
const drivers = new WeakMap<
  object,
  { driver: DatabaseDriver; client: BunSqlite | Client; cache?: ReadCache }
>()

/** Write the embedded migrations to a temporary folder in drizzle's layout and return it. */
function materializeMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wds-migrations-'))
  mkdirSync(join(dir, 'meta'))
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(migrationJournal))
  for (const entry of migrationJournal.entries)
    writeFileSync(join(dir, `${entry.tag}.sql`), migrationSql[entry.tag])
  return dir
}

async function withMigrations(run: (folder: string) => Promise<void> | void) {
  const folder = materializeMigrations()
  try {
    await run(folder)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

export async function openDatabase(
  url: string,
  authToken?: string | null,
  choice: DriverChoice = 'auto',
): Promise<OpenDatabase> {
  const driver = driverFor(url, choice)
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length)
    if (path && !path.startsWith(':memory:')) mkdirSync(dirname(path), { recursive: true })
  }
  return driver === 'bun-sqlite' ? openBunSqlite(url) : openLibsql(url, authToken)
}

async function openLibsql(url: string, authToken?: string | null): Promise<OpenDatabase> {
  // Loaded only when a libsql database is opened: the embedded default never pays for the client (or its
  // native addon) at start-up.
  const [{ createClient }, { drizzle: drizzleLibsql }, { migrate: migrateLibsql }] = await Promise.all([
    import('@libsql/client'),
    import('drizzle-orm/libsql'),
    import('drizzle-orm/libsql/migrator'),
  ])
  const client = createClient({ url, authToken: authToken ?? undefined })
  if (url.startsWith('file:')) {
    // WAL lets readers proceed while a writer commits; the busy timeout rides out short lock waits.
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA busy_timeout = 5000')
    await client.execute('PRAGMA foreign_keys = ON')
  }
  const db = drizzleLibsql(client, { schema })
  await withMigrations((folder) => migrateLibsql(db, { migrationsFolder: folder }))
  drivers.set(db, { driver: 'libsql', client })
  // The libsql client runs each transaction on a connection of its own, without the busy timeout set
  // above: on a local file, two at once would fail with SQLITE_BUSY instead of waiting their turn.
  if (url.startsWith('file:')) serializeTransactions(db as unknown as Database)
  return { db: db as unknown as Database, driver: 'libsql', close: () => client.close() }
}

/** Most distinct statements kept compiled; queries with a variable-length `in (...)` make new texts. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Keep compiled statements on a bun:sqlite connection: drizzle asks the client to `prepare` every
 * statement it runs, and compiling costs more than running a short indexed query. Statements are reused
 * by their SQL text (they run synchronously, so one is never in use twice at once); past the bound the
 * oldest are dropped and left to the garbage collector, since a drizzle prepared query may still hold one.
 */
function cacheStatements(client: BunSqlite) {
  const statements = new Map<string, Statement>()
  const compile = client.prepare.bind(client)
  client.prepare = ((sql: string, params?: never) => {
    if (params !== undefined) return compile(sql, params)
    const cached = statements.get(sql)
    if (cached) return cached
    const statement = compile(sql)
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string)
    statements.set(sql, statement)
    return statement
  }) as typeof client.prepare
  return () => statements.clear()
}

async function openBunSqlite(url: string): Promise<OpenDatabase> {
  const path = url.slice('file:'.length).split('?')[0]
  const client = new BunSqlite(path || ':memory:', { create: true, strict: true })
  const forget = cacheStatements(client)
  // WAL lets readers proceed while a writer commits; the busy timeout rides out short lock waits taken by
  // another process (a worker, the backup command).
  client.exec('PRAGMA journal_mode = WAL')
  client.exec('PRAGMA busy_timeout = 5000')
  client.exec('PRAGMA foreign_keys = ON')
  const db = drizzleBun(client, { schema })
  await withMigrations((folder) => migrateBun(db, { migrationsFolder: folder }))
  const { journal_mode } = client.query('PRAGMA journal_mode').get() as { journal_mode: string }
  const watch = commitWatch(path, journal_mode)
  const cache = watch ? readCache(watch, () => client.inTransaction) : undefined
  drivers.set(db, { driver: 'bun-sqlite', client, cache })
  awaitableTransactions(db as unknown as Database, client)
  const close = () => {
    forget()
    client.close()
    // After the connection: the watch's descriptor must outlive SQLite's locks (db/commit-watch.ts).
    watch?.close()
  }
  return { db: db as unknown as Database, driver: 'bun-sqlite', close }
}

/**
 * drizzle's bun-sqlite transactions are synchronous: with an `async` callback the native transaction
 * commits when the callback returns its promise, so every statement after the first `await` would run
 * outside it, and a throw would roll nothing back. Repositories write `db.transaction(async (tx) => ...)`
 * for both drivers, so on bun:sqlite the method is replaced by one that awaits the callback between
 * BEGIN IMMEDIATE and COMMIT (ROLLBACK on a throw), one transaction at a time (the connection is shared).
 *
 * A transaction's callback must run only database statements. On bun:sqlite each one runs at once and its
 * promise is already settled, so the whole body runs in one turn of the microtask queue; awaiting network
 * or file work inside it would let other requests' statements join the open transaction.
 */
function awaitableTransactions(db: Database, client: BunSqlite) {
  let queue: Promise<unknown> = Promise.resolve()
  // What the callback receives: the same connection, with nesting refused (none of ours nests).
  const tx = Object.create(db) as Database & { rollback(): never }
  Object.assign(tx, {
    transaction: () => {
      throw new Error('Nested transactions are not supported; run the statements in the outer transaction.')
    },
    rollback: () => {
      throw new TransactionRollbackError()
    },
  })
  const transaction = <T>(
    body: (tx: never) => Promise<T> | T,
    config?: { behavior?: 'deferred' | 'immediate' | 'exclusive' },
  ): Promise<T> => {
    const run = async () => {
      // IMMEDIATE takes the write lock up front: a deferred transaction that reads then writes can fail
      // with SQLITE_BUSY halfway when another process wrote in between.
      client.exec(`BEGIN ${(config?.behavior ?? 'immediate').toUpperCase()}`)
      try {
        const result = await body(tx as never)
        client.exec('COMMIT')
        return result
      } catch (error) {
        if (client.inTransaction) client.exec('ROLLBACK')
        throw error
      }
    }
    const result = queue.then(run, run)
    queue = result.catch(() => {})
    return result
  }
  ;(db as unknown as { transaction: typeof transaction }).transaction = transaction
}

/** One transaction at a time on this database: each waits for the one before it to finish. */
function serializeTransactions(db: Database) {
  let queue: Promise<unknown> = Promise.resolve()
  const transaction = db.transaction.bind(db)
  ;(db as { transaction: unknown }).transaction = ((body: never, config?: never) => {
    const run = () => transaction(body, config)
    const result = queue.then(run, run)
    queue = result.catch(() => {})
    return result
  }) as typeof db.transaction
}

/**
 * `read()`'s result, reused while nothing has been committed to the database since it was read (by this
 * process or another on the same file; see db/read-cache.ts). For hot reads only; `key` must name the
 * query and every parameter. Outside the embedded database, and inside a transaction, it simply reads.
 */
export function cachedRead<T>(
  db: Database,
  key: string,
  read: () => Promise<T>,
  weight?: number,
): Promise<T> {
  const cache = drivers.get(db)?.cache
  return cache ? cache.read(key, read, weight) : read()
}

/** A raw statement's rows (for a SELECT or a PRAGMA) and how many rows it changed. */
export interface RawResult {
  rows: Record<string, unknown>[]
  changes: number
}

/**
 * Run one raw statement with `?` parameters, on either driver. For the few callers that must name tables
 * read from the schema (privacy), which drizzle's typed builder cannot express.
 */
export async function executeRaw(db: Database, text: string, args: unknown[] = []): Promise<RawResult> {
  const known = drivers.get(db)
  if (!known) throw new Error('executeRaw: not a database opened by openDatabase')
  if (known.driver === 'libsql') {
    const result = await (known.client as Client).execute({ sql: text, args: args as never })
    return {
      rows: result.rows.map((row) => ({ ...row }) as Record<string, unknown>),
      changes: result.rowsAffected,
    }
  }
  const client = known.client as BunSqlite
  // Not through the statement cache: these texts name tables and vary with the subject.
  const statement = client.prepare(text, args as never) as unknown as Statement
  try {
    if (statement.columnNames.length > 0)
      return { rows: statement.all() as Record<string, unknown>[], changes: 0 }
    return { rows: [], changes: statement.run().changes }
  } finally {
    statement.finalize()
  }
}

/** Which driver an open database runs on. */
export function driverOf(db: Database): DatabaseDriver {
  const known = drivers.get(db)
  if (!known) throw new Error('driverOf: not a database opened by openDatabase')
  return known.driver
}
