// Authentication is decided from the headers before a request body is read: an anonymous or refused
// caller's upload is never pulled from the stream, however large it claims to be.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'

const CHUNK = 64 * 1024
const TOTAL = 13 * 1024 * 1024

/** A JSON-looking body of `TOTAL` bytes served in chunks, counting how many bytes were pulled. */
function countedBody() {
  const counter = { pulled: 0 }
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= TOTAL) return controller.close()
      const chunk = new Uint8Array(CHUNK).fill(0x20)
      if (sent === 0) chunk[0] = 0x7b // '{'
      sent += CHUNK
      counter.pulled += CHUNK
      controller.enqueue(chunk)
    },
  })
  return { stream, counter }
}

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

describe('a body sent without valid credentials', () => {
  it('gets 401 for an anonymous 13 MB import without the body being read', async () => {
    const { stream, counter } = countedBody()
    const r = await t.call('POST', '/imports/file', {
      rawBody: stream,
      headers: { 'content-type': 'application/json', 'content-length': String(TOTAL) },
    })
    expect(r.status).toBe(401)
    expect(r.body.title).toBe('Unauthorized')
    // At most what the runtime pre-reads: nowhere near the 13 MB sent.
    expect(counter.pulled).toBeLessThanOrEqual(2 * CHUNK)
  })

  it('gets 401 for an unknown token without the body being read', async () => {
    const { stream, counter } = countedBody()
    const r = await t.call('POST', '/imports/file', {
      rawBody: stream,
      headers: { 'content-type': 'application/json', authorization: 'Bearer wds_live_not_a_real_key' },
    })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toContain('invalid_token')
    expect(counter.pulled).toBeLessThanOrEqual(2 * CHUNK)
  })

  it('still reads the body of an authenticated caller', async () => {
    const person = await t.userWithKey()
    const r = await t.call('POST', '/imports/file', {
      token: person.key,
      body: { user_id: person.userId, text: 'Marker,Value,Unit,Date\nLDL-C,128,mg/dL,2026-01-10\n' },
    })
    expect(r.status).toBe(201)
    expect(r.body.observation_count).toBe(1)
  })
})
