// x402 configuration (SPEC "Self-hosted configuration"): off unless BILLING_ENABLED and X402_ENABLED, every
// required value checked at start, and the facilitators' /supported must cover every enabled network.
// A refused start is one line on stderr and exit status 1.

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { allOperations } from '../../../modules/app'
import { startPayments } from '../../../modules/payments/payments'
import { toAtomicUnits } from '../../../modules/payments/prices'
import type { X402Settings } from '../../../modules/payments/settings'
import { ConfigError, loadConfig } from '../../../modules/shared/config'
import { repoRoot } from '../../support/server'

const EVM = '0x1111111111111111111111111111111111111111'
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const BASE = 'eip155:8453'
const POLYGON = 'eip155:137'
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const full = {
  BILLING_ENABLED: 'true',
  X402_ENABLED: 'true',
  X402_NETWORKS: `${BASE},${POLYGON}`,
  X402_FACILITATOR_URLS: 'https://facilitator.example/,https://backup.example',
  X402_EVM_PAY_TO: EVM,
}

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('loadConfig accepted the configuration')
}

/** A facilitator stand-in that answers /supported with the given kinds. */
function supportedOnly(kinds: { x402Version: number; scheme: string; network: string }[]) {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) =>
      new URL(request.url).pathname === '/supported'
        ? Response.json({ kinds, extensions: [], signers: {} })
        : new Response('not found', { status: 404 }),
  })
}
const servers: ReturnType<typeof Bun.serve>[] = []
afterAll(() => {
  for (const server of servers) server.stop(true)
})

describe('X402_* settings', () => {
  it('is off unless asked for', () => {
    expect(loadConfig({}).x402).toBeNull()
    expect(loadConfig({ BILLING_ENABLED: 'true' }).x402).toBeNull()
  })

  it('reads a complete configuration', () => {
    const x402 = loadConfig({
      ...full,
      X402_FACILITATOR_AUTH_HEADERS: '{"Authorization":"Bearer secret-token"}',
      X402_ROUTE_PRICES: '{"analyses.create":"$0.04","GET /sources":"0.002"}',
    }).x402!
    expect(x402.networks).toEqual([BASE, POLYGON])
    expect(x402.facilitatorUrls).toEqual(['https://facilitator.example', 'https://backup.example'])
    expect(x402.facilitatorHeaders['https://backup.example']).toEqual({
      Authorization: 'Bearer secret-token',
    })
    expect(x402.routePrices).toEqual({ 'analyses.create': '0.04', 'GET /sources': '0.002' })
  })

  it('takes auth headers per facilitator URL', () => {
    const x402 = loadConfig({
      ...full,
      X402_FACILITATOR_AUTH_HEADERS: '{"https://backup.example":{"x-api-key":"k-123456"}}',
    }).x402!
    expect(x402.facilitatorHeaders).toEqual({ 'https://backup.example': { 'x-api-key': 'k-123456' } })
  })

  it('refuses an incomplete or malformed configuration with one line naming the variable', () => {
    expect(failure({ X402_ENABLED: 'true' })).toBe(
      'X402_ENABLED=true needs BILLING_ENABLED=true (pay-per-request is part of billing).',
    )
    expect(failure({ BILLING_ENABLED: 'true', X402_ENABLED: 'true' })).toBe(
      'X402_ENABLED=true but X402_NETWORKS, X402_FACILITATOR_URLS are not set.',
    )
    expect(failure({ ...full, X402_EVM_PAY_TO: '' })).toBe(
      'X402_ENABLED=true but X402_EVM_PAY_TO is not set.',
    )
    expect(failure({ ...full, X402_NETWORKS: SOLANA_MAINNET })).toBe(
      'X402_ENABLED=true but X402_SOLANA_PAY_TO is not set.',
    )
    expect(failure({ ...full, X402_NETWORKS: 'eip155:84532' })).toContain(
      'X402_NETWORKS: "eip155:84532" is not a supported network',
    )
    expect(failure({ ...full, X402_EVM_PAY_TO: '0x1234' })).toContain(
      'X402_EVM_PAY_TO must be a public EVM address',
    )
    expect(failure({ ...full, X402_NETWORKS: SOLANA_MAINNET, X402_SOLANA_PAY_TO: '0OIl' })).toContain(
      'X402_SOLANA_PAY_TO must be a public Solana address',
    )
    expect(failure({ ...full, X402_FACILITATOR_URLS: 'ftp://x.example' })).toContain('is not an http(s) URL')
    expect(failure({ ...full, X402_ROUTE_PRICES: '[1]' })).toBe('X402_ROUTE_PRICES must be a JSON object.')
    expect(failure({ ...full, X402_ROUTE_PRICES: '{"analyses.create":"cheap"}' })).toContain(
      'the price of "analyses.create" must be a dollar amount',
    )
    expect(failure({ ...full, X402_FACILITATOR_AUTH_HEADERS: '{"a":1}' })).toContain(
      'X402_FACILITATOR_AUTH_HEADERS',
    )
    const ok = loadConfig({ ...full, X402_NETWORKS: SOLANA_MAINNET, X402_SOLANA_PAY_TO: SOLANA })
    expect(ok.x402!.solanaPayTo).toBe(SOLANA)
  })

  it('converts dollars to token units exactly', () => {
    expect(toAtomicUnits('0.02', 6)).toBe('20000')
    expect(toAtomicUnits('$1', 6)).toBe('1000000')
    expect(toAtomicUnits('0.000001', 6)).toBe('1')
  })
})

