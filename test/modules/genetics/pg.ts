// The real PostgreSQL the graphile-worker tests use (TEST_DATABASE_URL, default the local `test`
// database), and a unique graphile-worker schema per test run so parallel runs never collide.

import { Client } from 'pg'

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

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
