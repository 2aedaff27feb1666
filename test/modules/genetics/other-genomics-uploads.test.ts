// A BAM or an index sent instead of the VCF, over HTTP: the upload's completion and the import answer
// with a 422 problem that names what arrived and what to send instead, and nothing is stored. (The reader's side of the same files: test/genetics-core/other-genomics-files.test.ts.)

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { createSession, putBytes } from './helpers'

const OTHER = join(import.meta.dir, '..', '..', 'fixtures', 'genetics', 'other-genomics')
const bytesOf = (name: string) => new Uint8Array(readFileSync(join(OTHER, name)))

let t: TestApp
beforeAll(async () => {
  t = await testApp()
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

describe('files of a sequencing delivery that are not genotype calls', () => {
  it('an uploaded BAM is refused at completion with a 422 naming it, and stores no source', async () => {
    const p = await t.userWithKey()
    const bam = bytesOf('reads.bam')
    const session = await createSession(t, p, bam, {}, 'NG1234.bam')
    expect(session.status).toBe(201)
    expect((await putBytes(t, session.body.upload_url, bam)).status).toBe(200)
    const r = await t.call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, { token: p.key })
    expect(r.status).toBe(422)
    expect(isProblem(r)).toBe(true)
    expect(r.body.code).toBe('UNRECOGNISED_FORMAT')
    expect(r.body.detail).toContain('a BAM file: aligned sequencing reads, not genotype calls')
    expect(r.body.detail).toContain('upload the VCF (.vcf.gz) delivered with it')
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })

  it('a tabix index sent to POST /imports/file is a 422 problem naming it', async () => {
    const p = await t.userWithKey()
    const r = await t.call('POST', '/imports/file', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        filename: 'NG1234.vcf.gz.tbi',
        data_base64: Buffer.from(bytesOf('calls.vcf.gz.tbi')).toString('base64'),
      },
    })
    expect(r.status).toBe(422)
    expect(isProblem(r)).toBe(true)
    expect(r.body.detail).toContain('a tabix index (.tbi)')
    expect(r.body.detail).toContain('upload the .vcf.gz it belongs to')
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })
})
