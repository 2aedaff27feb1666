// Shapes of the audit module's API: one security event as its owner reads it.

import { type Static, Type } from '@sinclair/typebox'
import { PageQuery } from '../shared/pagination'

export const AuditEvent = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    event: Type.String({
      description:
        '`auth.signed_in`, `auth.signed_out`, `session.revoked`, `api_key.created`, `api_key.revoked`, `service_token.minted`, `service_token.revoked`, `dashboard_link.created`, `dashboard_link.revoked`, `wearable.connected`, `wearable.disconnected`, `billing.checkout_started`, `billing.portal_opened`, `billing.subscription_changed`, `data.exported`, `data.export_requested`, `data.deletion_requested` or `access.denied`.',
    }),
    outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
    actor: Type.Object({
      kind: Type.String({
        description:
          'The credential that acted: `session`, `api_key`, `service_token`, `oidc`, `anonymous` (sign-in), `provider` (billing).',
      }),
      credential_id: Type.Union([Type.String(), Type.Null()]),
    }),
    target: Type.Union([Type.String(), Type.Null()], {
      description: 'The id the event is about (a key, token, link, or the refused operation).',
    }),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'For failures: the problem slug.' }),
    request_id: Type.Union([Type.String(), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'AuditEvent' },
)

export const AuditListQuery = Type.Object({
  ...PageQuery,
  event: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z_.]+$', description: 'Only this event.' }),
  ),
})

export type AuditEvent = Static<typeof AuditEvent>
