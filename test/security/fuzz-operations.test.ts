// Schema-driven fuzzing of every operation in the registry: each request is one seeded mutation of the
// operation's example (wrong types, missing and extra fields, huge strings and arrays, deep nesting, NUL
// and invalid UTF-8, boundary integers, path traversal, abused headers), sent as the owner of the data so
// that the input reaches validation and the service. Nothing may answer 5xx, hang, crash, or answer an
// error that is not application/problem+json. Bounded by FUZZ_REQUESTS and FUZZ_SECONDS; FUZZ_SEED replays.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { allOperations } from '../../modules/app'
import type { AnyOperation } from '../../modules/shared/operation'
import { type TestApp, testApp } from '../support/app'
import { type FuzzInput, fuzzSeed, misbehaviour, mutateInput, prng, withinMs } from '../support/fuzz'

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500)
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60)
const HANG_MS = 15_000

/** Operations the fuzzer leaves out, and why. */
const NOT_FUZZED: Record<string, string> = {
  'auth.sign_out': "ends the fuzzing caller's own session",
  'privacy.delete': "a mutation that drops a field could erase the fuzzing caller's data mid-run",
}

let t: TestApp
let tokens: { key: string; session: string; sandbox: string; userId: string; organizationId: string }

beforeAll(async () => {
  t = await testApp()
  const owner = await t.userWithKey('fuzz-owner@example.com')
  const sandbox = await t.call('POST', '/sandbox/sessions')
  tokens = { ...owner, sandbox: sandbox.body.sandbox_token }
  await t.call('POST', '/imports/file', {
    token: owner.key,
    body: { filename: 'labs.txt', text: 'Collected: 2026-05-01\nLDL 2.9 mmol/L\nGlucose 112 mg/dL\n' },
  })
})
afterAll(() => t?.cleanup())

function tokenFor(op: AnyOperation): string {
  if (op.grant === 'sandbox') return tokens.sandbox
  if (op.principals && !op.principals.includes('api_key') && op.principals.includes('session'))
    return tokens.session
  return tokens.key
}

/** The example with the caller's own user and workspace, so mutations get past the scope check. */
function ownExample(op: AnyOperation) {
  const example = JSON.parse(JSON.stringify(op.example?.request ?? {}))
  const parts = { params: example.params ?? {}, query: example.query ?? {}, body: example.body }
  for (const part of [parts.params, parts.query, parts.body] as Record<string, unknown>[]) {
    if (!part) continue
    if ('user_id' in part || op.params?.properties.user_id) part.user_id = tokens.userId
    if ('organization_id' in part) part.organization_id = tokens.organizationId
  }
  if (op.params?.properties.user_id) parts.params.user_id = tokens.userId
  return parts
}

/** Percent-encode; a lone surrogate goes as the invalid UTF-8 bytes a raw client would send. */
function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

/**
 * The MCP endpoint answers in its protocol's own error format: JSON-RPC in application/json (the
 * Streamable HTTP transport), not problem+json. Any other operation's error must be a problem.
 */
function mcpProtocolError(op: AnyOperation, contentType: string | null, text: string): boolean {
  if (op.id !== 'mcp.post' || !contentType?.startsWith('application/json')) return false
  try {
    const body = JSON.parse(text)
    return body.jsonrpc === '2.0' && typeof body.error?.code === 'number'
  } catch {
    return false
  }
}

function requestOf(op: AnyOperation, input: FuzzInput): Request {
  const text = (value: unknown) =>
    typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
  const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
    percentEncode(text(input.params[name])),
  )
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(input.query))
    if (value !== undefined) query.set(name, text(value))
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokenFor(op)}`,
    'x-forwarded-for': '10.9.0.1',
    ...(op.id === 'mcp.post'
      ? { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
      : {}),
    ...input.headers,
  }
  let body: string | Uint8Array | undefined
  if (input.rawBody !== undefined) body = input.rawBody
  else if (input.body !== undefined) body = JSON.stringify(input.body)
  if (body !== undefined) headers['content-type'] ??= 'application/json'
  const qs = query.toString()
  return new Request(`http://localhost${path}${qs ? `?${qs}` : ''}`, {
    method: op.method,
    headers,
    body: op.method === 'GET' ? undefined : body,
  })
}

describe('fuzzing every operation from its schemas', () => {
  it('answers every mutated request with a problem or a success, never a 5xx, hang or crash', async () => {
    const seed = fuzzSeed()
    const rng = prng(seed)
    const ops = allOperations.filter((op) => !NOT_FUZZED[op.id])
    const failures: string[] = []
    let sent = 0
    let fivexx = 0
    let hangs = 0
    let nonProblem = 0
    let crashes = 0
    const statuses = new Map<number, number>()
    const deadline = Date.now() + SECONDS * 1000
    while (sent < REQUESTS && Date.now() < deadline) {
      const op = ops[sent % ops.length]
      const input = mutateInput(rng, op, ownExample(op))
      sent++
      const where = `#${sent} ${op.id}: ${input.what}`
      const started = Date.now()
      try {
        const response = await withinMs(
          t.app.handle(requestOf(op, input)).then(async (r) => ({ r, text: await r.text() })),
          HANG_MS,
        )
        // A blocked event loop delays the timer too: an answer that came too late is a hang as well.
        if (response === null || Date.now() - started > HANG_MS) {
          hangs++
          failures.push(`${where}: no answer within ${HANG_MS} ms`)
          continue
        }
        statuses.set(response.r.status, (statuses.get(response.r.status) ?? 0) + 1)
        const contentType = response.r.headers.get('content-type')
        const wrong = misbehaviour(response.r.status, contentType)
        if (wrong && !(response.r.status < 500 && mcpProtocolError(op, contentType, response.text))) {
          if (response.r.status >= 500) fivexx++
          else nonProblem++
          failures.push(`${where}: ${wrong} ${response.text.slice(0, 200)}`)
        }
      } catch (error) {
        crashes++
        failures.push(`${where}: threw ${(error as Error).message}`)
      }
    }
    const health = await t.call('GET', '/health')
    console.log(
      `fuzz: ${sent} requests, ${fivexx} 5xx, ${hangs} hangs, ${nonProblem} non-problem errors, ${crashes} crashes (seed ${seed})`,
    )
    console.log(
      `fuzz statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ')}`,
    )
    expect(failures).toEqual([])
    // Most mutations must get past authentication into validation and the services.
    expect((statuses.get(401) ?? 0) + (statuses.get(403) ?? 0)).toBeLessThan(sent / 2)
    expect(health.status).toBe(200)
    expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, ops.length))
  }, 180_000)
})
