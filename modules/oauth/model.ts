// The OAuth protected-resource metadata document (RFC 9728 section 2), as this service publishes it.

import { Type } from '@sinclair/typebox'

export const ProtectedResourceMetadata = Type.Object(
  {
    resource: Type.String({ description: 'The protected resource: the API base URL, or the MCP endpoint.' }),
    authorization_servers: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Issuers whose access tokens this resource accepts: for /mcp this service itself (its OAuth authorization server) and the configured OIDC issuer; for the API the OIDC issuer only, absent when none is configured.',
      }),
    ),
    scopes_supported: Type.Array(Type.String(), {
      description: 'Scopes an access token may carry; each is one of the service’s grants.',
    }),
    bearer_methods_supported: Type.Array(Type.Literal('header')),
    resource_name: Type.String(),
    resource_documentation: Type.String(),
  },
  { $id: 'ProtectedResourceMetadata' },
)
