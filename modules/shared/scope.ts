// The scope plugin: resolves the caller once per request into a principal (or an anonymous caller, or a
// refusal with its reason). The registry's gate and every route read the same memoised resolution.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import type { Principal } from './principal'
import { resourceOfPath } from './protected-resource'
import { requestSlot } from './request-slot'

export type CallerResolution =
  | { state: 'anonymous' }
  | { state: 'authenticated'; principal: Principal }
  | { state: 'refused'; reason: string; detail: string }

const resolutions = requestSlot<Promise<CallerResolution>>('caller')

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)[ ]*$/i

async function resolve(request: Request, app: AppContext): Promise<CallerResolution> {
  const header = request.headers.get('authorization')
  if (header === null) return { state: 'anonymous' }
  const match = BEARER.exec(header)
  if (!match)
    return {
      state: 'refused',
      reason: 'malformed',
      detail: 'The Authorization header must be "Bearer <token>".',
    }
  const result = await app.authenticate(match[1])
  if (!result.ok) return { state: 'refused', reason: result.reason, detail: result.detail }
  // RFC 8707: a token our authorization server minted for /mcp is refused on every other route.
  if (result.principal.kind === 'oauth' && resourceOfPath(new URL(request.url).pathname) !== 'mcp')
    return {
      state: 'refused',
      reason: 'invalid',
      detail: `This OAuth access token is for the MCP endpoint only (its audience is ${app.config.publicBaseUrl}/mcp); the HTTP API takes an API key.`,
    }
  return { state: 'authenticated', principal: result.principal }
}

/** Resolve the caller of this request; the first call does the work, later calls share it. */
export function resolveCaller(request: Request, app: AppContext): Promise<CallerResolution> {
  let pending = resolutions.get(request)
  if (!pending) {
    pending = resolve(request, app)
    resolutions.set(request, pending)
  }
  return pending
}

/** Elysia plugin exposing `principal` (or null) to the routes of the modules that use it. */
export function scopePlugin(app: AppContext) {
  return new Elysia({ name: 'shared.scope', seed: app.instanceId }).derive(
    { as: 'scoped' },
    async ({ request }) => {
      const caller = await resolveCaller(request, app)
      return { principal: caller.state === 'authenticated' ? caller.principal : null }
    },
  )
}
