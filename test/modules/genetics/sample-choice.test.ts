// Which person of a multi-sample VCF an upload analyses. A trio file (test/fixtures/SOURCES.md:
// synthetic_trio_grch37.vcf) whose three people differ at four catalog sites proves from the findings
// which column was read: `sample` picks one, a name the file does not hold (or any name for a 23andMe
// file) fails the job with UNKNOWN_SAMPLE, and without `sample` the first person is read and every answer
// a caller reads (job, source, findings) says so. The field reaches OpenAPI and the MCP tool from the
// one operation declaration, and no sample name reaches the logs.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { isProblem } from '../../support/app'
import { type McpHarness, mcpHarness } from '../mcp/harness'
import {
  CONSUMER,
  createSession,
  FIXTURES,
  fixture,
  type Person,
  putBytes,
  sha256,
  uploadFile,
  VCF_GZ,
  waitForJob,
} from './helpers'

const TRIO = 'synthetic_trio_grch37.vcf'
const SAMPLES = ['SYNTH_CHILD', 'SYNTH_MOTHER', 'SYNTH_FATHER']

/** The catalog findings each person of the trio must get (rsid → zygosity), from the fixture's rows. */
const SHARED = { rs1050828: 'hom_alt', rs12913832: 'het' }
const EXPECTED: Record<string, Record<string, string>> = {
  SYNTH_CHILD: { ...SHARED, rs1801133: 'het', rs4988235: 'hom_alt' },
  SYNTH_MOTHER: { ...SHARED, rs4244285: 'het', rs429358: 'het', rs4988235: 'het' },
  SYNTH_FATHER: { ...SHARED, rs1801133: 'het', rs4244285: 'het', rs4988235: 'hom_alt' },
}

let h: McpHarness
beforeAll(async () => {
  h = await mcpHarness()
  await h.t.context.queue.start()
})
afterAll(() => h.stop())

const t = () => h.t

async function analyse(p: Person, bytes: Uint8Array, extra: Record<string, unknown>, filename: string) {
  const done = await uploadFile(t(), p, bytes, extra, filename)
  return waitForJob(t(), p, done.job_id)
}

async function findingsOf(p: Person, sourceId: string) {
  const r = await t().call('GET', `/genetics/findings?source_id=${sourceId}&limit=100`, { token: p.key })
  expect(r.status).toBe(200)
  return r.body.data as { rsid: string; zygosity: string; sample: string | null }[]
}

const zygosities = (findings: { rsid: string; zygosity: string }[]) =>
  Object.fromEntries(findings.map((f) => [f.rsid, f.zygosity]))

describe('choosing the sample of a multi-sample VCF', () => {
  for (const sample of ['SYNTH_MOTHER', 'SYNTH_FATHER']) {
    it(`analyses ${sample} when asked, and every answer names that sample`, async () => {
      const p = await t().userWithKey()
      const bytes = fixture(TRIO)
      const session = await createSession(t(), p, bytes, { sample }, 'trio.vcf')
      expect(session.status).toBe(201)
      expect(session.body.sample).toBe(sample)
      expect(
        (await t().call('GET', `/genetics/uploads/${session.body.upload_id}`, { token: p.key })).body.sample,
      ).toBe(sample)
      expect((await putBytes(t(), session.body.upload_url, bytes)).status).toBe(200)
      const completed = await t().call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, {
        token: p.key,
      })
      expect(completed.body.sample).toBe(sample)
      const job = await waitForJob(t(), p, completed.body.job_id)
      expect(job).toMatchObject({ state: 'succeeded', error: null, sample, samples_in_file: 3 })
      // Chosen on purpose: no "the first of several" warning.
      expect(job.warnings.map((w: { code: string }) => w.code)).not.toContain('MULTIPLE_SAMPLES')

      const source = (await t().call('GET', `/sources/${job.source_id}`, { token: p.key })).body
      expect(source.details).toMatchObject({ sample, samples_in_file: 3, sample_requested: sample })
      expect(source.warnings).toEqual(job.warnings)

      const findings = await findingsOf(p, job.source_id)
      expect(zygosities(findings)).toEqual(EXPECTED[sample])
      for (const f of findings) expect(f.sample).toBe(sample)
    })
  }

  it('reads the first sample without `sample`, and the job, source and findings say whose they are', async () => {
    const p = await t().userWithKey()
    const job = await analyse(p, fixture(TRIO), {}, 'trio.vcf')
    expect(job).toMatchObject({ state: 'succeeded', sample: 'SYNTH_CHILD', samples_in_file: 3 })
    const warning = job.warnings.find((w: { code: string }) => w.code === 'MULTIPLE_SAMPLES')
    expect(warning.message).toBe(
      'the file holds 3 samples; findings are for "SYNTH_CHILD" (the first); upload it again with `sample` to choose another',
    )

    const source = (await t().call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    expect(source.details).toMatchObject({
      sample: 'SYNTH_CHILD',
      samples_in_file: 3,
      sample_requested: null,
    })
    // First, so the 50-warning cut can never drop it.
    expect(source.warnings[0]).toEqual(warning)

    const findings = await findingsOf(p, job.source_id)
    expect(zygosities(findings)).toEqual(EXPECTED.SYNTH_CHILD)
    for (const f of findings) expect(f.sample).toBe('SYNTH_CHILD')
  })

  it('says nothing about other samples for a one-sample VCF, and takes its one name', async () => {
    const p = await t().userWithKey()
    const bytes = fixture('synthetic_variants_grch37.vcf.gz')
    const plain = await analyse(p, bytes, {}, 'one.vcf.gz')
    expect(plain).toMatchObject({ state: 'succeeded', sample: 'SYNTH01', samples_in_file: 1 })
    expect(plain.warnings.map((w: { code: string }) => w.code)).not.toContain('MULTIPLE_SAMPLES')
    const named = await analyse(p, bytes, { sample: 'SYNTH01' }, 'one.vcf.gz')
    expect(named).toMatchObject({ state: 'succeeded', sample: 'SYNTH01', samples_in_file: 1 })
  })
})

