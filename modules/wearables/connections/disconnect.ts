// Disconnecting a wearable: revoke the access token at the provider (both WHOOP and Oura document a
// revocation endpoint), then delete the stored tokens. A provider that cannot be reached does not keep
// the tokens here: they are deleted anyway and the answer says the revocation did not go through.

import type { AppContext } from '../../shared/context'
import type { Scope } from '../../shared/principal'
import { notFound } from '../../shared/problem'
import * as repo from '../repo'
import { isOAuthProvider, providerFor } from './providers'
import { connectionTokens } from './service'

/** Ask the provider to revoke the connection's access; true when it confirmed (2xx). */
export async function revokeAtProvider(app: AppContext, row: repo.ConnectionRow): Promise<boolean> {
  if (!isOAuthProvider(row.provider)) return false
  const descriptor = providerFor(app.config, row.provider)
  try {
    const { accessToken } = await connectionTokens(app, row)
    const { url, init } = descriptor.revocation(descriptor.endpoints, accessToken)
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
    await response.body?.cancel()
    return response.ok
  } catch {
    // Unreachable provider or a token that no longer opens: nothing to revoke with; deletion goes on.
    app.log.warn('wearables.revoke_failed', { provider: row.provider })
    return false
  }
}

export async function disconnect(
  app: AppContext,
  scope: Scope,
  provider: 'whoop' | 'oura' | 'health_connect',
) {
  const row = await repo.findConnection(app.db, scope, provider)
  if (!row) throw notFound(`A ${provider} connection for this user`)
  const revoked = await revokeAtProvider(app, row)
  await repo.deleteConnection(app.db, scope, provider)
  // A paired companion app's credential stops working with its connection.
  await repo.deleteDeviceCredentials(app.db, scope, row.id)
  return { source_provider: provider, disconnected: true as const, revoked_at_provider: revoked }
}
