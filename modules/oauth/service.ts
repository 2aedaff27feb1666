// Protected-resource metadata (RFC 9728): what a client that only speaks OAuth needs to find where to
// get a token for this API or its MCP endpoint (the URLs are in shared/protected-resource.ts).

import type { Static } from '@sinclair/typebox'
import type { Config } from '../shared/config'
import { GRANTS } from '../shared/principal'
import { type ProtectedResource, RESOURCE_PATH } from '../shared/protected-resource'
import type { ProtectedResourceMetadata } from './model'

/** Grants an access token from the configured issuer may carry (keys and sandbox are never delegated). */
export const OAUTH_SCOPES = GRANTS.filter((g) => g !== 'keys' && g !== 'sandbox')

/**
 * The MCP endpoint's tokens come from this service's own authorization server (modules/oauth-server),
 * and from the configured OIDC issuer too; the API's only from that issuer (our own tokens are bound to
 * /mcp and refused on the API).
 */
function authorizationServers(config: Readonly<Config>, resource: ProtectedResource) {
  const servers = [
    ...(resource === 'mcp' ? [config.publicBaseUrl] : []),
    ...(config.oidc ? [config.oidc.issuer] : []),
  ]
  return servers.length > 0 ? { authorization_servers: servers } : {}
}

export function protectedResourceMetadata(
  config: Readonly<Config>,
  resource: ProtectedResource,
): Static<typeof ProtectedResourceMetadata> {
  return {
    resource: `${config.publicBaseUrl}${RESOURCE_PATH[resource]}`,
    ...authorizationServers(config, resource),
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: resource === 'mcp' ? 'Wellness Data Service (MCP)' : 'Wellness Data Service API',
    resource_documentation: `${config.publicBaseUrl}/docs`,
  }
}
