// Operations of the audit module: the owner reads the security events of their account.

import { defineOperation } from '../shared/operation'
import { pageOf, readPage, toPage } from '../shared/pagination'
import { scopeOf } from '../shared/principal'
import { READS } from '../shared/tool-annotations'
import { auditExamples } from './examples'
import { AuditEvent, AuditListQuery } from './model'
import { type AuditRow, listEvents } from './repo'

const view = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: row.created_at,
  event: row.event,
  outcome: row.outcome,
  actor: { kind: row.actor_kind, credential_id: row.actor_credential_id },
  target: row.target,
  reason: row.reason,
  request_id: row.request_id,
  ip: row.ip,
})

export const auditEventsList = defineOperation(
  {
    id: 'audit.events.list',
    example: auditExamples['audit.events.list'],
    method: 'GET',
    path: '/audit-events',
    summary: 'List the security events of the caller’s account, newest first',
    description:
      'Sign-ins (and wrong codes), credentials created and withdrawn, billing changes, exports, deletion requests and refused access attempts, each with the acting credential, time, request id and client address. Never health data. For the account owner: a session, an API key or an OIDC token.',
    tags: ['Audit'],
    grant: 'authenticated',
    principals: ['session', 'api_key', 'oidc'],
    query: AuditListQuery,
    output: pageOf(AuditEvent),
    mcp: { tool: 'list_audit_events', annotations: READS },
  },
  async ({ query }, { app, principal }) => {
    const page = readPage(query)
    const rows = await listEvents(app.db, scopeOf(principal), {
      before: page.before,
      limit: page.limit + 1,
      event: query.event,
    })
    return toPage(rows.map(view), page.limit)
  },
)

export const auditOperations = [auditEventsList]
