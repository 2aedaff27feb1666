// The audit module: the security-event trail (trail.ts), its owner-facing list, and its place in a
// privacy deletion: the rows are the person's, so they go, except the events the law asks to keep
// (the deletion request itself, billing changes), which stay stripped of identity.

import { registerRetainedTable } from '../privacy/registry'
import { defineModule } from '../shared/module'
import { RETAINED_EVENTS } from './events'
import { auditOperations } from './operations'
import { scrubSubject } from './repo'

registerRetainedTable({
  table: 'audit_events',
  reason:
    'Records that the deletion was requested and carried out, and billing changes, are kept as proof for the accountability and tax rules; they name no person and hold no health data.',
  scrub: (app, subject) => scrubSubject(app.db, subject, RETAINED_EVENTS),
})

export const auditModule = defineModule('audit', auditOperations)
