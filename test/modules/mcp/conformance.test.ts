// The official MCP conformance suite (@modelcontextprotocol/conformance, a dev dependency) against the
// live endpoint: every server scenario that applies to this server. The others ask for fixed test tools,
// resources and prompts of the suite's own reference server (`test_tool_with_progress`,
// `test://template/{id}/data`, sampling, elicitation, logging, completion, subscriptions) that a
// health-data service does not have; see README "MCP server" for the list and why.
// The suite has no option for a bearer token, so it talks to a small proxy on 127.0.0.1 that adds a
// test user's API key and passes every other header (Host and Origin included, for the DNS-rebinding
// scenario) through unchanged.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { repoRoot } from '../../support/server'
import { type McpHarness, mcpHarness } from './harness'

const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
]

const CLI = join(repoRoot, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')

let h: McpHarness
let proxy: ReturnType<typeof Bun.serve>

beforeAll(async () => {
  h = await mcpHarness()
  const person = await h.t.userWithKey()
  proxy = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const headers = new Headers(request.headers)
      headers.set('authorization', `Bearer ${person.key}`)
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      const answer = await fetch(`${h.base}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
      })
      // fetch has already decoded a compressed body, so the encoding headers no longer describe it.
      const out = new Headers(answer.headers)
      out.delete('content-encoding')
      out.delete('content-length')
      return new Response(answer.body, { status: answer.status, headers: out })
    },
  })
})
afterAll(async () => {
  proxy?.stop(true)
  await h?.stop()
})

describe('the MCP conformance suite', () => {
  for (const scenario of APPLICABLE_SCENARIOS) {
    it(`passes ${scenario}`, async () => {
      const run = Bun.spawn(
        [
          process.execPath,
          CLI,
          'server',
          '--url',
          `http://127.0.0.1:${proxy.port}/mcp`,
          '--scenario',
          scenario,
        ],
        { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } },
      )
      const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()])
      await run.exited
      const report = `${out}\n${err}`
      expect({ scenario, exit: run.exitCode, failed: /[1-9]\d* failed/.test(report) }).toEqual({
        scenario,
        exit: 0,
        failed: false,
      })
      expect(report).toMatch(/Passed: (\d+)\/\1, 0 failed/)
    }, 60_000)
  }
})
