// The configuration documents served from memory: a strong ETag, 304 on If-None-Match, br/gzip by
// Accept-Encoding (the decompressed body equals the plain one), Vary: Accept-Encoding; and the same
// conditional requests and compression on other JSON answers (a record, a large list, MCP tools/list).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { decode, text } from '../../support/content-coding'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

/** A raw in-process request (the harness's `call` would decode nothing and parse the body). */
async function raw(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const response = await t.app.handle(
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { 'x-forwarded-for': '10.9.0.1', ...headers },
    }),
  )
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

describe.each(['/openapi.json', '/capabilities', '/pricing', '/.well-known/x402.json'])('GET %s', (path) => {
  it('carries a strong ETag, the same on every request, and answers 304 to If-None-Match', async () => {
    const first = await raw(path)
    expect(first.response.status).toBe(200)
    const etag = first.response.headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/)
    expect(first.response.headers.get('content-type')).toStartWith('application/json')
    expect(first.response.headers.get('vary')).toContain('Accept-Encoding')
    expect(first.response.headers.get('cache-control')).toBe('public, no-cache')
    expect(first.response.headers.get('x-content-type-options')).toBe('nosniff')
    JSON.parse(text(first.bytes))
    const again = await raw(path)
    expect(again.response.headers.get('etag')).toBe(etag)
    expect(again.bytes).toEqual(first.bytes)

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await raw(path, { 'if-none-match': header })
      expect(cached.response.status).toBe(304)
      expect(cached.bytes.byteLength).toBe(0)
      expect(cached.response.headers.get('etag')).toBe(etag)
      expect(cached.response.headers.get('vary')).toContain('Accept-Encoding')
    }
    expect((await raw(path, { 'if-none-match': '"stale"' })).response.status).toBe(200)
  })

  it('is compressed with br or gzip as the client accepts, and decompresses to the plain body', async () => {
    const plain = await raw(path)
    const compressible = plain.bytes.byteLength >= 1400
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['br, gzip;q=0', 'br'],
      ['identity', null],
      ['br;q=0, gzip;q=0', null],
    ] as const) {
      const { response, bytes } = await raw(path, { 'accept-encoding': accept })
      const coding = response.headers.get('content-encoding')
      expect(coding).toBe(compressible ? expected : null)
      // A strong tag names one sequence of bytes, so each coding has its own (RFC 9110, 8.8.1).
      const plainTag = plain.response.headers.get('etag')!
      expect(response.headers.get('etag')).toBe(coding ? `${plainTag.slice(0, -1)}-${coding}"` : plainTag)
      expect(decode(bytes, coding)).toBe(text(plain.bytes))
      if (coding) expect(bytes.byteLength).toBeLessThan(plain.bytes.byteLength)
    }
  })

  it('answers 304 to the tag of any coding of the same body, with the tag of the coding it would send', async () => {
    const plain = await raw(path)
    if (plain.bytes.byteLength < 1400) return
    const plainTag = plain.response.headers.get('etag')!
    const gzipTag = (await raw(path, { 'accept-encoding': 'gzip' })).response.headers.get('etag')!
    expect(gzipTag).not.toBe(plainTag)
    const fromGzip = await raw(path, { 'if-none-match': gzipTag, 'accept-encoding': 'br' })
    expect(fromGzip.response.status).toBe(304)
    expect(fromGzip.response.headers.get('etag')).toBe(`${plainTag.slice(0, -1)}-br"`)
    expect((await raw(path, { 'if-none-match': `W/${gzipTag}` })).response.status).toBe(304)
    // Only this body's tags match: another tag with a coding suffix does not.
    expect((await raw(path, { 'if-none-match': '"other-gzip"' })).response.status).toBe(200)
  })
})

