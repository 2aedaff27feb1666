// The caller's wearable connections as resources: provider, provider user id, status and last sync.

import type { AppContext } from '../../shared/context'
import type { Scope } from '../../shared/principal'
import * as repo from '../repo'
import { toConnection } from './service'

export async function listConnections(app: AppContext, scope: Scope) {
  return (await repo.listConnections(app.db, scope)).map(toConnection)
}
