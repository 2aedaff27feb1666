// The response-headers policy: every response, whatever produced it (a route, a problem, a 404, MCP),
// leaves with `Cache-Control: no-store` (bodies carry health data or secrets), `nosniff`,
// `Referrer-Policy: no-referrer`, a CSP that forbids everything and framing (HTML pages replace it
// with their own, equally strict one with a script nonce), and HSTS when the service is served over TLS
// in production. A route's own header wins; the policy only fills in what is missing.

import { Elysia } from 'elysia'
import type { Config } from './config'
import type { AppContext } from './context'

/** The CSP of a response that is not a page: nothing may load, nothing may frame it. */
export const NO_CONTENT_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** One year, the common HSTS preload minimum. */
const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * HSTS only where browsers reach the service over https: in production with an https PUBLIC_BASE_URL
 * (TLS usually ends at a proxy, so the request itself arrives over plain http).
 */
export const sendsHsts = (config: Readonly<Config>) =>
  config.nodeEnv === 'production' && config.publicBaseUrl.startsWith('https://')

export function securityHeaders(config: Readonly<Config>): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': NO_CONTENT_CSP,
    'x-frame-options': 'DENY',
  }
  if (sendsHsts(config)) headers['strict-transport-security'] = HSTS
  return headers
}

/** Copy the policy into `headers` where a header is not already set. */
export function applySecurityHeaders(headers: Headers, config: Readonly<Config>): void {
  for (const [name, value] of Object.entries(securityHeaders(config))) {
    if (!headers.has(name)) headers.set(name, value)
  }
}

/**
 * A CSP for an HTML page of this service: only its own inline styles (and stylesheets from its own
 * origin when asked), scripts carrying `nonce` (none when the page has no script), requests to its own
 * origin, and no framing.
 */
export function pageCsp(
  options: {
    scriptNonce?: string
    images?: 'data' | 'none'
    selfStylesheets?: boolean
    forms?: 'self' | 'none'
    /** Where a form's answer may redirect besides this origin (the OAuth consent page's client). */
    formTargets?: readonly string[]
  } = {},
): string {
  return [
    "default-src 'none'",
    options.selfStylesheets ? "style-src 'self' 'unsafe-inline'" : "style-src 'unsafe-inline'",
    options.scriptNonce ? `script-src 'nonce-${options.scriptNonce}'` : null,
    options.scriptNonce ? "connect-src 'self'" : null,
    options.images === 'data' ? 'img-src data:' : null,
    "base-uri 'none'",
    // The console's forms post to its own origin; every other page has no form at all.
    options.forms === 'self'
      ? ["form-action 'self'", ...(options.formTargets ?? [])].join(' ')
      : "form-action 'none'",
    "frame-ancestors 'none'",
  ]
    .filter(Boolean)
    .join('; ')
}

/** A fresh, unguessable script nonce for one response. */
export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64')

export function securityHeadersPlugin(app: AppContext) {
  const policy = Object.entries(securityHeaders(app.config))
  return new Elysia({ name: 'shared.security-headers', seed: app.instanceId }).onRequest(({ set }) => {
    for (const [name, value] of policy) set.headers[name] ??= value
  })
}
