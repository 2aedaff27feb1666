// Which hosts a request may be addressed to and which browser origins may call: one allow-list, read by
// the Host/Origin guard (403 for the rest) and by CORS (headers only for allowed origins). It exists
// against DNS rebinding: a page on another site can make a browser reach this port, but it cannot make
// the browser send a loopback or configured Host, nor hide its own Origin.

import type { Config } from './config'
import { hostNameOf, isLoopbackHostName } from './loopback'

export interface OriginPolicy {
  /** May a request name this host? `fromLoopback`: the socket peer is this machine. */
  hostAllowed(hostName: string, fromLoopback: boolean): boolean
  /** May a browser page of this origin call? `requestHost`: the (already allowed) Host of the request. */
  originAllowed(origin: string, requestHost: string): boolean
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', ''])

function matchesHost(pattern: string, hostName: string): boolean {
  if (pattern.startsWith('*.'))
    return hostName.endsWith(pattern.slice(1)) && hostName.length > pattern.length - 1
  return hostNameOf(pattern) === hostName
}

export function originPolicy(config: Readonly<Config>): OriginPolicy {
  const publicUrl = new URL(config.publicBaseUrl)
  const hosts = [publicUrl.hostname, ...config.allowedHosts]
  if (!WILDCARD_HOSTS.has(config.host)) hosts.push(config.host)
  const hostPatterns = hosts.map((h) => h.toLowerCase())
  const origins = new Set([publicUrl.origin, ...config.allowedOrigins])
  // Outside production loopback names are always fine; in production only for a caller on this machine
  // (a container health check, an admin's curl), since the public name is the one to use there.
  const loopbackAnywhere = config.nodeEnv !== 'production'

  return {
    hostAllowed(hostName, fromLoopback) {
      if (isLoopbackHostName(hostName)) return loopbackAnywhere || fromLoopback
      return hostPatterns.some((pattern) => matchesHost(pattern, hostName))
    },
    originAllowed(origin, requestHost) {
      if (origins.has(origin)) return true
      if (!URL.canParse(origin)) return false
      const parsed = new URL(origin)
      if (!['http:', 'https:'].includes(parsed.protocol)) return false
      // Same origin as the request itself (its Host has passed the check already).
      if (parsed.host === requestHost.toLowerCase()) return true
      return loopbackAnywhere && isLoopbackHostName(parsed.hostname)
    },
  }
}
