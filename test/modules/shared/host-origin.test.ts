// The Host/Origin guard and CORS: foreign hosts and foreign web origins get a 403 problem on every route,
// MCP included; allowed origins get their preflight answered and Access-Control-Allow-Origin for
// themselves only.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { testApp } from '../../support/app'

let t: Awaited<ReturnType<typeof testApp>>
let production: Awaited<ReturnType<typeof testApp>>

beforeAll(async () => {
  t = await testApp({ allowedOrigins: ['https://app.example.com'] })
  production = await testApp({
    nodeEnv: 'production',
    smtpUrl: 'smtp://127.0.0.1:1',
    publicBaseUrl: 'https://wds.example.org',
    allowedHosts: ['*.internal.example'],
  })
})
afterAll(async () => {
  await t.cleanup()
  await production.cleanup()
})

const mcpInitialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
}

describe('Host validation', () => {
  it('answers loopback names in development', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      const r = await t.call('GET', '/health', { headers: { host } })
      expect(r.status).toBe(200)
    }
  })

  it('refuses a foreign Host with a 403 problem naming ALLOWED_HOSTS, MCP included', async () => {
    const r = await t.call('GET', '/health', { headers: { host: 'rebind.attacker.example:3000' } })
    expect(r.status).toBe(403)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    expect(r.body.type).toEndWith('/problems/forbidden')
    expect(r.body.detail).toContain('ALLOWED_HOSTS')
    expect(r.body.request_id).toBe(r.headers.get('x-request-id')!)
    expect(r.headers.get('cache-control')).toBe('no-store')
    const mcp = await t.call('POST', '/mcp', {
      body: mcpInitialize,
      headers: { host: 'rebind.attacker.example', accept: 'application/json, text/event-stream' },
    })
    expect(mcp.status).toBe(403)
    expect(mcp.body.type).toEndWith('/problems/forbidden')
  })

  it("in production answers PUBLIC_BASE_URL's host and ALLOWED_HOSTS patterns", async () => {
    expect((await production.call('GET', '/health', { headers: { host: 'wds.example.org' } })).status).toBe(
      200,
    )
    expect(
      (await production.call('GET', '/health', { headers: { host: 'a.internal.example' } })).status,
    ).toBe(200)
    const other = await production.call('GET', '/health', { headers: { host: 'internal.example.evil' } })
    expect(other.status).toBe(403)
  })
})

describe('Origin validation', () => {
  it('refuses a foreign Origin with a 403 problem naming ALLOWED_ORIGINS, MCP included', async () => {
    const r = await t.call('GET', '/health', { headers: { origin: 'https://evil.example' } })
    expect(r.status).toBe(403)
    expect(r.body.detail).toContain('ALLOWED_ORIGINS')
    expect(r.headers.get('access-control-allow-origin')).toBeNull()
    const mcp = await t.call('POST', '/mcp', {
      body: mcpInitialize,
      headers: { origin: 'https://evil.example', accept: 'application/json, text/event-stream' },
    })
    expect(mcp.status).toBe(403)
    expect(mcp.body.type).toEndWith('/problems/forbidden')
  })

  it('refuses the opaque "null" origin of sandboxed pages and files', async () => {
    const r = await t.call('POST', '/auth/otp/start', {
      body: { email: 'a@example.com' },
      headers: { origin: 'null' },
    })
    expect(r.status).toBe(403)
    const sandboxed = await t.call('POST', '/auth/otp/start', {
      body: { email: 'a@example.com' },
      headers: { origin: 'null', 'sec-fetch-site': 'cross-site' },
    })
    expect(sandboxed.status).toBe(403)
  })

  it('lets through a form of our own no-referrer pages: Origin null marked same-origin by the browser', async () => {
    const r = await t.call('POST', '/auth/otp/start', {
      body: { email: 'a@example.com' },
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    })
    expect(r.status).toBe(200)
  })

  it('lets the same origin, loopback origins in development and configured origins through', async () => {
    for (const origin of ['http://localhost', 'http://localhost:5173', 'https://app.example.com']) {
      const r = await t.call('GET', '/health', { headers: { origin } })
      expect(r.status).toBe(200)
      expect(r.body.status).toBe('ok')
    }
  })

  it("in production lets PUBLIC_BASE_URL's origin through but not loopback origins", async () => {
    const own = await production.call('GET', '/health', {
      headers: { host: 'wds.example.org', origin: 'https://wds.example.org' },
    })
    expect(own.status).toBe(200)
    const local = await production.call('GET', '/health', {
      headers: { host: 'wds.example.org', origin: 'http://localhost:5173' },
    })
    expect(local.status).toBe(403)
  })
})

describe('CORS', () => {
  it('answers a preflight from an allowed origin with 204 and the allowed methods and headers', async () => {
    const r = await t.call('OPTIONS', '/sources', {
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(r.status).toBe(204)
    expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    expect(r.headers.get('access-control-allow-methods')).toContain('GET')
    expect(r.headers.get('access-control-allow-headers')).toContain('authorization')
    expect(r.headers.get('access-control-allow-credentials')).toBeNull()
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses a preflight from a foreign origin without any Access-Control header', async () => {
    const r = await t.call('OPTIONS', '/sources', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(r.status).toBe(403)
    expect(r.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets a browser send every request header the contract documents, and read every response header', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body
    const parameter = (p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p)
    const sent = new Set<string>()
    const answered = new Set<string>()
    for (const methods of Object.values(doc.paths) as any[])
      for (const op of Object.values(methods) as any[]) {
        for (const p of op.parameters ?? []) if (parameter(p).in === 'header') sent.add(parameter(p).name)
        for (const response of Object.values(op.responses ?? {}) as any[]) {
          const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response
          for (const name of Object.keys(resolved.headers ?? {})) answered.add(name)
        }
      }
    expect(sent.size).toBeGreaterThan(0)
    expect(answered.size).toBeGreaterThan(0)
    const preflight = await t.call('OPTIONS', '/imports/file', {
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': [...sent].join(',').toLowerCase(),
      },
    })
    const allowed = preflight.headers.get('access-control-allow-headers')!.split(', ')
    for (const name of sent) expect(allowed).toContain(name.toLowerCase())
    const ok = await t.call('GET', '/health', { headers: { origin: 'https://app.example.com' } })
    const exposed = ok.headers.get('access-control-expose-headers')!.split(', ')
    for (const name of [...answered, 'ETag', 'PAYMENT-RESPONSE'])
      expect(exposed).toContain(name.toLowerCase())
  })

  it('names the allowed origin on answers and on problems, and nothing without an Origin', async () => {
    const ok = await t.call('GET', '/health', { headers: { origin: 'https://app.example.com' } })
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-request-id')
    const problem = await t.call('GET', '/sources', { headers: { origin: 'https://app.example.com' } })
    expect(problem.status).toBe(401)
    expect(problem.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    const plain = await t.call('GET', '/health')
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })
})