describe('the start-up check against the facilitators', () => {
  const settings = (urls: string[], networks = [BASE]): X402Settings => ({
    networks,
    facilitatorUrls: urls,
    evmPayTo: EVM,
    solanaPayTo: null,
    facilitatorHeaders: {},
    routePrices: {},
    maxTimeoutSeconds: 60,
  })

  it('fails naming each network no facilitator advertises x402 v2 exact for', async () => {
    const v1Only = supportedOnly([{ x402Version: 1, scheme: 'exact', network: BASE }])
    servers.push(v1Only)
    const url = `http://127.0.0.1:${v1Only.port}`
    const error = await startPayments(
      settings([url], [BASE, POLYGON]),
      allOperations,
      'http://localhost:3000',
    ).catch((e) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.message).toBe(
      `X402_FACILITATOR_URLS: no facilitator advertises x402 v2 "exact" for ${BASE}, ${POLYGON}.`,
    )
  })

  it('names a facilitator that does not answer', async () => {
    const error = await startPayments(
      settings(['http://127.0.0.1:9']),
      allOperations,
      'http://localhost:3000',
    ).catch((e) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.message).toStartWith(
      `X402_FACILITATOR_URLS: no facilitator advertises x402 v2 "exact" for ${BASE}; http://127.0.0.1:9 did not answer /supported`,
    )
  })

  it('takes the first facilitator listed for a network several support', async () => {
    const kinds = [
      { x402Version: 2, scheme: 'exact', network: BASE },
      { x402Version: 2, scheme: 'exact', network: POLYGON },
    ]
    const first = supportedOnly([kinds[1]!])
    const second = supportedOnly(kinds)
    servers.push(first, second)
    const urls = [`http://127.0.0.1:${first.port}`, `http://127.0.0.1:${second.port}`]
    const payments = await startPayments(
      settings(urls, [BASE, POLYGON]),
      allOperations,
      'http://localhost:3000',
    )
    expect(payments.facilitatorOf).toEqual({ [BASE]: urls[1], [POLYGON]: urls[0] })
  })

  it('refuses a price override that names no payable route', async () => {
    const error = await startPayments(
      { ...settings(['http://127.0.0.1:9']), routePrices: { 'billing.checkout': '1' } },
      allOperations,
      'http://localhost:3000',
    ).catch((e) => e)
    expect(error.message).toContain(
      'X402_ROUTE_PRICES: "billing.checkout" is not a payable operation id or route',
    )
  })

  it('stops the real service with one line on stderr and exit status 1', async () => {
    const unsupported = supportedOnly([])
    servers.push(unsupported)
    const dataDir = mkdtempSync(join(tmpdir(), 'wds-x402-start-'))
    try {
      const child = Bun.spawn(['bun', 'run', 'modules/server.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...full,
          X402_FACILITATOR_URLS: `http://127.0.0.1:${unsupported.port}`,
          PORT: '1', // never bound: the facilitator check fails before the service listens
          DATA_DIR: dataDir,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
        },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      expect(await child.exited).toBe(1)
      const stderr = (await new Response(child.stderr).text()).trim()
      expect(stderr).toBe(
        `Configuration error: X402_FACILITATOR_URLS: no facilitator advertises x402 v2 "exact" for ${BASE}, ${POLYGON}.`,
      )
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
