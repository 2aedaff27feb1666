// The server-OAuth wearable providers: their documented OAuth endpoints, scopes, whether they take
// PKCE, and where the provider's own user id is read. Tests replace the endpoints with local stand-ins
// through the configuration (wearableEndpoints), never through the environment.

import type { Config, WearableEndpoints } from '../../shared/config'

export type OAuthProvider = 'whoop' | 'oura'

export interface ProviderDescriptor {
  id: OAuthProvider
  name: string
  endpoints: WearableEndpoints
  /** Scopes asked for when the caller names none; `offline` is what makes WHOOP issue a refresh token. */
  defaultScopes: readonly string[]
  /**
   * WHOOP's authorization server (Ory Hydra under /oauth/oauth2) implements PKCE (RFC 7636); Oura's
   * documentation does not mention it, so no challenge is sent there.
   */
  pkce: boolean
  /** Path under apiBaseUrl that returns the signed-in user's profile, and the field holding their id. */
  profile: { path: string; idField: string }
  /** How the provider revokes an access token (both document one). */
  revocation: (endpoints: WearableEndpoints, accessToken: string) => { url: string; init: RequestInit }
}

const DESCRIPTORS: Record<OAuthProvider, ProviderDescriptor> = {
  whoop: {
    id: 'whoop',
    name: 'WHOOP',
    endpoints: {
      authorizationUrl: 'https://api.prod.whoop.com/oauth/oauth2/auth',
      tokenUrl: 'https://api.prod.whoop.com/oauth/oauth2/token',
      apiBaseUrl: 'https://api.prod.whoop.com/developer',
    },
    defaultScopes: [
      'offline',
      'read:profile',
      'read:cycles',
      'read:recovery',
      'read:sleep',
      'read:workout',
      'read:body_measurement',
    ],
    pkce: true,
    profile: { path: '/v2/user/profile/basic', idField: 'user_id' },
    // WHOOP v2: DELETE /v2/user/access with the access token revokes the app's access for that user.
    revocation: (e, token) => ({
      url: `${e.apiBaseUrl}/v2/user/access`,
      init: { method: 'DELETE', headers: { authorization: `Bearer ${token}` } },
    }),
  },
  oura: {
    id: 'oura',
    name: 'Oura',
    endpoints: {
      authorizationUrl: 'https://cloud.ouraring.com/oauth/authorize',
      tokenUrl: 'https://api.ouraring.com/oauth/token',
      apiBaseUrl: 'https://api.ouraring.com',
    },
    defaultScopes: ['personal', 'daily', 'heartrate', 'workout', 'session'],
    pkce: false,
    profile: { path: '/v2/usercollection/personal_info', idField: 'id' },
    // Oura: GET /oauth/revoke?access_token=… on the token endpoint's host.
    revocation: (e, token) => ({
      url: `${new URL(e.tokenUrl).origin}/oauth/revoke?access_token=${encodeURIComponent(token)}`,
      init: { method: 'GET' },
    }),
  },
}

export const isOAuthProvider = (value: string): value is OAuthProvider =>
  value === 'whoop' || value === 'oura'

/** The provider's descriptor with any endpoint overrides from the configuration applied. */
export function providerFor(config: Readonly<Config>, id: OAuthProvider): ProviderDescriptor {
  const base = DESCRIPTORS[id]
  const override = config.wearableEndpoints?.[id]
  return override ? { ...base, endpoints: { ...base.endpoints, ...override } } : base
}
