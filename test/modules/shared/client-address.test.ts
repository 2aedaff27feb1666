// The client address behind proxies: the right-most X-Forwarded-For hop that is not a trusted proxy
// (TRUST_PROXY as a hop count or CIDR list). A client rotating the left of the header cannot escape
// per-address limits; clients behind one trusted proxy keep separate limits.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { clientAddress, parseTrustProxy } from '../../../modules/shared/client-address'
import { ConfigError, loadConfig } from '../../../modules/shared/config'
import { type TestApp, testApp } from '../../support/app'

const xff = (value: string) => new Headers({ 'x-forwarded-for': value })

describe('reading TRUST_PROXY', () => {
  it('takes false, a hop count or a CIDR list', () => {
    expect(parseTrustProxy(undefined)).toBeNull()
    expect(parseTrustProxy('false')).toBeNull()
    expect(parseTrustProxy('0')).toBeNull()
    expect(parseTrustProxy('2')).toEqual({ hops: 2 })
    expect(parseTrustProxy('10.0.0.0/8, ::1')).toEqual({ ranges: ['10.0.0.0/8', '::1'] })
  })

  it('refuses true, which would trust what the client writes, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError)
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^TRUST_PROXY: true would trust the left-most/)
  })

  it('refuses a malformed range', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/^TRUST_PROXY: not a hop count/)
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(ConfigError)
  })
})

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress(xff('6.6.6.6'), '198.51.100.4', null)).toBe('198.51.100.4')
  })

  it('is the hop the trusted proxy saw, not the left-most one the client wrote (hop count)', () => {
    const spoofed = xff('6.6.6.6, 7.7.7.7, 203.0.113.7')
    expect(clientAddress(spoofed, '10.0.0.2', { hops: 1 })).toBe('203.0.113.7')
    expect(clientAddress(xff('6.6.6.6, 198.51.100.1, 10.0.0.3'), '10.0.0.2', { hops: 2 })).toBe(
      '198.51.100.1',
    )
  })

  it('is the right-most hop outside the trusted ranges (CIDR list)', () => {
    const trusted = { ranges: ['10.0.0.0/8', 'fd00::/8'] }
    expect(clientAddress(xff('6.6.6.6, 203.0.113.9, 10.1.1.1'), '10.0.0.2', trusted)).toBe('203.0.113.9')
    expect(clientAddress(xff('6.6.6.6, 2001:db8::5'), 'fd00::1', trusted)).toBe('2001:db8::5')
    // A request that reaches the service directly, not through a trusted proxy, is judged by its socket.
    expect(clientAddress(xff('6.6.6.6'), '198.51.100.9', trusted)).toBe('198.51.100.9')
  })
})

describe('per-address limits over a real socket behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    t = await testApp({ trustProxy: parseTrustProxy('1') })
    t.app.listen({ port: 0, hostname: '127.0.0.1' })
    base = `http://127.0.0.1:${t.app.server!.port}`
  })
  afterAll(async () => {
    await t.app.stop(true)
    await t.cleanup()
  })

  /** A request as the proxy (this socket) forwards it: the client's own header, then what the proxy saw. */
  const viaProxy = (path: string, client: string, spoof: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `${spoof}, ${client}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('keeps a client rotating the header within its 30 sandbox sessions', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++)
      statuses.push((await viaProxy('/sandbox/sessions', '203.0.113.50', `1.2.3.${i}`)).status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(30)
    expect(statuses.slice(30)).toEqual(Array(10).fill(429))
  })

  it('keeps a client rotating the header within its 30 sign-in verifications', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      const r = await viaProxy('/auth/otp/verify', '203.0.113.51', `5.6.7.${i}`, {
        email: 'nobody@example.com',
        token: '12345678',
      })
      statuses.push(r.status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(statuses.slice(30)).toEqual(Array(10).fill(429))
  })

  it('gives each client behind the shared proxy its own limit', async () => {
    for (let i = 0; i < 30; i++) await viaProxy('/sandbox/sessions', '203.0.113.60', 'x')
    expect((await viaProxy('/sandbox/sessions', '203.0.113.60', 'x')).status).toBe(429)
    const neighbour = await viaProxy('/sandbox/sessions', '203.0.113.61', 'x')
    expect(neighbour.status).toBe(201)
  })
})
