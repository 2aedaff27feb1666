// Run by test/modules/shared/start-up-loading.test.ts in a process of its own: builds the app the way
// the server does (embedded database, memory rate limits, development mail) and prints the files that
// were loaded by then, as JSON. `IMPORT_FIRST=1` also answers one import before printing.

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../modules/app'
import { loadConfig } from '../../modules/shared/config'

const dir = mkdtempSync(join(tmpdir(), 'wds-start-'))
const { app, close } = await createApp(
  loadConfig({ DATA_DIR: dir, NODE_ENV: 'development', LOG_LEVEL: 'silent' }),
  { inProcessCallsAreLocal: true },
)
const health = await app.handle(new Request('http://localhost/health'))
if (health.status !== 200) throw new Error(`/health answered ${health.status}`)
if (process.env.IMPORT_FIRST === '1') {
  const email = 'start@example.com'
  const call = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    const response = await app.handle(
      new Request(`http://localhost${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    )
    const answer = (await response.json()) as Record<string, any>
    if (!response.ok)
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`)
    return answer
  }
  await call('/auth/otp/start', { email, should_create_user: true })
  const outbox = await app.handle(new Request(`http://localhost/dev/outbox?email=${email}`))
  const code = (await outbox.text()).match(/(\d{8})/)![1]
  const session = await call('/auth/otp/verify', { email, token: code })
  const key = await call('/api-keys', {}, session.access_token)
  await call(
    '/imports/file',
    { filename: 'p.csv', text: 'Test,Result,Units\nGlucose,92,mg/dL\n' },
    key.api_key,
  )
}
console.log(JSON.stringify(Object.keys(require.cache)))
await close()
process.exit(0)
