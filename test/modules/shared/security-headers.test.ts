// The response-headers policy: every response (secrets, health data, errors, pages) leaves with
// no-store, nosniff, no-referrer and a CSP forbidding framing; HSTS only in production over https.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import * as authRepo from '../../../modules/auth/repo'
import { type CallResult, type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

function expectPolicy(r: CallResult) {
  expect(r.headers.get('cache-control')).toBe('no-store')
  expect(r.headers.get('x-content-type-options')).toBe('nosniff')
  expect(r.headers.get('referrer-policy')).toBe('no-referrer')
  expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  expect(r.headers.get('content-security-policy')).toContain("default-src 'none'")
}

describe('security headers', () => {
  it('sends no-store and the rest of the policy with every secret the service hands out', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'hdr@example.com' } })
    const code = t.context.outbox!.latestFor('hdr@example.com')[0].text.match(/code is (\d{8})/)![1]
    const verify = await t.call('POST', '/auth/otp/verify', {
      body: { email: 'hdr@example.com', token: code },
    })
    expect(verify.body.access_token).toStartWith('wds_ses_')
    expectPolicy(verify)
    const key = await t.call('POST', '/api-keys', { token: verify.body.access_token, body: {} })
    expect(key.body.api_key).toStartWith('wds_sk_')
    expectPolicy(key)
    await authRepo.setOrganizationTier(t.context.db, verify.body.organization_id, 'builder')
    const minted = await t.call('POST', '/service-tokens', {
      token: key.body.api_key,
      body: { user_id: 'u1' },
    })
    expect(minted.body.access_token).toStartWith('wds_svc_')
    expectPolicy(minted)
  })

  it('sends it with health data, with problems and with unknown routes', async () => {
    const person = await t.userWithKey()
    const sources = await t.call('GET', '/sources', { token: person.key })
    expect(sources.status).toBe(200)
    expectPolicy(sources)
    const anonymous = await t.call('GET', '/sources')
    expect(anonymous.status).toBe(401)
    expectPolicy(anonymous)
    const missing = await t.call('GET', '/no/such/route')
    expect(missing.status).toBe(404)
    expectPolicy(missing)
  })

  it('gives the sign-in page its own CSP with a script nonce, different on every load', async () => {
    const path = `/auth/otp/link?token=${'A'.repeat(43)}`
    const [a, b] = [await t.call('GET', path), await t.call('GET', path)]
    expectPolicy(a)
    const nonceOf = (r: CallResult) => r.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]
    expect(nonceOf(a)).not.toBe(nonceOf(b))
    expect(a.text).toContain(`<script nonce="${nonceOf(a)}">`)
  })

  it('sends no HSTS outside production or over plain http', async () => {
    expect((await t.call('GET', '/health')).headers.get('strict-transport-security')).toBeNull()
    const plain = await testApp({ nodeEnv: 'production', publicBaseUrl: 'http://wellness.example' })
    expect((await plain.call('GET', '/health')).headers.get('strict-transport-security')).toBeNull()
    await plain.cleanup()
  })

  it('sends HSTS in production behind TLS, on errors too', async () => {
    const tls = await testApp({ nodeEnv: 'production', publicBaseUrl: 'https://wellness.example' })
    for (const path of ['/health', '/no/such/route']) {
      const r = await tls.call('GET', path)
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    }
    await tls.cleanup()
  })
})
