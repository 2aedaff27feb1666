// Helpers for privacy tests: a person signed in through a capturing mailer (the development outbox
// would log the address), a person's data seeded through the API, and every table that can hold a
// person's data seeded directly so that tables added later are covered by the same tests.

import { type Database, executeRaw } from '../../../db/client'
import type { MailMessage } from '../../../modules/shared/mail'
import type { TestApp } from '../../support/app'
import { CONSUMER, fixture, uploadFile, waitForJob } from '../genetics/helpers'

/** A mailer that keeps messages in memory instead of logging them. */
export function capturingMailer() {
  const sent: MailMessage[] = []
  return { sent, send: async (m: MailMessage) => void sent.push(m) }
}

export async function signUp(t: TestApp, mail: ReturnType<typeof capturingMailer>, email: string) {
  const start = await t.call('POST', '/auth/otp/start', { body: { email, should_create_user: true } })
  if (start.status !== 200) throw new Error(`otp/start ${start.status}: ${start.text}`)
  const code = mail.sent
    .filter((m) => m.to === email)
    .at(-1)!
    .text.match(/sign-in code is (\d{8})/)![1]
  const verify = await t.call('POST', '/auth/otp/verify', { body: { email, token: code } })
  if (verify.status !== 200) throw new Error(`otp/verify ${verify.status}: ${verify.text}`)
  const session = verify.body.access_token as string
  const created = await t.call('POST', '/api-keys', { token: session, body: {} })
  if (created.status !== 201) throw new Error(`api-keys ${created.status}: ${created.text}`)
  return {
    email,
    session,
    userId: verify.body.user.id as string,
    organizationId: verify.body.organization_id as string,
    key: created.body.api_key as string,
  }
}
export type Person = Awaited<ReturnType<typeof signUp>>

/** Values that occur only in this person's data, to look for after deletion. */
export const DISTINCTIVE = {
  labValue: '137.913',
  labName: 'Glucose Quokkatest',
  goalTitle: 'Zyxwv goal of the quokka',
  goalNote: 'note-Pqrstuv-7731',
}

export const LAB_CSV = `Test Name,Result,Units,Reference Range,Flag,Collected
Glucose,${DISTINCTIVE.labValue},mg/dL,70-99,H,2026-01-10
LDL Cholesterol,131,mg/dL,<100,H,2026-01-10
`

/** Seed a person's data through the API: a lab import, a goal, a genetics upload analysed, an open upload. */
export async function seedThroughApi(t: TestApp, p: Person) {
  const imported = await t.call('POST', '/imports/file', {
    token: p.key,
    body: { text: LAB_CSV.replace('Glucose,', `"${DISTINCTIVE.labName}",`), filename: 'labs.csv' },
  })
  if (imported.status !== 201 && imported.status !== 200)
    throw new Error(`import ${imported.status}: ${imported.text}`)
  const goal = await t.call('POST', '/goals', {
    token: p.key,
    body: { title: DISTINCTIVE.goalTitle, notes: DISTINCTIVE.goalNote },
  })
  if (goal.status !== 201) throw new Error(`goal ${goal.status}: ${goal.text}`)
  const genome = fixture(CONSUMER)
  const done = await uploadFile(t, p, genome, {}, 'my-genome.txt')
  const job = await waitForJob(t, p, done.job_id)
  if (job.state !== 'succeeded') throw new Error(`genetics job ${job.state}`)
  // An upload left unfinished: its partial bytes are stored too.
  const open = await t.call('POST', '/genetics/uploads', {
    token: p.key,
    body: {
      user_id: p.userId,
      organization_id: p.organizationId,
      filename: 'unfinished.txt',
      content_type: 'text/plain',
      size_bytes: genome.byteLength,
    },
  })
  if (open.status !== 201) throw new Error(`open upload ${open.status}: ${open.text}`)
  const url = new URL(open.body.upload_url)
  const partial = genome.slice(0, 4096)
  const put = await t.call('PUT', url.pathname + url.search, {
    rawBody: partial,
    headers: {
      'content-type': 'application/octet-stream',
      'content-range': `bytes 0-4095/${genome.byteLength}`,
    },
  })
  if (put.status >= 400) throw new Error(`partial put ${put.status}: ${put.text}`)
  return { genome, sourceId: done.source_id as string | undefined }
}

/** Raw statements on the test app's database, on whichever driver runs it. */
export const clientOf = (t: { context: { db: Database } }) => ({
  async execute(statement: string | { sql: string; args: unknown[] }) {
    const { sql, args } = typeof statement === 'string' ? { sql: statement, args: [] } : statement
    const result = await executeRaw(t.context.db, sql, args)
    return { rows: result.rows as Record<string, any>[], rowsAffected: result.changes }
  },
})

export interface TableInfo {
  name: string
  columns: { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[]
}

/** Every table of the database that has a column naming a user or a workspace. */
export async function scopedTables(t: TestApp): Promise<TableInfo[]> {
  const client = clientOf(t)
  const names = await client.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> '__drizzle_migrations'",
  )
  const tables: TableInfo[] = []
  for (const row of names.rows) {
    const name = String(row.name)
    const columns = (await client.execute(`pragma table_info("${name}")`))
      .rows as unknown as TableInfo['columns']
    if (columns.some((c) => /(^|_)user_id$|^organization_id$/.test(c.name)))
      tables.push({ name, columns: [...columns] })
  }
  return tables
}

/**
 * Insert one row naming this person into every scoped table that has none yet, with every required
 * column filled with a value unique to the person. A table another module adds later is seeded too.
 */
export async function seedEveryTable(t: TestApp, p: Person, marker: string) {
  const client = clientOf(t)
  const seeded: string[] = []
  for (const table of await scopedTables(t)) {
    if (table.name === 'privacy_deletions') continue
    const mine = await countRowsOf(t, table, p)
    if (mine > 0) continue
    const values: Record<string, unknown> = {}
    for (const c of table.columns) {
      if (c.name === 'user_id' || c.name.endsWith('_user_id')) values[c.name] = p.userId
      else if (c.name === 'organization_id') values[c.name] = p.organizationId
      else if (c.notnull && c.dflt_value === null) {
        const type = c.type.toUpperCase()
        values[c.name] =
          type.includes('INT') || type.includes('REAL')
            ? 1
            : `${marker}-${table.name}-${c.name}-${crypto.randomUUID()}`
      }
    }
    const columns = Object.keys(values)
    await client.execute({
      sql: `insert into "${table.name}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      args: Object.values(values) as never,
    })
    seeded.push(table.name)
  }
  return seeded
}

/** Rows of a table that name this person (by user or by their own workspace). */
export async function countRowsOf(t: TestApp, table: TableInfo, p: Person): Promise<number> {
  const parts: string[] = []
  const args: string[] = []
  for (const c of table.columns) {
    if (c.name === 'user_id' || c.name.endsWith('_user_id')) {
      parts.push(`"${c.name}" = ?`)
      args.push(p.userId)
    }
    if (c.name === 'organization_id') {
      parts.push('"organization_id" = ?')
      args.push(p.organizationId)
    }
  }
  const r = await clientOf(t).execute({
    sql: `select count(*) as n from "${table.name}" where ${parts.join(' or ')}`,
    args,
  })
  return Number(r.rows[0].n)
}
