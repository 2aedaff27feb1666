// Deletion of everything held about a user (SPEC "Privacy"): the tombstone stops every credential at
// once, the purge leaves nothing in any table, the database file, the blob store or the log, the
// receipt says what went, a second call returns the same receipt, and an interrupted purge resumes.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gatherUserData } from '../../../modules/privacy/archive'
import { deleteUserData } from '../../../modules/privacy/deletion'
import { isProblem, type TestApp, testApp } from '../../support/app'
import {
  capturingMailer,
  clientOf,
  countRowsOf,
  DISTINCTIVE,
  type Person,
  scopedTables,
  seedEveryTable,
  seedThroughApi,
  signUp,
} from './helpers'

/** Every file under a folder (database, its WAL, the blob store). */
function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(path, ...filesUnder(path))
    else out.push(path)
  }
  return out
}

describe('POST /users/{user_id}/data/delete leaves nothing behind', () => {
  let t: TestApp
  const mail = capturingMailer()
  let p: Person
  let bystander: Person
  let genomeLine: string
  let seededTables: string[]
  let receipt: any
  const marker = `seedmark${crypto.randomUUID().slice(0, 8)}`

  beforeAll(async () => {
    t = await testApp({}, { mailer: mail })
    await t.context.queue.start()
    p = await signUp(t, mail, 'delete-me.quokka@example.org')
    bystander = await signUp(t, mail, 'stays@example.org')
    const { genome } = await seedThroughApi(t, p)
    await t.call('POST', '/goals', { token: bystander.key, body: { title: 'Walk more' } })
    genomeLine = new TextDecoder()
      .decode(genome)
      .split('\n')
      .filter((l) => l.startsWith('rs'))[40]
    seededTables = await seedEveryTable(t, p, marker)
    const r = await t.call('POST', `/users/${p.userId}/data/delete`, {
      token: p.key,
      body: { organization_id: p.organizationId },
    })
    expect(r.status).toBe(200)
    receipt = r.body.receipt
  }, 120_000)
  afterAll(() => t.cleanup())

  it('every table with a user or workspace column was seeded for the person and is now empty of them', async () => {
    const tables = await scopedTables(t)
    expect(tables.map((x) => x.name)).toContain('observations')
    for (const table of tables) {
      if (table.name === 'privacy_deletions') continue
      expect({ table: table.name, rows: await countRowsOf(t, table, p) }).toEqual({
        table: table.name,
        rows: 0,
      })
    }
    // The API seeded the main tables; the direct seeding covered the rest (tables added later included).
    expect(seededTables).not.toContain('observations')
    expect(seededTables.length).toBeGreaterThan(0)
  })

  it('the database file, the blob store and the log hold none of the person’s ids, address or values', async () => {
    const needles = [
      p.userId,
      p.organizationId,
      p.email,
      DISTINCTIVE.labValue,
      DISTINCTIVE.labName,
      DISTINCTIVE.goalTitle,
      DISTINCTIVE.goalNote,
      marker,
      genomeLine,
    ]
    const files = filesUnder(t.dir)
    expect(files.some((f) => f.endsWith('test.db'))).toBe(true)
    const found: string[] = []
    for (const file of files) {
      const name = relative(t.dir, file)
      for (const n of needles) if (name.includes(n)) found.push(`${name} (path) has ${n}`)
      if (statSync(file).isDirectory()) continue
      const bytes = readFileSync(file).toString('latin1')
      for (const n of needles) if (bytes.includes(n)) found.push(`${name} has ${n}`)
    }
    const log = t.log.lines.join('\n')
    for (const n of needles) if (log.includes(n)) found.push(`log has ${n}`)
    expect(found).toEqual([])
  })

  it('the bystander’s data and key are untouched', async () => {
    const goals = await t.call('GET', '/goals', { token: bystander.key })
    expect(goals.status).toBe(200)
    expect(goals.body.data.map((g: any) => g.title)).toEqual(['Walk more'])
    const sources = await t.call('GET', '/sources', { token: bystander.key })
    expect(sources.status).toBe(200)
  })

  it('returns a receipt of what was removed, keeping only the anonymous record of the deletion request', () => {
    expect(receipt.state).toBe('completed')
    expect(receipt.deletion_id).toStartWith('del_')
    const tables = Object.fromEntries(receipt.removed.tables.map((x: any) => [x.table, x.rows]))
    expect(tables.users).toBe(1)
    expect(tables.observations).toBe(2)
    expect(tables.goals).toBe(1)
    expect(tables.genetics_uploads).toBe(2)
    expect(receipt.removed.blobs).toBe(2)
    expect(receipt.removed.workspaces).toBe(1)
    // Only the record that the deletion was requested stays, naming no one (the audit trail).
    expect(receipt.kept).toEqual([
      { what: '1 row(s) of audit_events, without health data or identity', reason: expect.any(String) },
    ])
  })

  it('the old key and session are 401 afterwards', async () => {
    for (const token of [p.key, p.session]) {
      const r = await t.call('GET', '/goals', { token })
      expect(r.status).toBe(401)
      expect(isProblem(r)).toBe(true)
    }
    const again = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
    expect(again.status).toBe(401)
  })

  it('an export made afterwards finds nothing about the person', async () => {
    const after = await gatherUserData(t.context, {
      user_id: p.userId,
      organization_ids: [p.organizationId],
      email: p.email,
    })
    expect(after.data.filter((d) => d.rows.length > 0)).toEqual([])
    expect(after.raw).toEqual([])
  })

  it('deleting again returns the same receipt', async () => {
    expect(await deleteUserData(t.context, p.userId)).toEqual(receipt)
  })
})

