// Which address a request comes from, for per-address rate limits. Behind proxies, X-Forwarded-For is a
// list each hop appends to, so only its right-hand end is written by proxies we run; everything left of
// them is whatever the client chose to send. The client address is therefore the right-most hop that is
// not a trusted proxy, counted by hops or matched by address ranges (TRUST_PROXY).
// The walk along the header is Express's `proxy-addr` (maintained, handles IPv6 and IPv4-mapped forms
// and validates the ranges) rather than hand-written parsing.

import proxyAddr from 'proxy-addr'

/** Who may append to X-Forwarded-For: a number of proxies in front of us, or their address ranges. */
export type TrustedProxies = { hops: number } | { ranges: string[] }

export class TrustProxyError extends Error {}

/**
 * Read a TRUST_PROXY value: `false`/`0` (no proxy; the socket peer is the client), a hop count (`1` for
 * one reverse proxy), or a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8, ::1`).
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | null {
  const raw = value?.trim().toLowerCase() ?? ''
  if (raw === '' || raw === 'false' || raw === '0') return null
  if (raw === 'true')
    throw new TrustProxyError(
      'true would trust the left-most X-Forwarded-For hop, which the client writes; give the number of proxies in front of the service (e.g. 1) or their addresses (CIDR list).',
    )
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops > 10) throw new TrustProxyError(`${hops} proxies is more than any real chain; give at most 10.`)
    return { hops }
  }
  const ranges = raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
  try {
    proxyAddr.compile(ranges)
  } catch (error) {
    throw new TrustProxyError(
      `not a hop count or a list of addresses/CIDR ranges: ${(error as Error).message}`,
    )
  }
  return { ranges }
}

const compiled = new WeakMap<TrustedProxies, (address: string, hop: number) => boolean>()

function trustFunction(trusted: TrustedProxies) {
  let trust = compiled.get(trusted)
  if (!trust) {
    trust = 'hops' in trusted ? (_address, hop) => hop < trusted.hops : proxyAddr.compile(trusted.ranges)
    compiled.set(trusted, trust)
  }
  return trust
}

/**
 * The client address: the socket peer when no proxy is trusted; otherwise the right-most address of
 * X-Forwarded-For (the socket peer being the last hop) that is not a trusted proxy.
 */
export function clientAddress(
  headers: Headers,
  socketIp: string | null,
  trusted: TrustedProxies | null,
): string | null {
  if (!trusted) return socketIp
  const request = {
    headers: { 'x-forwarded-for': headers.get('x-forwarded-for') ?? undefined },
    socket: { remoteAddress: socketIp ?? undefined },
  }
  // proxy-addr reads only these two fields of a Node request.
  return proxyAddr(request as never, trustFunction(trusted)) || null
}
