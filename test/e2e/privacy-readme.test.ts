// The README's privacy walk-through, run as written against a live server: export a zip, delete, and
// see the old key refused.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { runReadmeBlocks } from '../support/readme'
import { repoRoot, startServer } from '../support/server'

let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'], {}, repoRoot)
}, 30_000)
afterAll(() => server.stop())

const jsonLines = (out: string) =>
  out
    // The walk-through's last call prints JSON without a newline; the next output follows on that line.
    .replaceAll('}{', '}\n{')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))

describe('README privacy walk-through', () => {
  it('exports a zip, deletes with a receipt, and the old key is 401 afterwards', () => {
    const run = runReadmeBlocks(['walkthrough', 'privacy-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const docs = jsonLines(run.stdout)
    const exported = docs.find((d) => 'export_status' in d)
    expect(exported.export_status).toBe(200)
    expect(exported.bytes).toBeGreaterThan(100)
    const deleted = docs.find((d) => d.receipt)
    expect(deleted.receipt.state).toBe('completed')
    expect(deleted.receipt.removed.tables).toContainEqual({ table: 'users', rows: 1 })
    expect(docs.at(-1)).toEqual({ after_delete_status: 401 })
  })
})
