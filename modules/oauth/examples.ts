// One example call per OAuth discovery operation, checked against the operation's schemas by
// test/modules/discovery/examples.test.ts.

import type { OperationExample } from '../shared/operation'

const scopes = [
  'imports',
  'analyses',
  'trends',
  'goals',
  'questions',
  'health_context',
  'wearables',
  'billing',
  'export',
  'deletion',
  'service_tokens',
]

export const oauthExamples = {
  'oauth.protected_resource': {
    request: {},
    response: {
      resource: 'http://localhost:3000',
      authorization_servers: ['https://id.example.com'],
      scopes_supported: scopes,
      bearer_methods_supported: ['header'],
      resource_name: 'Wellness Data Service API',
      resource_documentation: 'http://localhost:3000/docs',
    },
  },
  'oauth.protected_resource_mcp': {
    request: {},
    response: {
      resource: 'http://localhost:3000/mcp',
      authorization_servers: ['http://localhost:3000', 'https://id.example.com'],
      scopes_supported: scopes,
      bearer_methods_supported: ['header'],
      resource_name: 'Wellness Data Service (MCP)',
      resource_documentation: 'http://localhost:3000/docs',
    },
  },
} satisfies Record<string, OperationExample>
