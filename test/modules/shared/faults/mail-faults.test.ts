// The mail server misbehaving during sign-in: one that accepts the connection and never answers, and one
// that refuses the message with a 5xx. Each sign-in start ends in a 503 problem with Retry-After (never a
// hang or a 500), the failure is logged once, and once the server works again the next start's code
// signs in: a failed start leaves nothing that gets in the way.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SMTPServer } from 'smtp-server'
import { isProblem, type TestApp, testApp } from '../../../support/app'

/** A TCP server that accepts connections and never says a word (no SMTP greeting). */
function silentServer() {
  const server = Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: { data() {}, open() {} },
  })
  return { port: server.port, close: () => server.stop(true) }
}

/** smtp-server that refuses every message with 554 while `refusing`, and keeps the ones it accepts. */
async function refusingServer() {
  const state = { refusing: true, received: [] as string[] }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (state.refusing) return done(Object.assign(new Error('Message rejected'), { responseCode: 554 }))
        state.received.push(Buffer.concat(chunks).toString('utf8'))
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as { port: number }).port
  return { state, port, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const codeIn = (raw: string) => raw.replace(/=\r?\n/g, '').match(/sign-in code is (\d{8})/)?.[1]

describe('sign-in mail when the SMTP server misbehaves', () => {
  let silent: ReturnType<typeof silentServer>
  let refusing: Awaited<ReturnType<typeof refusingServer>>
  const apps: TestApp[] = []
  beforeAll(async () => {
    silent = silentServer()
    refusing = await refusingServer()
  })
  afterAll(async () => {
    for (const t of apps) await t.cleanup()
    silent.close()
    await refusing.close()
  })

  it('answers 503 with Retry-After when the server never answers, within SMTP_TIMEOUT_SECONDS', async () => {
    const t = await testApp({ smtpUrl: `smtp://127.0.0.1:${silent.port}`, smtpTimeoutSeconds: 1 })
    apps.push(t)
    const r = await t.call('POST', '/auth/otp/start', { body: { email: 'silent-smtp@example.com' } })
    expect(r.status).toBe(503)
    expect(isProblem(r)).toBe(true)
    expect(r.body.dependency).toBe('mail')
    expect(r.headers.get('retry-after')).toBe('30')
  }, 15_000)

  it('answers 503 when the server refuses the message, and signs in once it accepts again', async () => {
    const t = await testApp({ smtpUrl: `smtp://127.0.0.1:${refusing.port}`, smtpTimeoutSeconds: 5 })
    apps.push(t)
    const email = 'refused-smtp@example.com'
    const refused = await t.call('POST', '/auth/otp/start', { body: { email } })
    expect(refused.status).toBe(503)
    expect(refused.body.detail).toContain('refused')
    expect(t.log.lines.filter((l) => l.includes('"dependency.unavailable"'))).toHaveLength(1)
    expect(t.log.lines.filter((l) => l.includes('"level":"error"'))).toHaveLength(0)

    refusing.state.refusing = false
    const again = await t.call('POST', '/auth/otp/start', { body: { email } })
    expect(again.status).toBe(200)
    expect(refusing.state.received).toHaveLength(1)
    const code = codeIn(refusing.state.received[0])!
    const verified = await t.call('POST', '/auth/otp/verify', { body: { email, token: code } })
    expect(verified.status).toBe(200)
  })
})
