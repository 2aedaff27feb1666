// Pay-per-request (x402) settings, read from the X402_* variables at start. x402 is off unless
// BILLING_ENABLED=true and X402_ENABLED=true; once asked for, every required value must be present and
// well formed or the start stops with one line naming it (SPEC "Self-hosted configuration"). Whether the
// facilitators really support the networks is checked next, in payments/facilitators.ts.

import { ConfigError } from '../shared/config'

/** The networks this service takes payment on (CAIP-2), with what they are called in messages. */
export const X402_NETWORKS: Record<string, string> = {
  'eip155:8453': 'Base',
  'eip155:137': 'Polygon',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
}

/** A token a network is paid in, when it is not the network's USDC the x402 packages know (tests only). */
export interface X402Asset {
  address: string
  decimals: number
  /** EIP-712 domain of an EIP-3009 token. */
  name: string
  version: string
}

export interface X402Settings {
  networks: readonly string[]
  facilitatorUrls: readonly string[]
  evmPayTo: string | null
  solanaPayTo: string | null
  /** Headers per facilitator URL (a flat object in the variable applies to every facilitator). */
  facilitatorHeaders: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** Price overrides in dollars, keyed by operation id, `METHOD /route` or `/route`. */
  routePrices: Readonly<Record<string, string>>
  /** Seconds a signed payment stays valid for the facilitator. */
  maxTimeoutSeconds: number
  /**
   * Not an environment variable: tests that pay on a local chain name its token here. On the real
   * networks the USDC the x402 packages know is used.
   */
  assets?: Readonly<Record<string, X402Asset>>
}

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A dollar amount: digits, at most six decimals (USDC's precision), optional leading `$`. */
export const DOLLARS = /^\$?(\d{1,6})(\.\d{1,6})?$/

export const namespaceOf = (network: string) => network.split(':')[0]!

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function jsonObject(name: string, value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw new ConfigError(`${name} must be a JSON object.`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError(`${name} must be a JSON object.`)
  return parsed as Record<string, unknown>
}

const isHeaderMap = (value: unknown): value is Record<string, string> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string')

function facilitatorHeaders(raw: string | undefined, urls: readonly string[]) {
  const parsed = jsonObject('X402_FACILITATOR_AUTH_HEADERS', raw)
  const keys = Object.keys(parsed)
  if (keys.length === 0) return {}
  // Keyed by facilitator URL when every key is one of them; otherwise one header set for all.
  if (keys.every((key) => urls.includes(key.replace(/\/+$/, '')))) {
    const out: Record<string, Record<string, string>> = {}
    for (const [url, headers] of Object.entries(parsed)) {
      if (!isHeaderMap(headers))
        throw new ConfigError(
          `X402_FACILITATOR_AUTH_HEADERS: the headers for ${url} must be an object of strings.`,
        )
      out[url.replace(/\/+$/, '')] = headers
    }
    return out
  }
  if (!isHeaderMap(parsed))
    throw new ConfigError(
      'X402_FACILITATOR_AUTH_HEADERS must be an object of header strings, or such objects keyed by facilitator URL.',
    )
  return Object.fromEntries(urls.map((url) => [url, parsed]))
}

function routePrices(raw: string | undefined): Record<string, string> {
  const parsed = jsonObject('X402_ROUTE_PRICES', raw)
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' || !DOLLARS.test(value.trim()))
      throw new ConfigError(
        `X402_ROUTE_PRICES: the price of "${key}" must be a dollar amount string such as "0.01".`,
      )
    out[key.trim()] = value.trim().replace(/^\$/, '')
  }
  return out
}

/**
 * Read the x402 settings; null when x402 is off. `read` returns a variable's trimmed value or undefined.
 * Asking for x402 without billing, or with a value missing, is an error rather than a silent "off": an
 * operator who set X402_ENABLED expects to be paid.
 */
export function x402Settings(
  billingEnabled: boolean,
  read: (name: string) => string | undefined,
): X402Settings | null {
  const enabled = ['true', '1'].includes(read('X402_ENABLED') ?? 'false')
  if (!enabled) return null
  if (!billingEnabled)
    throw new ConfigError(
      'X402_ENABLED=true needs BILLING_ENABLED=true (pay-per-request is part of billing).',
    )
  const missing: string[] = []
  const networks = listOf(read('X402_NETWORKS'))
  const facilitatorUrls = listOf(read('X402_FACILITATOR_URLS')).map((url) => url.replace(/\/+$/, ''))
  if (networks.length === 0) missing.push('X402_NETWORKS')
  if (facilitatorUrls.length === 0) missing.push('X402_FACILITATOR_URLS')
  for (const network of networks)
    if (!X402_NETWORKS[network])
      throw new ConfigError(
        `X402_NETWORKS: "${network}" is not a supported network; use ${Object.keys(X402_NETWORKS).join(', ')}.`,
      )
  const evmPayTo = read('X402_EVM_PAY_TO') ?? null
  const solanaPayTo = read('X402_SOLANA_PAY_TO') ?? null
  const namespaces = new Set(networks.map(namespaceOf))
  if (namespaces.has('eip155') && !evmPayTo) missing.push('X402_EVM_PAY_TO')
  if (namespaces.has('solana') && !solanaPayTo) missing.push('X402_SOLANA_PAY_TO')
  if (missing.length > 0)
    throw new ConfigError(
      `X402_ENABLED=true but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
    )
  if (evmPayTo && !EVM_ADDRESS.test(evmPayTo))
    throw new ConfigError('X402_EVM_PAY_TO must be a public EVM address: 0x followed by 40 hex digits.')
  if (solanaPayTo && !SOLANA_ADDRESS.test(solanaPayTo))
    throw new ConfigError('X402_SOLANA_PAY_TO must be a public Solana address (base58, 32 to 44 characters).')
  for (const url of facilitatorUrls) {
    const parsed = URL.canParse(url) ? new URL(url) : null
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
      throw new ConfigError(`X402_FACILITATOR_URLS: "${url}" is not an http(s) URL.`)
  }
  return {
    networks,
    facilitatorUrls,
    evmPayTo,
    solanaPayTo,
    facilitatorHeaders: facilitatorHeaders(read('X402_FACILITATOR_AUTH_HEADERS'), facilitatorUrls),
    routePrices: routePrices(read('X402_ROUTE_PRICES')),
    maxTimeoutSeconds: 300,
  }
}
