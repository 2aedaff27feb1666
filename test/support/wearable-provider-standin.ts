// Local stand-ins for the WHOOP and Oura OAuth servers on 127.0.0.1, speaking their documented wire
// format: an authorization endpoint that redirects back with `code` and `state`, a form-encoded token
// endpoint (client_secret_post; OAuth error JSON such as `invalid_grant`), PKCE S256 checking where
// the real provider takes it, and the profile endpoint each provider names its user id in.

import { expect } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import type { TestApp } from './app'

export interface StandinOptions {
  provider: 'whoop' | 'oura'
  clientId: string
  clientSecret: string
  redirectUris: string[]
  providerUserId: string | number
  /** Records served by the data endpoints, keyed by collection (`cycle`, `daily_sleep` ...). */
  data?: Record<string, Record<string, unknown>[]>
  /** Records per page (WHOOP also honours the caller's `limit`, at most 25). */
  pageSize?: number
}

/** The data collections each provider serves, by path below the API base. */
const COLLECTIONS = {
  whoop: {
    '/v2/cycle': 'cycle',
    '/v2/recovery': 'recovery',
    '/v2/activity/sleep': 'sleep',
    '/v2/activity/workout': 'workout',
    '/v2/user/measurement/body': 'body_measurement',
  },
  oura: {
    '/v2/usercollection/daily_sleep': 'daily_sleep',
    '/v2/usercollection/daily_activity': 'daily_activity',
    '/v2/usercollection/daily_readiness': 'daily_readiness',
    '/v2/usercollection/sleep': 'sleep',
    '/v2/usercollection/workout': 'workout',
    '/v2/usercollection/heartrate': 'heartrate',
  },
} as const

/** When a record falls in a range: WHOOP filters on `start` (recovery on `created_at`), Oura on `day`. */
function inRange(provider: 'whoop' | 'oura', record: Record<string, unknown>, q: URLSearchParams): boolean {
  if (provider === 'oura' && typeof record.bpm === 'number') {
    // Heart rate samples are filtered by date-time (start_datetime, end_datetime).
    const at = Date.parse(String(record.timestamp))
    const from = q.get('start_datetime') ? Date.parse(q.get('start_datetime') as string) : -Infinity
    const to = q.get('end_datetime') ? Date.parse(q.get('end_datetime') as string) : Infinity
    return at >= from && at <= to
  }
  if (provider === 'oura') {
    const day = String(record.day)
    return day >= (q.get('start_date') ?? '') && day <= (q.get('end_date') ?? '9999')
  }
  const at = Date.parse(String(record.start ?? record.created_at))
  const start = q.get('start') ? Date.parse(q.get('start') as string) : -Infinity
  const end = q.get('end') ? Date.parse(q.get('end') as string) : Infinity
  return at >= start && at < end
}

interface IssuedCode {
  clientId: string
  redirectUri: string
  scope: string
  challenge: string | null
  used: boolean
}

const PATHS = {
  whoop: {
    authorize: '/oauth/oauth2/auth',
    token: '/oauth/oauth2/token',
    apiBase: '/developer',
    profile: '/developer/v2/user/profile/basic',
  },
  oura: {
    authorize: '/oauth/authorize',
    token: '/oauth/token',
    apiBase: '',
    profile: '/v2/usercollection/personal_info',
  },
}

const oauthError = (status: number, error: string, description: string) =>
  Response.json({ error, error_description: description }, { status })

