// Progress for long work over MCP: an agent starts a genetics analysis (the upload's completion queues
// a job) and follows the job with get_genetics_job and a progressToken. The answer is then an event
// stream: notifications/progress with that token, their progress growing, the last at 100 naming the
// final state, and then the job as it ended. Without a progressToken the same tool answers at once with
// JSON, as before. The job's first read waits 1.5 s (WDS_TEST_JOB_PAUSE), so the call starts while the
// job is still queued or running.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Progress } from '@modelcontextprotocol/sdk/types.js'
import { fixture, type Person, putBytes, sha256, uploadFile, VCF_GZ } from '../genetics/helpers'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let alice: Person

beforeAll(async () => {
  process.env.WDS_TEST_JOB_PAUSE = 'before_read:1500'
  h = await mcpHarness()
  await h.t.context.queue.start()
  alice = await h.t.userWithKey()
})
afterAll(async () => {
  delete process.env.WDS_TEST_JOB_PAUSE
  await h.stop()
})

describe('MCP progress for a genetics job', () => {
  it('sends notifications/progress with the caller’s token until the job ends, then the final job', async () => {
    const upload = await uploadFile(h.t, alice, fixture(VCF_GZ), { provider: '1000 Genomes' })
    const client = await h.connect(alice.key)
    const updates: Progress[] = []
    const result = await client.callTool(
      { name: 'get_genetics_job', arguments: { id: upload.job_id } },
      undefined,
      { onprogress: (progress) => updates.push(progress), timeout: 120_000 },
    )
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ id: upload.job_id, state: 'succeeded' })
    expect(updates.length).toBeGreaterThanOrEqual(2)
    // Progress only grows, and the last notification is the end of the job.
    for (let i = 1; i < updates.length; i++)
      expect(updates[i].progress).toBeGreaterThan(updates[i - 1].progress)
    expect(updates.at(-1)).toEqual({ progress: 100, total: 100, message: 'Job succeeded.' })
    expect(updates[0].message).toMatch(/^Job (queued|running): /)
  }, 120_000)

  it('starts an analysis of an uploaded file and follows it to the end: complete_genetics_upload with progress', async () => {
    const bytes = fixture(VCF_GZ)
    const client = await h.connect(alice.key)
    const created = await client.callTool({
      name: 'create_genetics_upload',
      arguments: {
        filename: 'agent.vcf.gz',
        content_type: 'application/octet-stream',
        size_bytes: bytes.byteLength,
        sha256: sha256(bytes),
      },
    })
    const session = created.structuredContent as { upload_id: string; upload_url: string }
    expect((await putBytes(h.t, session.upload_url, bytes)).status).toBe(200)
    const updates: Progress[] = []
    const completed = await client.callTool(
      { name: 'complete_genetics_upload', arguments: { id: session.upload_id } },
      undefined,
      { onprogress: (progress) => updates.push(progress), timeout: 120_000 },
    )
    expect(completed.isError).toBeFalsy()
    const done = completed.structuredContent as { job_id: string; source_id: string | null }
    expect(done.job_id).toStartWith('job_')
    // Answered after the job ended: the session names the source the analysis produced.
    expect(done.source_id).toStartWith('src_')
    expect(updates.at(-1)).toEqual({ progress: 100, total: 100, message: 'Job succeeded.' })
  }, 120_000)

  it('answers at once with JSON when the call carries no progressToken', async () => {
    const upload = await uploadFile(h.t, alice, fixture(VCF_GZ), { provider: '1000 Genomes' })
    const r = await fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'get_genetics_job', arguments: { id: upload.job_id } },
      }),
    })
    expect(r.headers.get('content-type')).toStartWith('application/json')
    const body = (await r.json()) as any
    // Answered before the job's paused first read ended: still on its way.
    expect(['queued', 'running']).toContain(body.result.structuredContent.state)
  })

  it('streams the progress as SSE events on the wire, each naming the progressToken', async () => {
    const upload = await uploadFile(h.t, alice, fixture(VCF_GZ), { provider: '1000 Genomes' })
    const r = await fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: {
          name: 'get_genetics_job',
          arguments: { id: upload.job_id },
          _meta: { progressToken: 'tok-1' },
        },
      }),
    })
    expect(r.headers.get('content-type')).toStartWith('text/event-stream')
    const messages = (await r.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)))
    const notes = messages.filter((m) => m.method === 'notifications/progress')
    expect(notes.length).toBeGreaterThanOrEqual(2)
    for (const note of notes) expect(note.params.progressToken).toBe('tok-1')
    expect(messages.at(-1)).toMatchObject({ id: 8, result: { structuredContent: { state: 'succeeded' } } })
  }, 120_000)
})
