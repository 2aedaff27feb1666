// The real PostgreSQL the graphile-worker tests use (TEST_DATABASE_URL names the server, default the
// local `test` database), with a database of this test process's own on it and a unique graphile-worker
// schema per test inside that.
//
// Why a database and not only a schema: graphile-worker announces every breaking migration with NOTIFY
// on the channel "worker:migrate", and channels belong to a whole database, not a schema. Every worker
// listening anywhere in that database shuts down on hearing one and sets the process's exit code to 57.
// Installing a fresh schema runs breaking migrations, so when another developer's (or CI job's) suite
// installed its schema in the shared `test` database, our running workers stopped and the queue tests
// waited out their deadlines, only ever on a busy machine. A database per process keeps the announcements
// of other runs away; the afterEach/afterAll stops in the tests keep this run's own away.

import { hostname } from 'node:os'
import { Client } from 'pg'

/** The server (and the database other runs share) that TEST_DATABASE_URL names. */
export const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const PREFIX = 'wds_test_'
/** This machine in database names: a pid says nothing about a process on another machine. */
const HOST =
  hostname()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20) || 'host'

const urlFor = (database: string) => {
  const url = new URL(SERVER_URL)
  url.pathname = `/${database}`
  return url.toString()
}

/** Whether the process that created a test database on this machine is gone (the name holds its pid). */
function ownerIsGone(database: string): boolean {
  const [host, pidText] = database.slice(PREFIX.length).split('_')
  const pid = Number(pidText)
  if (host !== HOST || !Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * Create this process's database, first dropping those left by test processes that have ended (a
 * process cannot drop its own on the way out: bun test gives no hook after the last file). When the
 * server cannot be reached, answer its own URL, so tests that probe for PostgreSQL skip as before; when
 * it refuses to create databases, run in the named database as before, without the isolation.
 */
async function databaseOfThisProcess(): Promise<string> {
  const admin = new Client({ connectionString: SERVER_URL })
  try {
    await admin.connect()
  } catch {
    return SERVER_URL
  }
  try {
    const name = `${PREFIX}${HOST}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const existing = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PREFIX}%`],
    )
    for (const { datname } of existing.rows) {
      if (ownerIsGone(datname))
        await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {})
    }
    // template0: nobody connects to it, so a concurrent run cannot make the copy fail.
    await admin.query(`create database "${name}" template template0`)
    return urlFor(name)
  } catch (error) {
    console.warn(`graphile tests share ${SERVER_URL}: no database of their own (${(error as Error).message})`)
    return SERVER_URL
  } finally {
    await admin.end()
  }
}

export const PG_URL = await databaseOfThisProcess()

export const uniqueSchema = (label: string) =>
  `gw_test_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`

export async function dropSchema(schema: string): Promise<void> {
  const client = new Client({ connectionString: PG_URL })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}