describe('a sample the file does not hold', () => {
  it('fails the job with UNKNOWN_SAMPLE listing the names the file holds, and leaves no source', async () => {
    const p = await t().userWithKey()
    const job = await analyse(p, fixture(TRIO), { sample: 'synth_mother' }, 'trio.vcf')
    expect(job).toMatchObject({ state: 'failed', stage: 'failed', source_id: null })
    expect(job.error).toMatchObject({
      status: 422,
      code: 'UNKNOWN_SAMPLE',
      samples_in_file: 3,
      samples: SAMPLES,
    })
    expect(job.error.detail).toBe(
      'The file could not be analysed: sample "synth_mother" is not in the file; its 3 samples are ' +
        '"SYNTH_CHILD", "SYNTH_MOTHER" and "SYNTH_FATHER". Sample names are matched exactly (case and spaces count)',
    )
    const sources = await t().call('GET', '/sources?modality=genetics', { token: p.key })
    expect(sources.body.data).toEqual([])
  })

  it('reads a BCF the same way: the chosen person, or UNKNOWN_SAMPLE listing the names', async () => {
    const bcf = readFileSync(join(FIXTURES, '..', 'genetics', 'bcf', 'synthetic_trio_grch37.bcf'))
    const p = await t().userWithKey()
    const chosen = await analyse(p, bcf, { sample: 'SYNTH_MOTHER' }, 'trio.bcf')
    expect(chosen).toMatchObject({ state: 'succeeded', sample: 'SYNTH_MOTHER' })
    expect(zygosities(await findingsOf(p, chosen.source_id))).toEqual(EXPECTED.SYNTH_MOTHER)
    const unknown = await analyse(p, bcf, { sample: 'synth_mother' }, 'trio.bcf')
    expect(unknown.error).toMatchObject({ code: 'UNKNOWN_SAMPLE', samples_in_file: 3, samples: SAMPLES })
  })

  it('lists the first 20 names of a cohort and how many more there are', async () => {
    const p = await t().userWithKey()
    const job = await analyse(p, fixture(VCF_GZ), { sample: 'NOBODY_HERE' }, 'cohort.vcf.gz')
    expect(job.state).toBe('failed')
    expect(job.error.code).toBe('UNKNOWN_SAMPLE')
    expect(job.error.samples_in_file).toBe(1252)
    expect(job.error.samples).toHaveLength(20)
    expect(job.error.samples[0]).toBe('HG00096')
    expect(job.error.detail).toContain('its 1252 samples are "HG00096", "HG00099"')
    expect(job.error.detail).toContain(' and 1232 more.')
  })

  it('refuses a sample for a 23andMe file, which holds one person and names none', async () => {
    const p = await t().userWithKey()
    const job = await analyse(p, fixture(CONSUMER), { sample: 'SYNTH_CHILD' }, 'genome.txt')
    expect(job).toMatchObject({ state: 'failed', source_id: null })
    expect(job.error).toMatchObject({ status: 422, code: 'UNKNOWN_SAMPLE', samples_in_file: 0, samples: [] })
    expect(job.error.detail).toContain(
      "a 23andme file holds one person's calls and names no samples; upload it again without `sample`",
    )
  })

  it('reads a 23andMe file as before when no sample is named (one person, no warning)', async () => {
    const p = await t().userWithKey()
    const job = await analyse(p, fixture(CONSUMER), {}, 'genome.txt')
    expect(job).toMatchObject({ state: 'succeeded', sample: null, samples_in_file: 0 })
    expect(job.warnings.map((w: { code: string }) => w.code)).not.toContain('MULTIPLE_SAMPLES')
    for (const f of await findingsOf(p, job.source_id)) expect(f.sample).toBeNull()
  })
})

