// The wearables module: its routes, built from its operation declarations, and the privacy purge step
// that revokes a deleted user's provider access before their rows (and tokens) go.
import { registerPurgeStep } from '../privacy/registry'
import { defineModule } from '../shared/module'
import { revokeAtProvider } from './connections/disconnect'
import { wearablesOperations } from './operations'
import { connectionsOfUser } from './repo'

registerPurgeStep({
  name: 'wearables.revoke_provider_access',
  async run(app, subject) {
    const rows = await connectionsOfUser(app.db, subject.user_id, subject.organization_ids)
    let revoked = 0
    for (const row of rows) if (await revokeAtProvider(app, row)) revoked++
    return {
      done: `Revoked access at the wearable provider for ${revoked} of ${rows.length} connection(s); the stored tokens are deleted with the user's rows.`,
      count: rows.length,
    }
  },
})

export const wearablesModule = defineModule('wearables', wearablesOperations)
