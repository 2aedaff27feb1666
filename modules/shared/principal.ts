// Who is calling: the principal the scope plugin resolves once per request, the grants a token can
// carry, and the (organization_id, user_id) scope every stored record and every query goes through.

/** `oauth`: an access token of this service's own authorization server, valid on /mcp only. */
export type PrincipalKind = 'session' | 'api_key' | 'oidc' | 'oauth' | 'service_token' | 'sandbox' | 'wallet'

export const DATA_GRANTS = [
  'imports',
  'analyses',
  'trends',
  'goals',
  'questions',
  'health_context',
  'wearables',
] as const

/** Account grants only the owner's own key carries; never given to service tokens or OIDC by default. */
export const OWNER_GRANTS = ['billing', 'export', 'deletion'] as const

export const GRANTS = [...DATA_GRANTS, ...OWNER_GRANTS, 'service_tokens', 'keys', 'sandbox'] as const
export type Grant = (typeof GRANTS)[number]

/** Grants of a personal API key: SPEC "API key record". */
export const API_KEY_GRANTS: Grant[] = [...DATA_GRANTS, ...OWNER_GRANTS, 'service_tokens']
/** A session from OTP sign-in manages keys; data goes through keys. */
export const SESSION_GRANTS: Grant[] = ['keys']
export const SERVICE_TOKEN_GRANTS: Grant[] = [...DATA_GRANTS]
export const SANDBOX_GRANTS: Grant[] = ['sandbox']

export type Tier = 'free' | 'standard' | 'builder' | 'growth' | 'enterprise'

export interface Principal {
  kind: PrincipalKind
  user_id: string
  organization_id: string
  grants: readonly Grant[]
  tier: Tier
  /** Id of the credential (session, key, token) that authenticated the request. */
  credential_id: string
  billing_admin: boolean
}

/** The pair every stored record carries; repos take it first and filter by it. */
export interface Scope {
  organization_id: string
  user_id: string
}

export const scopeOf = (p: Principal): Scope => ({ organization_id: p.organization_id, user_id: p.user_id })

export const isGrant = (value: string): value is Grant => (GRANTS as readonly string[]).includes(value)