export function startProviderStandin(options: StandinOptions) {
  const paths = PATHS[options.provider]
  const codes = new Map<string, IssuedCode>()
  const accessTokens = new Set<string>()
  const revoked: string[] = []
  /** Live refresh tokens and the scope they carry; each is spent on use (rotation). */
  const refreshTokens = new Map<string, string>()
  const issue = (scope: string, offline: boolean) => {
    const accessToken = `at-${randomBytes(18).toString('base64url')}`
    accessTokens.add(accessToken)
    const refreshToken = offline ? `rt-${randomBytes(18).toString('base64url')}` : null
    if (refreshToken) refreshTokens.set(refreshToken, scope)
    return Response.json({
      access_token: accessToken,
      expires_in: 3600,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope,
      token_type: 'bearer',
    })
  }
  const requests: { method: string; path: string; form?: Record<string, string>; query?: string }[] = []
  /** Faults answered before the next data requests, in order (429 with Retry-After, 5xx, 401). */
  const faults: { status: number; retryAfter?: string }[] = []

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      if (url.pathname === paths.authorize && request.method === 'GET') {
        requests.push({ method: 'GET', path: url.pathname })
        const q = url.searchParams
        if (q.get('response_type') !== 'code')
          return oauthError(400, 'unsupported_response_type', 'code only')
        if (q.get('client_id') !== options.clientId)
          return oauthError(400, 'invalid_client', 'unknown client')
        const redirectUri = q.get('redirect_uri') ?? ''
        if (!options.redirectUris.includes(redirectUri))
          return oauthError(400, 'invalid_request', 'redirect_uri is not registered')
        // WHOOP refuses a state shorter than eight characters.
        const state = q.get('state') ?? ''
        if (options.provider === 'whoop' && state.length < 8)
          return oauthError(400, 'invalid_state', 'state must be at least 8 characters')
        const code = randomBytes(24).toString('base64url')
        codes.set(code, {
          clientId: options.clientId,
          redirectUri,
          scope: q.get('scope') ?? '',
          challenge: q.get('code_challenge_method') === 'S256' ? q.get('code_challenge') : null,
          used: false,
        })
        const back = new URL(redirectUri)
        back.searchParams.set('code', code)
        back.searchParams.set('scope', q.get('scope') ?? '')
        back.searchParams.set('state', state)
        return new Response(null, { status: 302, headers: { location: back.href } })
      }
      if (url.pathname === paths.token && request.method === 'POST') {
        if (!request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded'))
          return oauthError(400, 'invalid_request', 'form body expected')
        const form = Object.fromEntries(new URLSearchParams(await request.text()))
        requests.push({ method: 'POST', path: url.pathname, form })
        if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret)
          return oauthError(401, 'invalid_client', 'client authentication failed')
        if (form.grant_type === 'refresh_token') {
          const scope = refreshTokens.get(form.refresh_token ?? '')
          if (scope === undefined)
            return oauthError(400, 'invalid_grant', 'refresh token unknown or already used')
          refreshTokens.delete(form.refresh_token ?? '')
          return issue(form.scope ?? scope, true)
        }
        if (form.grant_type !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'no')
        const issued = codes.get(form.code ?? '')
        if (!issued || issued.used) return oauthError(400, 'invalid_grant', 'code unknown or already used')
        if (issued.redirectUri !== form.redirect_uri)
          return oauthError(400, 'invalid_grant', 'redirect_uri does not match')
        if (issued.challenge) {
          const computed = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url')
          if (computed !== issued.challenge)
            return oauthError(400, 'invalid_grant', 'PKCE verification failed')
        }
        issued.used = true
        const offline = options.provider === 'oura' || issued.scope.split(' ').includes('offline')
        return issue(issued.scope, offline)
      }
      if (url.pathname === paths.profile && request.method === 'GET') {
        requests.push({ method: 'GET', path: url.pathname })
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
        if (!accessTokens.has(token))
          return Response.json({ status: 401, title: 'Invalid access token' }, { status: 401 })
        return options.provider === 'whoop'
          ? Response.json({
              user_id: options.providerUserId,
              email: 'jane@example.com',
              first_name: 'Jane',
              last_name: 'Doe',
            })
          : Response.json({
              id: options.providerUserId,
              age: 38,
              weight: 64.2,
              height: 1.68,
              biological_sex: 'female',
              email: 'jane@example.com',
            })
      }
      const collection = (COLLECTIONS[options.provider] as Record<string, string>)[
        url.pathname.slice(paths.apiBase.length)
      ]
      if (collection && url.pathname.startsWith(paths.apiBase) && request.method === 'GET') {
        requests.push({ method: 'GET', path: url.pathname, query: url.search })
        const fault = faults.shift()
        if (fault)
          return Response.json(
            { message: fault.status === 429 ? 'Too Many Requests' : 'error' },
            { status: fault.status, headers: fault.retryAfter ? { 'retry-after': fault.retryAfter } : {} },
          )
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
        if (!accessTokens.has(token))
          return Response.json({ status: 401, title: 'Invalid access token' }, { status: 401 })
        const q = url.searchParams
        // WHOOP's body measurement is one document, not a page of records.
        if (collection === 'body_measurement')
          return options.data?.body_measurement?.[0]
            ? Response.json(options.data.body_measurement[0])
            : Response.json({ message: 'No body measurement' }, { status: 404 })
        const cursorName = options.provider === 'whoop' ? 'nextToken' : 'next_token'
        let size = options.pageSize ?? 25
        if (options.provider === 'whoop') {
          const limit = Number(q.get('limit') ?? 10)
          if (!Number.isInteger(limit) || limit < 1 || limit > 25)
            return Response.json({ message: 'limit must be between 1 and 25' }, { status: 400 })
          size = Math.min(size, limit)
        }
        const all = (options.data?.[collection] ?? []).filter((r) => inRange(options.provider, r, q))
        const offset = Number(
          q.get(cursorName) ? Buffer.from(q.get(cursorName) as string, 'base64url').toString() : 0,
        )
        const page = all.slice(offset, offset + size)
        const next =
          offset + size < all.length ? Buffer.from(String(offset + size)).toString('base64url') : null
        return options.provider === 'whoop'
          ? Response.json({ records: page, ...(next ? { next_token: next } : {}) })
          : Response.json({ data: page, next_token: next })
      }
      // WHOOP v2 revokes with DELETE /v2/user/access and the bearer token; Oura with GET /oauth/revoke.
      const whoopRevoke = options.provider === 'whoop' && url.pathname === `${paths.apiBase}/v2/user/access`
      if (whoopRevoke && request.method === 'DELETE') {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
        if (!accessTokens.delete(token)) return new Response(null, { status: 401 })
        revoked.push(token)
        return new Response(null, { status: 204 })
      }
      if (options.provider === 'oura' && url.pathname === '/oauth/revoke' && request.method === 'GET') {
        const token = url.searchParams.get('access_token') ?? ''
        if (!accessTokens.delete(token)) return oauthError(400, 'invalid_token', 'unknown token')
        revoked.push(token)
        return new Response(null, { status: 200 })
      }
      return new Response('not found', { status: 404 })
    },
  })
  const base = `http://127.0.0.1:${server.port}`
  return {
    endpoints: {
      authorizationUrl: `${base}${paths.authorize}`,
      tokenUrl: `${base}${paths.token}`,
      apiBaseUrl: `${base}${paths.apiBase}`,
    },
    requests,
    faults,
    accessTokens,
    refreshTokens,
    /** Access tokens revoked through the provider's revocation endpoint, in order. */
    revoked,
    /** Follow an authorization URL as the user's browser would after they approve; returns the redirect. */
    async approve(authorizationUrl: string): Promise<URL> {
      const response = await fetch(authorizationUrl, { redirect: 'manual' })
      const location = response.headers.get('location')
      if (response.status !== 302 || !location)
        throw new Error(`authorize answered ${response.status}: ${await response.text()}`)
      return new URL(location)
    },
    stop: () => server.stop(true),
  }
}

