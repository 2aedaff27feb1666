// Where a webhook may be sent: an http(s) URL whose host is a public address. Loopback, private,
// carrier-grade NAT, link-local (cloud metadata at 169.254.169.254 included), unique-local, multicast
// and reserved addresses are refused, for IP literals and for every address a name resolves to, so a
// workspace cannot use the service to reach into its own network. The check runs at registration and
// again right before each delivery attempt (a name can be re-pointed after registration).
// WEBHOOKS_ALLOW_PRIVATE_TARGETS lifts it for development and tests; it cannot be set in production.

import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import type { Config } from '../shared/config'

export class TargetRefused extends Error {
  /** False when trying again later may succeed (a name that does not resolve right now). */
  constructor(
    message: string,
    readonly permanent = true,
  ) {
    super(message)
  }
}

/** A resolver that has not answered by then is taken as "does not resolve" (a request waits on it). */
const LOOKUP_TIMEOUT_MS = 5000

/** Only these ipaddr.js ranges are reachable from the public internet. */
const PUBLIC_RANGES = new Set(['unicast'])

/** Whether `address` (IPv4 or IPv6, IPv4-mapped included) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return PUBLIC_RANGES.has(parsed.range())
}

/** The URL as registered: http(s), no credentials; throws TargetRefused with a reason otherwise. */
export function parseTargetUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TargetRefused('The url is not a valid absolute URL.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TargetRefused('The url must be an http or https URL.')
  if (url.username || url.password) throw new TargetRefused('The url must not carry a user name or password.')
  return url
}

/**
 * Refuse a target that is not public (unless the configuration allows private targets). A name is
 * resolved and every address it gives is checked; a name that does not resolve is refused too.
 */
export async function assertPublicTarget(raw: string, config: Readonly<Config>): Promise<URL> {
  const url = parseTargetUrl(raw)
  if (config.webhooks.allowPrivateTargets) return url
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw new TargetRefused(`${host} is not a public address.`)
    return url
  }
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw new TargetRefused(`${host} is this machine, not a public address.`)
  let addresses: { address: string }[]
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const slow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS)
    })
    addresses = await Promise.race([lookup(host, { all: true, verbatim: true }), slow])
  } catch {
    throw new TargetRefused(`The host name ${host} does not resolve.`, false)
  } finally {
    clearTimeout(timer)
  }
  const inside = addresses.find((a) => !isPublicAddress(a.address))
  if (addresses.length === 0 || inside)
    throw new TargetRefused(
      `${host} resolves to ${inside?.address ?? 'nothing'}, which is not a public address.`,
    )
  return url
}
