// Who is calling: the principal the scope plugin resolves once per request, the grants a token can
// carry, and the (organization_id, user_id) scope every stored record and every query goes through.

export type PrincipalKind =
  | 'session'
  | 'api_key'
  | 'oidc'
  | 'service_token'
  | 'sandbox'
  | 'wallet'
  /** A companion app's device credential: may only upload wearable records for its user. */
  | 'device'

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

/**
 * Uploading wearable records (the companion and mobile-bridge batch endpoint). A device credential
 * carries only this; `wearables` implies it, so a key or token that manages connections may upload too.
 */
export const WEARABLE_UPLOADS_GRANT = 'wearable_uploads'

export const GRANTS = [
  ...DATA_GRANTS,
  ...OWNER_GRANTS,
  'service_tokens',
  'keys',
  'sandbox',
  WEARABLE_UPLOADS_GRANT,
] as const
export type Grant = (typeof GRANTS)[number]

/** Grants of a personal API key: SPEC "API key record". */
export const API_KEY_GRANTS: Grant[] = [...DATA_GRANTS, ...OWNER_GRANTS, 'service_tokens']
/** A session from OTP sign-in manages keys; data goes through keys. */
export const SESSION_GRANTS: Grant[] = ['keys']
export const SERVICE_TOKEN_GRANTS: Grant[] = [...DATA_GRANTS]
export const SANDBOX_GRANTS: Grant[] = ['sandbox']
export const DEVICE_GRANTS: Grant[] = [WEARABLE_UPLOADS_GRANT]

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

/** Grants another grant brings with it: managing wearable connections includes uploading their records. */
const IMPLIED: Partial<Record<Grant, readonly Grant[]>> = { wearables: [WEARABLE_UPLOADS_GRANT] }

/** Whether these grants allow `grant`, directly or through a grant that implies it. */
export const hasGrant = (grants: readonly Grant[], grant: Grant): boolean =>
  grants.includes(grant) || grants.some((g) => IMPLIED[g]?.includes(grant) === true)
