// An upload PUT's body must be exactly as long as its Content-Range says (the whole file without one):
// a longer or shorter body is a 422 and none of it is kept, so a resumed upload never holds bytes the
// client did not mean for that range.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { createSession, fixture, localPath, putBytes, UNCAPPED_UPLOADS, VCF_GZ } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 200_000, uploadTtlSeconds: 3600 } })
})
afterAll(() => t.cleanup())

const received = async (key: string, id: string) =>
  (await t.call('GET', `/genetics/uploads/${id}`, { token: key })).body.received_bytes

describe('upload part lengths', () => {
  it('refuses a body longer than its Content-Range and keeps none of it', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const n = bytes.byteLength
    const session = (await createSession(t, p, bytes)).body
    const r = await putBytes(t, session.upload_url, bytes.subarray(0, 5000), `bytes 0-999/${n}`)
    expect(r.status).toBe(422)
    expect(r.body.detail).toBe(
      'The body must be exactly 1000 bytes, as the Content-Range says (the whole file without one); more bytes arrived. The part was not kept.',
    )
    expect(r.body.received_bytes).toBe(0)
    expect(await received(p.key, session.upload_id)).toBe(0)
  })

  it('refuses a body shorter than its Content-Range and keeps what came before the part', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const n = bytes.byteLength
    const session = (await createSession(t, p, bytes)).body
    expect((await putBytes(t, session.upload_url, bytes.subarray(0, 1000), `bytes 0-999/${n}`)).status).toBe(
      200,
    )
    const r = await putBytes(t, session.upload_url, bytes.subarray(1000, 1500), `bytes 1000-1999/${n}`)
    expect(r.status).toBe(422)
    expect(r.body.detail).toContain('exactly 1000 bytes')
    expect(r.body.detail).toContain('500 bytes arrived')
    expect(await received(p.key, session.upload_id)).toBe(1000)
    // The right part then goes through and the upload continues.
    const ok = await putBytes(t, session.upload_url, bytes.subarray(1000, 2000), `bytes 1000-1999/${n}`)
    expect(ok.body).toMatchObject({ received_bytes: 2000, complete: false })
  })

  it('refuses a whole-file PUT shorter than the session size', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, p, bytes)).body
    const r = await putBytes(t, session.upload_url, bytes.subarray(0, bytes.byteLength - 1))
    expect(r.status).toBe(422)
    expect(await received(p.key, session.upload_id)).toBe(0)
  })

  it('refuses a declared Content-Length that differs from the range before reading the body', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const n = bytes.byteLength
    const session = (await createSession(t, p, bytes)).body
    const r = await t.call('PUT', localPath(session.upload_url), {
      rawBody: bytes.subarray(0, 10),
      headers: {
        'content-type': 'application/octet-stream',
        'content-range': `bytes 0-99/${n}`,
        'content-length': '10',
      },
    })
    expect(r.status).toBe(422)
    expect(r.body.detail).toContain('Content-Length says 10')
  })
})
