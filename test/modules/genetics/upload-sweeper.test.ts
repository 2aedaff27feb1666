// The upload sweeper closes sessions nobody touched after they expired, so their partial files (or S3
// multipart uploads) do not stay behind.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { sweepUploads } from '../../../modules/genetics/upload-sweeper'
import { type TestApp, testApp } from '../../support/app'
import { createSession, fixture, putBytes, VCF_GZ } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

describe('upload sweeper', () => {
  it('expires untouched overdue sessions once, and leaves open ones alone', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const stale = (await createSession(t, p, bytes)).body
    expect(
      (await putBytes(t, stale.upload_url, bytes.subarray(0, 1000), `bytes 0-999/${bytes.byteLength}`))
        .status,
    ).toBe(200)
    expect(await sweepUploads(t.context)).toEqual({ expired: 0, aborted: 0 })
    t.clock.advance((t.config.genetics.uploadTtlSeconds + 1) * 1000)
    expect(await sweepUploads(t.context)).toEqual({ expired: 1, aborted: 0 })
    const fresh = (await createSession(t, p, bytes)).body
    expect(await sweepUploads(t.context)).toEqual({ expired: 0, aborted: 0 })
    const read = await t.call('GET', `/genetics/uploads/${stale.upload_id}`, { token: p.key })
    expect(read.body.state).toBe('expired')
    const open = await t.call('GET', `/genetics/uploads/${fresh.upload_id}`, { token: p.key })
    expect(open.body.state).toBe('pending')
  })
})
