// Request and response models of sign-in, sessions, API keys, service tokens and the dev outbox.

import { type Static, Type } from '@sinclair/typebox'
import { GRANTS } from '../shared/principal'
import { LINK_TOKEN_PATTERN } from './link-page'

const Email = Type.String({ format: 'email', maxLength: 254, description: 'E-mail address.' })
const Timestamp = Type.String({ format: 'date-time' })
const GrantName = Type.Union(GRANTS.map((g) => Type.Literal(g)))
const Grants = Type.Array(GrantName)

export const OtpStartBody = Type.Object({
  email: Email,
  should_create_user: Type.Optional(
    Type.Boolean({ default: true, description: 'Create an account if none exists (default true).' }),
  ),
})

export const OtpStartResult = Type.Object(
  {
    status: Type.Literal('sent_if_allowed'),
    message: Type.String(),
    expires_in_seconds: Type.Integer(),
  },
  { $id: 'OtpStartResult', description: 'The same answer whether or not the address has an account.' },
)

export const OtpVerifyBody = Type.Object({
  email: Email,
  token: Type.String({ pattern: '^[0-9]{8}$', description: 'The 8-digit code from the e-mail.' }),
})

const LinkToken = Type.String({
  pattern: LINK_TOKEN_PATTERN,
  description: 'The token from the sign-in link (43 characters of base64url).',
})

export const OtpLinkBody = Type.Object({ token: LinkToken })

export const OtpLinkQuery = Type.Object({ token: LinkToken })

export const SessionResult = Type.Object(
  {
    access_token: Type.String({
      description: 'Session token; send as Authorization: Bearer <token> to POST /api-keys.',
    }),
    token_type: Type.Literal('bearer'),
    expires_at: Timestamp,
    user: Type.Object({ id: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
    organization_id: Type.String(),
  },
  { $id: 'SessionResult' },
)

export const ApiKeyCreateBody = Type.Object({
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'A label to tell keys apart.' }),
  ),
})

const Owner = Type.Object({ user_id: Type.String(), organization_id: Type.String() })

export const ApiKeyCreated = Type.Object(
  {
    api_key: Type.String({ description: 'The key. Shown once; only its hash is stored.' }),
    id: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    created: Owner,
    grants: Grants,
    expires_at: Timestamp,
  },
  { $id: 'ApiKeyCreated' },
)

export const ApiKeySummary = Type.Object(
  {
    id: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    display_prefix: Type.String({ description: 'The first characters of the key.' }),
    user_id: Type.String(),
    organization_id: Type.String(),
    grants: Grants,
    created_at: Timestamp,
    expires_at: Timestamp,
    revoked_at: Type.Union([Timestamp, Type.Null()]),
    last_used_at: Type.Union([Timestamp, Type.Null()]),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
  },
  { $id: 'ApiKeySummary' },
)

export const ApiKeyIdParams = Type.Object({ id: Type.String({ pattern: '^key_[0-9a-z]{26}$' }) })

export const ServiceTokenBody = Type.Object({
  user_id: Type.String({
    pattern: '^[A-Za-z0-9._:@-]{1,128}$',
    description: "Your end user's id within your workspace; the token acts for this user only.",
  }),
  ttl_seconds: Type.Optional(
    Type.Integer({
      minimum: 60,
      maximum: 86400,
      default: 3600,
      description: 'Lifetime, 60-86400 s (default 3600).',
    }),
  ),
})

export const ServiceTokenCreated = Type.Object(
  {
    id: Type.String({ description: 'Id of the token, to revoke it with POST /service-tokens/{id}/revoke.' }),
    access_token: Type.String(),
    token_type: Type.Literal('bearer'),
    expires_at: Timestamp,
    user_id: Type.String(),
    organization_id: Type.String(),
    grants: Grants,
  },
  { $id: 'ServiceTokenCreated' },
)

export const ServiceTokenIdParams = Type.Object({ id: Type.String({ pattern: '^svc_[0-9a-z]{26}$' }) })

export const ServiceTokenSummary = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    organization_id: Type.String(),
    issued_by_key_id: Type.String(),
    created_at: Timestamp,
    expires_at: Timestamp,
    revoked_at: Type.Union([Timestamp, Type.Null()]),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
  },
  { $id: 'ServiceTokenSummary' },
)

export const SessionIdParams = Type.Object({ id: Type.String({ pattern: '^ses_[0-9a-z]{26}$' }) })

export const SessionSummary = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    organization_id: Type.String(),
    created_at: Timestamp,
    expires_at: Timestamp,
    revoked_at: Type.Union([Timestamp, Type.Null()]),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
    current: Type.Boolean({ description: 'This is the session the request was made with.' }),
  },
  { $id: 'SessionSummary' },
)

export const SandboxSession = Type.Object(
  {
    sandbox_token: Type.String({ description: 'Authorizes only sandbox operations (POST /sandbox/hero).' }),
    token_type: Type.Literal('bearer'),
    expires_at: Timestamp,
    grants: Grants,
    user_id: Type.String(),
    organization_id: Type.String(),
  },
  { $id: 'SandboxSession' },
)

export const OutboxQuery = Type.Object({ email: Email })

export const OutboxResult = Type.Object({
  messages: Type.Array(
    Type.Object({
      to: Type.String(),
      subject: Type.String(),
      text: Type.String(),
      sent_at: Timestamp,
      code: Type.Union([Type.String(), Type.Null()], {
        description: 'The sign-in code found in the message, for convenience.',
      }),
      link: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
})

export type ApiKeySummary = Static<typeof ApiKeySummary>
export type SessionSummary = Static<typeof SessionSummary>
export type ServiceTokenSummary = Static<typeof ServiceTokenSummary>

export const WhoAmI = Type.Object(
  {
    kind: Type.String({ description: 'session, api_key, oidc, service_token, sandbox or wallet' }),
    user_id: Type.String(),
    organization_id: Type.String(),
    grants: Grants,
    tier: Type.String(),
    billing_admin: Type.Boolean(),
  },
  { $id: 'WhoAmI' },
)
