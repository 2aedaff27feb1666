// oidc-provider is a Koa application: it wants Node's (req, res). Under Bun and Elysia we give it a
// node:http server of its own on a loopback port of this process, started on first use, and forward
// each OAuth request to it with fetch, saying the public scheme and host in X-Forwarded-* (the provider
// trusts them: `proxy = true`; the port listens on loopback only and refuses any request without this
// process's bridge secret, so nothing but the bridge gets an answer from it).
// The answer comes back as it is (status, redirects, cookies), in OAuth's own error format.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Provider from 'oidc-provider'
import type { AppContext } from '../shared/context'
import { readCapped } from '../shared/http-body'
import { ProblemError } from '../shared/problem'
import { pruneExpired } from './adapter'
import { createProvider } from './provider'

const PRUNE_EVERY_MS = 3600_000

/** OAuth requests are small forms and JSON documents (a client registration is the largest). */
const OAUTH_BODY_LIMIT = 64 * 1024

interface Bridge {
  provider: Provider
  server: Server
  origin: string
  secret: string
}

const BRIDGE_HEADER = 'x-wds-bridge'

/** What the authorization server needs of the app (the authenticator has the context before it is whole). */
export type OAuthHost = Pick<AppContext, 'config' | 'db' | 'log'>

const bridges = new WeakMap<OAuthHost, Promise<Bridge>>()

async function start(app: OAuthHost): Promise<Bridge> {
  const provider = await createProvider(app)
  provider.on('server_error', (_ctx, error) =>
    app.log.error('oauth.server_error', { error: (error as Error).name, message: (error as Error).message }),
  )
  // Only this bridge may use the port: other processes on the machine could reach it, so each forwarded
  // request carries a per-process secret and anything without it is refused.
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
  const handle = provider.callback()
  const server = createServer((req, res) => {
    if (req.headers[BRIDGE_HEADER] !== secret) {
      res.statusCode = 403
      res.end()
      return
    }
    delete req.headers[BRIDGE_HEADER]
    return handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  // Expired records (codes, tokens, interactions, sessions) are dropped now and every hour after.
  const prune = () =>
    pruneExpired(app.db).catch((error) =>
      app.log.warn('oauth.prune_failed', { error: (error as Error).name }),
    )
  await prune()
  const pruning = setInterval(prune, PRUNE_EVERY_MS)
  pruning.unref()
  server.on('close', () => clearInterval(pruning))
  const { port } = server.address() as AddressInfo
  return { provider, server, origin: `http://127.0.0.1:${port}`, secret }
}

/** The app's authorization server (created and started on first use). */
function bridgeOf(app: OAuthHost): Promise<Bridge> {
  let bridge = bridges.get(app)
  if (!bridge) {
    bridge = start(app)
    bridges.set(app, bridge)
  }
  return bridge
}

export const providerOf = async (app: OAuthHost): Promise<Provider> => (await bridgeOf(app)).provider

/** Where the provider listens (tests check that it answers nothing but the bridge). */
export const loopbackOriginOf = async (app: OAuthHost): Promise<string> => (await bridgeOf(app)).origin

/** Stop the loopback server, if this app started one. */
export async function closeAuthorizationServer(app: OAuthHost): Promise<void> {
  const bridge = bridges.get(app)
  if (!bridge) return
  bridges.delete(app)
  const { server } = await bridge
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** Hand one request to the provider, at `path` (default: the request's own path and query). */
export async function forwardToProvider(app: OAuthHost, request: Request, path?: string): Promise<Response> {
  const { origin, secret } = await bridgeOf(app)
  const url = new URL(request.url)
  const publicUrl = new URL(app.config.publicBaseUrl)
  const headers = new Headers()
  for (const name of ['accept', 'content-type', 'authorization', 'cookie', 'origin', 'dpop']) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  headers.set('x-forwarded-proto', publicUrl.protocol.slice(0, -1))
  headers.set('x-forwarded-host', publicUrl.host)
  headers.set(BRIDGE_HEADER, secret)
  let body: string | undefined
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const text = await readCapped(request, OAUTH_BODY_LIMIT)
    if (text === null) throw new ProblemError('payloadTooLarge', 'OAuth requests are at most 64 KB.')
    body = text
  }
  const answer = await fetch(`${origin}${path ?? `${url.pathname}${url.search}`}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  })
  const out = new Headers()
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'connection' && name !== 'keep-alive')
      out.set(name, value)
  })
  for (const cookie of answer.headers.getSetCookie()) out.append('set-cookie', cookie)
  return new Response(request.method === 'HEAD' ? null : await answer.arrayBuffer(), {
    status: answer.status,
    headers: out,
  })
}
