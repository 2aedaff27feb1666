// A local x402 facilitator on 127.0.0.1 for the payment tests, built from the x402 packages themselves
// (`x402Facilitator` from @x402/core with the `exact` EVM scheme from @x402/evm): it verifies signatures
// and simulates transfers against the local chain, and settles by sending the real
// transferWithAuthorization transaction (`startSolanaFacilitator`: the `exact` SVM scheme, against a
// Solana RPC). It speaks the facilitator HTTP API the service calls
// (`GET /supported`, `POST /verify`, `POST /settle`) and can be made to fail like an outage.

import { generateKeyPairSigner } from '@solana/kit'
import { x402Facilitator } from '@x402/core/facilitator'
import { toFacilitatorEvmSigner } from '@x402/evm'
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator'
import { toFacilitatorSvmSigner } from '@x402/svm'
import { registerExactSvmScheme } from '@x402/svm/exact/facilitator'
import type { LocalChain } from './x402-chain'

export interface LocalFacilitator {
  url: string
  /** Calls received, by path. */
  calls: { supported: number; verify: number; settle: number }
  /** While true every call answers 503 (a facilitator outage). */
  down: boolean
  /** While true only /settle answers 503 (an outage between verification and settlement). */
  settleDown: boolean
  /** Extra `/supported` kinds to advertise (to cover networks without a scheme behind them). */
  extraKinds: { x402Version: number; scheme: string; network: string; extra?: Record<string, unknown> }[]
  /** Headers of the last request (to check the configured auth headers arrive). */
  lastHeaders: Headers | null
  stop(): void
}

export function startLocalFacilitator(chain: LocalChain): LocalFacilitator {
  // The signer reads `address` from the client; a viem wallet client keeps it on `account`.
  const wallet = Object.assign(chain.wallet, { address: chain.wallet.account.address })
  const facilitator = new x402Facilitator()
  registerExactEvmScheme(facilitator, {
    signer: toFacilitatorEvmSigner(wallet as any),
    networks: chain.network,
  })
  return serveFacilitator(facilitator)
}

/**
 * A Solana facilitator with a fresh fee-payer key, talking to the given RPC (the stand-in in tests).
 * Its `/supported` names the fee payer, which the service puts into its requirements.
 */
export async function startSolanaFacilitator(rpcUrl: string, network: `${string}:${string}`) {
  const feePayer = await generateKeyPairSigner()
  const facilitator = new x402Facilitator()
  registerExactSvmScheme(facilitator, {
    signer: toFacilitatorSvmSigner(feePayer, { defaultRpcUrl: rpcUrl }),
    networks: network,
  })
  return Object.assign(serveFacilitator(facilitator), { feePayer: feePayer.address as string })
}

function serveFacilitator(facilitator: x402Facilitator): LocalFacilitator {
  const state: Omit<LocalFacilitator, 'url' | 'stop'> = {
    calls: { supported: 0, verify: 0, settle: 0 },
    down: false,
    settleDown: false,
    extraKinds: [],
    lastHeaders: null,
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      state.lastHeaders = request.headers
      if (state.down) return new Response('facilitator down', { status: 503 })
      try {
        if (request.method === 'GET' && path === '/supported') {
          state.calls.supported++
          const supported = facilitator.getSupported() as any
          return Response.json({ ...supported, kinds: [...supported.kinds, ...state.extraKinds] })
        }
        if (request.method === 'POST' && (path === '/verify' || path === '/settle')) {
          const { paymentPayload, paymentRequirements } = (await request.json()) as any
          if (path === '/verify') {
            state.calls.verify++
            return Response.json(await facilitator.verify(paymentPayload, paymentRequirements))
          }
          state.calls.settle++
          if (state.settleDown) return new Response('facilitator down', { status: 503 })
          return Response.json(await facilitator.settle(paymentPayload, paymentRequirements))
        }
      } catch (error) {
        return Response.json({ error: (error as Error).message }, { status: 500 })
      }
      return new Response('not found', { status: 404 })
    },
  })
  return Object.assign(state, {
    url: `http://127.0.0.1:${server.port}`,
    stop: () => server.stop(true),
  }) as LocalFacilitator
}
