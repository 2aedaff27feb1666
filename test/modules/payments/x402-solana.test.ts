// x402 on Solana mainnet (`solana:5eykt4…`), as far as this machine allows: no validator runs here, so a
// stand-in JSON-RPC answers the mint, blockhash, simulation and broadcast calls. Everything else is real:
// the agent signs a USDC TransferChecked transaction with @x402/svm through @x402/fetch, a facilitator
// built from @x402/svm verifies its signature, recipient, mint and amount and co-signs it as fee payer,
// and the payer becomes a Solana wallet workspace separate from any EVM one.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http'
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch'
import { USDC_MAINNET_ADDRESS } from '@x402/svm'
import { ExactSvmScheme } from '@x402/svm/exact/client'
import { walletIdentity, walletScope } from '../../../modules/payments/wallets'
import { testApp } from '../../support/app'
import { type SolanaRpcStandIn, startSolanaRpcStandIn } from '../../support/solana-rpc-standin'
import { type LocalFacilitator, startSolanaFacilitator } from '../../support/x402-facilitator'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const

describe('x402 on Solana through a stand-in RPC', () => {
  let rpc: SolanaRpcStandIn
  let facilitator: LocalFacilitator & { feePayer: string }
  let t: Awaited<ReturnType<typeof testApp>>
  let payTo: string
  let payer: KeyPairSigner
  const sentSignatures: string[] = []

  const appFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input as string, init)
    const signature = request.headers.get('payment-signature')
    if (signature) sentSignatures.push(signature)
    request.headers.set('x-forwarded-for', '10.7.7.7')
    return t.app.handle(request)
  }) as typeof fetch
  const pay = () =>
    wrapFetchWithPaymentFromConfig(appFetch, {
      schemes: [{ network: SOLANA, client: new ExactSvmScheme(payer, { rpcUrl: rpc.url }) }],
    })

  beforeAll(async () => {
    rpc = startSolanaRpcStandIn({ [USDC_MAINNET_ADDRESS]: 6 })
    facilitator = await startSolanaFacilitator(rpc.url, SOLANA)
    payTo = (await generateKeyPairSigner()).address
    payer = await generateKeyPairSigner()
    t = await testApp({
      billingEnabled: true,
      x402: {
        networks: [SOLANA],
        facilitatorUrls: [facilitator.url],
        evmPayTo: null,
        solanaPayTo: payTo,
        facilitatorHeaders: {},
        routePrices: {},
        maxTimeoutSeconds: 60,
      },
    })
  })

  afterAll(async () => {
    await t?.close()
    facilitator?.stop()
    rpc?.stop()
  })

  it('asks for USDC on Solana with the facilitator as fee payer', async () => {
    const probe = await appFetch(new Request('http://localhost/sources'))
    expect(probe.status).toBe(402)
    const [accept] = decodePaymentRequiredHeader(probe.headers.get('payment-required')!).accepts
    expect(accept).toMatchObject({
      scheme: 'exact',
      network: SOLANA,
      asset: USDC_MAINNET_ADDRESS,
      amount: '1000',
      payTo,
    })
    expect(accept!.extra?.feePayer).toBe(facilitator.feePayer)
  })

  it('verifies a signed payment, runs the request, and stores into a Solana wallet workspace', async () => {
    const verifies = facilitator.calls.verify
    const response = await pay()(
      new Request('http://localhost/imports/file', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Collected: 2026-05-01\nLDL 2.9 mmol/L\n' }),
      }),
    )
    expect(response.status).toBe(201)
    expect(facilitator.calls.verify).toBe(verifies + 1)
    expect(rpc.calls.simulateTransaction).toBeGreaterThan(0)
    const settlement = decodePaymentResponseHeader(response.headers.get('payment-response')!)
    expect(settlement).toMatchObject({ success: true, network: SOLANA, payer: payer.address })
    // What was broadcast is the payer's transaction co-signed by the facilitator.
    expect(rpc.sent).toHaveLength(1)

    const list = await pay()(new Request('http://localhost/sources'))
    const rows = ((await list.json()) as any).data
    expect(rows).toHaveLength(1)
    const own = walletScope(walletIdentity(SOLANA, payer.address))
    expect(rows[0].user_id).toBe(own.user_id)
  })

  it('refuses a tampered transaction at verification: 402, nothing run or broadcast', async () => {
    sentSignatures.length = 0
    const probe = await pay()(new Request('http://localhost/sources'))
    expect(probe.status).toBe(200)
    const payload = decodePaymentSignatureHeader(sentSignatures.at(-1)!)
    const wire = Buffer.from((payload.payload as { transaction: string }).transaction, 'base64')
    wire[wire.length - 40]! ^= 0xff // inside the signed message: the payer's signature no longer holds
    const tampered = encodePaymentSignatureHeader({
      ...payload,
      payload: { transaction: wire.toString('base64') },
    })
    const broadcasts = rpc.sent.length
    const response = await appFetch(
      new Request('http://localhost/sources', { headers: { 'payment-signature': tampered } }),
    )
    expect(response.status).toBe(402)
    const detail = ((await response.json()) as any).detail as string
    expect(detail).toBe(
      'The payment was not accepted by the facilitator: invalid_exact_svm_payload_signature_invalid.',
    )
    expect(response.headers.get('payment-response')).toBeNull()
    expect(rpc.sent.length).toBe(broadcasts)
  })
})
