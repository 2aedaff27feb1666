// The access sweep: user B, holding each kind of credential that exists, calls every operation of the
// registry with user A's ids, scope and cursors, over HTTP and over MCP tools/call. Every attempt on A's
// records must be refused (401/402/403/404) and no answer may hold a byte of A's data. The operation list
// comes from the registry, so new operations are swept (or flagged as unclassified) when they merge.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { allOperations } from '../../modules/app'
import * as authRepo from '../../modules/auth/repo'
import { walletIdentity, walletScope } from '../../modules/payments/wallets'
import { GRANTS, type PrincipalKind } from '../../modules/shared/principal'
import { CONSUMER, fixture, uploadFile, VCF_GZ, waitForJob } from '../modules/genetics/helpers'
import { type McpHarness, mcpHarness } from '../modules/mcp/harness'
import {
  type Attempt,
  classify,
  leaksIn,
  needlesFor,
  pathOf,
  REFUSALS,
  type VictimData,
} from '../support/access-sweep'
import { pairHealthConnect } from '../support/health-connect'
import { mintOAuthToken } from '../support/oauth-token'
import { type LocalChain, startLocalChain } from '../support/x402-chain'
import { type LocalFacilitator, startLocalFacilitator } from '../support/x402-facilitator'

const FIXTURES = join(import.meta.dir, '..', 'fixtures', 'imports')

/** One credential B can hold, and who it acts for. */
interface Credential {
  kind: PrincipalKind
  token: string
  userId: string
  organizationId: string
  /** A wallet pays per request (x402, HTTP only) instead of sending a token. */
  pay?: typeof fetch
}

// The wallet credential pays on a real local chain through a local facilitator; without the chain the
// sweep says why and goes on with the other kinds.
const chain = await startLocalChain()
const chainUnavailable = 'unavailable' in chain ? chain.unavailable : null
let facilitator: LocalFacilitator | null = null

/**
 * How the sweep obtains each credential kind for B. Typed over every PrincipalKind, so a new kind of
 * credential does not compile until the sweep can hold it (or says why it cannot yet).
 */
type CredentialSource = (() => Promise<string>) | { notIssuable: string }

let h: McpHarness
let victim: VictimData
let victimKey: string
let credentials: Credential[]
const findings: string[] = []
let attemptCount = 0

async function countsOfA(): Promise<string> {
  const counts: string[] = []
  for (const path of [
    '/sources?limit=100',
    '/analyses?limit=100',
    '/goals?limit=100',
    '/dashboard-links?limit=100',
  ]) {
    const r = await h.t.call('GET', path, { token: victimKey })
    counts.push(`${path.split('?')[0]}=${r.status === 200 ? r.body.data.length : `status ${r.status}`}`)
  }
  return counts.join(' ')
}

let countsBefore = ''