/** The integrator's own WHOOP app, for connections made with the caller's credentials. */
export interface OwnCredentials {
  client_id: string
  client_secret: string
  redirect_uri: string
}

/**
 * Connects a person to WHOOP as an app would: start, approve at the stand-in, then the callback. With
 * `own`, the integrator's credentials travel in the requests; without, the deployment's first-party
 * ones are used. Fails the test unless the callback answers 200, and returns that answer.
 */
export async function connectWhoopThroughStandin(
  app: { call: TestApp['call'] },
  whoop: ReturnType<typeof startProviderStandin>,
  person: { key: string; userId: string; organizationId: string },
  own?: OwnCredentials,
) {
  const started = await app.call('POST', '/connections/wearables/start', {
    token: person.key,
    body: {
      user_id: person.userId,
      source_provider: 'whoop',
      ...(own ? { client_id: own.client_id, redirect_uri: own.redirect_uri } : {}),
    },
  })
  const back = await whoop.approve(started.body.authorization_url)
  const done = await app.call('POST', '/connections/wearables/callback', {
    token: person.key,
    body: {
      user_id: person.userId,
      organization_id: person.organizationId,
      source_provider: 'whoop',
      code: back.searchParams.get('code'),
      state: started.body.state,
      ...(own ? { client_secret: own.client_secret } : {}),
    },
  })
  expect(done.status).toBe(200)
  return done
}
