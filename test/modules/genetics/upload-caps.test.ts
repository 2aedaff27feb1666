// Caps on one user's open genetics upload sessions: how many may be open at once
// (GENETICS_MAX_OPEN_UPLOADS) and how many bytes they may declare together (GENETICS_MAX_OPEN_UPLOAD_BYTES).
// Past either, a new session is 422 `limit-exceeded` naming the cap; closed or expired sessions make room.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { isProblem, type TestApp, testApp } from '../../support/app'

const GiB = 1024 ** 3

let t: TestApp
beforeAll(async () => {
  t = await testApp({
    genetics: {
      maxUploadBytes: 5 * GiB,
      uploadTtlSeconds: 3600,
      maxOpenUploads: 3,
      maxOpenUploadBytes: 8 * GiB,
    },
  })
})
afterAll(() => t.cleanup())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>
const open = (p: Person, size: number) =>
  t.call('POST', '/genetics/uploads', {
    token: p.key,
    body: {
      user_id: p.userId,
      organization_id: p.organizationId,
      filename: 'genome.vcf.gz',
      content_type: 'application/gzip',
      size_bytes: size,
    },
  })

describe('open upload session caps', () => {
  it('refuses one session more than GENETICS_MAX_OPEN_UPLOADS with a problem naming the cap', async () => {
    const p = await t.userWithKey()
    for (let i = 0; i < 3; i++) expect((await open(p, 1000)).status).toBe(201)
    const fourth = await open(p, 1000)
    expect(fourth.status).toBe(422)
    expect(isProblem(fourth)).toBe(true)
    expect(fourth.body).toMatchObject({
      title: 'Limit Exceeded',
      limit: 'GENETICS_MAX_OPEN_UPLOADS',
      max_sessions: 3,
      open_sessions: 3,
    })
    expect(fourth.body.type).toEndWith('/problems/limit-exceeded')
    expect(fourth.body.detail).toContain('GENETICS_MAX_OPEN_UPLOADS')
  })

  it('counts sessions per user: another user still opens theirs', async () => {
    const other = await t.userWithKey()
    expect((await open(other, 1000)).status).toBe(201)
  })

  it('makes room again once a session is cancelled', async () => {
    const p = await t.userWithKey()
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await open(p, 1000)).body.upload_id)
    expect((await open(p, 1000)).status).toBe(422)
    const cancel = await t.call('POST', `/genetics/uploads/${ids[0]}/cancel`, { token: p.key })
    expect(cancel.status).toBe(200)
    expect((await open(p, 1000)).status).toBe(201)
  })

  it('refuses a session whose declared bytes would pass GENETICS_MAX_OPEN_UPLOAD_BYTES', async () => {
    const p = await t.userWithKey()
    expect((await open(p, 5 * GiB)).status).toBe(201)
    const second = await open(p, 4 * GiB)
    expect(second.status).toBe(422)
    expect(second.body).toMatchObject({
      limit: 'GENETICS_MAX_OPEN_UPLOAD_BYTES',
      max_bytes: 8 * GiB,
      open_bytes: 5 * GiB,
      declared_bytes: 4 * GiB,
    })
    expect((await open(p, 3 * GiB)).status).toBe(201)
  })

  it('holds the cap when many sessions are opened at once', async () => {
    const p = await t.userWithKey()
    const answers = await Promise.all(Array.from({ length: 10 }, () => open(p, 1000)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7)
  })

  it('frees the count once open sessions expire', async () => {
    const p = await t.userWithKey()
    for (let i = 0; i < 3; i++) await open(p, 1000)
    expect((await open(p, 1000)).status).toBe(422)
    t.clock.advance(3601_000)
    expect((await open(p, 1000)).status).toBe(201)
  })
})
