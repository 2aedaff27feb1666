// The README's "Withdrawing credentials" block, run as written (only the port changed) after the sign-in
// walk-through, against a live server: the key and the session really stop working.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { runReadmeBlocks } from '../support/readme'
import { startServer } from '../support/server'

let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'])
})
afterAll(() => server?.stop())

describe('README: withdrawing credentials', () => {
  it('lists sessions, revokes the key, signs out, and both then answer 401', () => {
    const run = runReadmeBlocks(['walkthrough', 'withdraw-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const docs = run.stdout
      .replace(/\}\s*\{/g, '}\n{')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
    const sessions = docs.find((d) => Array.isArray(d.data) && d.data[0]?.id?.startsWith('ses_'))
    expect(sessions.data).toHaveLength(1)
    expect(sessions.data[0]).toMatchObject({ status: 'active', current: true })
    expect(docs.find((d) => d.id?.startsWith('key_'))).toMatchObject({ status: 'revoked' })
    expect(docs.find((d) => d.id?.startsWith('ses_'))).toMatchObject({ status: 'revoked', current: true })
    const [keyAfter, sessionAfter] = docs.slice(-2)
    expect(keyAfter).toMatchObject({ status: 401, detail: 'This API key has been revoked.' })
    expect(sessionAfter).toMatchObject({ status: 401, detail: 'This session has been revoked.' })
  })
})