beforeAll(async () => {
  // A token key lets B pair a Health Connect app, so the sweep also calls as a device credential.
  // Webhook endpoints of A point at a closed local port: allowed here, never in production.
  const harness = {
    tokenEncryptionKeys: [new Uint8Array(32).fill(3)],
    webhooks: { allowPrivateTargets: true, maxAttempts: 1, timeoutMs: 1000 },
  }
  if (!chainUnavailable) {
    const local = chain as LocalChain
    facilitator = startLocalFacilitator(local)
    h = await mcpHarness({
      ...harness,
      // Pay-per-request without billing quotas in the way (X402_ENABLED needs billing only in the env).
      x402: {
        networks: [local.network],
        facilitatorUrls: [facilitator.url],
        evmPayTo: privateKeyToAccount(generatePrivateKey()).address,
        solanaPayTo: null,
        facilitatorHeaders: {},
        routePrices: {},
        maxTimeoutSeconds: 300,
        assets: { [local.network]: { address: local.token, decimals: 6, name: 'USD Coin', version: '2' } },
      },
    })
  } else {
    h = await mcpHarness(harness)
  }
  const t = h.t
  await t.context.queue.start()

  // User A: a Builder workspace with labs, a genome, analyses, goals, dashboard links, tokens.
  const a = await t.userWithKey('alice-sweep-victim@example.com')
  await authRepo.setOrganizationTier(t.context.db, a.organizationId, 'builder')
  victimKey = a.key
  const must = async (
    what: string,
    r: Promise<{ status: number; text: string; body: any }>,
    status = 201,
  ) => {
    const answer = await r
    if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.text}`)
    return answer.body
  }
  // Two webhook endpoints (a page of one has a cursor); the imports below make deliveries to both.
  const hook = async (n: number) =>
    must(
      'webhook endpoint',
      t.call('POST', '/webhooks/endpoints', {
        token: a.key,
        body: { url: `http://127.0.0.1:9/alice-zebra-hook-${n}`, events: ['import.stored'] },
      }),
    )
  const endpoint = await hook(1)
  await hook(2)
  const labs = readFileSync(join(FIXTURES, 'labs-us.csv'), 'utf8')
  const source = await must(
    'lab import',
    t.call('POST', '/imports/file', { token: a.key, body: { filename: 'alice-zebra-labs.csv', text: labs } }),
  )
  await must(
    'second lab import',
    t.call('POST', '/imports/file', {
      token: a.key,
      body: { filename: 'alice-zebra-labs-2.csv', text: labs },
    }),
  )
  const upload = await uploadFile(t, a, fixture(VCF_GZ), {}, 'alice-zebra-genome.vcf.gz')
  const job = await waitForJob(t, a, upload.job_id)
  const second = await uploadFile(t, a, fixture(CONSUMER), {}, 'alice-zebra-genome-2.txt')
  await waitForJob(t, a, second.job_id)
  const findingsOfA = await must(
    'findings',
    t.call('GET', '/genetics/findings?limit=100', { token: a.key }),
    200,
  )
  const analysis = await must('analysis', t.call('POST', '/analyses', { token: a.key, body: {} }))
  await must('second analysis', t.call('POST', '/analyses', { token: a.key, body: {} }))
  const goal = { marker: 'ldl_cholesterol', direction: 'below', target_value: 130, unit: 'mg/dL' }
  const goalA = await must(
    'goal',
    t.call('POST', '/goals', { token: a.key, body: { ...goal, title: 'alice zebra goal one' } }),
  )
  await must(
    'goal',
    t.call('POST', '/goals', { token: a.key, body: { ...goal, title: 'alice zebra goal two' } }),
  )
  const link = await must(
    'dashboard link',
    t.call('POST', '/dashboard-links', {
      token: a.key,
      body: { analysis_id: analysis.id, design_id: 'clinical_summary' },
    }),
  )
  await must(
    'dashboard link',
    t.call('POST', '/dashboard-links', {
      token: a.key,
      body: { analysis_id: analysis.id, design_id: 'clinical_summary' },
    }),
  )
  const serviceToken = await must(
    'service token',
    t.call('POST', '/service-tokens', {
      token: a.key,
      body: { user_id: 'alice-zebra-end-user', ttl_seconds: 900 },
    }),
  )
  const sessions = await must('sessions', t.call('GET', '/auth/sessions', { token: a.session }), 200)
  const deliveries = await must('deliveries', t.call('GET', '/webhooks/deliveries', { token: a.key }), 200)

  const cursors: Record<string, string> = {}
  for (const op of allOperations) {
    if (!op.query?.properties.cursor || op.params) continue
    const query = new URLSearchParams({ limit: '1' })
    for (const [name, value] of Object.entries(op.example?.request?.query ?? {}))
      if (name !== 'limit' && name !== 'cursor') query.set(name, String(value))
    if (op.query.properties.source_id) query.set('source_id', job.source_id ?? '')
    const r = await t.call('GET', `${op.path}?${query}`, { token: a.key })
    if (r.status === 200 && typeof r.body.next_cursor === 'string') cursors[op.id] = r.body.next_cursor
  }
  const observations = await t.call('GET', `/sources/${source.source_id}/observations?limit=1`, {
    token: a.key,
  })
  if (observations.body.next_cursor) cursors['sources.observations'] = observations.body.next_cursor

  victim = {
    userId: a.userId,
    organizationId: a.organizationId,
    ids: {
      source: source.source_id,
      genetic_source: job.source_id ?? null,
      analysis: analysis.id,
      goal: goalA.id,
      dashboard_link: link.id,
      genetics_upload: upload.upload_id,
      genetics_job: upload.job_id,
      api_key: a.keyId,
      service_token: serviceToken.id,
      session: sessions.data[0].id,
      export_job: null,
      // A's sync jobs need a WHOOP connection; test/modules/wearables/connections/sync-async.test.ts attacks them.
      wearable_sync_job: null,
      webhook_endpoint: endpoint.id,
      webhook_delivery: deliveries.data[0].id,
    },
    distinctive: [
      'alice-sweep-victim',
      'alice-zebra',
      'alice zebra goal',
      a.key,
      a.session,
      ...findingsOfA.data.map((f: { id: string }) => f.id),
    ],
    cursors,
  }
  countsBefore = await countsOfA()

  // User B, once per credential kind.
  const b = await t.userWithKey('bob-sweep-caller@example.com')
  const sources: Record<PrincipalKind, CredentialSource> = {
    session: async () => b.session,
    api_key: async () => b.key,
    service_token: () => h.serviceToken('bob-end-user'),
    sandbox: () => h.sandboxToken(),
    oidc: () => h.oidcToken('bob-oidc-subject', GRANTS.join(' ')),
    device: async () => (await pairHealthConnect(t, b)).token,
    oauth: () => mintOAuthToken(t.context, b.userId, GRANTS.join(' ')),
    wallet: chainUnavailable
      ? { notIssuable: `no local chain to pay on (${chainUnavailable})` }
      : async () => 'x402-wallet',
  }
  credentials = []
  for (const [kind, source] of Object.entries(sources) as [PrincipalKind, CredentialSource][]) {
    if (typeof source !== 'function') {
      console.warn(`access sweep: no ${kind} credential: ${source.notIssuable}`)
      continue
    }
    if (kind === 'wallet') {
      credentials.push(await walletCredential(chain as LocalChain))
      continue
    }
    const token = await source()
    if (kind === 'oauth') {
      // Audience-bound to /mcp: every HTTP route refuses it, /me included; it acts for B.
      const me = await t.call('GET', '/me', { token })
      if (me.status !== 401) throw new Error(`/me for oauth answered ${me.status}, not 401: ${me.text}`)
      credentials.push({ kind, token, userId: b.userId, organizationId: b.organizationId })
      continue
    }
    const me = await t.call('GET', '/me', { token })
    if (me.status !== 200) throw new Error(`/me for ${kind} answered ${me.status}: ${me.text}`)
    credentials.push({ kind, token, userId: me.body.user_id, organizationId: me.body.organization_id })
  }
}, 120_000)

