// A BAM, a FASTQ or an index sent instead of the VCF, over HTTP: the upload's first part and the import
// answer with a 422 problem that names what arrived and what to send instead, and nothing is stored. (The reader's side of the same files: test/genetics-core/other-genomics-files.test.ts.)

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { tarOf } from '../../support/tar-archive'
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
  it('a BAM is refused at its first part with a 422 naming it, and its bytes are dropped', async () => {
    const p = await t.userWithKey()
    const bam = bytesOf('reads.bam')
    const session = await createSession(t, p, bam, {}, 'NG1234.bam')
    expect(session.status).toBe(201)
    const put = await putBytes(t, session.body.upload_url, bam)
    expect(put.status).toBe(422)
    expect(isProblem(put)).toBe(true)
    expect(put.body.code).toBe('UNRECOGNISED_FORMAT')
    expect(put.body.detail).toContain('a BAM file: aligned sequencing reads, not genotype calls')
    expect(put.body.detail).toContain('upload the VCF (.vcf.gz) delivered with it')
    const progress = await putBytes(t, session.body.upload_url, new Uint8Array(0), `bytes */${bam.length}`)
    expect(progress.body.received_bytes).toBe(0)
    const completed = await t.call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, {
      token: p.key,
    })
    expect(completed.status).toBeGreaterThanOrEqual(400)
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })

  it('the first part of a large FASTQ.gz is enough: the rest is never asked for', async () => {
    const p = await t.userWithKey()
    // A sequencer's FASTQ.gz, declared at 40 MB; only its first MB is sent.
    const reads = Array.from(
      { length: 20_000 },
      (_, i) =>
        `@A00123:8:H5TJ:1:1101:${1000 + i}:1000 1:N:0:ACGT\n${'ACGT'.repeat(25)}\n+\n${'F'.repeat(100)}\n`,
    ).join('')
    const gz = Bun.gzipSync(new TextEncoder().encode(reads))
    const declared = new Uint8Array(40_000_000)
    declared.set(gz)
    const session = await createSession(t, p, declared, {}, 'NG1234_R1.fastq.gz')
    expect(session.status).toBe(201)
    const first = declared.subarray(0, 1 << 20)
    const put = await putBytes(
      t,
      session.body.upload_url,
      first,
      `bytes 0-${first.length - 1}/${declared.length}`,
    )
    expect(put.status).toBe(422)
    expect(put.body.detail).toContain('the file is FASTQ: raw sequencing reads')
  })

  it('a WGS delivery bundled as .tar.gz is refused at its first part, saying how to unpack it', async () => {
    const p = await t.userWithKey()
    const calls = new Uint8Array(Bun.gunzipSync(bytesOf('calls.vcf.gz')))
    const bundle = Bun.gzipSync(tarOf('NG1234/NG1234.vcf', calls))
    const session = await createSession(t, p, bundle, {}, 'NG1234.tar.gz')
    expect(session.status).toBe(201)
    const put = await putBytes(t, session.body.upload_url, bundle)
    expect(put.status).toBe(422)
    expect(put.body.code).toBe('UNRECOGNISED_FORMAT')
    expect(put.body.detail).toContain('the file is a tar archive; unpack it (`tar -xf FILE`')
  })

  it('a PDF report sent instead of the raw data is refused at its first part, naming where the raw data comes from', async () => {
    const p = await t.userWithKey()
    const pdf = new Uint8Array(3_000_000)
    pdf.set(
      new TextEncoder().encode(
        '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
      ),
    )
    const session = await createSession(t, p, pdf, {}, 'genetic-health-report.pdf')
    expect(session.status).toBe(201)
    const first = pdf.subarray(0, 1 << 20)
    const put = await putBytes(t, session.body.upload_url, first, `bytes 0-${first.length - 1}/${pdf.length}`)
    expect(put.status).toBe(422)
    expect(put.body.code).toBe('UNRECOGNISED_FORMAT')
    expect(put.body.detail).toContain('the file is a PDF document, and a report lists findings')
    expect(put.body.detail).toContain('download the raw genotype data from the testing company')
  })

  it('a genuine VCF.GZ still goes up as before', async () => {
    const p = await t.userWithKey()
    const vcf = bytesOf('calls.vcf.gz')
    const session = await createSession(t, p, vcf, {}, 'NG1234.vcf.gz')
    const put = await putBytes(t, session.body.upload_url, vcf)
    expect(put.status).toBe(200)
    expect(put.body.received_bytes).toBe(vcf.length)
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
