// The audit trail: appends entries for the audited operations (events.ts), for gate refusals and for
// wrong sign-in codes of an existing account. Writing an entry never fails a request: an entry that
// cannot be stored is logged (without its content) and the request goes on.

import { eq } from 'drizzle-orm'
import { organizations, users } from '../auth/tables'
import type { AuditEntry, AuditedCall, AuditTrail } from '../shared/audit'
import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import { ProblemError } from '../shared/problem'
import { AUDITED_OPERATIONS } from './events'
import { appendEvent } from './repo'

/** The account an e-mail address signs into (its personal workspace), if there is one. */
async function accountOf(app: AppContext, email: string) {
  const rows = await app.db
    .select({ user_id: users.id, organization_id: organizations.id })
    .from(users)
    .innerJoin(organizations, eq(organizations.owner_user_id, users.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1)
  return rows[0] ?? null
}

const reasonOf = (error: unknown) => (error instanceof ProblemError ? error.slug : 'internal')

export function auditTrail(app: AppContext): AuditTrail {
  async function record(entry: AuditEntry): Promise<void> {
    try {
      await appendEvent(app.db, { id: newId('aud'), created_at: app.clock.now().toISOString(), ...entry })
    } catch (error) {
      app.log.error('audit.write_failed', { event: entry.event, error: (error as Error)?.name })
    }
  }

  const actorOf = (call: AuditedCall) => ({
    actor_kind: call.principal?.kind ?? 'anonymous',
    actor_credential_id: call.principal?.credential_id ?? null,
    request_id: call.request.id,
    ip: call.request.ip,
  })

  return {
    record,

    async around(call, run) {
      const audited = AUDITED_OPERATIONS[call.op.id]
      if (!audited) return run()
      const own = call.principal
        ? { user_id: call.principal.user_id, organization_id: call.principal.organization_id }
        : null
      if (audited.before && own)
        await record({
          ...own,
          ...actorOf(call),
          event: audited.event,
          outcome: 'success',
          target: null,
          reason: null,
        })
      let result: unknown
      try {
        result = await run()
      } catch (error) {
        // A wrong sign-in code for an existing account is a failed attempt its owner should see.
        const email =
          call.op.id === 'auth.otp.verify' ? (call.input.body as { email?: unknown })?.email : null
        const whose =
          own ?? (typeof email === 'string' ? await accountOf(app, email).catch(() => null) : null)
        if (whose && !audited.before)
          await record({
            ...whose,
            ...actorOf(call),
            event: audited.event,
            outcome: 'failure',
            target: audited.target?.(call, undefined) ?? null,
            reason: reasonOf(error),
          })
        throw error
      }
      const whose = audited.subjectOf?.(result) ?? own
      if (whose && !audited.before)
        await record({
          ...whose,
          ...actorOf(call),
          event: audited.event,
          outcome: 'success',
          target: audited.target?.(call, result) ?? null,
          reason: null,
        })
      return result as never
    },

    async denied(call, reason) {
      if (!call.principal) return
      await record({
        user_id: call.principal.user_id,
        organization_id: call.principal.organization_id,
        ...actorOf(call),
        event: 'access.denied',
        outcome: 'failure',
        target: call.op.id,
        reason,
      })
    },
  }
}
