// An access token of the service's own authorization server, minted straight through oidc-provider's
// models (a registered client, a grant, an opaque token bound to /mcp) for tests that need one without
// the browser flow (the access sweep); test/modules/oauth-server/flow.test.ts runs the real flow.

import { providerOf } from '../../modules/oauth-server/bridge'
import { mcpResourceOf } from '../../modules/oauth-server/provider'
import type { AppContext } from '../../modules/shared/context'

export async function mintOAuthToken(app: AppContext, userId: string, scope: string): Promise<string> {
  const provider = await providerOf(app)
  const clientId = `test-client-${crypto.randomUUID()}`
  // Stored as a registration would store it (the Client model has no public create).
  await (
    provider.Client as unknown as { adapter: { upsert(id: string, p: object): Promise<void> } }
  ).adapter.upsert(clientId, {
    client_id: clientId,
    client_name: 'Test MCP client',
    redirect_uris: ['http://127.0.0.1/callback'],
    token_endpoint_auth_method: 'none',
  })
  const client = (await provider.Client.find(clientId))!
  const resource = mcpResourceOf(app)
  const grant = new provider.Grant({ accountId: userId, clientId })
  grant.addResourceScope(resource, scope)
  const grantId = await grant.save()
  const token = new provider.AccessToken({
    accountId: userId,
    client,
    grantId,
    scope,
    gty: 'authorization_code',
  })
  token.setAudience(resource)
  return token.save()
}
