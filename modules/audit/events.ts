// Which operations the audit trail records, and what each entry says. Listed by operation id so that
// the modules need not know about the trail; a test checks that every id still names an operation.

import type { AuditedCall } from '../shared/audit'

type Value = Record<string, unknown> | undefined
const field = (value: unknown, name: string): string | null => {
  const v = (value as Value)?.[name]
  return typeof v === 'string' ? v : null
}

export interface AuditedOperation {
  event: string
  /** Record before the handler runs: a deletion removes the account the entry would belong to. */
  before?: boolean
  /** Whose account, when not the caller's (sign-in: the account signed into, from the result). */
  subjectOf?: (result: unknown) => { user_id: string; organization_id: string } | null
  /** The id the event is about. */
  target?: (call: AuditedCall, result: unknown) => string | null
}

const signedIn = (result: unknown) => {
  const userId = field((result as Value)?.user, 'id')
  const organizationId = field(result, 'organization_id')
  return userId && organizationId ? { user_id: userId, organization_id: organizationId } : null
}
const paramId = (call: AuditedCall) => field(call.input.params, 'id')
const resultId = (_call: AuditedCall, result: unknown) => field(result, 'id')

export const AUDITED_OPERATIONS: Readonly<Record<string, AuditedOperation>> = {
  'auth.otp.verify': { event: 'auth.signed_in', subjectOf: signedIn },
  'auth.otp.link': { event: 'auth.signed_in', subjectOf: signedIn },
  'auth.sign_out': { event: 'auth.signed_out', target: (call) => call.principal?.credential_id ?? null },
  'auth.sessions.revoke': { event: 'session.revoked', target: paramId },
  'auth.api_keys.create': { event: 'api_key.created', target: resultId },
  'auth.api_keys.revoke': { event: 'api_key.revoked', target: paramId },
  'auth.service_tokens.create': { event: 'service_token.minted', target: resultId },
  'auth.service_tokens.revoke': { event: 'service_token.revoked', target: paramId },
  'dashboards.links.create': { event: 'dashboard_link.created', target: resultId },
  'dashboards.links.revoke': { event: 'dashboard_link.revoked', target: paramId },
  'wearables.callback': { event: 'wearable.connected', target: (_call, result) => field(result, 'provider') },
  'wearables.disconnect': {
    event: 'wearable.disconnected',
    target: (call) => field(call.input.params, 'provider'),
  },
  'billing.checkout': { event: 'billing.checkout_started' },
  'billing.portal': { event: 'billing.portal_opened' },
  'privacy.export': { event: 'data.exported' },
  'privacy.export_post': {
    event: 'data.export_requested',
    target: (_call, result) => field(result, 'job_id'),
  },
  'privacy.delete': { event: 'data.deletion_requested', before: true },
}

/** Events kept (without identity) when the person's data is deleted: the law asks for these. */
export const RETAINED_EVENTS = ['data.deletion_requested', 'billing.subscription_changed'] as const

/** Ids above that name no operation. */
export function staleAuditIds(operationIds: readonly string[]): string[] {
  const ids = new Set(operationIds)
  return Object.keys(AUDITED_OPERATIONS).filter((id) => !ids.has(id))
}
