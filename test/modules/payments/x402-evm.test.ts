// x402 v2 pay-per-request, settled for real: a local EVM chain (Hardhat's in-process EDR) with a
// USDC-like EIP-3009 token, a local facilitator built from the x402 packages, and agents paying with
// `@x402/fetch`. Balances move by exactly the price, a retried signed payment replays its response
// without a second write or settlement, a handler error settles nothing, a facilitator outage is a 503,
// and an Authorization header bypasses x402 entirely.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch'
import type { Address, PrivateKeyAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { testApp } from '../../support/app'
import { type LocalChain, startLocalChain } from '../../support/x402-chain'
import { type LocalFacilitator, startLocalFacilitator } from '../../support/x402-facilitator'

const started = await startLocalChain()
const unavailable = 'unavailable' in started ? started.unavailable : null
if (unavailable) console.warn(`skipping the x402 chain tests: ${unavailable}`)

const LAB_TEXT = 'Collected: 2026-05-01\nLDL 2.9 mmol/L\nHbA1c 5.5%\n'
const IMPORT_PRICE = 20_000n // $0.02 in 6-decimal units (imports.file)

describe.skipIf(unavailable !== null)('x402 on a local EVM chain', () => {
  const chain = started as LocalChain
  let facilitator: LocalFacilitator
  let t: Awaited<ReturnType<typeof testApp>>
  const payTo: Address = privateKeyToAccount(generatePrivateKey()).address

  /** A fetch into the app (no socket), recording the PAYMENT-SIGNATURE headers it sends. */
  const sentSignatures: string[] = []
  const appFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input as string, init)
    const signature = request.headers.get('payment-signature')
    if (signature) sentSignatures.push(signature)
    request.headers.set('x-forwarded-for', '10.9.9.9')
    return t.app.handle(request)
  }) as typeof fetch

  /** `@x402/fetch` for one wallet; spend controls off because the local token is not a known asset. */
  const payingFetch = (payer: PrivateKeyAccount) =>
    wrapFetchWithPaymentFromConfig(appFetch, {
      schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(toClientEvmSigner(payer)) }],
      spendControls: false,
    } as any)

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    facilitator = startLocalFacilitator(chain)
    t = await testApp({
      billingEnabled: true,
      x402: {
        networks: [chain.network],
        facilitatorUrls: [facilitator.url],
        evmPayTo: payTo,
        solanaPayTo: null,
        facilitatorHeaders: { [facilitator.url]: { authorization: 'Bearer facilitator-test-secret' } },
        routePrices: { 'analyses.get': '0.007', 'GET /sources/:id': '$0.003' },
        maxTimeoutSeconds: 120,
        assets: { [chain.network]: { address: chain.token, decimals: 6, name: 'USD Coin', version: '2' } },
      },
    })
  })

  afterAll(async () => {
    await t?.close()
    facilitator?.stop()
    await chain.close()
  })

  it('answers an anonymous probe with an empty body with 402 and the requirements, before validation', async () => {
    const response = await appFetch(post('/analyses/anything/action-plan', {}))
    expect(response.status).toBe(402)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!)
    expect(required.x402Version).toBe(2)
    expect(required.accepts).toHaveLength(1)
    expect(required.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: chain.network,
      amount: '20000',
      asset: chain.token,
      payTo,
    })
    const bazaar = (required.extensions as any).bazaar
    expect(bazaar.info.input.method).toBe('POST')
    expect(bazaar.routeTemplate).toBe('/analyses/:id/action-plan')
    expect(bazaar.info.input.pathParams).toEqual({ id: 'anything' })
    expect(required.resource.url).toBe(`${t.config.publicBaseUrl}/analyses/anything/action-plan`)
    expect(required.resource.serviceName).toBe('Wellness Data Service')
    expect(required.resource.tags?.length).toBeGreaterThan(0)
    const problem = (await response.json()) as any
    expect(problem.status).toBe(402)
    expect(problem.price_usd).toBe('0.02')
    // No body at all (not even JSON) is still a price probe, not a 400/415/422.
    const bare = await appFetch(new Request('http://localhost/analyses', { method: 'POST' }))
    expect(bare.status).toBe(402)
    expect(decodePaymentRequiredHeader(bare.headers.get('payment-required')!).accepts[0]!.amount).toBe(
      '50000',
    )
    // The facilitator's auth header went with the start-up /supported call.
    expect(facilitator.lastHeaders?.get('authorization')).toBe('Bearer facilitator-test-secret')
  })

  it('lists networks, facilitators, route templates and live prices, the same in /pricing and in the 402', async () => {
    const catalog = (await t.call('GET', '/.well-known/x402.json')).body
    expect(catalog).toMatchObject({
      x402Version: 2,
      enabled: true,
      networks: [chain.network],
      facilitators: [facilitator.url],
    })
    const byId = Object.fromEntries(catalog.routes.map((r: any) => [r.id, r]))
    expect(byId['analyses.get'].price_usd).toBe('0.007')
    expect(byId['sources.get'].price_usd).toBe('0.003')
    expect(byId['imports.file'].price_usd).toBe('0.02')
    expect(byId['analyses.action_plan'].route).toBe('/analyses/:id/action-plan')
    expect(byId['imports.file'].bazaar.info.input.body).not.toHaveProperty('user_id')
    // The API-key-only operations are never payable.
    for (const id of [
      'privacy.export',
      'billing.checkout',
      'auth.api_keys.create',
      'sources.delete',
      'genetics.uploads.create',
    ])
      expect(byId[id]).toBeUndefined()
    const pricing = (await t.call('GET', '/pricing')).body.pay_per_request
    expect(pricing.enabled).toBe(true)
    for (const route of pricing.routes) expect(route.price_usd).toBe(byId[route.id].price_usd)
    expect((await t.call('GET', '/capabilities')).body.x402).toEqual({ enabled: true })
    const probe = await appFetch(new Request('http://localhost/sources/src_01kf0hhz8rcga6s3vbfag0mnj0'))
    expect(decodePaymentRequiredHeader(probe.headers.get('payment-required')!).accepts[0]!.amount).toBe(
      '3000',
    )
  })

  it('takes exactly the price from the payer for a paid import, settles once, and stores into the wallet workspace', async () => {
    const payer = await chain.newPayer(1_000_000n)
    const before = { payer: await chain.balanceOf(payer.address), payTo: await chain.balanceOf(payTo) }
    const settles = facilitator.calls.settle
    const response = await payingFetch(payer)(post('/imports/file', { text: LAB_TEXT }))
    expect(response.status).toBe(201)
    const settlement = decodePaymentResponseHeader(response.headers.get('payment-response')!)
    expect(settlement.success).toBe(true)
    expect(settlement.network).toBe(chain.network)
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await chain.wallet.getTransactionReceipt({
      hash: settlement.transaction as `0x${string}`,
    })
    expect(receipt.status).toBe('success')
    expect(await chain.balanceOf(payer.address)).toBe(before.payer - IMPORT_PRICE)
    expect(await chain.balanceOf(payTo)).toBe(before.payTo + IMPORT_PRICE)
    expect(facilitator.calls.settle).toBe(settles + 1)
    const body = (await response.json()) as any
    expect(body.observation_count).toBeGreaterThan(0)

    // The same wallet reads its source back (a paid GET), and it is in its own workspace.
    const list = await payingFetch(payer)(new Request('http://localhost/sources'))
    expect(list.status).toBe(200)
    expect(list.headers.get('payment-response')).toBeTruthy()
    const sources = (await list.json()) as any
    expect(sources.data.map((s: { id: string }) => s.id)).toEqual([body.source_id])
    const walletUser = sources.data[0].user_id as string
    expect(walletUser).toMatch(/^usr_x402_/)

    // A route with the user in its path takes the wallet's own user id (shown on its records).
    const trends = await payingFetch(payer)(
      post(`/users/${walletUser}/trends`, { markers: ['ldl_cholesterol'] }),
    )
    expect(trends.status).toBe(200)
    expect(((await trends.json()) as any).user_id).toBe(walletUser)
  })

  it('replays the stored response for a retried signed payment: one write, one settlement', async () => {
    const payer = await chain.newPayer(1_000_000n)
    sentSignatures.length = 0
    const first = await payingFetch(payer)(post('/imports/file', { text: LAB_TEXT }))
    expect(first.status).toBe(201)
    const firstBody = await first.text()
    const signature = sentSignatures.at(-1)!
    const balance = await chain.balanceOf(payer.address)
    const settles = facilitator.calls.settle

    const retry = await appFetch(
      post('/imports/file', { text: LAB_TEXT }, { 'payment-signature': signature }),
    )
    expect(retry.status).toBe(201)
    expect(await retry.text()).toBe(firstBody)
    expect(retry.headers.get('payment-response')).toBe(first.headers.get('payment-response'))
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(facilitator.calls.settle).toBe(settles)
    expect(await chain.balanceOf(payer.address)).toBe(balance)

    // The same signature with another body is not a retry: refused, nothing written.
    const other = await appFetch(
      post('/imports/file', { text: 'LDL 3.1 mmol/L\n' }, { 'payment-signature': signature }),
    )
    expect(other.status).toBe(422)
    const list = await payingFetch(payer)(new Request('http://localhost/sources'))
    expect(((await list.json()) as any).data).toHaveLength(1)
  })

  it('settles nothing when the handler fails: the problem comes back without PAYMENT-RESPONSE', async () => {
    const payer = await chain.newPayer(1_000_000n)
    const balance = await chain.balanceOf(payer.address)
    const settles = facilitator.calls.settle
    const verifies = facilitator.calls.verify
    const response = await payingFetch(payer)(post('/analyses/an_01kt1gw6g02sc0xx7jcac0y8ww/action-plan', {}))
    expect(response.status).toBe(404)
    expect(response.headers.get('payment-response')).toBeNull()
    expect(facilitator.calls.verify).toBe(verifies + 1)
    expect(facilitator.calls.settle).toBe(settles)
    expect(await chain.balanceOf(payer.address)).toBe(balance)

    // Invalid input after a verified payment is also a failure of the request: nothing settled.
    const invalid = await payingFetch(payer)(post('/imports/file', { text: 42 }))
    expect(invalid.status).toBe(422)
    expect(invalid.headers.get('payment-response')).toBeNull()
    expect(await chain.balanceOf(payer.address)).toBe(balance)
  })

  it('answers 503 when the facilitator is down, never a free response', async () => {
    const payer = await chain.newPayer(1_000_000n)
    facilitator.down = true
    try {
      const response = await payingFetch(payer)(post('/imports/file', { text: LAB_TEXT }))
      expect(response.status).toBe(503)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
      expect(response.headers.get('retry-after')).toBe('5')
      expect(((await response.json()) as any).detail).toBe(
        'The payment facilitator could not be reached to verify the payment; nothing was charged. Retry later.',
      )
      expect(t.log.lines.some((line) => line.includes('x402.facilitator_unreachable'))).toBe(true)
      expect(response.headers.get('payment-response')).toBeNull()
    } finally {
      facilitator.down = false
    }
    const list = await payingFetch(payer)(new Request('http://localhost/sources'))
    expect(((await list.json()) as any).data).toEqual([])
  })

  it('keeps a finished write whose settlement failed, and settles it when the same payment is retried', async () => {
    const payer = await chain.newPayer(1_000_000n)
    sentSignatures.length = 0
    facilitator.settleDown = true
    let failed: Response
    try {
      failed = await payingFetch(payer)(post('/imports/file', { text: LAB_TEXT }))
    } finally {
      facilitator.settleDown = false
    }
    expect(failed.status).toBe(503)
    expect(failed.headers.get('payment-response')).toBeNull()
    expect(await chain.balanceOf(payer.address)).toBe(1_000_000n)

    const retry = await appFetch(
      post('/imports/file', { text: LAB_TEXT }, { 'payment-signature': sentSignatures.at(-1)! }),
    )
    expect(retry.status).toBe(201)
    expect(decodePaymentResponseHeader(retry.headers.get('payment-response')!).success).toBe(true)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await chain.balanceOf(payer.address)).toBe(1_000_000n - IMPORT_PRICE)
    const list = await payingFetch(payer)(new Request('http://localhost/sources'))
    expect(((await list.json()) as any).data).toHaveLength(1)
  })

  it('keeps wallets apart: one wallet never reads another wallet’s sources', async () => {
    const alice = await chain.newPayer(1_000_000n)
    const bob = await chain.newPayer(1_000_000n)
    const imported = (await (
      await payingFetch(alice)(post('/imports/file', { text: LAB_TEXT }))
    ).json()) as any
    const bobList = await payingFetch(bob)(new Request('http://localhost/sources'))
    expect(((await bobList.json()) as any).data).toEqual([])
    const bobGet = await payingFetch(bob)(new Request(`http://localhost/sources/${imported.source_id}`))
    expect(bobGet.status).toBe(404)
    // Naming Alice's workspace in the body is refused outright.
    const aliceList = await payingFetch(alice)(new Request('http://localhost/sources'))
    const aliceUser = ((await aliceList.json()) as any).data[0].user_id
    const scoped = await payingFetch(bob)(post('/imports/file', { text: LAB_TEXT, user_id: aliceUser }))
    expect(scoped.status).toBe(403)
  })

  it('never invokes x402 with an Authorization header', async () => {
    const user = await t.userWithKey()
    const verifies = facilitator.calls.verify
    const payer = await chain.newPayer(1_000_000n)
    const balance = await chain.balanceOf(payer.address)
    const response = await payingFetch(payer)(
      post('/imports/file', { text: LAB_TEXT }, { authorization: `Bearer ${user.key}` }),
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('payment-response')).toBeNull()
    expect(facilitator.calls.verify).toBe(verifies)
    expect(await chain.balanceOf(payer.address)).toBe(balance)
    // A bad token is a 401, not a 402: the payment path is not offered to a caller who sent one.
    const refused = await appFetch(post('/imports/file', {}, { authorization: 'Bearer nope' }))
    expect(refused.status).toBe(401)
    expect(refused.headers.get('payment-required')).toBeNull()
  })
})