afterAll(async () => {
  await h?.stop()
  facilitator?.stop()
  if (!chainUnavailable) await (chain as LocalChain).close()
})

/** B as a wallet: a funded payer whose requests carry x402 payments, made by @x402/fetch. */
async function walletCredential(local: LocalChain): Promise<Credential> {
  const payer = await local.newPayer(1_000_000_000n)
  const scope = walletScope(walletIdentity(local.network, payer.address))
  let n = 0
  const intoApp = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input as string, init)
    request.headers.set('x-forwarded-for', `10.77.${Math.floor(++n / 250) % 250}.${n % 250}`)
    return h.t.app.handle(request)
  }) as typeof fetch
  const pay = wrapFetchWithPaymentFromConfig(intoApp, {
    schemes: [{ network: local.network, client: new ExactEvmScheme(toClientEvmSigner(payer)) }],
    spendControls: false,
  } as any) as typeof fetch
  return { kind: 'wallet', token: '', userId: scope.user_id, organizationId: scope.organization_id, pay }
}

function record(where: string, attempt: Attempt, credential: Credential, problem: string) {
  findings.push(`${where} ${attempt.op.id} [${attempt.kind}] as ${credential.kind}: ${problem}`)
}

/** Check one answer: refused when it names A's records, and never holding A's data. */
function judge(
  where: string,
  attempt: Attempt,
  credential: Credential,
  status: number,
  answer: string,
  sent: string,
) {
  attemptCount++
  const leaks = leaksIn(answer, needlesFor(victim, sent))
  if (leaks.length > 0) record(where, attempt, credential, `answer holds A's ${leaks.join(', ')}`)
  // A 502/503 problem says a dependency the test app leaves unconfigured (a wearable provider) is down.
  const dependencyDown = (status === 502 || status === 503) && answer.includes('application/problem+json')
  if (status >= 500 && !dependencyDown) record(where, attempt, credential, `answered ${status}`)
  const mustRefuse = attempt.kind === 'ids' || attempt.kind === 'scope' || attempt.kind === 'capability'
  if (mustRefuse && !REFUSALS.has(status))
    record(where, attempt, credential, `answered ${status}, not a refusal`)
  if (attempt.kind === 'filter' && !REFUSALS.has(status) && !(status === 200 && emptyList(answer)))
    record(where, attempt, credential, `answered ${status} with rows for A's record`)
}

