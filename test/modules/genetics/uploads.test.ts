// Upload sessions for large genetics files on the embedded defaults (local disk, in-process queue):
// a real VCF.GZ and a real consumer file go through session, PUT, completion and the analysis job, and
// come back as genetics sources with findings and ancestry. Resumable parts, limits and checks.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { isProblem, type TestApp, testApp } from '../../support/app'
import {
  CONSUMER,
  createSession,
  fixture,
  localPath,
  putBytes,
  sha256,
  UNCAPPED_UPLOADS,
  uploadFile,
  VCF_GZ,
  waitForJob,
} from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 200_000, uploadTtlSeconds: 3600 } })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

describe('genetics upload sessions', () => {
  it('turns an uploaded VCF.GZ into a genetics source with findings and ancestry', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const session = await createSession(t, p, bytes, { provider: '1000 Genomes' })
    expect(session.status).toBe(201)
    expect(session.body).toMatchObject({
      state: 'pending',
      size_bytes: bytes.byteLength,
      sha256: sha256(bytes),
      annotation_depth: 'compact',
      received_bytes: 0,
      storage: 'local',
      method: 'PUT',
      resumable: true,
      max_bytes: 200_000,
      job_id: null,
      source_id: null,
    })
    expect(session.body.upload_id).toMatch(/^upl_/)
    expect(session.body.upload_url).toStartWith(
      `${t.config.publicBaseUrl}/genetics/uploads/${session.body.upload_id}/content?token=`,
    )
    expect(new Date(session.body.expires_at).getTime()).toBe(t.clock.now().getTime() + 3600_000)

    const put = await putBytes(t, session.body.upload_url, bytes)
    expect(put.body).toEqual({
      upload_id: session.body.upload_id,
      received_bytes: bytes.byteLength,
      size_bytes: bytes.byteLength,
      complete: true,
    })
    const complete = await t.call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, {
      token: p.key,
    })
    expect(complete.status).toBe(200)
    expect(complete.body.state).toBe('completed')
    expect(complete.body.job_id).toMatch(/^job_/)

    const job = await waitForJob(t, p, complete.body.job_id)
    expect(job).toMatchObject({ state: 'succeeded', stage: 'done', attempts: 1, error: null })
    expect(job.progress).toMatchObject({ percent: 100, records: 55 })
    expect(job.source_id).toMatch(/^src_/)

    const sources = await t.call('GET', '/sources?modality=genetics', { token: p.key })
    expect(sources.body.data).toHaveLength(1)
    const source = sources.body.data[0]
    expect(source).toMatchObject({
      id: job.source_id,
      modality: 'genetics',
      format: 'vcf',
      provider: '1000 Genomes',
      filename: 'genome.vcf.gz',
      record_count: 55,
    })
    expect(source.details).toMatchObject({
      build: 'GRCh37',
      annotation_depth: 'compact',
      compression: 'bgzf',
      upload_id: session.body.upload_id,
      job_id: job.id,
      sha256: sha256(bytes),
      ancestry_available: true,
    })
    expect(source.details.record_counts.records).toBe(55)
    expect(
      (await t.call('GET', `/genetics/uploads/${session.body.upload_id}`, { token: p.key })).body.source_id,
    ).toBe(source.id)

    const findings = await t.call('GET', `/genetics/findings?source_id=${source.id}`, { token: p.key })
    expect(findings.status).toBe(200)
    expect(findings.body.data).toHaveLength(1)
    const finding = findings.body.data[0]
    expect(finding.source_id).toBe(source.id)
    expect(finding.genotype).toMatch(/^[ACGT]\/[ACGT]$/)
    expect(['het', 'hom_alt']).toContain(finding.zygosity)
    expect(finding.interpretation.length).toBeGreaterThan(10)
    expect(['strong', 'moderate', 'limited']).toContain(finding.evidence_level)
    expect(finding.citations.length).toBeGreaterThan(0)

    const ancestry = await t.call('POST', '/genetics/ancestry', {
      token: p.key,
      body: { source_id: source.id },
    })
    expect(ancestry.status).toBe(200)
    expect(ancestry.body).toMatchObject({
      source_id: source.id,
      user_id: p.userId,
      organization_id: p.organizationId,
    })
    expect(ancestry.body.result.build).toBe('GRCh37')
    expect(ancestry.body.result.coverage).toMatchObject({ panel_size: 169, found: 55 })
    const components = ancestry.body.result.admixture.components
    expect(components).toHaveLength(5)
    expect(components.reduce((sum: number, c: any) => sum + c.proportion, 0)).toBeCloseTo(1, 2)
    for (const c of components) expect(c.interval[0]).toBeLessThanOrEqual(c.proportion)
    expect(typeof ancestry.body.result.method).toBe('string')
  })

  it('turns an uploaded consumer genotype file into the same kind of source, with ancestry', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(CONSUMER)
    const done = await uploadFile(
      t,
      p,
      bytes,
      { provider: '23andMe', content_type: 'text/plain' },
      'genome.txt',
    )
    const job = await waitForJob(t, p, done.job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    expect(source).toMatchObject({
      modality: 'genetics',
      format: '23andme',
      provider: '23andMe',
      record_count: 1517,
    })
    expect(source.details.build).toBe('NCBI36')
    const ancestry = await t.call('POST', '/genetics/ancestry', {
      token: p.key,
      body: { source_id: source.id },
    })
    expect(ancestry.status).toBe(200)
    expect(ancestry.body.result.coverage.found).toBe(11)
    expect(ancestry.body.result.confidence).toBe('low')
  })

  it('accepts the file in parts with Content-Range, reports what arrived, and resumes', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const n = bytes.byteLength
    const session = (await createSession(t, p, bytes)).body
    const first = await putBytes(t, session.upload_url, bytes.subarray(0, 10_000), `bytes 0-9999/${n}`)
    expect(first.body).toMatchObject({ received_bytes: 10_000, complete: false })

    // A part that would leave a gap is refused with where to resume.
    const gap = await putBytes(
      t,
      session.upload_url,
      bytes.subarray(15_000, 16_000),
      `bytes 15000-15999/${n}`,
    )
    expect(gap.status).toBe(409)
    expect(gap.body.received_bytes).toBe(10_000)

    const status = await putBytes(t, session.upload_url, new Uint8Array(0), `bytes */${n}`)
    expect(status.body).toMatchObject({ received_bytes: 10_000, complete: false })
    expect(
      (await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: p.key })).body.received_bytes,
    ).toBe(10_000)

    // Completing early says how many bytes are missing.
    const early = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(early.status).toBe(422)
    expect(early.body.received_bytes).toBe(10_000)

    // Resending an overlapping part replaces from its start.
    const rest = await putBytes(t, session.upload_url, bytes.subarray(8_000), `bytes 8000-${n - 1}/${n}`)
    expect(rest.body).toMatchObject({ received_bytes: n, complete: true })
    const complete = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(complete.status).toBe(200)
    expect((await waitForJob(t, p, complete.body.job_id)).state).toBe('succeeded')
    // Completing again is harmless and names the same job.
    const again = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(again.body.job_id).toBe(complete.body.job_id)
    const late = await putBytes(t, session.upload_url, bytes)
    expect(late.status).toBe(409)
  })

  it('refuses a file over the size limit with 413, and bytes past the declared size with 413', async () => {
    const p = await t.userWithKey()
    const big = await t.call('POST', '/genetics/uploads', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        filename: 'wgs.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: 200_001,
      },
    })
    expect(big.status).toBe(413)
    expect(isProblem(big)).toBe(true)
    expect(big.body.max_bytes).toBe(200_000)

    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, p, bytes.subarray(0, 1000))).body
    const over = await putBytes(t, session.upload_url, bytes.subarray(0, 2000))
    expect(over.status).toBe(413)
    expect(over.body.received_bytes).toBeLessThanOrEqual(1000)
  })

  it('refuses completion when the checksum differs or the content is not a genetics file', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const wrong = (await createSession(t, p, bytes, { sha256: 'a'.repeat(64) })).body
    await putBytes(t, wrong.upload_url, bytes)
    const mismatch = await t.call('POST', `/genetics/uploads/${wrong.upload_id}/complete`, { token: p.key })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.computed_sha256).toBe(sha256(bytes))
    expect(mismatch.body.errors[0].path).toBe('/sha256')

    // Text that only the whole reader can tell is not genetics (a PDF is refused at its first part).
    const letter = new TextEncoder().encode('Dear patient,\nyour results are ready.\nthis is not a genome\n')
    const notGenetics = (await createSession(t, p, letter)).body
    expect((await putBytes(t, notGenetics.upload_url, letter)).status).toBe(200)
    const refused = await t.call('POST', `/genetics/uploads/${notGenetics.upload_id}/complete`, {
      token: p.key,
    })
    expect(refused.status).toBe(422)
    expect(refused.body.detail).toContain('not a genetics file')
    expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
  })

  it('validates the session body and the Content-Range header', async () => {
    const p = await t.userWithKey()
    const bad = await t.call('POST', '/genetics/uploads', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        filename: '',
        size_bytes: 0,
        sha256: 'xyz',
      },
    })
    expect(bad.status).toBe(422)
    const paths = bad.body.errors.map((e: any) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['/filename', '/size_bytes', '/sha256']))
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, p, bytes)).body
    const range = await putBytes(t, session.upload_url, bytes.subarray(0, 10), 'bytes=0-9')
    expect(range.status).toBe(422)
    expect(range.body.errors[0]).toMatchObject({ in: 'headers', path: '/content-range' })
    const total = await putBytes(t, session.upload_url, bytes.subarray(0, 10), 'bytes 0-9/10')
    expect(total.status).toBe(422)
  })

  it('answers 404 for a wrong upload token and 410 once the session has expired', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, p, bytes)).body
    const forged = localPath(session.upload_url).replace(/token=[^&]+/, 'token=ut_forgedforgedforged')
    const r = await t.call('PUT', forged, {
      rawBody: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(r.status).toBe(404)
    t.clock.advance(3601_000)
    try {
      const expired = await putBytes(t, session.upload_url, bytes)
      expect(expired.status).toBe(410)
      const read = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: p.key })
      expect(read.body.state).toBe('expired')
      expect(
        (await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })).status,
      ).toBe(410)
    } finally {
      t.clock.advance(-3601_000)
    }
  })

  it('cancels a local session: the partial file is deleted and the upload URL answers 410', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, p, bytes)).body
    expect(session).toMatchObject({ part_count: 1, multipart: null })
    await putBytes(t, session.upload_url, bytes.subarray(0, 1000), `bytes 0-999/${bytes.byteLength}`)
    const blob = `genetics/${p.organizationId}/${p.userId}/${session.upload_id}`
    expect(await t.context.storage.size(blob)).toBe(1000)
    const cancelled = await t.call('POST', `/genetics/uploads/${session.upload_id}/cancel`, { token: p.key })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ state: 'cancelled', received_bytes: 1000 })
    expect(await t.context.storage.size(blob)).toBeNull()
    const late = await putBytes(t, session.upload_url, bytes)
    expect(late.status).toBe(410)
    expect(late.body.detail).toBe('This upload session was cancelled; create a new one.')
    expect(
      (await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })).status,
    ).toBe(410)
    // A completed session has become a job: cancelling it is a conflict that names the job.
    const done = await uploadFile(t, p, bytes)
    const conflict = await t.call('POST', `/genetics/uploads/${done.upload_id}/cancel`, { token: p.key })
    expect(conflict.status).toBe(409)
    expect(conflict.body.detail).toContain(`cancel job ${done.job_id} instead`)
  })

  it('answers 409 on the S3 part routes and 422 for a parts list at completion of a local session', async () => {
    const p = await t.userWithKey()
    const bytes = fixture(VCF_GZ)
    const session = (await createSession(t, p, bytes)).body
    const list = await t.call('GET', `/genetics/uploads/${session.upload_id}/parts`, { token: p.key })
    expect(list.status).toBe(409)
    expect(list.body.detail).toContain('PUT them to upload_url')
    const urls = await t.call('POST', `/genetics/uploads/${session.upload_id}/parts`, {
      token: p.key,
      body: { part_numbers: [1] },
    })
    expect(urls.status).toBe(409)
    await putBytes(t, session.upload_url, bytes)
    const withParts = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, {
      token: p.key,
      body: { parts: [{ part_number: 1, etag: 'abc' }] },
    })
    expect(withParts.status).toBe(422)
    expect(withParts.body.errors[0].path).toBe('/parts')
  })

  it('takes upload sessions from API keys only', async () => {
    const person = await t.signIn()
    const bytes = fixture(VCF_GZ)
    const r = await t.call('POST', '/genetics/uploads', {
      token: person.session,
      body: {
        user_id: person.userId,
        organization_id: person.organizationId,
        filename: 'g.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: bytes.byteLength,
      },
    })
    expect(r.status).toBe(403)
    expect(r.body.detail).toContain('an API key')
    const anonymous = await t.call('POST', '/genetics/uploads', { body: {} })
    expect(anonymous.status).toBe(401)
  })
})
