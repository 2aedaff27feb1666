// What a hostile import can do to the log, tried on the real process with its stdout captured: a unit
// carrying text (`mmol/mol PRODLEAK 41.7`), a quoted unit holding a newline and a forged JSON log line,
// and a unit the UCUM library cannot parse (which it would print to the console). None of that text may
// reach stdout, and every line there must be the service's own.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startServer } from '../support/server'

const FORGED = JSON.stringify({
  time: '2026-01-01T00:00:00.000Z',
  level: 'info',
  event: 'auth.api_key_revoked',
  key_id: 'key_forgedbyanimport',
})
const csvField = (s: string) => `"${s.replaceAll('"', '""')}"`

const BODIES = [
  'Test,Result,Units,Date\nHemoglobin A1c,41.7,mmol/mol PRODLEAK 41.7,2026-01-10\n',
  `Test,Result,Units,Date\nHemoglobin A1c,41.7,${csvField(`mmol/mol\n${FORGED}`)},2026-01-10\n`,
  'Test,Result,Units,Date\nHemoglobin A1c,41.7,mmol/mol_PRODLEAK_UCUM,2026-01-10\n',
]

let server: Awaited<ReturnType<typeof startServer>>
let stdout = ''
const statuses: number[] = []

describe('log output under hostile imports (real process)', () => {
  beforeAll(async () => {
    server = await startServer(['bun', 'run', 'modules/server.ts'], { LOG_LEVEL: 'debug' })
    const json = { 'content-type': 'application/json' }
    const email = 'logs@example.com'
    await fetch(`${server.base}/auth/otp/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email }),
    })
    const outbox = (await (await fetch(`${server.base}/dev/outbox?email=${email}`)).json()) as any
    const verify = (await (
      await fetch(`${server.base}/auth/otp/verify`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, token: outbox.messages[0].code }),
      })
    ).json()) as any
    const key = (await (
      await fetch(`${server.base}/api-keys`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${verify.access_token}` },
        body: '{}',
      })
    ).json()) as any
    for (const text of BODIES) {
      const r = await fetch(`${server.base}/imports/file`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${key.api_key}` },
        body: JSON.stringify({ filename: 'labs.csv', text }),
      })
      statuses.push(r.status)
      await r.text()
    }
    server.child.kill('SIGTERM')
    await server.child.exited
    stdout = await new Response(server.child.stdout as ReadableStream).text()
  })
  afterAll(() => server?.stop())

  it('stores each import (the odd units kept as written, with a warning)', () => {
    expect(statuses).toEqual([201, 201, 201])
    expect(stdout).toContain('"event":"import.stored"')
  })

  it('prints none of the text the imports carried', () => {
    expect(stdout).not.toContain('PRODLEAK')
    expect(stdout).not.toContain('41.7')
    expect(stdout).not.toContain('key_forgedbyanimport')
  })

  it('writes only the service’s own lines: start-up lines, then JSON events, none of them forged', () => {
    const lines = stdout.split('\n').filter(Boolean)
    const startup = lines.filter((l) => !l.startsWith('{'))
    for (const line of startup) expect(line).toMatch(/^(Wellness Data Service listening| {2}\w+: )/)
    const events = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l))
    expect(events.length).toBeGreaterThan(0)
    expect(events.map((e) => e.event)).not.toContain('auth.api_key_revoked')
  })
})
