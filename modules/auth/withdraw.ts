// Withdrawing credentials: signing out (the current session), listing and revoking a person's own
// sessions, and revoking a service token. Revocation takes effect on the next request: every request
// looks its credential up (authenticate.ts), so nothing cached outlives it.

import type { AppContext } from '../shared/context'
import { type Principal, scopeOf } from '../shared/principal'
import { notFound } from '../shared/problem'
import type { ServiceTokenSummary, SessionSummary } from './model'
import * as repo from './repo'

type Status = 'active' | 'revoked' | 'expired'
const statusOf = (row: { revoked_at: string | null; expires_at: string }, now: Date): Status =>
  row.revoked_at ? 'revoked' : row.expires_at <= now.toISOString() ? 'expired' : 'active'

function sessionSummary(row: repo.SessionRow, principal: Principal, now: Date): SessionSummary {
  return {
    id: row.id,
    user_id: row.user_id,
    organization_id: row.organization_id,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    status: statusOf(row, now),
    current: principal.kind === 'session' && principal.credential_id === row.id,
  }
}

export function serviceTokenSummary(row: repo.ServiceTokenRow, now: Date): ServiceTokenSummary {
  return {
    id: row.id,
    user_id: row.user_id,
    organization_id: row.organization_id,
    issued_by_key_id: row.issued_by_key_id,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    status: statusOf(row, now),
  }
}

export async function listSessions(app: AppContext, principal: Principal) {
  const now = app.clock.now()
  const rows = await repo.listActiveSessions(app.db, scopeOf(principal), now.toISOString())
  return { data: rows.map((row) => sessionSummary(row, principal, now)) }
}

export async function revokeSession(app: AppContext, principal: Principal, id: string) {
  const scope = scopeOf(principal)
  if (!(await repo.findSession(app.db, scope, id))) throw notFound(`Session ${id}`)
  const now = app.clock.now()
  await repo.revokeSession(app.db, scope, id, now.toISOString())
  app.log.info('auth.session_revoked', { session_id: id })
  return sessionSummary((await repo.findSession(app.db, scope, id))!, principal, now)
}

/** Sign out: revoke the session the request was made with. */
export const signOut = (app: AppContext, principal: Principal) =>
  revokeSession(app, principal, principal.credential_id)

/** Any key of the workspace that may mint service tokens may revoke one of the workspace's tokens. */
export async function revokeServiceToken(app: AppContext, principal: Principal, id: string) {
  const organizationId = principal.organization_id
  if (!(await repo.findServiceToken(app.db, organizationId, id))) throw notFound(`Service token ${id}`)
  const now = app.clock.now()
  await repo.revokeServiceToken(app.db, organizationId, id, now.toISOString())
  app.log.info('auth.service_token_revoked', { token_id: id })
  return serviceTokenSummary((await repo.findServiceToken(app.db, organizationId, id))!, now)
}
