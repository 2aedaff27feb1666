// The development outbox exists only outside production and only without SMTP.

import { describe, expect, it } from 'bun:test'
import { testApp } from '../../support/app'

describe('development outbox', () => {
  it('holds the sign-in mail, newest first, with the code and link picked out', async () => {
    const t = await testApp()
    await t.call('POST', '/auth/otp/start', { body: { email: 'dev@example.com' } })
    await t.call('POST', '/auth/otp/start', { body: { email: 'dev@example.com' } })
    const r = await t.call('GET', '/dev/outbox?email=DEV@example.com')
    expect(r.status).toBe(200)
    expect(r.body.messages).toHaveLength(2)
    const [newest] = r.body.messages
    expect(newest.code).toMatch(/^\d{8}$/)
    expect(newest.text).toContain(newest.code)
    expect(newest.link).toStartWith('http://localhost:3000/console/link?token=')
    const verify = await t.call('POST', '/auth/otp/verify', {
      body: { email: 'dev@example.com', token: newest.code },
    })
    expect(verify.status).toBe(200)
    await t.cleanup()
  })

  it('is not served in production, and not listed in the OpenAPI document there', async () => {
    const t = await testApp({ nodeEnv: 'production', smtpUrl: 'smtp://127.0.0.1:1' })
    const r = await t.call('GET', '/dev/outbox?email=a@example.com')
    expect(r.status).toBe(404)
    const doc = (await t.call('GET', '/openapi.json')).body
    expect(doc.paths['/dev/outbox']).toBeUndefined()
    await t.cleanup()
  })

  it('fails closed when the caller cannot be placed: an app served without its own server hides it', async () => {
    const t = await testApp({}, { inProcessCallsAreLocal: false })
    await t.call('POST', '/auth/otp/start', { body: { email: 'dev@example.com' } })
    const r = await t.call('GET', '/dev/outbox?email=dev@example.com')
    expect(r.status).toBe(404)
    expect(r.body.detail).toBe('No route for GET /dev/outbox.')
    expect(r.body.messages).toBeUndefined()
    await t.cleanup()
  })
})
