// A disk that fills up during an upload: the PUT answers 503 problem+json naming the full storage with
// Retry-After, and nothing of that request is kept: a new blob is removed, a resumed upload keeps exactly
// the parts stored before, and the session's received_bytes says so. Rows and blobs are counted before
// and after. Once there is room again the same upload completes into one source.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { LocalDiskStorage } from '../../../../modules/shared/storage'
import { isProblem, type TestApp, testApp } from '../../../support/app'
import { createSession, fixture, putBytes, UNCAPPED_UPLOADS, VCF_GZ } from '../../genetics/helpers'

/** Local disk storage whose disk holds `room` bytes per blob; past that every write fails with ENOSPC. */
class FillingDisk extends LocalDiskStorage {
  room = Number.POSITIVE_INFINITY
  protected override async writeChunk(
    handle: Parameters<LocalDiskStorage['writeChunk']>[0],
    chunk: Uint8Array,
    position: number,
  ): Promise<void> {
    if (position + chunk.byteLength > this.room)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })
    return super.writeChunk(handle, chunk, position)
  }
}

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the disk fills up during an upload', () => {
  let t: TestApp
  let disk: FillingDisk
  let blobs: string
  const bytes = fixture(VCF_GZ)
  const n = bytes.byteLength

  beforeAll(async () => {
    blobs = mkdtempSync(join(tmpdir(), 'wds-full-disk-'))
    disk = new FillingDisk(blobs)
    t = await testApp({ genetics: { ...testAppGenetics(), ...UNCAPPED_UPLOADS } }, { storage: disk })
  })
  afterAll(async () => {
    await t.cleanup()
    rmSync(blobs, { recursive: true, force: true })
  })

  async function counts() {
    const db = createClient({ url: t.config.databaseUrl })
    try {
      const one = async (sql: string) => Number((await db.execute(sql)).rows[0][0])
      return {
        sources: await one('select count(*) from sources'),
        jobs: await one('select count(*) from genetics_jobs'),
        uploads: await one('select count(*) from genetics_uploads'),
        blobs: filesUnder(blobs).length,
      }
    } finally {
      db.close()
    }
  }

  it('answers 503 with a clear problem and keeps no partial blob', async () => {
    const p = await t.userWithKey()
    const session = (await createSession(t, p, bytes)).body
    const before = await counts()
    disk.room = Math.floor(n / 2)

    const put = await putBytes(t, session.upload_url, bytes)
    expect(put.status).toBe(503)
    expect(isProblem(put)).toBe(true)
    expect(put.body).toMatchObject({ dependency: 'storage' })
    expect(put.body.detail).toContain('full')
    expect(Number(put.headers.get('retry-after'))).toBeGreaterThan(0)

    expect(await counts()).toEqual(before)
    const status = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: p.key })
    expect(status.body).toMatchObject({ received_bytes: 0, state: 'pending' })

    // Room again: the same session takes the file and completes into one source.
    disk.room = Number.POSITIVE_INFINITY
    expect((await putBytes(t, session.upload_url, bytes)).status).toBe(200)
    const complete = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(complete.status).toBe(200)
    const after = await counts()
    expect(after.blobs).toBe(before.blobs + 1)
  })

  it('keeps exactly the parts stored before the disk filled, so the upload resumes from there', async () => {
    const p = await t.userWithKey()
    const session = (await createSession(t, p, bytes)).body
    const first = await putBytes(t, session.upload_url, bytes.subarray(0, 10_000), `bytes 0-9999/${n}`)
    expect(first.body.received_bytes).toBe(10_000)
    const entries = readdirSync(blobs, { recursive: true }).length
    disk.room = 15_000

    const second = await putBytes(t, session.upload_url, bytes.subarray(10_000), `bytes 10000-${n - 1}/${n}`)
    expect(second.status).toBe(503)
    const files = filesUnder(blobs).filter((f) => Bun.file(f).size === 10_000)
    expect(files).toHaveLength(1)
    expect(new Uint8Array(await Bun.file(files[0]).arrayBuffer())).toEqual(bytes.subarray(0, 10_000))
    expect(readdirSync(blobs, { recursive: true }).length).toBe(entries)
    const status = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: p.key })
    expect(status.body.received_bytes).toBe(10_000)

    disk.room = Number.POSITIVE_INFINITY
    const resumed = await putBytes(t, session.upload_url, bytes.subarray(10_000), `bytes 10000-${n - 1}/${n}`)
    expect(resumed.body).toMatchObject({ received_bytes: n, complete: true })
  })
})

function testAppGenetics() {
  return {
    maxUploadBytes: 5 * 2 ** 30,
    uploadTtlSeconds: 86400,
    maxOpenUploads: 5,
    maxOpenUploadBytes: 10 * 2 ** 30,
  }
}
