// A stand-in Solana JSON-RPC on 127.0.0.1 for the x402 Solana tests. No Solana validator runs on this
// machine, so this answers the few calls the x402 `exact` SVM scheme makes, in the real wire format:
// the USDC mint account (for decimals and token program), a recent blockhash, transaction simulation
// (always succeeds: the stand-in keeps no ledger), and sending and confirming a transaction (recorded so a
// test can check what the facilitator broadcast). Signature, instruction, mint, recipient and amount
// checks are the facilitator's own and run for real.

import { getBase58Decoder } from '@solana/kit'

export interface SolanaRpcStandIn {
  url: string
  /** Calls received, by method. */
  calls: Record<string, number>
  /** Base64 wire transactions received by sendTransaction. */
  sent: string[]
  stop(): void
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

/** An SPL token mint account (82 bytes): no authorities, the given decimals, initialized. */
function mintAccountData(decimals: number): string {
  const data = new Uint8Array(82)
  data[44] = decimals
  data[45] = 1
  return Buffer.from(data).toString('base64')
}

export function startSolanaRpcStandIn(mints: Record<string, number>): SolanaRpcStandIn {
  const base58 = getBase58Decoder()
  const blockhash = base58.decode(crypto.getRandomValues(new Uint8Array(32)))
  const state = { calls: {} as Record<string, number>, sent: [] as string[] }
  const context = { slot: 1000 }
  const answer = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'getAccountInfo': {
        const decimals = mints[params[0] as string]
        if (decimals === undefined) return { context, value: null }
        return {
          context,
          value: {
            data: [mintAccountData(decimals), 'base64'],
            executable: false,
            lamports: 1461600,
            owner: TOKEN_PROGRAM,
            rentEpoch: 0,
            space: 82,
          },
        }
      }
      case 'getLatestBlockhash':
        return { context, value: { blockhash, lastValidBlockHeight: 2000 } }
      case 'simulateTransaction':
        return {
          context,
          value: { err: null, logs: [], accounts: null, unitsConsumed: 6000, returnData: null },
        }
      case 'sendTransaction': {
        const wire = Buffer.from(params[0] as string, 'base64')
        state.sent.push(params[0] as string)
        // The first signature of the wire transaction (after its compact-u16 count) is its id.
        return base58.decode(wire.subarray(1, 65))
      }
      case 'getSignatureStatuses':
        return {
          context,
          value: (params[0] as string[]).map(() => ({
            slot: 1001,
            confirmations: null,
            err: null,
            confirmationStatus: 'confirmed',
            status: { Ok: null },
          })),
        }
      case 'getSlot':
      case 'getBlockHeight':
        return 1000
      default:
        return undefined
    }
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const body = (await request.json()) as { id: unknown; method: string; params?: unknown[] }
      state.calls[body.method] = (state.calls[body.method] ?? 0) + 1
      const result = answer(body.method, body.params ?? [])
      if (result === undefined)
        return Response.json({
          jsonrpc: '2.0',
          id: body.id,
          error: { code: -32601, message: 'Method not found' },
        })
      return Response.json({ jsonrpc: '2.0', id: body.id, result })
    },
  })
  return Object.assign(state, { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) })
}
