// Helpers for genetics tests: the upload flow over HTTP (session, bytes, completion) and waiting for
// the analysis job, against an in-process app.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestApp } from '../../support/app'

export const FIXTURES = join(import.meta.dir, '..', '..', 'fixtures', 'genetics-uploads')

/** A file of test/fixtures/genetics/<folder>/ (imputed, call-quality, bcf …) as bytes. */
export const geneticsFixture = (folder: string, name: string) =>
  new Uint8Array(readFileSync(join(FIXTURES, '..', 'genetics', folder, name)))
export const VCF_GZ = 'kidd.aisnp.1kg.train.vcf.gz'
export const CONSUMER = '23andme_v3_b36_chr19-MT_excerpt.txt'
export const CONSUMER_NO_AIMS = '23andme_2011_b36_first1000.txt'

/** Session caps far above what a test opens, for tests about something else. */
export const UNCAPPED_UPLOADS = { maxOpenUploads: 1000, maxOpenUploadBytes: 2 ** 50 }

export const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)))
export const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')

export interface Person {
  key: string
  userId: string
  organizationId: string
}

/** POST /genetics/uploads for these bytes; returns the response. */
export function createSession(
  t: TestApp,
  p: Person,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
  filename = 'genome.vcf.gz',
) {
  return t.call('POST', '/genetics/uploads', {
    token: p.key,
    body: {
      user_id: p.userId,
      organization_id: p.organizationId,
      filename,
      content_type: 'application/octet-stream',
      size_bytes: bytes.byteLength,
      sha256: sha256(bytes),
      ...extra,
    },
  })
}

/** The path and query of an upload_url, for app.handle. */
export const localPath = (uploadUrl: string) => {
  const url = new URL(uploadUrl)
  return url.pathname + url.search
}

export function putBytes(t: TestApp, uploadUrl: string, bytes: Uint8Array, contentRange?: string) {
  return t.call('PUT', localPath(uploadUrl), {
    rawBody: bytes,
    headers: {
      'content-type': 'application/octet-stream',
      ...(contentRange ? { 'content-range': contentRange } : {}),
    },
  })
}

/** Session, one PUT of the whole file, completion; returns the completed session. */
export async function uploadFile(
  t: TestApp,
  p: Person,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
  filename?: string,
) {
  const session = await createSession(t, p, bytes, extra, filename)
  if (session.status !== 201) throw new Error(`session answered ${session.status}: ${session.text}`)
  const put = await putBytes(t, session.body.upload_url, bytes)
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${put.text}`)
  const complete = await t.call('POST', `/genetics/uploads/${session.body.upload_id}/complete`, {
    token: p.key,
  })
  if (complete.status !== 200) throw new Error(`complete answered ${complete.status}: ${complete.text}`)
  return complete.body
}

const FINAL = new Set(['succeeded', 'failed', 'cancelled'])

/** Poll GET /genetics/jobs/{id} until the job reaches a final state (or the given one). */
export async function waitForJob(
  t: TestApp,
  p: Person,
  jobId: string,
  until?: (job: any) => boolean,
  limitMs = 30_000,
) {
  const deadline = Date.now() + limitMs
  for (;;) {
    const r = await t.call('GET', `/genetics/jobs/${jobId}`, { token: p.key })
    if (r.status !== 200) {
      const errors = t.log.lines.filter((l) => l.includes('"level":"error"')).slice(-3)
      throw new Error(`job read answered ${r.status}: ${r.text}\n${errors.join('\n')}`)
    }
    if (until ? until(r.body) : FINAL.has(r.body.state)) return r.body
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${r.body.state} (${r.body.stage})`)
    await Bun.sleep(25)
  }
}
