// The console's cookie session and its CSRF protection.
// The session is an ordinary sign-in session (the sessions table, 12 hours, revocable like any other);
// its token travels in an HttpOnly cookie, never in a page or a URL, and is Secure (with the __Host-
// prefix) when PUBLIC_BASE_URL is https. SameSite=Lax keeps a person signed in when they open the
// console from a link elsewhere; every state-changing request must also carry the CSRF token (double
// submit: an HttpOnly cookie and the same value in the form or the x-csrf-token header) and must not
// come from another site by its Origin or Sec-Fetch-Site header, when the browser sends them.

import { timingSafeEqual } from 'node:crypto'
import { TOKEN_PREFIX } from '../auth/credentials'
import type { AppContext } from '../shared/context'
import { DATA_GRANTS, type Principal } from '../shared/principal'
import { ProblemError } from '../shared/problem'

const secureCookies = (app: AppContext) => app.config.publicBaseUrl.startsWith('https://')
const cookieName = (app: AppContext, base: string) => (secureCookies(app) ? `__Host-${base}` : base)
export const sessionCookieName = (app: AppContext) => cookieName(app, 'wds_console')
export const csrfCookieName = (app: AppContext) => cookieName(app, 'wds_csrf')

export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const name = part.slice(0, at).trim()
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim())
  }
  return cookies
}

function cookie(app: AppContext, name: string, value: string, options: { maxAge: number; sameSite: string }) {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    `Max-Age=${options.maxAge}`,
    secureCookies(app) ? 'Secure' : null,
  ]
    .filter(Boolean)
    .join('; ')
}

/** Set-Cookie for a new console session that ends when the session expires. */
export function sessionCookie(app: AppContext, token: string, expiresAt: string): string {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - app.clock.now().getTime()) / 1000))
  return cookie(app, sessionCookieName(app), token, { maxAge, sameSite: 'Lax' })
}

export const clearedSessionCookie = (app: AppContext) =>
  cookie(app, sessionCookieName(app), '', { maxAge: 0, sameSite: 'Lax' })

/** The CSRF token of this browser, and the Set-Cookie that creates it when it has none yet. */
export function csrfTokenOf(app: AppContext, request: Request): { token: string; setCookie: string | null } {
  const existing = readCookies(request).get(csrfCookieName(app))
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, setCookie: null }
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
  return {
    token,
    setCookie: cookie(app, csrfCookieName(app), token, { maxAge: 7 * 24 * 3600, sameSite: 'Strict' }),
  }
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * 403 unless a state-changing request comes from this service's own pages: the CSRF token it carries
 * equals the cookie's, and the browser's Origin (when sent) is this service.
 */
export function assertSameSite(app: AppContext, request: Request, submitted: string | null): void {
  const origin = request.headers.get('origin')
  const own = [new URL(app.config.publicBaseUrl).origin, new URL(request.url).origin]
  // Pages here send no referrer, so browsers post their forms with `Origin: null`; Sec-Fetch-Site
  // still says where the request came from. The CSRF token below is the check that always applies.
  const site = request.headers.get('sec-fetch-site')
  const foreignOrigin = origin !== null && origin !== 'null' && !own.includes(origin)
  if (foreignOrigin || site === 'cross-site' || site === 'same-site')
    throw new ProblemError('forbidden', 'This request came from another site; the console refuses it.')
  const expected = readCookies(request).get(csrfCookieName(app))
  if (!expected || !submitted || !sameText(expected, submitted))
    throw new ProblemError(
      'forbidden',
      'The form is missing its security token or it has expired; reload the page and try again.',
    )
}

/**
 * The signed-in person of a console request, or null. Only a sign-in session counts. In the console the
 * person acts on their own data, so the session gets their data grants here (as their own API key
 * would); the same session token used as a bearer token on the API still manages keys only.
 */
export async function consoleCaller(app: AppContext, request: Request): Promise<Principal | null> {
  const token = readCookies(request).get(sessionCookieName(app))
  if (!token?.startsWith(TOKEN_PREFIX.session)) return null
  const result = await app.authenticate(token)
  if (!result.ok || result.principal.kind !== 'session') return null
  const { principal } = result
  return { ...principal, grants: [...new Set([...principal.grants, ...DATA_GRANTS])] }
}

export const sessionTokenOf = (app: AppContext, request: Request) =>
  readCookies(request).get(sessionCookieName(app)) ?? null
