// The genetics tools over the socket, on a real VCF.GZ (the genetics tests' 1000 Genomes fixture) taken
// through the upload flow: the upload, its job, the findings and the ancestry estimate read through MCP
// equal what the HTTP routes answer, and another user's ids give 404 with no data. An agent can start
// an analysis itself: open an upload session, and after the bytes are PUT, complete it to get a job.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { estimateTokens, RESULT_TOKEN_CAP } from '../../../modules/mcp/tool-result'
import { fixture, type Person, putBytes, sha256, uploadFile, VCF_GZ, waitForJob } from '../genetics/helpers'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let alice: Person
let aliceClient: Client
let bobClient: Client
let upload: { upload_id: string; job_id: string }
let sourceId: string

const textOf = (result: any): string => result.content[0].text

beforeAll(async () => {
  h = await mcpHarness()
  await h.t.context.queue.start()
  alice = await h.t.userWithKey()
  const bob = await h.t.userWithKey()
  upload = await uploadFile(h.t, alice, fixture(VCF_GZ), { provider: '1000 Genomes' })
  sourceId = (await waitForJob(h.t, alice, upload.job_id)).source_id
  aliceClient = await h.connect(alice.key)
  bobClient = await h.connect(bob.key)
})
afterAll(() => h.stop())

describe('genetics tools', () => {
  it('reads the upload session and its job as GET /genetics/uploads/{id} and /genetics/jobs/{id} do', async () => {
    const got = await aliceClient.callTool({
      name: 'get_genetics_upload',
      arguments: { id: upload.upload_id },
    })
    const http = await h.t.call('GET', `/genetics/uploads/${upload.upload_id}`, { token: alice.key })
    expect(got.structuredContent).toEqual(http.body)
    expect((got.structuredContent as any).source_id).toBe(sourceId)

    const job = await aliceClient.callTool({ name: 'get_genetics_job', arguments: { id: upload.job_id } })
    expect(job.structuredContent).toMatchObject({
      id: upload.job_id,
      state: 'succeeded',
      source_id: sourceId,
    })

    const jobs = await aliceClient.callTool({ name: 'list_genetics_jobs', arguments: { state: 'succeeded' } })
    expect((jobs.structuredContent as any).data.map((j: any) => j.id)).toEqual([upload.job_id])
  })

  it('lists the findings of the source with their citations', async () => {
    const result = await aliceClient.callTool({
      name: 'list_genetic_findings',
      arguments: { source_id: sourceId },
    })
    const http = await h.t.call('GET', `/genetics/findings?source_id=${sourceId}`, { token: alice.key })
    expect(result.structuredContent).toEqual(http.body)
    const findings = (result.structuredContent as any).data
    expect(findings.length).toBeGreaterThan(0)
    expect(findings[0].citations.length).toBeGreaterThan(0)
    expect(textOf(result)).toContain(`${findings.length} item on this page.`)
  })

  it('estimates ancestry with genetics_ancestry, under the result cap', async () => {
    const result = await aliceClient.callTool({
      name: 'genetics_ancestry',
      arguments: { source_id: sourceId },
    })
    expect(result.isError).toBeUndefined()
    expect(estimateTokens(result)).toBeLessThanOrEqual(RESULT_TOKEN_CAP)
    const ancestry = result.structuredContent as any
    expect(ancestry).toMatchObject({ source_id: sourceId, user_id: alice.userId })
    expect(ancestry.result.coverage).toMatchObject({ panel_size: 169, found: 55 })
  })

  it('gives another user 404 and no data for the upload, the job and the ancestry', async () => {
    for (const [name, args] of [
      ['get_genetics_upload', { id: upload.upload_id }],
      ['get_genetics_job', { id: upload.job_id }],
      ['genetics_ancestry', { source_id: sourceId }],
    ] as const) {
      const result = await bobClient.callTool({ name, arguments: args })
      expect(result.isError).toBe(true)
      expect(result.structuredContent).toBeUndefined()
      expect(textOf(result)).toStartWith('404 Not Found:')
    }
  })

  it('lists none of the source’s findings for another user', async () => {
    const result = await bobClient.callTool({
      name: 'list_genetic_findings',
      arguments: { source_id: sourceId },
    })
    expect(result.structuredContent).toEqual({ data: [], next_cursor: null })
  })
})

describe('starting a genetics analysis from MCP', () => {
  it('opens an upload session, and after the bytes are PUT, completes it and returns at once with a job', async () => {
    const bytes = fixture(VCF_GZ)
    const created = await aliceClient.callTool({
      name: 'create_genetics_upload',
      arguments: {
        filename: 'mcp.vcf.gz',
        content_type: 'application/octet-stream',
        size_bytes: bytes.byteLength,
        sha256: sha256(bytes),
      },
    })
    expect(created.isError).toBeUndefined()
    const session = created.structuredContent as any
    expect(session).toMatchObject({ state: 'pending', user_id: alice.userId, method: 'PUT' })
    // The bytes go where the session says, outside MCP (a tool call carries no file stream).
    expect((await putBytes(h.t, session.upload_url, bytes)).status).toBe(200)

    const completed = await aliceClient.callTool({
      name: 'complete_genetics_upload',
      arguments: { id: session.upload_id },
    })
    expect(completed.isError).toBeUndefined()
    const done = completed.structuredContent as any
    expect(done.state).toBe('completed')
    expect(done.job_id).toStartWith('job_')
    const job = await waitForJob(h.t, alice, done.job_id)
    expect(job.state).toBe('succeeded')

    // A finished job cannot be cancelled: the tool says so with the HTTP API's 409.
    const cancel = await aliceClient.callTool({ name: 'cancel_genetics_job', arguments: { id: done.job_id } })
    expect(cancel.isError).toBe(true)
    expect(textOf(cancel)).toStartWith('409 Conflict')
  })

  it('does not let another user complete someone else’s upload', async () => {
    const result = await bobClient.callTool({
      name: 'complete_genetics_upload',
      arguments: { id: upload.upload_id },
    })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('404 Not Found')
  })
})
