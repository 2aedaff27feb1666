// Protected-resource metadata (RFC 9728): what a client that only speaks OAuth needs to find where to
// get a token for this API or its MCP endpoint (the URLs are in shared/protected-resource.ts).

import type { Static } from '@sinclair/typebox'
import type { Config } from '../shared/config'
import { GRANTS } from '../shared/principal'
import { type ProtectedResource, RESOURCE_PATH } from '../shared/protected-resource'
import type { ProtectedResourceMetadata } from './model'

/** Grants an access token from the configured issuer may carry (keys and sandbox are never delegated). */
export const OAUTH_SCOPES = GRANTS.filter((g) => g !== 'keys' && g !== 'sandbox')

export function protectedResourceMetadata(
  config: Readonly<Config>,
  resource: ProtectedResource,
): Static<typeof ProtectedResourceMetadata> {
  return {
    resource: `${config.publicBaseUrl}${RESOURCE_PATH[resource]}`,
    ...(config.oidc ? { authorization_servers: [config.oidc.issuer] } : {}),
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: resource === 'mcp' ? 'Wellness Data Service (MCP)' : 'Wellness Data Service API',
    resource_documentation: `${config.publicBaseUrl}/docs`,
  }
}