describe('an invalid `sample`', () => {
  const cases: [string, unknown][] = [
    ['empty', ''],
    ['longer than 255 characters', 'S'.repeat(256)],
    ['a number', 7],
    ['null', null],
    ['a list', ['SYNTH_CHILD']],
    ['holding a tab (a VCF header cannot)', 'SYNTH\tCHILD'],
  ]
  for (const [what, sample] of cases) {
    it(`is refused with a validation problem when ${what}`, async () => {
      const p = await t().userWithKey()
      const r = await createSession(t(), p, fixture(TRIO), { sample }, 'trio.vcf')
      expect(r.status).toBe(422)
      expect(isProblem(r)).toBe(true)
      expect(r.body.errors.map((e: { path: string }) => e.path)).toContain('/sample')
    })
  }

  it('takes a name of exactly 255 characters', async () => {
    const p = await t().userWithKey()
    const r = await createSession(t(), p, fixture(TRIO), { sample: 'S'.repeat(255) }, 'trio.vcf')
    expect(r.status).toBe(201)
    expect(r.body.sample).toBe('S'.repeat(255))
  })
})

describe('one declaration, every surface', () => {
  it('documents `sample` in the OpenAPI document, in the request and in the answers', async () => {
    const doc = (await t().call('GET', '/openapi.json')).body
    const resolve = (s: any) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s)
    const body = resolve(doc.paths['/genetics/uploads'].post.requestBody.content['application/json'].schema)
    expect(body.properties.sample).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 })
    expect(body.properties.sample.description).toContain('UNKNOWN_SAMPLE')
    expect(body.required).not.toContain('sample')
    for (const name of ['GeneticsUpload', 'GeneticsJob', 'GeneticFinding'])
      expect(JSON.stringify(doc.components.schemas[name].properties.sample)).toContain('description')
    expect(doc.components.schemas.GeneticsJob.properties.warnings.description).toContain('MULTIPLE_SAMPLES')
  })

  it('takes `sample` through the create_genetics_upload MCP tool, as over HTTP', async () => {
    const p = await t().userWithKey()
    const client: Client = await h.connect(p.key)
    const tools = await client.listTools()
    const create = tools.tools.find((tool) => tool.name === 'create_genetics_upload')!
    // tools/list carries the description (limits are checked on the call, as over HTTP).
    expect((create.inputSchema.properties as any).sample.description).toContain('UNKNOWN_SAMPLE')

    const bytes = fixture(TRIO)
    const created = await client.callTool({
      name: 'create_genetics_upload',
      arguments: {
        filename: 'trio.vcf',
        content_type: 'text/plain',
        size_bytes: bytes.byteLength,
        sha256: sha256(bytes),
        sample: 'SYNTH_FATHER',
      },
    })
    expect(created.isError).toBeUndefined()
    const session = created.structuredContent as any
    expect(session.sample).toBe('SYNTH_FATHER')
    expect((await putBytes(t(), session.upload_url, bytes)).status).toBe(200)
    const completed = await client.callTool({
      name: 'complete_genetics_upload',
      arguments: { id: session.upload_id },
    })
    const job = await waitForJob(t(), p, (completed.structuredContent as any).job_id)
    expect(job).toMatchObject({ state: 'succeeded', sample: 'SYNTH_FATHER' })
    expect(zygosities(await findingsOf(p, job.source_id))).toEqual(EXPECTED.SYNTH_FATHER)

    const bad = await client.callTool({
      name: 'create_genetics_upload',
      arguments: { filename: 'trio.vcf', content_type: 'text/plain', size_bytes: 10, sample: '' },
    })
    expect(bad.isError).toBe(true)
  })

  it('never writes a sample name to the logs', () => {
    const logged = t().log.lines.join('\n')
    for (const name of [...SAMPLES, 'synth_mother', 'HG00096', 'NOBODY_HERE'])
      expect(logged).not.toContain(name)
  })
})
