// Conditional requests and content coding as an HTTP client sees them: HEAD answers like GET without the
// body, If-None-Match in its edge cases, Vary that names everything the answer depends on, and
// Accept-Encoding read as RFC 9110 writes it. The documents and the basic cases are in
// test/modules/discovery/documents.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { negotiateCoding, noneMatchHits } from '../../../modules/shared/representation'
import { type TestApp, testApp } from '../../support/app'
import { decode, text } from '../../support/content-coding'

let t: TestApp
let auth: Record<string, string>
let sourcePath: string
let analysisPath: string
const ORIGIN = 'http://localhost:5173'

beforeAll(async () => {
  t = await testApp()
  const p = await t.userWithKey()
  auth = { authorization: `Bearer ${p.key}` }
  for (let i = 0; i < 8; i++) {
    const created = await t.call('POST', '/imports/file', {
      token: p.key,
      body: {
        filename: `p${i}.csv`,
        text: `Test,Result,Units,Date\nLDL Cholesterol,${100 + i},mg/dL,2025-09-0${i + 1}\n`,
      },
    })
    expect(created.status).toBe(201)
    sourcePath = `/sources/${created.body.source_id}`
  }
  const analysis = await t.call('POST', '/analyses', { token: p.key, body: {} })
  expect(analysis.status).toBe(201)
  analysisPath = `/analyses/${analysis.body.id}`
})
afterAll(() => t.cleanup())

async function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const response = await t.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      body,
      headers: { 'x-forwarded-for': '10.9.0.2', ...headers },
    }),
  )
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

const COMPARED = ['etag', 'content-type', 'content-encoding', 'vary', 'cache-control'] as const

describe('HEAD', () => {
  const paths = () => [
    '/health',
    '/openapi.json',
    '/capabilities',
    '/pricing',
    '/.well-known/x402.json',
    '/sources?limit=100',
    sourcePath,
    analysisPath,
  ]

  it('answers every GET route with GET’s status and headers, its length and no body', async () => {
    for (const path of paths())
      for (const accept of [{}, { 'accept-encoding': 'gzip, br' }, { 'accept-encoding': 'gzip' }] as Record<
        string,
        string
      >[]) {
        const get = await raw('GET', path, { ...auth, ...accept })
        const head = await raw('HEAD', path, { ...auth, ...accept })
        const label = `${path} ${JSON.stringify(accept)}`
        expect(get.response.status, label).toBe(200)
        expect(head.response.status, label).toBe(200)
        expect(head.bytes.byteLength, label).toBe(0)
        expect(get.response.headers.get('etag'), label).toMatch(/^".+"$/)
        for (const name of COMPARED)
          expect(head.response.headers.get(name), `${label} ${name}`).toBe(get.response.headers.get(name))
        expect(head.response.headers.get('content-length'), label).toBe(String(get.bytes.byteLength))
      }
  })

  it('answers 304 with no body to an If-None-Match naming the current tag', async () => {
    for (const path of paths()) {
      const get = await raw('GET', path, auth)
      const head = await raw('HEAD', path, { ...auth, 'if-none-match': get.response.headers.get('etag')! })
      expect(head.response.status, path).toBe(304)
      expect(head.bytes.byteLength, path).toBe(0)
      expect(head.response.headers.get('etag'), path).toBe(get.response.headers.get('etag'))
      expect(head.response.headers.get('content-encoding'), path).toBeNull()
      expect((await raw('HEAD', path, { ...auth, 'if-none-match': '"stale"' })).response.status, path).toBe(
        200,
      )
    }
  })
})

