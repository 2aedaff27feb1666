// Live prices of the payable operations: the price declared in each operation's x402 slot, unless
// X402_ROUTE_PRICES overrides it by operation id, `METHOD /route` or `/route`. `/pricing`, the x402
// catalogue and the 402 requirements all read this one function.

import { ConfigError } from '../shared/config'
import type { AnyOperation } from '../shared/operation'

type Overrides = Readonly<Record<string, string>>

const keysOf = (op: AnyOperation) => [op.id, `${op.method} ${op.path}`, op.path]

/** The dollar price of a payable operation under the configured overrides. */
export function livePrice(op: AnyOperation, overrides: Overrides | undefined): string {
  for (const key of keysOf(op)) {
    const override = overrides?.[key]
    if (override !== undefined) return override.replace(/^\$/, '')
  }
  return op.x402!.price
}

/** Every override must name a payable operation; a typo would otherwise leave the old price live. */
export function assertPriceOverrides(operations: readonly AnyOperation[], overrides: Overrides): void {
  const payable = operations.filter((op) => op.x402)
  for (const key of Object.keys(overrides)) {
    if (!payable.some((op) => keysOf(op).includes(key)))
      throw new ConfigError(
        `X402_ROUTE_PRICES: "${key}" is not a payable operation id or route (see GET /.well-known/x402.json).`,
      )
  }
}

/** A dollar amount in a token's smallest units: "0.01" with 6 decimals is "10000". */
export function toAtomicUnits(dollars: string, decimals: number): string {
  const [whole, fraction = ''] = dollars.replace(/^\$/, '').split('.')
  const padded = (fraction + '0'.repeat(decimals)).slice(0, decimals)
  return (BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(padded || '0')).toString()
}
