// An access token this authorization server issued, as the API sees it: found by its value (the
// library's AccessToken model, stored hashed), alive only while its grant is (revoking the grant in the
// console or at /oauth/revoke ends it at once), and bound to /mcp by its audience. It acts for the
// person who consented, in their personal workspace, with the grants they allowed.

import { findUser } from '../auth/repo'
import type { Authentication } from '../shared/context'
import { type Grant, isGrant, type Principal } from '../shared/principal'
import { type OAuthHost, providerOf } from './bridge'
import { mcpResourceOf } from './provider'

/** oidc-provider's opaque token values: 256 random bits, base64url (43 characters). */
export const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{43}$/

type Refusal = Extract<Authentication, { ok: false }>
const refuse = (reason: Refusal['reason'], detail: string): Refusal => ({ ok: false, reason, detail })

export async function authenticateOAuthToken(
  app: OAuthHost,
  token: string,
  ownerOf: (userId: string, organizationId: string) => Promise<Pick<Principal, 'billing_admin' | 'tier'>>,
): Promise<Authentication> {
  const provider = await providerOf(app)
  const accessToken = await provider.AccessToken.find(token, { ignoreExpiration: true })
  if (!accessToken) return refuse('unknown', 'The bearer token is not recognised.')
  if (accessToken.isExpired)
    return refuse('expired', 'This OAuth access token has expired; use the refresh token for a new one.')
  const grant = accessToken.grantId ? await provider.Grant.find(accessToken.grantId) : undefined
  if (!grant || !accessToken.accountId) return refuse('revoked', 'This OAuth access token has been revoked.')
  if (accessToken.aud !== mcpResourceOf(app))
    return refuse('invalid', 'This OAuth access token is not for this service.')
  const user = await findUser(app.db, accessToken.accountId)
  if (!user) return refuse('revoked', 'The account this OAuth access token acted for no longer exists.')
  const grants: Grant[] = (accessToken.scope ?? '')
    .split(' ')
    .filter(isGrant)
    .filter((g) => g !== 'keys' && g !== 'sandbox')
  return {
    ok: true,
    principal: {
      kind: 'oauth',
      user_id: user.id,
      organization_id: user.personal_organization_id,
      grants,
      credential_id: `oauth:${accessToken.grantId}`,
      ...(await ownerOf(user.id, user.personal_organization_id)),
    },
  }
}