describe('deletion is refused when it is not the caller’s own, by key', () => {
  let t: TestApp
  const mail = capturingMailer()
  let a: Person
  let b: Person
  beforeAll(async () => {
    t = await testApp({}, { mailer: mail })
    a = await signUp(t, mail, 'a@example.org')
    b = await signUp(t, mail, 'b@example.org')
  })
  afterAll(() => t.cleanup())

  it('another user’s id is 403 and deletes nothing', async () => {
    const r = await t.call('POST', `/users/${b.userId}/data/delete`, { token: a.key, body: {} })
    expect(r.status).toBe(403)
    expect(isProblem(r)).toBe(true)
    expect((await t.call('GET', '/goals', { token: b.key })).status).toBe(200)
  })

  it('no token is 401, a sign-in session is 403 (API key only)', async () => {
    const anonymous = await t.call('POST', `/users/${a.userId}/data/delete`, { body: {} })
    expect(anonymous.status).toBe(401)
    const session = await t.call('POST', `/users/${a.userId}/data/delete`, { token: a.session, body: {} })
    expect(session.status).toBe(403)
    expect(session.body.detail).toContain('API key')
  })

  it('a malformed body is a 422 problem naming the field', async () => {
    const r = await t.call('POST', `/users/${a.userId}/data/delete`, {
      token: a.key,
      body: { organization_id: 5 },
    })
    expect(r.status).toBe(422)
    expect(isProblem(r)).toBe(true)
    expect(JSON.stringify(r.body.errors)).toContain('organization_id')
  })

  it('two concurrent requests share one purge and one receipt', async () => {
    const [x, y] = await Promise.all([
      t.call('POST', `/users/${a.userId}/data/delete`, { token: a.key, body: {} }),
      t.call('POST', `/users/${a.userId}/data/delete`, { token: a.key, body: {} }),
    ])
    expect([x.status, y.status]).toEqual([200, 200])
    expect(x.body.receipt).toEqual(y.body.receipt)
  })
})

describe('a purge interrupted by a crash resumes when the service next starts', () => {
  it('finishes from the tombstone, credentials already dead in between', async () => {
    const mail = capturingMailer()
    const first = await testApp({}, { mailer: mail })
    const p = await signUp(first, mail, 'crash@example.org')
    await first.call('POST', '/goals', { token: p.key, body: { title: DISTINCTIVE.goalTitle } })
    // The tombstone step as the request runs it, then the process "dies" before the purge.
    const client = clientOf(first)
    await client.execute({
      sql: `insert into privacy_deletions (id, subject_hash, pending_subject, state, requested_at)
            values ('del_crash', ?, ?, 'purging', '2026-01-01T00:00:00.000Z')`,
      args: [
        new Bun.CryptoHasher('sha256').update(`privacy-subject:${p.userId}`).digest('hex'),
        JSON.stringify({ user_id: p.userId, organization_ids: [p.organizationId], email: p.email }),
      ],
    })
    await client.execute({ sql: 'delete from api_keys where user_id = ?', args: [p.userId] })
    expect((await first.call('GET', '/goals', { token: p.key })).status).toBe(401)
    first.close()

    const { createApp } = await import('../../../modules/app')
    const second = await createApp(first.config, { mailer: mail })
    expect(await second.resumed).toBe(1)
    const goals = await clientOf(second).execute({
      sql: 'select count(*) as n from goals where user_id = ?',
      args: [p.userId],
    })
    expect(Number(goals.rows[0].n)).toBe(0)
    const tomb = await clientOf(second).execute("select * from privacy_deletions where id = 'del_crash'")
    expect(tomb.rows[0].state).toBe('completed')
    expect(tomb.rows[0].pending_subject).toBeNull()
    expect(JSON.parse(String(tomb.rows[0].receipt)).removed.tables).toContainEqual({
      table: 'goals',
      rows: 1,
    })
    second.close()
    await first.cleanup()
  })
})