describe('If-None-Match', () => {
  it('matches a tag in a list, weak or strong, of any coding, and * ; never garbage', async () => {
    const plain = await raw('GET', '/sources?limit=100', auth)
    const tag = plain.response.headers.get('etag')!
    const gzipTag = `${tag.slice(0, -1)}-gzip"`
    for (const header of [
      tag,
      `W/${tag}`,
      `"a","b",${tag}`,
      `"a",\t${tag} , "b"`,
      `${'"x", '.repeat(500)}${tag}`,
      gzipTag,
      `W/${gzipTag}`,
      '*',
    ]) {
      const cached = await raw('GET', '/sources?limit=100', { ...auth, 'if-none-match': header })
      expect(cached.response.status, header.slice(-80)).toBe(304)
      expect(cached.bytes.byteLength).toBe(0)
      expect(cached.response.headers.get('content-encoding')).toBeNull()
      expect(cached.response.headers.get('content-type')).toBeNull()
      expect(cached.response.headers.get('cache-control')).toBe('no-store')
      expect(cached.response.headers.get('vary')).toContain('Accept-Encoding')
    }
    for (const header of [
      'garbage',
      tag.slice(1, -1),
      `w/${tag}`,
      `"${tag}"`,
      '""',
      `${tag.slice(0, -1)}-deflate"`,
      ',,,',
      '"x", '.repeat(2000),
    ]) {
      const fresh = await raw('GET', '/sources?limit=100', { ...auth, 'if-none-match': header })
      expect(fresh.response.status, header.slice(0, 80)).toBe(200)
      expect(text(fresh.bytes)).toBe(text(plain.bytes))
    }
  })

  it('is ignored by If-Modified-Since (no Last-Modified is sent) and by POST', async () => {
    const plain = await raw('GET', sourcePath, auth)
    expect(plain.response.headers.get('last-modified')).toBeNull()
    const since = new Date(Date.now() + 86_400_000).toUTCString()
    expect((await raw('GET', sourcePath, { ...auth, 'if-modified-since': since })).response.status).toBe(200)
    const posted = await raw(
      'POST',
      '/query',
      { ...auth, 'content-type': 'application/json', 'if-none-match': '*' },
      JSON.stringify({ question: 'What is my LDL?' }),
    )
    expect(posted.response.status).toBe(200)
    expect(posted.response.headers.get('etag')).toBeNull()
  })

  it('keeps health data out of caches on 200 and 304', async () => {
    const plain = await raw('GET', sourcePath, auth)
    expect(plain.response.headers.get('cache-control')).toBe('no-store')
    const cached = await raw('GET', sourcePath, {
      ...auth,
      'if-none-match': plain.response.headers.get('etag')!,
    })
    expect(cached.response.status).toBe(304)
    expect(cached.response.headers.get('cache-control')).toBe('no-store')
    expect((await raw('GET', '/health')).response.headers.get('cache-control')).toBe('no-store')
  })

  it('noneMatchHits reads lists, weak tags and the coded tags of one body only', () => {
    const tag = '"abc-12"'
    expect(noneMatchHits(null, tag)).toBe(false)
    expect(noneMatchHits('', tag)).toBe(false)
    expect(noneMatchHits(' W/"abc-12-br" ', tag)).toBe(true)
    expect(noneMatchHits('"abc-12-zstd"', tag)).toBe(false)
    expect(noneMatchHits('"abc-1"', tag)).toBe(false)
  })
})

describe('Vary', () => {
  it('names Origin beside Accept-Encoding on documents answered to a browser origin, 200 and 304', async () => {
    for (const path of ['/openapi.json', '/capabilities', '/pricing', '/.well-known/x402.json']) {
      for (const headers of [
        { origin: ORIGIN } as Record<string, string>,
        { origin: ORIGIN, 'accept-encoding': 'gzip' },
        { origin: ORIGIN, 'if-none-match': '*' },
      ]) {
        const { response } = await raw('GET', path, headers)
        expect(response.headers.get('access-control-allow-origin'), path).toBe(ORIGIN)
        const vary = (response.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase())
        expect(vary, `${path} ${JSON.stringify(headers)}`).toContain('origin')
        expect(vary, `${path} ${JSON.stringify(headers)}`).toContain('accept-encoding')
      }
    }
  })

  it('names Origin beside Accept-Encoding on a compressed MCP answer, once each', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })
    const { response } = await raw(
      'POST',
      '/mcp',
      {
        ...auth,
        origin: ORIGIN,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'accept-encoding': 'gzip',
      },
      body,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const vary = response.headers
      .get('vary')!
      .split(',')
      .map((v) => v.trim().toLowerCase())
    expect(vary.sort()).toEqual(['accept-encoding', 'origin'])
  })

  it('names Origin and Accept-Encoding on a record answered to a browser origin', async () => {
    const { response } = await raw('GET', '/sources?limit=100', {
      ...auth,
      origin: ORIGIN,
      'accept-encoding': 'br',
    })
    const vary = response.headers
      .get('vary')!
      .split(',')
      .map((v) => v.trim().toLowerCase())
    expect(vary.sort()).toEqual(['accept-encoding', 'origin'])
  })
})