/** Whether an answer is a list page with no rows (HTTP body or an MCP tool result). */
function emptyList(answer: string): boolean {
  return /\\?"data\\?":\s*\[\s*\]/.test(answer)
}

/**
 * A JSON-RPC error instead of a tool result: the server refuses a tool this caller may not use as an
 * unknown tool (it is not in the caller's tools/list). Anything else counts as not a refusal.
 */
function protocolRefusal(message: string): number {
  return /unknown tool|not found|not allowed|forbidden/i.test(message) ? 403 : 0
}

/** One request paid with x402 (no Authorization header), answered like `t.call`. */
async function paidCall(pay: typeof fetch, method: string, path: string, body: string | undefined) {
  const response = await pay(`http://localhost${path}`, {
    method,
    body,
    headers: body ? { 'content-type': 'application/json' } : {},
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

function bodyOf(attempt: Attempt): string | undefined {
  if (!attempt.op.body) return undefined
  return JSON.stringify(attempt.body ?? {})
}

describe('the access sweep over every operation in the registry', () => {
  it('classifies every operation, so a new one cannot pass unswept', () => {
    const unclassified = allOperations
      .map((op) => [op, classify(op, victim)] as const)
      .filter(([, c]) => 'unclassified' in c)
      .map(([op, c]) => `${op.id}: ${(c as { unclassified: string }).unclassified}`)
    expect(unclassified).toEqual([])
  })

  it('refuses user B every record of user A over HTTP, with every credential kind, and leaks nothing', async () => {
    for (const op of allOperations) {
      const c = classify(op, victim)
      if (!('plan' in c)) continue
      for (const credential of credentials) {
        for (const attempt of c.plan.attempts(credential)) {
          // Capability operations keep their example's well-formed token, which is not A's.
          const path = pathOf(attempt)
          const body = bodyOf(attempt)
          const r = credential.pay
            ? await paidCall(credential.pay, op.method, path, body)
            : await h.t.call(op.method, path, {
                token: credential.token,
                rawBody: body,
                headers: body ? { 'content-type': 'application/json' } : {},
              })
          const headerText = [...r.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n')
          judge('HTTP', attempt, credential, r.status, `${headerText}\n${r.text}`, `${path}\n${body ?? ''}`)
        }
      }
    }
    expect(findings).toEqual([])
  }, 240_000)

  it('refuses the same attempts through MCP tools/call', async () => {
    const clients = new Map<string, Client>()
    // A wallet pays per HTTP request; MCP takes bearer tokens only, so it has no wallet to sweep.
    const bearers = credentials.filter((credential) => !credential.pay)
    for (const credential of bearers) clients.set(credential.kind, await h.connect(credential.token))
    for (const op of allOperations) {
      if (!op.mcp) continue
      const c = classify(op, victim)
      if (!('plan' in c)) continue
      for (const credential of bearers) {
        const client = clients.get(credential.kind)!
        for (const attempt of c.plan.attempts(credential)) {
          const args = { ...attempt.params, ...attempt.query, ...(attempt.body ?? {}) }
          let status: number
          let answer: string
          try {
            const result: any = await client.callTool({ name: op.mcp.tool, arguments: args })
            answer = JSON.stringify(result)
            // A tool error's text opens with its problem status ("404 Not Found: …").
            status = result.isError
              ? Number(/^(\d{3}) /.exec(result.content?.[0]?.text ?? '')?.[1] ?? 0)
              : 200
          } catch (error) {
            answer = String((error as Error).message)
            status = protocolRefusal(answer)
          }
          judge('MCP', attempt, credential, status, answer, JSON.stringify(args))
        }
      }
    }
    expect(findings).toEqual([])
  }, 240_000)

  it("leaves user A's data as it was and prints the figure", async () => {
    expect(await countsOfA()).toBe(countsBefore)
    expect(attemptCount).toBeGreaterThan(0)
    console.log(`access sweep: ${attemptCount} attempts, ${findings.length} leaks`)
    // The wallet really paid its way to the payable operations (verified, and settled where they answered).
    if (facilitator) {
      console.log(
        `access sweep: wallet payments verified ${facilitator.calls.verify}, settled ${facilitator.calls.settle}`,
      )
      expect(facilitator.calls.verify).toBeGreaterThan(10)
    }
    expect(findings).toEqual([])
  })
})
