// Genetics jobs in the single binary: the compiled service (run from an empty directory) takes an upload
// of a BGZF VCF large enough for genetics-core to inflate it on worker threads, and the job succeeds.
// The VCF is made here and compressed with bgzip (htslib), so the test needs no shared data.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot, startServer } from '../../support/server'
import { sha256 } from './helpers'

const work = mkdtempSync(join(tmpdir(), 'wds-bin-genetics-'))
const hasBgzip = Bun.which('bgzip') !== null
let server: Awaited<ReturnType<typeof startServer>> | undefined

/** A single-sample GRCh37 VCF of `records` SNVs, bgzipped; over 8 MiB for 500,000 records. */
async function bigVcfGz(records: number): Promise<Uint8Array> {
  const lines = [
    '##fileformat=VCFv4.2',
    '##reference=GRCh37',
    '##contig=<ID=1,length=249250621>',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
  ]
  let seed = 7
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const bases = 'ACGT'
  for (let i = 0; i < records; i++) {
    const ref = bases[Math.floor(random() * 4)]
    const alt = bases[(bases.indexOf(ref) + 1 + Math.floor(random() * 3)) % 4]
    const gt = random() < 0.5 ? '0/1' : '1/1'
    lines.push(
      `1\t${10000 + i * 400}\trs${Math.floor(random() * 1e9)}\t${ref}\t${alt}\t${(random() * 1000).toFixed(2)}\tPASS\tDP=${Math.floor(random() * 100)};AF=${random().toFixed(4)}\tGT:GQ\t${gt}:${Math.floor(random() * 99)}`,
    )
  }
  const path = join(work, 'big.vcf')
  await Bun.write(path, `${lines.join('\n')}\n`)
  const zip = Bun.spawnSync(['bgzip', '-f', path])
  if (zip.exitCode !== 0) throw new Error(`bgzip failed: ${zip.stderr.toString()}`)
  return new Uint8Array(readFileSync(`${path}.gz`))
}

beforeAll(async () => {
  if (!hasBgzip) return
  const build = Bun.spawnSync(['bun', 'run', 'build'], { cwd: repoRoot, stdout: 'pipe', stderr: 'pipe' })
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`)
  server = await startServer(
    [join(repoRoot, 'dist', 'wellness-data-service')],
    {},
    mkdtempSync(join(work, 'cwd-')),
  )
}, 120_000)
afterAll(async () => {
  await server?.stop()
  rmSync(work, { recursive: true, force: true })
})

describe('genetics in the compiled binary', () => {
  it.skipIf(!hasBgzip)(
    'runs an upload job that inflates BGZF on worker threads',
    async () => {
      const base = server!.base
      const json = async (method: string, path: string, token?: string, body?: unknown) => {
        const r = await fetch(`${base}${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        })
        return (await r.json()) as any
      }
      const email = 'bin-genetics@example.com'
      await json('POST', '/auth/otp/start', undefined, { email, should_create_user: true })
      const code = (await json('GET', `/dev/outbox?email=${email}`)).messages[0].code
      const person = await json('POST', '/auth/otp/verify', undefined, { email, token: code })
      const key = (await json('POST', '/api-keys', person.access_token, {})).api_key
      const bytes = await bigVcfGz(500_000)
      expect(bytes.byteLength).toBeGreaterThan(8 * 1024 * 1024)
      const session = await json('POST', '/genetics/uploads', key, {
        user_id: person.user.id,
        organization_id: person.organization_id,
        filename: 'big.vcf.gz',
        content_type: 'application/gzip',
        size_bytes: bytes.byteLength,
        sha256: sha256(bytes),
      })
      const put = await fetch(session.upload_url, { method: 'PUT', body: bytes })
      expect(put.status).toBe(200)
      const complete = await json('POST', `/genetics/uploads/${session.upload_id}/complete`, key)
      let job: any
      const deadline = Date.now() + 60_000
      do {
        await Bun.sleep(100)
        job = await json('GET', `/genetics/jobs/${complete.job_id}`, key)
      } while (!['succeeded', 'failed', 'cancelled'].includes(job.state) && Date.now() < deadline)
      expect(job.error).toBeNull()
      expect(job).toMatchObject({ state: 'succeeded', progress: { records: 500_000, percent: 100 } })
      const source = await json('GET', `/sources/${job.source_id}`, key)
      expect(source).toMatchObject({ format: 'vcf', record_count: 500_000 })
      expect(source.details.compression).toBe('bgzf')
    },
    120_000,
  )
})
