// A real local EVM chain for the x402 tests: Hardhat 3's in-process EDR network (a native addon from
// npm, no external binary), with a USDC-like EIP-3009 token deployed on it. The token's compiled
// artifact lives in test/fixtures/x402 (source beside it), so tests never compile Solidity.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  type PrivateKeyAccount,
  publicActions,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'

const artifact = JSON.parse(
  readFileSync(join(import.meta.dir, '..', 'fixtures', 'x402', 'test-usdc.json'), 'utf8'),
) as { abi: readonly unknown[]; bytecode: Hex }
export const tokenAbi = artifact.abi as any

/** Hardhat's first default account (funded with test ether on every Hardhat network; public knowledge). */
const FUNDED_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export interface LocalChain {
  /** CAIP-2 id, `eip155:<chain id>`. */
  network: `eip155:${number}`
  token: Address
  /** The facilitator's wallet client (pays gas to settle). */
  wallet: ReturnType<typeof walletFor>
  balanceOf(address: Address): Promise<bigint>
  /** Give `to` this many token units. */
  mint(to: Address, amount: bigint): Promise<void>
  /** A fresh payer holding `amount` token units and no ether (EIP-3009 is gasless for the payer). */
  newPayer(amount: bigint): Promise<PrivateKeyAccount>
  close(): Promise<void>
}

function walletFor(provider: unknown, chainId: number) {
  return createWalletClient({
    account: privateKeyToAccount(FUNDED_KEY),
    chain: defineChain({ ...hardhat, id: chainId }),
    transport: custom(provider as any),
  }).extend(publicActions)
}

/**
 * Start a chain with this chain id (31337, Hardhat's own, unless a test plays Base 8453 or Polygon 137)
 * and deploy the token (at `tokenAt` when given: the network's real USDC address); `unavailable` with
 * the reason when Hardhat cannot start here.
 */
export async function startLocalChain(
  chainId = 31337,
  options: { tokenAt?: Address } = {},
): Promise<LocalChain | { unavailable: string }> {
  let connection: { provider: unknown; close(): Promise<void> }
  try {
    const { createHardhatRuntimeEnvironment } = await import('hardhat/hre')
    const hre = await createHardhatRuntimeEnvironment({
      networks: { local: { type: 'edr-simulated', chainId } },
    } as never)
    connection = (await hre.network.connect({ network: 'local' } as never)) as never
  } catch (error) {
    return { unavailable: `the Hardhat in-process chain did not start: ${(error as Error).message}` }
  }
  const wallet = walletFor(connection.provider, chainId)
  const deployed = await wallet.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi: tokenAbi, bytecode: artifact.bytecode }),
  })
  let token = deployed.contractAddress!
  if (options.tokenAt) {
    // Play a real network's USDC: the same code at its canonical address (the token keeps no state
    // outside balances and used authorizations, which start empty there).
    const code = await wallet.getCode({ address: token })
    await (connection.provider as any).request({ method: 'hardhat_setCode', params: [options.tokenAt, code] })
    token = options.tokenAt
  }
  const balanceOf = async (address: Address) =>
    (await wallet.readContract({
      address: token,
      abi: tokenAbi,
      functionName: 'balanceOf',
      args: [address],
    })) as bigint
  const mint = async (to: Address, amount: bigint) => {
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'mint',
        args: [to, amount],
      }),
    })
  }
  return {
    network: `eip155:${chainId}` as const,
    token,
    wallet,
    balanceOf,
    mint,
    async newPayer(amount) {
      const payer = privateKeyToAccount(generatePrivateKey())
      await mint(payer.address, amount)
      return payer
    },
    close: () => connection.close(),
  }
}
