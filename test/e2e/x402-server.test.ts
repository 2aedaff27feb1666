// x402 as an operator deploys it: the real service process configured only through X402_* variables,
// a wallet paying over a socket with `@x402/fetch` exactly as the README shows (default spend controls,
// any EVM network). A local chain plays Base (chain id 8453) with the USDC contract's address holding a
// USDC-like EIP-3009 token, so the service's default Base USDC requirements are the ones paid.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { decodePaymentResponseHeader } from '@x402/core/http'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startServer } from '../support/server'
import { type LocalChain, startLocalChain } from '../support/x402-chain'
import { type LocalFacilitator, startLocalFacilitator } from '../support/x402-facilitator'

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const started = await startLocalChain(8453, { tokenAt: BASE_USDC })
const unavailable = 'unavailable' in started ? started.unavailable : null
if (unavailable) console.warn(`skipping the x402 server test: ${unavailable}`)

describe.skipIf(unavailable !== null)('x402 on the running service, configured from the environment', () => {
  const chain = started as LocalChain
  let facilitator: LocalFacilitator
  let server: Awaited<ReturnType<typeof startServer>>
  const payTo = privateKeyToAccount(generatePrivateKey()).address

  beforeAll(async () => {
    facilitator = startLocalFacilitator(chain)
    server = await startServer(['bun', 'run', 'modules/server.ts'], {
      BILLING_ENABLED: 'true',
      X402_ENABLED: 'true',
      X402_NETWORKS: 'eip155:8453',
      X402_FACILITATOR_URLS: facilitator.url,
      X402_EVM_PAY_TO: payTo,
      X402_FACILITATOR_AUTH_HEADERS: '{"Authorization":"Bearer operator-secret"}',
      X402_ROUTE_PRICES: '{"imports.file":"0.03"}',
    })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    facilitator?.stop()
    await chain.close()
  })

  it('is paid in Base USDC by an agent using the README snippet', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    await chain.mint(wallet.address, 1_000_000n)
    const pay = wrapFetchWithPaymentFromConfig(fetch, {
      schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(toClientEvmSigner(wallet)) }],
    })
    const res = await pay(`${server.base}/imports/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'labs-2026-05-01' },
      body: JSON.stringify({ text: 'Collected: 2026-05-01\nLDL 2.9 mmol/L\nHbA1c 5.5%\n' }),
    })
    expect(res.status).toBe(201)
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!)
    expect(settlement).toMatchObject({ success: true, network: 'eip155:8453' })
    expect(await chain.balanceOf(wallet.address)).toBe(1_000_000n - 30_000n)
    expect(await chain.balanceOf(payTo)).toBe(30_000n)
    expect(facilitator.lastHeaders?.get('authorization')).toBe('Bearer operator-secret')

    const sources = (await (await pay(`${server.base}/sources`)).json()) as any
    expect(sources.data).toHaveLength(1)
    const catalog = (await (await fetch(`${server.base}/.well-known/x402.json`)).json()) as any
    expect(catalog.networks).toEqual(['eip155:8453'])
    expect(catalog.routes.find((r: any) => r.id === 'imports.file').price_usd).toBe('0.03')
  })
})