describe('problems', () => {
  it('leave uncompressed and untagged however large and whatever the client accepts', async () => {
    const body = JSON.stringify({
      source_ids: Array.from({ length: 200 }, (_, i) => `${'x'.repeat(40)}${i}`),
    })
    const headers = { ...auth, 'content-type': 'application/json' }
    const plain = await raw('POST', '/analyses', headers, body)
    expect(plain.response.status).toBe(422)
    expect(plain.bytes.byteLength).toBeGreaterThanOrEqual(1400)
    for (const accept of ['gzip', 'br', 'gzip, deflate, br', '*']) {
      const { response, bytes } = await raw(
        'POST',
        '/analyses',
        { ...headers, 'accept-encoding': accept },
        body,
      )
      expect(response.status).toBe(422)
      expect(response.headers.get('content-type')).toStartWith('application/problem+json')
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(response.headers.get('etag')).toBeNull()
      expect(JSON.parse(text(bytes)).status).toBe(422)
    }
  })
})

describe('Accept-Encoding', () => {
  it('is read case-insensitively, with spaces, q-values and wildcards', () => {
    const cases: [string | null, 'br' | 'gzip' | null][] = [
      [null, null],
      ['', null],
      ['GZIP', 'gzip'],
      ['Br;Q=0.5, gzip;q=0.4', 'br'],
      ['gzip; q=0.5, br; q=0.4', 'gzip'],
      [' , ,gzip', 'gzip'],
      ['identity', null],
      ['identity;q=0', null],
      ['*;q=0', null],
      ['*', 'br'],
      ['br;q=0, *', 'gzip'],
      ['*;q=0.5, br;q=0.1', 'gzip'],
      ['gzip;q=0.000', null],
      ['gzip;q=0.001', 'gzip'],
      ['gzip;q=1.000', 'gzip'],
      ['x-gzip', 'gzip'],
      ['deflate, zstd', null],
      ['gzip;level=1', 'gzip'],
      ['br;foo=bar;q=0, gzip;q=0.1', 'gzip'],
    ]
    for (const [header, expected] of cases) expect(negotiateCoding(header), String(header)).toBe(expected)
  })

  it('counts a weight that is not a qvalue as 0, never as a preference', () => {
    for (const weight of [
      '2',
      '1.5',
      '1.0001',
      '0x1',
      '1e0',
      '+1',
      '.5',
      '0.5000',
      'abc',
      '',
      '"1"',
      'Infinity',
    ])
      expect(negotiateCoding(`br;q=${weight}, gzip;q=0.2`), weight).toBe('gzip')
  })

  it('gives a coding listed twice its lower weight, in either order', () => {
    expect(negotiateCoding('gzip;q=0, gzip')).toBeNull()
    expect(negotiateCoding('gzip, gzip;q=0')).toBeNull()
    expect(negotiateCoding('br;q=0.1, gzip;q=0.5, br')).toBe('gzip')
    expect(negotiateCoding('*, *;q=0')).toBeNull()
  })

  it('survives a very long header and still decompresses to the identity body', async () => {
    const header = `${'zstd;q=0.9, '.repeat(600)}gzip;q=0.5`
    const plain = await raw('GET', analysisPath, auth)
    const coded = await raw('GET', analysisPath, { ...auth, 'accept-encoding': header })
    expect(coded.response.headers.get('content-encoding')).toBe('gzip')
    expect(decode(coded.bytes, 'gzip')).toBe(text(plain.bytes))
  })

  it('leaves a small body uncompressed whatever is accepted', async () => {
    const { response, bytes } = await raw('GET', '/health', { 'accept-encoding': 'br, gzip' })
    expect(bytes.byteLength).toBeLessThan(1400)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('etag')).not.toContain('-br')
  })
})
