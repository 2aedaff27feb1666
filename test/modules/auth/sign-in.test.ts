// Sign-in by e-mail: a real SMTP server (smtp-server) receives the mail and its code signs in; codes are
// single-use, expire in 10 minutes and die after 5 wrong tries; starts are rate-limited; the answer never
// reveals whether an account exists; the link completes sign-in as the code does.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SMTPServer } from 'smtp-server'
import { type TestApp, testApp } from '../../support/app'

interface Received {
  to: string[]
  raw: string
}

async function startSmtp() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as { port: number }).port
  return { received, port, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** Undo quoted-printable soft line breaks, then read the code and link out of the message. */
function readMail(raw: string) {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  return {
    code: body.match(/sign-in code is (\d{8})/)?.[1],
    link: body.match(/(http:\/\/\S+\/console\/link\?token=[A-Za-z0-9_%-]+)/)?.[1],
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp

beforeAll(async () => {
  smtp = await startSmtp()
  t = await testApp({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'Wellness <no-reply@example.test>',
  })
})
afterAll(async () => {
  await t.cleanup()
  await smtp.close()
})

const mailFor = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email)).map((m) => readMail(m.raw))

describe('sign-in over SMTP', () => {
  it('mails an 8-digit code that signs in and creates the account with a personal workspace', async () => {
    const start = await t.call('POST', '/auth/otp/start', {
      body: { email: 'Ada@Example.com', should_create_user: true },
    })
    expect(start.status).toBe(200)
    expect(start.body).toEqual({
      status: 'sent_if_allowed',
      message:
        'If this address can sign in, an e-mail with an 8-digit code and a sign-in link is on its way.',
      expires_in_seconds: 600,
    })
    const [mail] = mailFor('ada@example.com')
    expect(mail.code).toMatch(/^\d{8}$/)
    const verify = await t.call('POST', '/auth/otp/verify', {
      body: { email: 'ada@example.com', token: mail.code },
    })
    expect(verify.status).toBe(200)
    expect(verify.body.access_token).toStartWith('wds_ses_')
    expect(verify.body.token_type).toBe('bearer')
    expect(verify.body.user.id).toMatch(/^usr_/)
    expect(verify.body.organization_id).toMatch(/^org_/)
    expect(Date.parse(verify.body.expires_at)).toBeGreaterThan(t.clock.now().getTime())
    const me = await t.call('GET', '/me', { token: verify.body.access_token })
    expect(me.body).toMatchObject({
      kind: 'session',
      user_id: verify.body.user.id,
      organization_id: verify.body.organization_id,
      tier: 'free',
    })
  })

  it('lets a code work only once', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'once@example.com' } })
    const [{ code }] = mailFor('once@example.com')
    expect(
      (await t.call('POST', '/auth/otp/verify', { body: { email: 'once@example.com', token: code } })).status,
    ).toBe(200)
    const again = await t.call('POST', '/auth/otp/verify', {
      body: { email: 'once@example.com', token: code },
    })
    expect(again.status).toBe(401)
    expect(again.body.detail).toContain('wrong or has expired')
  })

  it('signs the same person in to the same account next time', async () => {
    const signIn = async () => {
      await t.call('POST', '/auth/otp/start', { body: { email: 'again@example.com' } })
      const code = mailFor('again@example.com').at(-1)!.code
      return (await t.call('POST', '/auth/otp/verify', { body: { email: 'again@example.com', token: code } }))
        .body.user.id
    }
    expect(await signIn()).toBe(await signIn())
  })

  it('refuses a code after 10 minutes', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'late@example.com' } })
    const [{ code }] = mailFor('late@example.com')
    t.clock.advance(600_001)
    const r = await t.call('POST', '/auth/otp/verify', { body: { email: 'late@example.com', token: code } })
    expect(r.status).toBe(401)
  })

  it('kills a code after 5 wrong tries, even if the right code comes next', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'guess@example.com' } })
    const [{ code }] = mailFor('guess@example.com')
    const wrong = code === '00000000' ? '11111111' : '00000000'
    const details: string[] = []
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/auth/otp/verify', {
        body: { email: 'guess@example.com', token: wrong },
      })
      expect(r.status).toBe(401)
      details.push(r.body.detail)
    }
    expect(details[4]).toContain('Too many wrong codes')
    const right = await t.call('POST', '/auth/otp/verify', {
      body: { email: 'guess@example.com', token: code },
    })
    expect(right.status).toBe(401)
  })

  it('accepts only the newest code when several were requested', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'twice@example.com' } })
    await t.call('POST', '/auth/otp/start', { body: { email: 'twice@example.com' } })
    const [older, newer] = mailFor('twice@example.com')
    if (older.code !== newer.code) {
      expect(
        (
          await t.call('POST', '/auth/otp/verify', {
            body: { email: 'twice@example.com', token: older.code },
          })
        ).status,
      ).toBe(401)
    }
    expect(
      (await t.call('POST', '/auth/otp/verify', { body: { email: 'twice@example.com', token: newer.code } }))
        .status,
    ).toBe(200)
  })

  it('answers the same for an unknown address with should_create_user false, and sends nothing', async () => {
    const before = smtp.received.length
    const unknown = await t.call('POST', '/auth/otp/start', {
      body: { email: 'nobody@example.com', should_create_user: false },
    })
    const known = await t.call('POST', '/auth/otp/start', {
      body: { email: 'ada@example.com', should_create_user: false },
    })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(smtp.received.length).toBe(before + 1)
    const verify = await t.call('POST', '/auth/otp/verify', {
      body: { email: 'nobody@example.com', token: '12345678' },
    })
    expect(verify.status).toBe(401)
    expect(verify.body.detail).toBe(
      'The code is wrong or has expired; request a new one with POST /auth/otp/start.',
    )
  })

  it('completes sign-in through the e-mailed link, once', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'link@example.com' } })
    const [{ link }] = mailFor('link@example.com')
    const url = new URL(link!)
    const page = await t.call('GET', url.pathname + url.search)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toStartWith('text/html')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.text).toContain('noindex')
    const token = url.searchParams.get('token')!
    const done = await t.call('POST', '/auth/otp/link', { body: { token } })
    expect(done.status).toBe(200)
    expect(done.body.access_token).toStartWith('wds_ses_')
    expect((await t.call('POST', '/auth/otp/link', { body: { token } })).status).toBe(401)
  })

  it('does not offer the development outbox when mail goes over SMTP', async () => {
    const r = await t.call('GET', '/dev/outbox?email=ada@example.com')
    expect(r.status).toBe(404)
  })
})

describe('sign-in rate limits', () => {
  it('limits starts per e-mail address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await t.call('POST', '/auth/otp/start', { body: { email: 'busy@example.com' } })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const limited = await t.call('POST', '/auth/otp/start', { body: { email: 'busy@example.com' } })
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(limited.headers.get('ratelimit-limit')).toBe('5')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('ratelimit-reset')).toBe(limited.headers.get('retry-after'))
    expect(limited.body.title).toBe('Too Many Requests')
    t.clock.advance(901_000)
    expect((await t.call('POST', '/auth/otp/start', { body: { email: 'busy@example.com' } })).status).toBe(
      200,
    )
  })

  it('limits starts per client address across e-mails', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await t.call('POST', '/auth/otp/start', {
            ip: '203.0.113.9',
            body: { email: `ip${i}@example.com` },
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})
