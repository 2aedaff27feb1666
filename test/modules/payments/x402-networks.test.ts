// One EVM wallet, two EVM networks: the `eip155` namespace is shared, so data a wallet bought on Base
// (eip155:8453) is its own when it pays on Polygon (eip155:137). Two local chains play the two networks
// (with their real chain ids, so the EIP-712 signatures are the real ones), each with its own local
// facilitator: the service combines their /supported answers.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { walletIdentity, walletScope } from '../../../modules/payments/wallets'
import { testApp } from '../../support/app'
import { type LocalChain, startLocalChain } from '../../support/x402-chain'
import { type LocalFacilitator, startLocalFacilitator } from '../../support/x402-facilitator'

const base = await startLocalChain(8453)
const polygon = 'unavailable' in base ? base : await startLocalChain(137)
const unavailable = 'unavailable' in polygon ? polygon.unavailable : null
if (unavailable) console.warn(`skipping the x402 two-network tests: ${unavailable}`)

describe('wallet identities', () => {
  it('share one identity across EVM networks, whatever the address case, and keep Solana apart', () => {
    const address = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
    const onBase = walletScope(walletIdentity('eip155:8453', address))
    expect(walletScope(walletIdentity('eip155:137', address.toLowerCase()))).toEqual(onBase)
    expect(onBase.user_id).toMatch(/^usr_x402_[0-9a-z]{26}$/)
    expect(onBase.organization_id).toMatch(/^org_x402_[0-9a-z]{26}$/)
    const solana = walletScope(walletIdentity('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address))
    expect(solana.user_id).not.toBe(onBase.user_id)
    const other = walletScope(walletIdentity('eip155:8453', '0x0000000000000000000000000000000000000001'))
    expect(other.user_id).not.toBe(onBase.user_id)
  })
})

describe.skipIf(unavailable !== null)('x402 on two EVM networks', () => {
  const chains = [base, polygon] as LocalChain[]
  const [onBase, onPolygon] = chains as [LocalChain, LocalChain]
  let facilitators: LocalFacilitator[]
  let t: Awaited<ReturnType<typeof testApp>>
  const payTo = privateKeyToAccount(generatePrivateKey()).address
  const payer = privateKeyToAccount(generatePrivateKey())

  const appFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input as string, init)
    request.headers.set('x-forwarded-for', '10.8.8.8')
    return t.app.handle(request)
  }) as typeof fetch
  /** The payer's fetch, able to pay on one network only: the one the test chooses. */
  const payOn = (chain: LocalChain) =>
    wrapFetchWithPaymentFromConfig(appFetch, {
      schemes: [{ network: chain.network, client: new ExactEvmScheme(toClientEvmSigner(payer)) }],
      spendControls: false,
    } as any)

  beforeAll(async () => {
    facilitators = chains.map((chain) => startLocalFacilitator(chain))
    for (const chain of chains) await chain.mint(payer.address, 1_000_000n)
    t = await testApp({
      billingEnabled: true,
      x402: {
        networks: chains.map((chain) => chain.network),
        facilitatorUrls: facilitators.map((f) => f.url),
        evmPayTo: payTo,
        solanaPayTo: null,
        facilitatorHeaders: {},
        routePrices: {},
        maxTimeoutSeconds: 120,
        assets: Object.fromEntries(
          chains.map((chain) => [
            chain.network,
            { address: chain.token, decimals: 6, name: 'USD Coin', version: '2' },
          ]),
        ),
      },
    })
  })

  afterAll(async () => {
    await t?.close()
    for (const f of facilitators ?? []) f.stop()
    for (const chain of chains) await chain.close()
  })

  it('offers both networks, each served by the facilitator that supports it', async () => {
    const probe = await appFetch(new Request('http://localhost/sources'))
    expect(probe.status).toBe(402)
    const accepts = decodePaymentRequiredHeader(probe.headers.get('payment-required')!).accepts
    expect(accepts.map((a) => a.network)).toEqual(['eip155:8453', 'eip155:137'])
    expect(accepts.map((a) => a.asset)).toEqual([onBase.token, onPolygon.token])
    const catalog = (await t.call('GET', '/.well-known/x402.json')).body
    expect(catalog.facilitators).toEqual(facilitators.map((f) => f.url))
  })

  it('lets the wallet read on Polygon what it imported on Base', async () => {
    const imported = await payOn(onBase)(
      new Request('http://localhost/imports/file', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Collected: 2026-05-01\nLDL 2.9 mmol/L\n' }),
      }),
    )
    expect(imported.status).toBe(201)
    expect(decodePaymentResponseHeader(imported.headers.get('payment-response')!).network).toBe('eip155:8453')
    const source = (await imported.json()) as any
    expect(await onBase.balanceOf(payer.address)).toBe(1_000_000n - 20_000n)
    expect(facilitators[0]!.calls.settle).toBe(1)

    const listed = await payOn(onPolygon)(new Request('http://localhost/sources'))
    expect(listed.status).toBe(200)
    expect(decodePaymentResponseHeader(listed.headers.get('payment-response')!).network).toBe('eip155:137')
    expect(((await listed.json()) as any).data.map((s: { id: string }) => s.id)).toEqual([source.source_id])
    expect(await onPolygon.balanceOf(payer.address)).toBe(1_000_000n - 1_000n)
    expect(facilitators[1]!.calls.settle).toBe(1)
  })
})