describe('other JSON answers', () => {
  it('tag a record read by GET, answer 304 when it has not changed and 200 with a new tag once it has', async () => {
    const p = await t.userWithKey()
    const auth = { authorization: `Bearer ${p.key}` }
    const created = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { filename: 'panel.csv', text: 'Test,Result,Units,Date\nLDL Cholesterol,160,mg/dL,2025-09-01\n' },
    })
    expect(created.status).toBe(201)
    const path = `/sources/${created.body.source_id}`
    const first = await raw(path, auth)
    expect(first.response.status).toBe(200)
    const etag = first.response.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    // Health data stays out of every cache; the tag serves clients that keep their own copy.
    expect(first.response.headers.get('cache-control')).toBe('no-store')
    const cached = await raw(path, { ...auth, 'if-none-match': etag })
    expect(cached.response.status).toBe(304)
    expect(cached.bytes.byteLength).toBe(0)
    // Another person's If-None-Match learns nothing: the record is not theirs.
    const other = await t.userWithKey()
    expect(
      (await raw(path, { authorization: `Bearer ${other.key}`, 'if-none-match': etag })).response.status,
    ).toBe(404)

    const list = await raw('/sources', auth)
    const listTag = list.response.headers.get('etag')!
    expect((await raw('/sources', { ...auth, 'if-none-match': listTag })).response.status).toBe(304)
    await t.call('POST', '/imports/file', {
      token: p.key,
      body: { filename: 'later.csv', text: 'Test,Result,Units,Date\nHemoglobin A1c,5.9,%,2025-10-01\n' },
    })
    const changed = await raw('/sources', { ...auth, 'if-none-match': listTag })
    expect(changed.response.status).toBe(200)
    expect(changed.response.headers.get('etag')).not.toBe(listTag)
  })

  it('compress a large list when the client accepts it, and leave a small one as it is', async () => {
    const p = await t.userWithKey()
    const auth = { authorization: `Bearer ${p.key}` }
    for (let i = 0; i < 8; i++)
      await t.call('POST', '/imports/file', {
        token: p.key,
        body: {
          filename: `p${i}.csv`,
          text: `Test,Result,Units,Date\nLDL Cholesterol,${100 + i},mg/dL,2025-09-0${i + 1}\n`,
        },
      })
    const plain = await raw('/sources?limit=100', auth)
    expect(plain.bytes.byteLength).toBeGreaterThan(1400)
    const gz = await raw('/sources?limit=100', { ...auth, 'accept-encoding': 'gzip' })
    expect(gz.response.headers.get('content-encoding')).toBe('gzip')
    expect(gz.response.headers.get('vary')).toContain('Accept-Encoding')
    expect(decode(gz.bytes, 'gzip')).toBe(text(plain.bytes))
    const plainTag = plain.response.headers.get('etag')!
    expect(gz.response.headers.get('etag')).toBe(`${plainTag.slice(0, -1)}-gzip"`)
    const revalidated = await raw('/sources?limit=100', {
      ...auth,
      'if-none-match': plainTag,
      'accept-encoding': 'gzip',
    })
    expect(revalidated.response.status).toBe(304)
    expect(revalidated.response.headers.get('etag')).toBe(gz.response.headers.get('etag'))
    const small = await raw('/sources?limit=1', { ...auth, 'accept-encoding': 'gzip, br' })
    expect(small.response.headers.get('content-encoding')).toBeNull()
    JSON.parse(text(small.bytes))
  })

  it('compress MCP tools/list when accepted', async () => {
    const p = await t.userWithKey()
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })
    const headers = {
      authorization: `Bearer ${p.key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    }
    const plain = await raw('/mcp', headers, { method: 'POST', body })
    expect(plain.response.status).toBe(200)
    const br = await raw('/mcp', { ...headers, 'accept-encoding': 'br' }, { method: 'POST', body })
    expect(br.response.headers.get('content-encoding')).toBe('br')
    expect(JSON.parse(decode(br.bytes, 'br'))).toEqual(JSON.parse(text(plain.bytes)))
  })

  it('answer problems uncompressed and untagged', async () => {
    const { response } = await raw('/sources', { 'accept-encoding': 'gzip' })
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toStartWith('application/problem+json')
    expect(response.headers.get('etag')).toBeNull()
  })
})
