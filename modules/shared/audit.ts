// The audit trail as the rest of the service sees it: an append-only record of security events
// (sign-ins, credentials created and withdrawn, billing changes, exports, deletions, refused access),
// each with who, when, from which request and address. Never health data: an entry names ids, event
// names and problem slugs only. The audit module implements it (modules/audit/trail.ts).

import type { AnyOperation, RequestInfo } from './operation'
import type { Principal } from './principal'

export type AuditOutcome = 'success' | 'failure'

export interface AuditEntry {
  /** Whose account the event concerns (the owner who can read it). */
  organization_id: string
  user_id: string
  /** `auth.signed_in`, `api_key.revoked`, `access.denied`, … */
  event: string
  outcome: AuditOutcome
  /** The kind of credential that acted (`session`, `api_key`, …), or `anonymous` / `provider`. */
  actor_kind: string
  actor_credential_id: string | null
  /** The id of what the event is about (a key, a token, an operation), never a value. */
  target: string | null
  /** A short machine reason for failures: a problem slug. */
  reason: string | null
  request_id: string | null
  ip: string | null
}

/** One call of an operation, as the trail needs it. */
export interface AuditedCall {
  op: AnyOperation
  principal: Principal | null
  request: Pick<RequestInfo, 'id' | 'ip'>
  input: { params?: unknown; query?: unknown; body?: unknown }
}

export interface AuditTrail {
  /** Append one entry. Never throws: a trail that cannot be written is logged, the request goes on. */
  record(entry: AuditEntry): Promise<void>
  /** Run one operation call, recording it (before or after, success or failure) if it is audited. */
  around<T>(call: AuditedCall, run: () => Promise<T>): Promise<T>
  /** Record a refusal by the gate (wrong grant, credential kind, or another user's scope). */
  denied(call: AuditedCall, reason: string): Promise<void>
}
