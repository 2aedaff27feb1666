// The development outbox over a real socket: it hands sign-in codes only to a caller on this machine that
// addresses it by a loopback name. A caller from the network, or a loopback caller naming another host
// (DNS rebinding), gets the same 404 as an unknown route.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { networkInterfaces } from 'node:os'
import { testApp } from '../../support/app'

/** A non-loopback IPv4 address of this machine, to reach the server from a non-loopback peer. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

let t: Awaited<ReturnType<typeof testApp>>
let port: number

beforeAll(async () => {
  t = await testApp({ trustProxy: null, allowedHosts: externalAddress ? [externalAddress] : [] })
  t.app.listen({ port: 0, hostname: '0.0.0.0' })
  port = t.app.server!.port as number
  await fetch(`http://127.0.0.1:${port}/auth/otp/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'victim@example.com' }),
  })
})
afterAll(async () => {
  await t.app.stop()
  await t.cleanup()
})

describe('development outbox over the network', () => {
  it('answers a loopback caller that names localhost', async () => {
    const r = await fetch(`http://localhost:${port}/dev/outbox?email=victim@example.com`)
    expect(r.status).toBe(200)
    const body = (await r.json()) as any
    expect(body.messages[0].code).toMatch(/^\d{8}$/)
  })

  it('is a 404 for a caller from another machine, even one that claims a loopback X-Forwarded-For', async () => {
    if (!externalAddress) {
      console.warn('skipped: this machine has no non-loopback IPv4 address to call from')
      return
    }
    const r = await fetch(`http://${externalAddress}:${port}/dev/outbox?email=victim@example.com`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(r.status).toBe(404)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    const body = (await r.json()) as any
    expect(body.detail).toBe('No route for GET /dev/outbox.')
    expect(body.messages).toBeUndefined()
  })

  it('is a 404 for a loopback caller that names another host the service answers to', async () => {
    if (!externalAddress) {
      console.warn('skipped: this machine has no non-loopback IPv4 address to name')
      return
    }
    const r = await fetch(`http://127.0.0.1:${port}/dev/outbox?email=victim@example.com`, {
      headers: { host: `${externalAddress}:${port}` },
    })
    expect(r.status).toBe(404)
    expect(((await r.json()) as any).detail).toBe('No route for GET /dev/outbox.')
  })

  it('refuses a foreign Host before any route, outbox included', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/dev/outbox?email=victim@example.com`, {
      headers: { host: `rebind.attacker.example:${port}` },
    })
    expect(r.status).toBe(403)
    const body = (await r.json()) as any
    expect(body.type).toEndWith('/problems/forbidden')
    expect(body.detail).toContain('ALLOWED_HOSTS')
    expect(body.messages).toBeUndefined()
  })
})
