// "Did this request come from this machine?": the socket's peer address (never X-Forwarded-For, which any
// caller can write) and the Host it named. The development outbox and the loopback allowance of the
// Host check rest on this one place.

import { requestSlot } from './request-slot'

const peers = requestSlot<string | null>('socket peer')

/** Marker for a request handed to `app.handle` in-process: it never crossed a network. */
const IN_PROCESS = 'in-process'

interface PeerSource {
  requestIP(request: Request): { address: string } | null
}

const socketAddresses = requestSlot<string | null>('socket address')

/** The socket peer's address, asked of the server once per request (each ask is a system call). */
export function socketAddressOf(request: Request, server: PeerSource): string | null {
  let address = socketAddresses.get(request)
  if (address === undefined) {
    address = server.requestIP(request)?.address ?? null
    socketAddresses.set(request, address)
  }
  return address
}

/**
 * Record the socket peer once per request (called from the first onRequest hook that sees it). Without a
 * server the request was handed to `app.handle` in-process; that counts as this machine only when
 * `inProcessIsLocal` (the test harness asks for it), so an app mounted some other way fails closed.
 */
export function recordSocketPeer(
  request: Request,
  server: PeerSource | null | undefined,
  inProcessIsLocal: boolean,
): void {
  if (peers.has(request)) return
  if (server) peers.set(request, socketAddressOf(request, server))
  else peers.set(request, inProcessIsLocal ? IN_PROCESS : null)
}

export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false
  const ip = address.toLowerCase().replace(/^::ffff:/, '')
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip)
}

/** Loopback names: `localhost` (and `*.localhost`, RFC 6761), 127.0.0.0/8 and ::1. */
export function isLoopbackHostName(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name)
}

/** The host name a request was sent to (Host header, else the URL's), without port or brackets. */
export function requestHostName(request: Request): string {
  const host = request.headers.get('host') ?? new URL(request.url).host
  return hostNameOf(host)
}

export function hostNameOf(host: string): string {
  const trimmed = host.trim().toLowerCase()
  if (trimmed.startsWith('['))
    return trimmed.slice(1, trimmed.indexOf(']') > 0 ? trimmed.indexOf(']') : undefined)
  return trimmed.replace(/:\d*$/, '')
}

/** The peer is this machine: a loopback socket address, or an in-process call with no socket at all. */
export function isLoopbackPeer(request: Request): boolean {
  const peer = peers.get(request)
  return peer === IN_PROCESS || isLoopbackAddress(peer)
}

/** From this machine and addressed to it by a loopback name: what the development outbox requires. */
export function isLocalRequest(request: Request): boolean {
  return isLoopbackPeer(request) && isLoopbackHostName(requestHostName(request))
}
