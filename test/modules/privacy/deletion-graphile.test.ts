// Deletion with the graphile-worker queue on PostgreSQL: a genetics job still queued for the user is
// removed, and no table of the queue's schema holds the user's ids afterwards (job payloads included).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Client } from 'pg'
import { type TestApp, testApp } from '../../support/app'
import { CONSUMER, fixture, uploadFile } from '../genetics/helpers'
import { dropSchema, PG_URL, uniqueSchema } from '../genetics/pg'

let t: TestApp
let pgAvailable = true
beforeAll(async () => {
  const probe = new Client({ connectionString: PG_URL })
  try {
    await probe.connect()
    await probe.end()
  } catch {
    pgAvailable = false
    console.warn(`skipped: PostgreSQL is not reachable at ${PG_URL}`)
    return
  }
  t = await testApp({
    queue: { databaseUrl: PG_URL, schema: uniqueSchema('privacy'), concurrency: 1, workerTimeoutSeconds: 5 },
  })
  // The queue is not started here, so the job stays queued in PostgreSQL.
})
afterAll(async () => {
  if (!pgAvailable) return
  await dropSchema(t.config.queue.schema)
  await t.cleanup()
})

/** Every row of every table in the queue's schema, as text. */
async function queueSchemaText(schema: string): Promise<string> {
  const client = new Client({ connectionString: PG_URL })
  await client.connect()
  try {
    const tables = await client.query(
      "select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
      [schema],
    )
    let text = ''
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`select * from "${schema}"."${table_name}"`)
      text += JSON.stringify(rows.rows)
    }
    return text
  } finally {
    await client.end()
  }
}

describe('deletion with the graphile-worker queue', () => {
  it('removes the user’s queued job and leaves no payload naming them', async () => {
    if (!pgAvailable) return
    const p = await t.userWithKey()
    const other = await t.userWithKey()
    const mine = await uploadFile(t, p, fixture(CONSUMER))
    await uploadFile(t, other, fixture(CONSUMER))
    const before = await queueSchemaText(t.config.queue.schema)
    expect(before).toContain(p.userId)
    expect(before).toContain(mine.job_id)

    const r = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
    expect(r.status).toBe(200)
    expect(r.body.receipt.removed.queued_jobs).toBe(1)
    const after = await queueSchemaText(t.config.queue.schema)
    expect(after).not.toContain(p.userId)
    expect(after).not.toContain(p.organizationId)
    expect(after).toContain(other.userId)
  }, 60_000)
})
