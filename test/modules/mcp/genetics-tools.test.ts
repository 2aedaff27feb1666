// The genetics tools over the socket, on a real VCF.GZ (the genetics tests' 1000 Genomes fixture) taken
// through the upload flow: the upload, its job, the findings and the ancestry estimate read through MCP
// equal what the HTTP routes answer, and another user's ids give 404 with no data.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { estimateTokens, RESULT_TOKEN_CAP } from '../../../modules/mcp/tool-result'
import { fixture, type Person, uploadFile, VCF_GZ, waitForJob } from '../genetics/helpers'
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