describe('a genetics job running during the deletion', () => {
  it('is stopped before the purge, so it writes nothing afterwards', async () => {
    const mail = capturingMailer()
    const t = await testApp({}, { mailer: mail })
    const previous = process.env.WDS_TEST_JOB_PAUSE
    // The job's first attempt waits after creating its source, before writing findings (see
    // modules/genetics/test-pause.ts): the moment a purge that did not stop it would be undone.
    process.env.WDS_TEST_JOB_PAUSE = 'after_source:1500'
    try {
      await t.context.queue.start()
      const p = await signUp(t, mail, 'running-job@example.org')
      const { createSession, putBytes, fixture, CONSUMER } = await import('../genetics/helpers')
      const genome = fixture(CONSUMER)
      const session = await createSession(t, p, genome, {}, 'genome.txt')
      await putBytes(t, session.body.upload_url, genome)
      const complete = await t.call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, {
        token: p.key,
      })
      const jobId = complete.body.job_id
      for (let i = 0; i < 200; i++) {
        const job = await t.call('GET', `/genetics/jobs/${jobId}`, { token: p.key })
        if (job.body.stage === 'storing') break
        await Bun.sleep(20)
      }
      const r = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
      expect(r.status).toBe(200)
      await Bun.sleep(2500)
      for (const table of await scopedTables(t)) {
        if (table.name === 'privacy_deletions') continue
        expect({ table: table.name, rows: await countRowsOf(t, table, p) }).toEqual({
          table: table.name,
          rows: 0,
        })
      }
    } finally {
      if (previous === undefined) delete process.env.WDS_TEST_JOB_PAUSE
      else process.env.WDS_TEST_JOB_PAUSE = previous
      await t.cleanup()
    }
  }, 60_000)
})

describe('modules that need more than the generic rule', () => {
  it('run their purge step first and keep required records scrubbed, and the receipt says so', async () => {
    const { registerPurgeStep, registerRetainedTable } = await import('../../../modules/privacy/registry')
    const mail = capturingMailer()
    const t = await testApp({}, { mailer: mail })
    try {
      const client = clientOf(t)
      // Stand-ins for tables other modules will add: provider tokens, and invoices the law says to keep.
      await client.execute(
        'create table test_provider_tokens (id text primary key, user_id text not null, refresh_token text not null)',
      )
      await client.execute(
        'create table test_invoices (id text primary key, user_id text, amount_cents integer not null, note text)',
      )
      const p = await signUp(t, mail, 'billing-kept@example.org')
      await client.execute({
        sql: "insert into test_provider_tokens values ('tok_1', ?, 'refresh-secret-1')",
        args: [p.userId],
      })
      await client.execute({
        sql: "insert into test_invoices values ('inv_1', ?, 999, 'Lipid panel follow-up')",
        args: [p.userId],
      })
      const revoked: string[] = []
      registerPurgeStep({
        name: 'test.revoke_provider_tokens',
        async run(app, subject) {
          const rows = await clientOf({ context: app } as never)
            .execute({
              sql: 'select refresh_token from test_provider_tokens where user_id = ?',
              args: [subject.user_id],
            })
            .catch(() => ({ rows: [] as any[] }))
          for (const row of rows.rows) revoked.push(String(row.refresh_token))
          return { done: 'provider tokens revoked at the provider', count: rows.rows.length }
        },
      })
      registerRetainedTable({
        table: 'test_invoices',
        reason: 'Invoices are kept for the period tax law requires.',
        async scrub(app, subject) {
          const r = await clientOf({ context: app } as never).execute({
            sql: 'update test_invoices set user_id = null, note = null where user_id = ?',
            args: [subject.user_id],
          })
          return r.rowsAffected
        },
      })
      const r = await t.call('POST', `/users/${p.userId}/data/delete`, { token: p.key, body: {} })
      expect(r.status).toBe(200)
      expect(revoked).toEqual(['refresh-secret-1'])
      expect(r.body.receipt.removed.steps).toContainEqual({
        name: 'test.revoke_provider_tokens',
        done: 'provider tokens revoked at the provider',
        count: 1,
      })
      expect(r.body.receipt.removed.tables).toContainEqual({ table: 'test_provider_tokens', rows: 1 })
      expect(r.body.receipt.kept).toEqual([
        { what: expect.stringContaining('of audit_events'), reason: expect.any(String) },
        {
          what: '1 row(s) of test_invoices, without health data or identity',
          reason: 'Invoices are kept for the period tax law requires.',
        },
      ])
      const invoices = await client.execute('select * from test_invoices')
      expect(invoices.rows.map((row) => ({ ...row }) as Record<string, unknown>)).toEqual([
        { id: 'inv_1', user_id: null, amount_cents: 999, note: null },
      ])
    } finally {
      await t.cleanup()
    }
  })
})
