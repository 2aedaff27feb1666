// The README's S3 multipart walk-through, run as written (only the port changed) against the real
// service started with S3_BUCKET pointing at the local S3 server of s3-server.ts. The README blocks run
// with spawnSync, which blocks this process, so the S3 server runs in a process of its own.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { S3MultipartClient } from '../../../modules/shared/storage'
import { runReadmeBlocks } from '../../support/readme'
import { repoRoot, startServer } from '../../support/server'
import { FIXTURES, VCF_GZ } from './helpers'

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
let s3: { endpoint: string; bucket: string; process: ReturnType<typeof Bun.spawn> }
let server: Awaited<ReturnType<typeof startServer>>

async function startS3Process() {
  const child = Bun.spawn(['bun', 'run', join(import.meta.dir, 's3-server-process.ts')], {
    cwd: repoRoot,
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const reader = child.stdout.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { done, value } = await reader.read()
    if (done) throw new Error('the local S3 server process ended before it started')
    text += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return { ...(JSON.parse(text.split('\n')[0]) as { endpoint: string; bucket: string }), process: child }
}

beforeAll(async () => {
  s3 = await startS3Process()
  server = await startServer(['bun', 'run', 'modules/server.ts'], {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  })
})
afterAll(async () => {
  await server?.stop()
  s3?.process.kill('SIGTERM')
  await s3?.process.exited
})

describe('README S3 walk-through', () => {
  it('uploads the VCF.GZ in presigned parts straight to the bucket and follows its job to a source', async () => {
    const run = runReadmeBlocks(['walkthrough', 'genetics-s3-walkthrough'], server.base)
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const docs = run.stdout
      .replace(/\}\s*\{/g, '}\n{')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
    const bytes = readFileSync(join(FIXTURES, VCF_GZ))
    const parts = docs.find((d) => Array.isArray(d.missing_part_numbers))
    expect(parts).toMatchObject({
      state: 'pending',
      part_count: 1,
      missing_part_numbers: [],
      received_bytes: bytes.byteLength,
    })
    const job = docs.at(-1)
    expect(job).toMatchObject({ state: 'succeeded', stage: 'done' })
    expect(job.source_id).toMatch(/^src_/)
    // The file is in the bucket, assembled from its parts, and no multipart upload is left open.
    const key = `genetics/${job.organization_id}/${job.user_id}/${job.upload_id}`
    const bucket = new Bun.S3Client({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      ...credentials,
    })
    expect(Buffer.from(await bucket.file(key).bytes())).toEqual(bytes)
    const multipart = new S3MultipartClient({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      signing: { region: 'us-east-1', credentials },
    })
    expect(await multipart.listUploads('genetics/')).toEqual([])
  })
})
