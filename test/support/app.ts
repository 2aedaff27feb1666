// Test harness: a fresh app per call on a temporary SQLite file, a manual clock, an in-memory logger,
// and small helpers to call it in-process with app.handle and to sign in through the dev outbox.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AppOptions, createApp } from '../../modules/app'
import { ManualClock } from '../../modules/shared/clock'
import { type Config, testConfig } from '../../modules/shared/config'
import { memoryLogger } from '../../modules/shared/logger'

export interface CallOptions {
  token?: string
  body?: unknown
  rawBody?: string | Uint8Array | ReadableStream
  headers?: Record<string, string>
  ip?: string
}

export interface CallResult<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

let ipCounter = 0
/** A fresh client address per call unless one is given, so per-address rate limits stay out of the way. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`

export async function testApp(overrides: Partial<Config> = {}, options: AppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wds-test-'))
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock()
  const log = memoryLogger()
  const config = testConfig({ dataDir: dir, databaseUrl: `file:${join(dir, 'test.db')}`, ...overrides })
  const built = await createApp(config, { clock, log, inProcessCallsAreLocal: true, ...options })

  async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? nextIp(), ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let body: string | Uint8Array | ReadableStream | undefined = opts.rawBody
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await built.app.handle(new Request(`http://localhost${path}`, { method, headers, body }))
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed as T, text }
  }

  /** Sign in through the development outbox; returns the session token and the user. */
  async function signIn(email = `person${++ipCounter}@example.com`) {
    const start = await call('POST', '/auth/otp/start', { body: { email, should_create_user: true } })
    if (start.status !== 200) throw new Error(`otp/start answered ${start.status}: ${start.text}`)
    const code = built.context.outbox!.latestFor(email)[0].text.match(/sign-in code is (\d{8})/)![1]
    const verify = await call('POST', '/auth/otp/verify', { body: { email, token: code } })
    if (verify.status !== 200) throw new Error(`otp/verify answered ${verify.status}: ${verify.text}`)
    return {
      session: verify.body.access_token as string,
      userId: verify.body.user.id as string,
      organizationId: verify.body.organization_id as string,
      email,
    }
  }

  /** A signed-in user with a personal API key. */
  async function userWithKey(email?: string) {
    const person = await signIn(email)
    const created = await call('POST', '/api-keys', { token: person.session, body: {} })
    if (created.status !== 201) throw new Error(`api-keys answered ${created.status}: ${created.text}`)
    return { ...person, key: created.body.api_key as string, keyId: created.body.id as string }
  }

  return {
    ...built,
    config: built.context.config,
    clock,
    log,
    dir,
    call,
    signIn,
    userWithKey,
    async cleanup() {
      built.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof testApp>>

/** The (organization_id, user_id) scope of a signed-in test person, as services take it. */
export const scopeOf = (p: { userId: string; organizationId: string }) => ({
  user_id: p.userId,
  organization_id: p.organizationId,
})

export const isProblem = (r: CallResult) =>
  r.headers.get('content-type')?.startsWith('application/problem+json') === true
