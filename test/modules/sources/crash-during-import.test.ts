// The server killed (SIGKILL) while it stores an import, then restarted on the same data: nothing half
// written is visible (no source, no observations in any read, no room taken from the per-user cap), the
// import sent again lands once, and the rows the dead process left behind are removed by the sweep once
// no import could still be writing them. Rows are counted in the database file before and after.

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { ManualClock } from '../../../modules/shared/clock'
import { newId } from '../../../modules/shared/ids'
import { sweepUnfinishedImports, UNFINISHED_AFTER_MS } from '../../../modules/sources/unfinished-imports'
import { testApp } from '../../support/app'
import { startServer } from '../../support/server'

const ROWS = 90_000
/** A lab export big enough that storing it takes a while: one glucose value per minute. */
function bigLabCsv(): string {
  const lines = ['Test Name,Result,Units,Collected']
  const start = Date.parse('2024-01-01T00:00:00Z')
  for (let i = 0; i < ROWS; i++)
    lines.push(`Glucose,${80 + (i % 40)},mg/dL,${new Date(start + i * 60_000).toISOString()}`)
  return `${lines.join('\n')}\n`
}

async function signedInKey(base: string): Promise<string> {
  const email = 'crash-test@example.com'
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<any>)
  await post('/auth/otp/start', { email })
  const outbox = (await (await fetch(`${base}/dev/outbox?email=${email}`)).json()) as any
  const code = JSON.stringify(outbox).match(/sign-in code is (\d{8})/)![1]
  const session = await post('/auth/otp/verify', { email, token: code })
  return (await post('/api-keys', {}, session.access_token)).api_key
}

const dataDir = mkdtempSync(join(tmpdir(), 'wds-crash-'))
const dbFile = join(dataDir, 'wellness.db')
const count = async (sql: string) => {
  const db = createClient({ url: `file:${dbFile}` })
  try {
    return Number((await db.execute(sql)).rows[0][0])
  } finally {
    db.close()
  }
}
const servers: { stop(): Promise<void> }[] = []
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the server killed during an import', () => {
  it('shows nothing half written after a restart, and the import sent again lands once', async () => {
    const first = await startServer(['bun', 'run', 'modules/server.ts'], { DATA_DIR: dataDir })
    servers.push(first)
    const key = await signedInKey(first.base)
    const csv = bigLabCsv()
    const sending = fetch(`${first.base}/imports/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ filename: 'glucose.csv', text: csv }),
    }).catch(() => null)
    // Kill it once some observations are stored and the source row is not yet (a guard, not a timing test).
    const end = Date.now() + 60_000
    while (Date.now() < end && (await count('select count(*) from observations').catch(() => 0)) === 0)
      await Bun.sleep(5)
    first.child.kill('SIGKILL')
    await first.child.exited
    await sending
    const stored = await count('select count(*) from observations')
    const sources = await count('select count(*) from sources')
    expect(stored).toBeGreaterThan(0)
    // The kill came before the source row: this is the case under test.
    expect(sources).toBe(0)
    expect(stored).toBeLessThan(ROWS)

    const second = await startServer(['bun', 'run', 'modules/server.ts'], { DATA_DIR: dataDir })
    servers.push(second)
    const get = (path: string) =>
      fetch(`${second.base}${path}`, { headers: { authorization: `Bearer ${key}` } }).then(
        (r) => r.json() as any,
      )
    expect((await get('/sources')).data).toEqual([])

    const again = await fetch(`${second.base}/imports/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ filename: 'glucose.csv', text: csv }),
    })
    expect(again.status).toBe(201)
    const listed = (await get('/sources')).data
    expect(listed).toHaveLength(1)
    expect(listed[0].record_count).toBe(ROWS)
    expect(await count('select count(*) from sources')).toBe(1)
    // The dead import's rows are still in the file (younger than the sweep's grace) but in no read.
    expect(await count(`select count(*) from observations where source_id = '${listed[0].id}'`)).toBe(ROWS)
    expect(await count('select count(*) from observations')).toBe(ROWS + stored)
  }, 180_000)
})

describe('the sweep of unfinished imports', () => {
  it('removes rows without a source once older than any import can run, and leaves a running one', async () => {
    // Ids are time-ordered on the real clock within a process; start the manual clock there too.
    const clock = new ManualClock(new Date())
    const t = await testApp({}, { clock })
    try {
      const p = await t.userWithKey()
      const done = await t.call('POST', '/imports/file', {
        token: p.key,
        body: { filename: 'labs.csv', text: 'Test Name,Result,Units\nGlucose,92,mg/dL\n' },
      })
      expect(done.status).toBe(201)
      const db = createClient({ url: t.config.databaseUrl })
      const orphan = (id: string) =>
        db.execute({
          sql: `insert into observations (id, organization_id, user_id, source_id, modality, code, original_name, value, unit, observed_at)
                values (?, ?, ?, 'src_never_written', 'biomarkers', 'glucose', 'Glucose', 90, 'mg/dL', '2024-01-01T00:00:00Z')`,
          args: [id, p.organizationId, p.userId],
        })
      // A dead import's rows, minted now; then, later, a live import's rows.
      await orphan(newId('obs', clock.now().getTime()))
      await orphan(newId('obs', clock.now().getTime()))
      clock.advance(UNFINISHED_AFTER_MS + 60_000)
      await orphan(newId('obs', clock.now().getTime()))
      const total = async () => Number((await db.execute('select count(*) from observations')).rows[0][0])
      const before = await total()

      expect(await sweepUnfinishedImports(t.context)).toBe(2)
      expect(await total()).toBe(before - 2)
      // The finished import and the one still running are untouched.
      expect(
        Number(
          (await db.execute("select count(*) from observations where source_id = 'src_never_written'"))
            .rows[0][0],
        ),
      ).toBe(1)
      expect((await t.call('GET', '/sources', { token: p.key })).body.data).toHaveLength(1)
      db.close()
    } finally {
      await t.cleanup()
    }
  })
})
