// OIDC bearer tokens: JWTs verified against the configured issuer's JWKS (jose), with issuer and
// audience checked. The JWKS location comes from OIDC_JWKS_URL or the issuer's discovery document.

import type { createRemoteJWKSet, JWTPayload } from 'jose'
import type { Config } from '../shared/config'
import { lazyModule } from '../shared/lazy-module'

// jose loads with the first OIDC token, not at start-up: most deployments never configure OIDC.
const jose = lazyModule(() => import('jose'))

export type OidcResult =
  | {
      ok: true
      claims: JWTPayload & {
        scope?: string
        scp?: string | string[]
        email?: string
        email_verified?: boolean
      }
    }
  | { ok: false; reason: 'expired' | 'invalid'; detail: string }

export function oidcVerifier(oidc: NonNullable<Config['oidc']>) {
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null

  async function keySet() {
    if (jwks) return jwks
    let url = oidc.jwksUrl
    if (!url) {
      // Bounded like every other outgoing call: an issuer that hangs must not hold requests open.
      const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`OIDC discovery answered ${response.status}`)
      url = ((await response.json()) as { jwks_uri?: string }).jwks_uri ?? null
      if (!url) throw new Error('OIDC discovery document has no jwks_uri')
    }
    jwks = (await jose()).createRemoteJWKSet(new URL(url))
    return jwks
  }

  return async function verify(token: string): Promise<OidcResult> {
    const { errors, jwtVerify } = await jose()
    try {
      const { payload } = await jwtVerify(token, await keySet(), {
        issuer: oidc.issuer,
        audience: oidc.audience,
      })
      if (typeof payload.sub !== 'string' || payload.sub === '')
        return { ok: false, reason: 'invalid', detail: 'The OIDC token has no subject.' }
      return { ok: true, claims: payload }
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        return { ok: false, reason: 'expired', detail: 'The OIDC access token has expired.' }
      return { ok: false, reason: 'invalid', detail: 'The OIDC access token could not be verified.' }
    }
  }
}
