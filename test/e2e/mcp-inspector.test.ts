// A second MCP client: the MCP Inspector (@modelcontextprotocol/inspector, a dev dependency, --cli mode)
// runs the README's MCP block as written (only the port changed) against a live server, with a key
// obtained through the development sign-in flow.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readmeBlock } from '../support/readme'
import { repoRoot, startServer } from '../support/server'

let server: Awaited<ReturnType<typeof startServer>>
let key: string

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return (await response.json()) as any
}

beforeAll(async () => {
  server = await startServer(['bun', 'run', 'modules/server.ts'])
  const email = 'mcp-inspector@example.com'
  await post('/auth/otp/start', { email, should_create_user: true })
  const outbox = (await (await fetch(`${server.base}/dev/outbox?email=${email}`)).json()) as any
  const session = await post('/auth/otp/verify', { email, token: outbox.messages[0].code })
  key = (await post('/api-keys', {}, session.access_token)).api_key
})
afterAll(() => server?.stop())

/** Split the concatenated pretty-printed JSON documents the CLI writes, one per command. */
function documents(out: string): any[] {
  const docs: any[] = []
  let depth = 0
  let begin = -1
  let inString = false
  for (let i = 0; i < out.length; i++) {
    const c = out[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') {
      if (depth++ === 0) begin = i
    } else if (c === '}' && --depth === 0) docs.push(JSON.parse(out.slice(begin, i + 1)))
  }
  return docs
}

describe('the MCP Inspector CLI as a second client', () => {
  it('lists the tools and calls whoami, running the README block as written', () => {
    const script = `set -euo pipefail\n${readmeBlock('mcp-inspector').replaceAll('http://localhost:3000', server.base)}`
    const run = Bun.spawnSync(['bash', '-c', script], {
      cwd: repoRoot,
      env: { ...process.env, KEY: key },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(run.exitCode).toBe(0)
    const [list, whoami] = documents(run.stdout.toString())
    const names = list.tools.map((t: { name: string }) => t.name)
    expect(names).toContain('whoami')
    expect(names).toContain('list_sources')
    expect(whoami.structuredContent).toMatchObject({ kind: 'api_key', tier: 'free' })
    expect(whoami.structuredContent.user_id).toMatch(/^usr_/)
  })

  it('without a bearer token, meets the 401 and turns to OAuth, which a non-interactive run cannot finish', () => {
    const script = readmeBlock('mcp-inspector')
      .replaceAll('http://localhost:3000', server.base)
      .replaceAll(' \\\n  --header "Authorization: Bearer $KEY"', '')
      .split('\n')
      .slice(0, 3)
      .join('\n')
    const run = Bun.spawnSync(['bash', '-c', `set -euo pipefail\n${script}`], {
      cwd: repoRoot,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(run.exitCode).not.toBe(0)
    // The Inspector found the authorization server through the 401's resource_metadata and would open
    // the browser for the OAuth flow (test/modules/oauth-server/flow.test.ts runs that flow).
    expect(run.stdout.toString() + run.stderr.toString()).toContain('auth_required')
  })
})
